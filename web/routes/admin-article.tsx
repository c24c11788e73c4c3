import { data } from "react-router";
import { paths } from "#shared/routes";
import { ArticleScreen, newArticleId } from "~/components/admin/article-screens";
import { AdminApiError, fetchArticle, fetchArticleRevisions } from "~/lib/admin-api";
import { requireAdminSession } from "~/lib/admin-session";
import { useScreenKey } from "~/lib/screen-key";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/admin-article";

export const meta = () =>
  pageMeta({
    title: "Článek – Administrace",
    description: "Úprava článku blogu, jen pro administrátory.",
    path: paths.adminArticles,
    noIndex: true,
  });

/** One article (/admin/obsah/clanky/<id>), or a new one (/admin/obsah/clanky/novy). */
export async function clientLoader({ params }: Route.ClientLoaderArgs) {
  const { email, accessToken } = await requireAdminSession();
  if (params.id === newArticleId) return { email, article: null, revisions: [] };
  try {
    const [article, { revisions }] = await Promise.all([
      fetchArticle(accessToken, params.id),
      fetchArticleRevisions(accessToken, params.id),
    ]);
    return { email, article, revisions };
  } catch (error) {
    if (error instanceof AdminApiError && error.status === 404) throw data(null, { status: 404 });
    throw error;
  }
}

export default function AdminArticlePage({ loaderData }: Route.ComponentProps) {
  const screenKey = useScreenKey();
  return (
    <ArticleScreen
      // A new screen, not the last one's state, for every article she opens; the same one when a
      // new article saved for the first time moves to its own address.
      key={`${loaderData.email} ${screenKey}`}
      email={loaderData.email}
      article={loaderData.article}
      revisions={loaderData.revisions}
    />
  );
}
