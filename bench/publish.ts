/**
 * Publish to live with her real content (not the test build's): the whole site as the first
 * start renders it, then her everyday publishes one after another (the home page's heading, a
 * price, an article), each with what it rendered and how long every render took. The same
 * content API code she uses stores the change; the page store renders it as `createApp` does.
 */
import { resolve } from "node:path";
import { type DatabaseHandle, openDatabase } from "#database/open-database";
import { publishedContent } from "#server/app";
import { listArticles, readArticle, updateArticle } from "#server/articles/article-store";
import { publishContent, readContentEntry, saveContentDraft } from "#server/content/content-store";
import { createPages, type PublishReport } from "#server/pages/pages";
import { contentItems } from "#shared/content/content-items";
import type { Offers } from "#shared/content/content-schemas";
import { openFreshPostgres } from "#testing/test-databases";
import { postgresAdminUrl } from "./databases";
import { buildDir } from "./server-process";

const editor = { userId: "00000000-0000-4000-8000-000000000000", email: "bench@example.cz" };

export type PublishFigures = { name: string; report: PublishReport; settledMs: number }[];

/** The publishes measured, in order, on one database. */
export async function measurePublishes(database: DatabaseHandle): Promise<{
  wholeSiteMs: number;
  publishes: PublishFigures;
}> {
  const serverBuildFile = resolve(buildDir, "server", "index.js");
  const pages = createPages({
    database,
    serverBuildFile,
    getLoadContext: publishedContent(database),
  });
  const started = performance.now();
  await pages.ensureRendered();
  const wholeSiteMs = performance.now() - started;
  const { db } = database;
  const at = new Date();
  const publishes: PublishFigures = [];
  // Each publish measured alone: the one before has stored its variants and best compression.
  const publish = async (name: string, paths: readonly string[]) => {
    const started = performance.now();
    const report = await pages.publish([...paths]);
    await pages.whenPolished();
    publishes.push({ name, report, settledMs: performance.now() - started });
  };

  const hero = await readContentEntry(db, "home-hero", at);
  await saveContentDraft(db, {
    key: "home-hero",
    version: hero.version,
    data: { ...hero.published, heading: "Najděte cestu zpátky k sobě" },
    by: editor,
    at,
  });
  await publishContent(db, { key: "home-hero", version: hero.version + 1, by: editor, at });
  await publish("The home page's heading", contentItems["home-hero"].paths);

  const offers = await readContentEntry(db, "offers", at);
  const published = offers.published as Offers;
  await saveContentDraft(db, {
    key: "offers",
    version: offers.version,
    data: {
      ...published,
      offers: published.offers.map((offer) =>
        offer.id === "consultation" ? { ...offer, priceCzk: 1200 } : offer,
      ),
    },
    by: editor,
    at,
  });
  await publishContent(db, { key: "offers", version: offers.version + 1, by: editor, at });
  await publish("A price (her offers)", contentItems.offers.paths);

  // The oldest article: not among the home page's newest three when there are more.
  const listed = await listArticles(db);
  const oldest = listed.at(-1);
  const article = oldest ? await readArticle(db, oldest.id) : undefined;
  if (article) {
    const changed = await updateArticle(db, {
      id: article.id,
      version: article.version,
      input: {
        title: `${article.title} (upraveno)`,
        slug: article.slug,
        perex: article.perex,
        body: article.body,
        topic: article.topic,
        coverPhotoId: article.cover_photo_id,
        state: "published",
        publishAt: null,
      },
      by: editor,
      at,
    });
    if ("livePaths" in changed) {
      await publish(`An article (the oldest of ${listed.length})`, changed.livePaths);
    }
  }
  return { wholeSiteMs, publishes };
}

export async function benchPublishToLive(): Promise<string> {
  const lines = [
    "## Publish to live (her content, one server)",
    "",
    "Live: from the call to the server serving the new versions (every render of the publish, 3 at a time, compressed with a quick Brotli and gzip, the store's transaction, this server's copy). Then, after she sees it live: the home page's `?sluzba=` variants and every entry at its best Brotli.",
  ];
  const databases: { name: string; open: () => Promise<DatabaseHandle> }[] = [
    { name: "PGlite", open: () => openDatabase({ dataDir: "memory" }) },
    ...(postgresAdminUrl
      ? [{ name: "PostgreSQL", open: () => openFreshPostgres(postgresAdminUrl as string) }]
      : []),
  ];
  for (const { name, open } of databases) {
    const database = await open();
    try {
      const { wholeSiteMs, publishes } = await measurePublishes(database);
      lines.push(
        "",
        `### ${name}`,
        "",
        "| Publish | renders | rendered ms | stored ms | live ms | variants and best Brotli stored ms | slowest renders (ms) |",
        "| --- | ---: | ---: | ---: | ---: | ---: | --- |",
        `| The whole site (first start of a build) | – | – | – | ${wholeSiteMs.toFixed(0)} | – | |`,
        ...publishes.map(
          ({ name: publish, report, settledMs }) =>
            `| ${publish} | ${report.renders.length} | ${report.renderedMs} | ${report.storedMs} | ${report.totalMs} | ${settledMs.toFixed(0)} | ${[
              ...report.renders,
            ]
              .sort((a, b) => b.ms - a.ms)
              .slice(0, 4)
              .map((render) => `${render.key} ${render.ms}`)
              .join(", ")} |`,
        ),
      );
    } finally {
      await database.close();
    }
  }
  return lines.join("\n");
}
