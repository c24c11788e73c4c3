import type { ShouldRevalidateFunctionArgs } from "react-router";
import { paths } from "#shared/routes";
import type { SessionSummary } from "#shared/user-admin";
import { AccountScreen } from "~/components/admin/account-screen";
import { fetchOwnSessions } from "~/lib/admin-api";
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
  try {
    return { email, sessions: (await fetchOwnSessions(accessToken)).sessions, listFailed: false };
  } catch {
    return { email, sessions: [] as SessionSummary[], listFailed: true };
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
    />
  );
}
