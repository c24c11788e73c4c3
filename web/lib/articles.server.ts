import { Marked } from "marked";
import { parse as parseYaml } from "yaml";
import { z } from "zod";
import { articlePhotoIds, articlePicturesHtml } from "#shared/content/article-photos";
import type { ArticleReader, LiveArticle } from "#shared/content/article-schemas";
import type { PhotoJson, PhotoReader } from "#shared/content/photo-library";
import { pragueDay } from "#shared/prague-time";
import { articleGuideFile } from "~/lib/article-files";
import type { Article, ArticleSummary } from "~/lib/article-summary";
import { articlePath } from "~/lib/blog-paths";
import { czech, keepHyphenatedWordsWhole } from "~/lib/typography";

/**
 * The blog's articles, as route loaders read them: her live articles from the
 * database, through the `ArticleReader` the page renderer passes in React
 * Router's load context (server/articles/article-store.ts), or, when none is
 * passed (a render without the server), the Markdown files of content/blog,
 * which are also the seed of a fresh install. Only route loaders import this
 * module (`.server`), so neither the files nor the Markdown library reach the
 * browser.
 */
const articleFiles = import.meta.glob<string>("/content/blog/*.md", {
  query: "?raw",
  import: "default",
  eager: true,
});

const frontMatterSchema = z.object({
  title: z.string().trim().min(1),
  description: z.string().trim().min(1),
  // YAML 1.2 reads 2026-11-09 as text; a date object would mean another format.
  date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "date: rok-měsíc-den, např. 2026-11-09"),
  topic: z.string().trim().min(1),
});

const frontMatterPattern = /^---\r?\n([\s\S]*?)\r?\n---\r?\n/;
const wordsPerMinute = 200;

const markdown = new Marked({ gfm: true });

const czechDate = new Intl.DateTimeFormat("cs-CZ", {
  day: "numeric",
  month: "long",
  year: "numeric",
  timeZone: "UTC",
});

/** „9. listopadu 2026“, with the day kept on the month's line. */
export function formatCzechDate(isoDate: string): string {
  return czechDate.format(new Date(`${isoDate}T00:00:00Z`)).replace(/\.\s/, ".\u00a0");
}

/** Czech non-breaking spaces, and hyphenated words kept whole, in the text between tags, never inside a tag or attribute. */
function applyCzechTypography(html: string): string {
  return html
    .split(/(<[^>]*>)/)
    .map((part) => (part.startsWith("<") ? part : keepHyphenatedWordsWhole(czech(part))))
    .join("");
}

function countWords(html: string): number {
  return html
    .replace(/<[^>]*>/g, " ")
    .split(/\s+/)
    .filter((word) => /[\p{L}\p{N}]/u.test(word)).length;
}

function readArticle(file: string, source: string): Article {
  const slug = file.slice(file.lastIndexOf("/") + 1, -".md".length);
  const match = frontMatterPattern.exec(source);
  if (!match) throw new Error(`${file}: chybí záhlaví mezi řádky ---`);
  const parsed = frontMatterSchema.safeParse(parseYaml(match[1] ?? ""));
  if (!parsed.success) throw new Error(`${file}: ${z.prettifyError(parsed.error)}`);
  const html = markdown.parse(source.slice(match[0].length), { async: false });
  const facts = parsed.data;
  return {
    slug,
    path: articlePath(slug),
    title: facts.title,
    description: facts.description,
    date: facts.date,
    dateLabel: formatCzechDate(facts.date),
    topic: facts.topic,
    readingMinutes: Math.max(1, Math.ceil(countWords(html) / wordsPerMinute)),
    cover: null,
    html: applyCzechTypography(html),
  };
}

let cache: Article[] | undefined;

/** Every article of the Markdown files, newest first. */
function loadArticleFiles(): Article[] {
  cache ??= Object.entries(articleFiles)
    .filter(([file]) => !file.endsWith(`/${articleGuideFile}`))
    .map(([file, source]) => readArticle(file, source))
    .sort((a, b) => b.date.localeCompare(a.date) || a.slug.localeCompare(b.slug));
  return cache;
}

/** A live article of the database as the pages show it: its day in Prague, Czech typography, its cover. */
function fromLive(article: LiveArticle, photos: readonly PhotoJson[]): Article {
  const date = pragueDay(article.publishAt);
  return {
    slug: article.slug,
    path: articlePath(article.slug),
    title: article.title,
    description: article.perex,
    date,
    dateLabel: formatCzechDate(date),
    topic: article.topic,
    readingMinutes: Math.max(1, Math.ceil(countWords(article.body) / wordsPerMinute)),
    cover: photos.find((photo) => photo.id === article.coverPhotoId) ?? null,
    html: applyCzechTypography(article.body),
  };
}

declare module "react-router" {
  interface AppLoadContext {
    /** Her live articles as the page renderer reads them (`createArticleReader` in server/articles). */
    articles?: ArticleReader;
  }
}

/** The articles a loader reads: the load context's, or the Markdown files. */
export function readArticles(
  context: { articles?: ArticleReader; photos?: PhotoReader } | undefined,
) {
  const reader = context?.articles;
  const findPhotos = async (ids: (string | null)[]) => {
    const wanted = [...new Set(ids.filter((id) => id !== null))];
    return wanted.length > 0 && context?.photos ? context.photos.find(wanted) : [];
  };
  return {
    /** Every live article, newest first, its body as stored (the feed's). */
    async list(): Promise<Article[]> {
      if (!reader) return loadArticleFiles();
      const live = await reader.list();
      const covers = await findPhotos(live.map((article) => article.coverPhotoId));
      return live.map((article) => fromLive(article, covers));
    },
    /** One article as its page shows it: her photos in its body as responsive pictures. */
    async find(slug: string): Promise<Article | undefined> {
      if (!reader) return loadArticleFiles().find((article) => article.slug === slug);
      const article = await reader.find(slug);
      if (!article) return undefined;
      const photos = await findPhotos([article.coverPhotoId, ...articlePhotoIds(article.body)]);
      const shown = fromLive(article, photos);
      return { ...shown, html: articlePicturesHtml(shown.html, photos) };
    },
  };
}

export function summarise({ html: _html, ...summary }: Article): ArticleSummary {
  return summary;
}
