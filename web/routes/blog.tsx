import { paths } from "#shared/routes";
import { BackHomeLink } from "~/components/back-home-link";
import { ArticleCard } from "~/components/blog/article-card";
import { NewsletterSignUp } from "~/components/newsletter/newsletter-sign-up";
import { PageHero } from "~/components/page-hero";
import { readArticles, summarise } from "~/lib/articles.server";
import { readContent } from "~/lib/content.server";
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

/** Runs when the page is rendered into the page store: her opening of the page, every live article, newest first, and her newsletter's line. */
export async function loader({ context }: Route.LoaderArgs) {
  const [{ intro }, articles, newsletter] = await Promise.all([
    readContent(context).read("blog-page"),
    readArticles(context).list(),
    readContent(context).read("newsletter"),
  ]);
  return {
    intro,
    articles: articles.map(summarise),
    // The small sign-up to her newsletter under the articles.
    newsletter: { heading: newsletter.blogHeading, offer: newsletter.offer },
  };
}

export default function BlogPage({ loaderData }: Route.ComponentProps) {
  const { intro } = loaderData;
  return (
    <main id="obsah">
      <PageHero
        eyebrow={czech(intro.eyebrow)}
        title={czech(intro.heading)}
        lead={<p>{czech(intro.intro)}</p>}
      />
      <section aria-label="Články" className="bg-cream px-5 pb-20 sm:px-8 sm:pb-28">
        <ul className="mx-auto grid max-w-6xl gap-6 md:grid-cols-2 lg:grid-cols-3">
          {loaderData.articles.map((article) => (
            <li key={article.slug}>
              <ArticleCard article={article} headingLevel="h2" />
            </li>
          ))}
        </ul>
        <NewsletterSignUp {...loaderData.newsletter} />
        <div className="mt-14 text-center">
          <BackHomeLink look="button" />
        </div>
      </section>
    </main>
  );
}
