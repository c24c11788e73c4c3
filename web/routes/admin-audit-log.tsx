import type { ShouldRevalidateFunctionArgs } from "react-router";
import { paths } from "#shared/routes";
import { AuditLogScreen } from "~/components/admin/audit-log-screen";
import { fetchAuditLog } from "~/lib/admin-api";
import { requireAdminSession } from "~/lib/admin-session";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/admin-audit-log";

export const meta = () =>
  pageMeta({
    title: "Záznamy změn – Administrace",
    description: "Kdo co v administraci změnil, jen pro administrátory.",
    path: paths.adminAuditLog,
    noIndex: true,
  });

export async function clientLoader() {
  const { email, accessToken } = await requireAdminSession();
  try {
    return { email, page: await fetchAuditLog(accessToken), listFailed: false };
  } catch {
    return { email, page: { entries: [], next_before: null }, listFailed: true };
  }
}

export function shouldRevalidate({ currentUrl, nextUrl }: ShouldRevalidateFunctionArgs) {
  return currentUrl.pathname !== nextUrl.pathname || currentUrl.search !== nextUrl.search;
}

export default function AdminAuditLogPage({ loaderData }: Route.ComponentProps) {
  return (
    <AuditLogScreen
      key={loaderData.email}
      email={loaderData.email}
      initialPage={loaderData.page}
      listFailed={loaderData.listFailed}
    />
  );
}
