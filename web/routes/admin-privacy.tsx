import type { ShouldRevalidateFunctionArgs } from "react-router";
import { paths } from "#shared/routes";
import { AdminFrame } from "~/components/admin/admin-frame";
import { PrivacyTools } from "~/components/admin/privacy-tools";
import { requireAdminSession } from "~/lib/admin-session";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/admin-privacy";

export const meta = () =>
  pageMeta({
    title: "Osobní údaje – Administrace",
    description: "Údaje jedné e-mailové adresy a automatické mazání, jen pro administrátory.",
    path: paths.adminPrivacy,
    noIndex: true,
  });

/**
 * A view of its own, so that on a phone she need not scroll past the whole
 * list to reach it; each tool loads what it needs itself.
 */
export async function clientLoader() {
  const { email } = await requireAdminSession();
  return { email };
}

export function shouldRevalidate({ currentUrl, nextUrl }: ShouldRevalidateFunctionArgs) {
  return currentUrl.pathname !== nextUrl.pathname;
}

export default function AdminPrivacyPage({ loaderData }: Route.ComponentProps) {
  return (
    <AdminFrame key={loaderData.email} email={loaderData.email}>
      <PrivacyTools />
    </AdminFrame>
  );
}
