import { useLoaderData } from "react-router";
import { homeAnchors } from "#shared/routes";
import { ArticleCard } from "~/components/blog/article-card";
import type { HomeSectionsData } from "~/components/home/welcome";
import { Section } from "~/components/ui/section";
import type { ArticleSummary } from "~/lib/article-summary";
import { blogPath } from "~/lib/blog-paths";
import { czech } from "~/lib/typography";

/** What the home route's loader gives this section: the newest three articles. */
export type BlogSectionData = { newestArticles: ArticleSummary[] };

/** The section labelled Blog: the three newest articles, each leading to its page. */
export function BlogSection() {
  const { newestArticles, sections } = useLoaderData<BlogSectionData & HomeSectionsData>();
  const texts = sections.blog;
  return (
    <Section
      id={homeAnchors.blog}
      eyebrow="Blog"
      title={czech(texts.heading)}
      intro={czech(texts.intro)}
    >
      <ul className="grid gap-6 md:grid-cols-3">
        {newestArticles.map((article) => (
          <li key={article.slug}>
            <ArticleCard article={article} />
          </li>
        ))}
      </ul>
      <p className="mt-10 text-center">
        <a
          href={blogPath}
          className="inline-flex min-h-11 items-center rounded-full font-semibold text-moss-dark underline underline-offset-4"
        >
          {czech(texts.allArticles)}
        </a>
      </p>
    </Section>
  );
}
