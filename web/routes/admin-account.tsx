import type { ShouldRevalidateFunctionArgs } from "react-router";
import { paths } from "#shared/routes";
import type { SessionSummary } from "#shared/user-admin";
import { AccountScreen } from "~/components/admin/account-screen";
import { fetchOwnSessions, fetchStatsSettings } from "~/lib/admin-api";
import { requireAdminSession } from "~/lib/admin-session";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/admin-account";

export const meta = () =>
  pageMeta({
    title: "Můj účet – Administrace",
    description:
      "Kde je účet administrátora přihlášený, telefony s aplikací pro ověřovací kódy, záložní kódy a změna hesla.",
    path: paths.adminAccount,
    noIndex: true,
  });

export async function clientLoader() {
  const { email, accessToken } = await requireAdminSession();
  // Her weekly summary's switch („Přehled“); the rest of the screen opens without it.
  const statsSettings = fetchStatsSettings(accessToken).catch(() => null);
  try {
    return {
      email,
      sessions: (await fetchOwnSessions(accessToken)).sessions,
      listFailed: false,
      statsSettings: await statsSettings,
    };
  } catch {
    return {
      email,
      sessions: [] as SessionSummary[],
      listFailed: true,
      statsSettings: await statsSettings,
    };
  }
}

export function shouldRevalidate({ currentUrl, nextUrl }: ShouldRevalidateFunctionArgs) {
  return currentUrl.pathname !== nextUrl.pathname || currentUrl.search !== nextUrl.search;
}

export default function AdminAccountPage({ loaderData }: Route.ComponentProps) {
  return (
    <AccountScreen
      key={loaderData.email}
      email={loaderData.email}
      initialSessions={loaderData.sessions}
      listFailed={loaderData.listFailed}
      statsSettings={loaderData.statsSettings}
    />
  );
}
