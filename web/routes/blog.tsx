import { paths } from "#shared/routes";
import { BackHomeLink } from "~/components/back-home-link";
import { ArticleCard } from "~/components/blog/article-card";
import { PageHero } from "~/components/page-hero";
import { readArticles, summarise } from "~/lib/articles.server";
import { pageMeta } from "~/lib/seo";
import { czech } from "~/lib/typography";
import type { Route } from "./+types/blog";

export const meta: Route.MetaFunction = () =>
  pageMeta({
    title: "Blog",
    description: czech(
      "Články o ranních rituálech, bylinách pro klidný večer a péči o sebe. Krátké čtení na chvíli, kterou si dopřejete jen pro sebe.",
    ),
    path: paths.blog,
  });

/** Runs when the page is rendered into the page store: every live article, newest first. */
export async function loader({ context }: Route.LoaderArgs) {
  return { articles: (await readArticles(context).list()).map(summarise) };
}

export default function BlogPage({ loaderData }: Route.ComponentProps) {
  return (
    <main id="obsah">
      <PageHero
        eyebrow="Blog"
        title={czech("Čtení pro klidné chvíle")}
        lead={
          <p>
            {czech(
              "Píšu o rituálech, bylinách a péči o sebe – o malých věcech, které se vejdou do obyčejného dne. Uvařte si čaj a vyberte si, co vás zrovna láká.",
            )}
          </p>
        }
      />
      <section aria-label="Články" className="bg-cream px-5 pb-20 sm:px-8 sm:pb-28">
        <ul className="mx-auto grid max-w-6xl gap-6 md:grid-cols-2 lg:grid-cols-3">
          {loaderData.articles.map((article) => (
            <li key={article.slug}>
              <ArticleCard article={article} headingLevel="h2" />
            </li>
          ))}
        </ul>
        <div className="mt-14 text-center">
          <BackHomeLink look="button" />
        </div>
      </section>
    </main>
  );
}
