/**
 * Prints the INSERTs of migration 0022's seed (a fresh install's three articles, from
 * content/blog): `npx tsx scripts/article-seed-sql.ts`. Run once when the migration was written.
 */
import { readSeedArticles } from "#server/articles/article-seed";

const literal = (value: string) => `'${value.replaceAll("'", "''")}'`;

const lines: string[] = [];
for (const article of readSeedArticles()) {
  const at = literal(article.publishAt.toISOString());
  const data = JSON.stringify({
    slug: article.slug,
    title: article.title,
    perex: article.perex,
    body: article.body,
    topic: article.topic,
    author: article.author,
    coverPhotoId: null,
  });
  lines.push(
    `INSERT INTO "articles" ("id", "title", "perex", "body", "topic", "author", "state", "publish_at", "created_at", "updated_at") VALUES (${literal(article.id)}, ${literal(article.title)}, ${literal(article.perex)}, ${literal(article.body)}, ${literal(article.topic)}, ${literal(article.author)}, 'published', ${at}, ${at}, ${at});`,
    `INSERT INTO "article_slugs" ("slug", "article_id", "current") VALUES (${literal(article.slug)}, ${literal(article.id)}, true);`,
    `INSERT INTO "article_revisions" ("article_id", "data", "published_at") VALUES (${literal(article.id)}, ${literal(data)}::jsonb, ${at});`,
  );
}
console.log(lines.join("--> statement-breakpoint\n"));
