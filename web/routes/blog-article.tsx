import { ArrowLeft } from "lucide-react";
import { isRouteErrorResponse, Link } from "react-router";
import { paths } from "#shared/routes";
import { ArticleFacts } from "~/components/blog/article-facts";
import { ArticleInvitation } from "~/components/blog/article-invitation";
import { PhotoPicture } from "~/components/content-photo";
import { FirstScreenEnd } from "~/components/first-screen-end";
import { NotFoundPage, notFoundMeta } from "~/components/not-found-page";
import { Blossom, LeafSprig } from "~/components/ui/botanical";
import { readArticles } from "~/lib/articles.server";
import type { PhotoLedHandle } from "~/lib/photo-led";
import { pageMeta, shareImageOf } from "~/lib/seo";
import { operatorOfMatches, useSiteOperator } from "~/lib/site-operator";
import { articleStructuredData } from "~/lib/structured-data";
import { czech } from "~/lib/typography";
import type { Route } from "./+types/blog-article";

/** Runs when the page is rendered into the page store (server/pages/), for each article the sitemap lists. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const article = await readArticles(context).find(params.slug);
  if (!article) throw new Response("Článek nenalezen", { status: 404 });
  return { article };
}

/** With her cover photo, the photo leads the first screen (web/lib/photo-led.ts). */
export const handle: PhotoLedHandle = {
  photoLed: (data) =>
    Boolean((data as Route.ComponentProps["loaderData"] | undefined)?.article.cover),
};

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  if (!loaderData) return notFoundMeta();
  const { article } = loaderData;
  const { ownerName } = operatorOfMatches(matches);
  return [
    ...pageMeta({
      title: article.title,
      description: article.description,
      path: article.path,
      article: { publishedDate: article.date, author: ownerName, section: article.topic },
      image: article.cover ? shareImageOf(article.cover) : undefined,
    }),
    articleStructuredData(article, ownerName),
  ];
};

/**
 * An unknown article (or one asked with capitals): the not-found page, within the site's layout,
 * as the server rendered it, so it stays so once the page hydrates. Anything else goes on to the
 * generic error screen.
 */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  throw error;
}

/** The body's HTML has no classes of its own: it is styled from here. */
const articleBodyClasses = [
  "space-y-5 text-lg leading-relaxed text-pretty text-bark-soft",
  "[&_h2]:pt-6 [&_h2]:text-2xl [&_h2]:leading-snug [&_h2]:font-semibold [&_h2]:text-bark sm:[&_h2]:text-3xl",
  "[&_h3]:pt-3 [&_h3]:text-xl [&_h3]:font-semibold [&_h3]:text-bark",
  "[&_strong]:font-semibold [&_strong]:text-bark",
  "[&_a]:font-semibold [&_a]:text-moss-dark [&_a]:underline [&_a]:underline-offset-4",
  "[&_ul]:list-disc [&_ul]:space-y-2 [&_ul]:pl-6 [&_ol]:list-decimal [&_ol]:space-y-2 [&_ol]:pl-6",
  "[&_li]:pl-1 [&_li]:marker:text-moss",
  "[&_blockquote]:border-l-4 [&_blockquote]:border-sage [&_blockquote]:pl-5 [&_blockquote]:italic",
  "[&_picture]:block [&_img]:h-auto [&_img]:w-full [&_img]:rounded-2xl [&_img]:bg-sand",
].join(" ");

export default function BlogArticlePage({ loaderData }: Route.ComponentProps) {
  const { ownerName } = useSiteOperator();
  const { article } = loaderData;
  return (
    <main id="obsah">
      <article>
        <header className="relative isolate overflow-hidden bg-linear-to-b from-sand/80 via-cream to-cream px-5 pt-6 pb-10 sm:px-8 sm:pb-14">
          <LeafSprig className="pointer-events-none absolute -top-6 -right-10 -z-10 w-40 rotate-12 text-sage sm:w-56" />
          <div className="mx-auto max-w-3xl">
            <Link
              to={paths.blog}
              className="-ml-1 inline-flex min-h-11 items-center gap-2 rounded-full pr-2 font-semibold text-moss-dark underline-offset-4 hover:underline"
            >
              <ArrowLeft aria-hidden="true" className="size-5 shrink-0" />
              Všechny články
            </Link>
            <ArticleFacts article={article} className="mt-8 sm:mt-12" />
            <h1 className="mt-4 text-4xl leading-tight font-semibold text-bark sm:text-5xl">
              {czech(article.title)}
            </h1>
            <p className="mt-6 text-xl leading-relaxed text-pretty text-bark-soft">
              {czech(article.description)}
            </p>
            <p className="mt-6 text-bark-soft">
              Napsala{" "}
              <Link
                to={paths.about}
                rel="author"
                className="font-semibold text-moss-dark underline underline-offset-4"
              >
                {ownerName}
              </Link>
            </p>
          </div>
          {/* After the text: its place at the bottom is final only once the text above it is there. */}
          <Blossom className="pointer-events-none absolute bottom-2 -left-10 -z-10 w-20 text-terracotta/40" />
          <FirstScreenEnd />
        </header>
        <div className="bg-cream px-5 pb-16 sm:px-8 sm:pb-24">
          {article.cover && (
            // Her cover photo: the page's largest picture on its first screen (its LCP), never lazy.
            <div className="mx-auto -mt-4 mb-10 max-w-4xl overflow-hidden rounded-[2rem] bg-sand shadow-lifted ring-1 ring-bark/10 sm:mb-14">
              <PhotoPicture
                photo={article.cover}
                aspect={{ width: 3, height: 2 }}
                priority
                sizes="(min-width: 60rem) 56rem, calc(100vw - 2.5rem)"
              />
            </div>
          )}
          <div
            data-article-body
            className={`mx-auto max-w-3xl ${articleBodyClasses}`}
            // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized on the server when she saved it (server/articles/article-html.ts)
            dangerouslySetInnerHTML={{ __html: article.html }}
          />
          <div className="mx-auto mt-14 max-w-3xl space-y-8">
            <ArticleInvitation />
            <Link
              to={paths.blog}
              className="inline-flex min-h-11 items-center gap-2 rounded-full pr-2 font-semibold text-moss-dark underline-offset-4 hover:underline"
            >
              <ArrowLeft aria-hidden="true" className="size-5 shrink-0" />
              Zpět na všechny články
            </Link>
          </div>
        </div>
      </article>
    </main>
  );
}
