/**
 * A fresh install's articles: the Markdown files of content/blog, as migration 0022 stored them
 * (`scripts/article-seed-sql.ts` wrote its INSERTs from here). Read again by a test that checks
 * a fresh database holds exactly them, so the site looks as it did when articles were files.
 */
import { readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { Marked } from "marked";
import { parse as parseYaml } from "yaml";
import { fromPragueLocal } from "#shared/content/article-time";
import { operatorDefaults } from "#shared/site";
import { sanitizeArticleHtml } from "./article-html";

const folder = fileURLToPath(new URL("../../content/blog/", import.meta.url));
const frontMatterPattern = /^---\r?\n([\s\S]*?)\r?\n---\r?\n/;

export type SeedArticle = {
  id: string;
  slug: string;
  title: string;
  perex: string;
  topic: string;
  author: string;
  body: string;
  publishAt: Date;
};

/** Fixed ids: the migration is the same SQL on every install. */
const seedIds: Record<string, string> = {
  "minuta-pro-sebe-ranni-ritual": "6a0f3d52-1c1e-4d6f-9d55-0a7b1f3c2e01",
  "pece-o-sebe-neni-sobectvi": "6a0f3d52-1c1e-4d6f-9d55-0a7b1f3c2e02",
  "tri-byliny-pro-klidny-vecer": "6a0f3d52-1c1e-4d6f-9d55-0a7b1f3c2e03",
};

export function readSeedArticles(): SeedArticle[] {
  const markdown = new Marked({ gfm: true });
  return readdirSync(folder)
    .filter((file) => file.endsWith(".md") && file !== "README.md")
    .sort()
    .map((file) => {
      const slug = file.slice(0, -".md".length);
      const source = readFileSync(`${folder}${file}`, "utf8");
      const match = frontMatterPattern.exec(source);
      if (!match) throw new Error(`${file}: no front matter`);
      const facts = parseYaml(match[1] ?? "") as Record<string, string>;
      const id = seedIds[slug];
      const publishAt = fromPragueLocal(`${facts.date}T00:00`);
      if (!id || !publishAt) throw new Error(`${file}: no seed id or date`);
      return {
        id,
        slug,
        title: String(facts.title),
        perex: String(facts.description),
        topic: String(facts.topic),
        author: operatorDefaults.ownerName,
        body: sanitizeArticleHtml(markdown.parse(source.slice(match[0].length), { async: false })),
        publishAt,
      };
    });
}
