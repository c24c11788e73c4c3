import type { ShouldRevalidateFunctionArgs } from "react-router";
import { paths } from "#shared/routes";
import type { Submission } from "#shared/submission";
import { AdminScreen } from "~/components/admin/admin-screen";
import { requireAdminSession } from "~/lib/admin-access";
import { fetchSubmissions } from "~/lib/admin-api";
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
 * Who may see the page is decided before it renders (the spinner shows
 * meanwhile): no session, no admin role or an unexpected failure sends the
 * visitor to the members' page with the reason. The server checks again on
 * every request.
 */
export async function clientLoader() {
  const admin = await requireAdminSession();
  if (admin instanceof Response) return admin;
  try {
    const submissions = await fetchSubmissions(admin.accessToken);
    return { email: admin.email, submissions, listFailed: false };
  } catch {
    return { email: admin.email, submissions: [] as Submission[], listFailed: true };
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
    />
  );
}
