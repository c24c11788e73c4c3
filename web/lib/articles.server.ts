import { Marked } from "marked";
import { parse as parseYaml } from "yaml";
import { z } from "zod";
import { articleGuideFile } from "~/lib/article-files";
import type { Article, ArticleSummary } from "~/lib/article-summary";
import { articlePath } from "~/lib/blog-paths";
import { czech, keepHyphenatedWordsWhole } from "~/lib/typography";

/**
 * The blog's articles: Markdown files with front matter in content/blog,
 * read and rendered when the site is built. Only route loaders import this
 * module (`.server`), so neither the files nor the Markdown library reach
 * the browser.
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
    html: applyCzechTypography(html),
  };
}

let cache: Article[] | undefined;

/** Every article, newest first. */
export function loadArticles(): Article[] {
  cache ??= Object.entries(articleFiles)
    .filter(([file]) => !file.endsWith(`/${articleGuideFile}`))
    .map(([file, source]) => readArticle(file, source))
    .sort((a, b) => b.date.localeCompare(a.date) || a.slug.localeCompare(b.slug));
  return cache;
}

export function summarise({ html: _html, ...summary }: Article): ArticleSummary {
  return summary;
}

export function findArticle(slug: string): Article | undefined {
  return loadArticles().find((article) => article.slug === slug);
}
