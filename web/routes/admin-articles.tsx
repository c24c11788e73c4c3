import { paths } from "#shared/routes";
import { ArticleListScreen } from "~/components/admin/article-screens";
import { fetchArticles } from "~/lib/admin-api";
import { requireAdminSession } from "~/lib/admin-session";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/admin-articles";

export const meta = () =>
  pageMeta({
    title: "Články – Administrace",
    description: "Články blogu, jen pro administrátory.",
    path: paths.adminArticles,
    noIndex: true,
  });

export async function clientLoader() {
  const { email, accessToken } = await requireAdminSession();
  try {
    return { email, list: await fetchArticles(accessToken) };
  } catch {
    return { email, list: null };
  }
}

export default function AdminArticlesPage({ loaderData }: Route.ComponentProps) {
  return (
    <ArticleListScreen key={loaderData.email} email={loaderData.email} list={loaderData.list} />
  );
}
