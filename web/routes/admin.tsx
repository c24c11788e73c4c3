import type { ShouldRevalidateFunctionArgs } from "react-router";
import { paths } from "#shared/routes";
import type { Submission } from "#shared/submission";
import { AdminScreen } from "~/components/admin/admin-screen";
import type { WeekGlance } from "~/components/admin/overview/week-glance";
import { fetchNewBookings, fetchStatsOverview, fetchSubmissions } from "~/lib/admin-api";
import { requireAdminSession } from "~/lib/admin-session";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/admin";

export const meta = () =>
  pageMeta({
    title: "Administrace",
    description: "Odeslaná data z formulářů webu, jen pro administrátory.",
    path: paths.admin,
    noIndex: true,
  });

/**
 * Who may see the page is decided before it renders (`requireAdminSession`);
 * the list of submissions loads with it.
 */
export async function clientLoader() {
  const { email, accessToken, needsSetup } = await requireAdminSession({ setUpHere: true });
  // No data before she has set up her app: the page leads her to it.
  if (needsSetup) return { email, submissions: [] as Submission[], listFailed: false, needsSetup };
  // Her new bookings beside the messages; the inbox still opens when they cannot be read.
  const newBookings = fetchNewBookings(accessToken).then(
    ({ bookings }) => bookings,
    () => [],
  );
  // The last seven days in one line above the messages (decision 0040); none when unreadable.
  const weekGlance = fetchStatsOverview("7d", accessToken).then(
    ({ totals, conversions }): WeekGlance => ({
      visitors: totals.visitors,
      giftRequests: conversions.totals.giftRequests,
    }),
    () => null,
  );
  try {
    const submissions = await fetchSubmissions(accessToken);
    return {
      email,
      submissions,
      listFailed: false,
      needsSetup,
      newBookings: await newBookings,
      weekGlance: await weekGlance,
    };
  } catch {
    return {
      email,
      submissions: [] as Submission[],
      listFailed: true,
      needsSetup,
      newBookings: await newBookings,
      weekGlance: await weekGlance,
    };
  }
}

/**
 * The session library clears the address's fragment after reading a
 * session from it; that alone must not run the checks above again, nor
 * must the search and filters, which live in the query and filter the list
 * the page already holds.
 */
export function shouldRevalidate({ currentUrl, nextUrl }: ShouldRevalidateFunctionArgs) {
  return currentUrl.pathname !== nextUrl.pathname;
}

export default function AdminPage({ loaderData }: Route.ComponentProps) {
  return (
    <AdminScreen
      // A new administrator or a fresh load starts from the loaded list.
      key={loaderData.email}
      email={loaderData.email}
      initialSubmissions={loaderData.submissions}
      listFailed={loaderData.listFailed}
      needsSetup={loaderData.needsSetup}
      newBookings={"newBookings" in loaderData ? loaderData.newBookings : []}
      weekGlance={"weekGlance" in loaderData ? loaderData.weekGlance : null}
    />
  );
}
