import { paths } from "#shared/routes";
import { ContentListScreen } from "~/components/admin/content-screens";
import { fetchContentList } from "~/lib/admin-api";
import { requireAdminSession } from "~/lib/admin-session";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/admin-content";

export const meta = () =>
  pageMeta({
    title: "Obsah – Administrace",
    description: "Texty a nabídka webu, jen pro administrátory.",
    path: paths.adminContent,
    noIndex: true,
  });

export async function clientLoader() {
  const { email, accessToken } = await requireAdminSession();
  try {
    return { email, list: await fetchContentList(accessToken) };
  } catch {
    return { email, list: null };
  }
}

export default function AdminContentPage({ loaderData }: Route.ComponentProps) {
  return (
    <ContentListScreen key={loaderData.email} email={loaderData.email} list={loaderData.list} />
  );
}
