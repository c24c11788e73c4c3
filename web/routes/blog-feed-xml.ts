import { Feed } from "feed";
import { paths } from "#shared/routes";
import { site } from "#shared/site";
import { readArticles } from "~/lib/articles.server";
import { readContent } from "~/lib/content.server";
import { shareImageOf, shareImagePath } from "~/lib/seo";
import { siteFilePaths } from "~/lib/site-files";
import type { Route } from "./+types/blog-feed-xml";

const absolute = (path: string) => new URL(path, site.url).href;

/**
 * The blog as an RSS 2.0 feed for news readers, rendered into the page store
 * at every change of an article (server/pages/) and linked from every page's head.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const [articles, operator] = await Promise.all([
    readArticles(context).list(),
    readContent(context).read("operator"),
  ]);
  const author = { name: operator.ownerName, email: operator.email, link: absolute(paths.about) };
  const feed = new Feed({
    title: `${site.title} – blog`,
    description: "Články o rituálech, bylinách a péči o sebe.",
    id: absolute(paths.blog),
    link: absolute(paths.blog),
    language: "cs",
    image: absolute(shareImagePath),
    copyright: `© ${site.copyrightYear} ${operator.ownerName}`,
    updated: articles[0] ? new Date(`${articles[0].date}T00:00:00Z`) : undefined,
    feedLinks: { rss: absolute(siteFilePaths.feed) },
    author,
  });
  for (const article of articles) {
    const url = absolute(article.path);
    feed.addItem({
      title: article.title,
      id: url,
      link: url,
      description: article.description,
      // News readers show the text away from the site: its own links and photos need the origin.
      content: article.html
        .replaceAll('href="/', `href="${site.url}/`)
        .replaceAll('src="/', `src="${site.url}/`),
      ...(article.cover && {
        image: { url: absolute(shareImageOf(article.cover).path), type: "image/jpeg" },
      }),
      date: new Date(`${article.date}T00:00:00Z`),
      category: [{ name: article.topic }],
      author: [author],
    });
  }
  return new Response(feed.rss2(), {
    headers: { "Content-Type": "application/rss+xml; charset=utf-8" },
  });
}
