import type { ShouldRevalidateFunctionArgs } from "react-router";
import { paths } from "#shared/routes";
import { OverviewScreen } from "~/components/admin/overview/overview-screen";
import { readRange, toOverviewView } from "~/components/admin/overview/overview-view";
import { fetchStatsOverview, fetchStatsSettings } from "~/lib/admin-api";
import { requireAdminSession } from "~/lib/admin-session";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/admin-overview";

export const meta = () =>
  pageMeta({
    title: "Přehled – Administrace",
    description: "Kolik lidí web navštívilo, co četli, odkud přišli a o co si napsali.",
    path: paths.adminOverview,
    noIndex: true,
  });

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const range = readRange(new URL(request.url));
  const { email, accessToken } = await requireAdminSession({ returnTo: paths.adminOverview });
  // Her settings are asked for alongside; either may fail without the other.
  const settings = fetchStatsSettings(accessToken).catch(() => null);
  try {
    const view = toOverviewView(await fetchStatsOverview(range, accessToken));
    return { email, range, view, settings: await settings };
  } catch {
    return { email, range, view: null, settings: await settings };
  }
}

/** Another range is another answer; the session library's clearing of the fragment is not. */
export function shouldRevalidate({ currentUrl, nextUrl }: ShouldRevalidateFunctionArgs) {
  return currentUrl.pathname !== nextUrl.pathname || currentUrl.search !== nextUrl.search;
}

export default function AdminOverviewPage({ loaderData }: Route.ComponentProps) {
  return (
    <OverviewScreen
      email={loaderData.email}
      range={loaderData.range}
      view={loaderData.view}
      settings={loaderData.settings}
    />
  );
}
