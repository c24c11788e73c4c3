import type { ShouldRevalidateFunctionArgs } from "react-router";
import type { AdminMaterialsJson } from "#shared/materials";
import { paths } from "#shared/routes";
import { MaterialsScreen } from "~/components/admin/materials-screen";
import { fetchMaterials } from "~/lib/admin-api";
import { requireAdminSession } from "~/lib/admin-session";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/admin-materials";

export const meta = () =>
  pageMeta({
    title: "Materiály – Administrace",
    description: "Videa, zvuky, PDF a odkazy pro dárky a členskou sekci.",
    path: paths.adminMaterials,
    noIndex: true,
  });

const empty: AdminMaterialsJson = { materials: [], waiting: { gift_ritual: 0, gift_fragrance: 0 } };

export async function clientLoader() {
  const { email, accessToken } = await requireAdminSession();
  try {
    return { email, initial: await fetchMaterials(accessToken), loadFailed: false };
  } catch {
    return { email, initial: empty, loadFailed: true };
  }
}

export function shouldRevalidate({ currentUrl, nextUrl }: ShouldRevalidateFunctionArgs) {
  return currentUrl.pathname !== nextUrl.pathname;
}

export default function AdminMaterialsPage({ loaderData }: Route.ComponentProps) {
  return (
    <MaterialsScreen
      key={loaderData.email}
      email={loaderData.email}
      initial={loaderData.initial}
      loadFailed={loaderData.loadFailed}
    />
  );
}
