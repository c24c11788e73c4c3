/**
 * The page store on each database: a publish renders the asked page again and the app serves the
 * new version; a render that fails publishes nothing, keeps the previous version live and says
 * why. The build is the real one (`npm run build`), with two routes given loaders that read the
 * load context, as the content model's loaders will.
 */
import { brotliCompressSync, brotliDecompressSync, constants } from "node:zlib";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#database/open-database";
import { contentReadingBuild, type TestContent } from "#testing/content-reading-build";
import { createTestApp, testConfig } from "#testing/test-app";
import { openTimeoutMs, testDatabases } from "#testing/test-databases";
import { readStoredPaths } from "./page-store";
import { createPages, PublishError } from "./pages";

describe.each(testDatabases)("the page store on $name", ({ name, open }) => {
  let database: DatabaseHandle;
  const content: TestContent = { robots: "User-agent: *\nAllow: /\n", failAbout: false };
  let pages: ReturnType<typeof createPages>;
  let app: ReturnType<typeof createTestApp>;

  beforeAll(async () => {
    database = await open();
    const { serverBuildFile } = testConfig();
    pages = createPages({
      database,
      serverBuildFile,
      getLoadContext: () => ({ testContent: { ...content } }),
      pageBuild: () => contentReadingBuild(serverBuildFile),
    });
    app = createTestApp(database, { pages });
  }, openTimeoutMs);
  afterAll(async () => {
    await database?.close();
  });

  it(
    "serves a published page's new version, with a new version in the store",
    async () => {
      const before = await app.request("/robots.txt");
      expect(await before.text()).toBe("User-agent: *\nAllow: /\n");
      const [stored] = await readStoredPaths(database.db, ["/robots.txt"]);

      content.robots = "User-agent: *\nDisallow: /soukrome\n";
      expect(await (await app.request("/robots.txt")).text()).not.toContain("soukrome");
      const published = await pages.publish(["/robots.txt"]);

      expect(published.paths).toContain("/robots.txt");
      const after = await app.request("/robots.txt");
      expect(await after.text()).toBe("User-agent: *\nDisallow: /soukrome\n");
      expect(after.headers.get("ETag")).not.toBe(before.headers.get("ETag"));
      const [republished] = await readStoredPaths(database.db, ["/robots.txt"]);
      expect(republished?.version).toBeGreaterThan(stored?.version ?? Number.POSITIVE_INFINITY);
    },
    openTimeoutMs,
  );

  it(
    "renders neither the data nor the variants of a page whose HTML did not change, and writes nothing",
    async () => {
      const before = await readStoredPaths(database.db, ["/", "/_root.data", "/sitemap.xml"]);

      const published = await pages.publish(["/"]);

      expect(published.paths).toContain("/");
      expect(published.paths).not.toContain("/_root.data");
      expect(published.paths.filter((path) => path.includes("?"))).toEqual([]);
      expect(published.written).toEqual([]);
      expect(await readStoredPaths(database.db, ["/", "/_root.data", "/sitemap.xml"])).toEqual(
        expect.arrayContaining(before),
      );
    },
    openTimeoutMs,
  );

  it(
    "is live at once with a quick compression, then stored compressed at its best with the same ETag",
    async () => {
      // Long enough to be compressed (a page's size, not a robots.txt's), and bytes no other
      // test compressed before (the same bytes are compressed once per process).
      content.robots = Array.from(
        { length: 400 },
        (_, line) => `Disallow: /${name}-${line}/${(line * 7919).toString(36)}-bylinky`,
      ).join("\n");
      const published = await pages.publish(["/robots.txt"]);
      expect(published.written).toContain("/robots.txt");
      const quick = await app.request("/robots.txt", { headers: { "Accept-Encoding": "br" } });
      const quickBytes = Buffer.from(await quick.arrayBuffer());
      expect(quick.headers.get("Content-Encoding")).toBe("br");
      expect(brotliDecompressSync(quickBytes).toString()).toBe(content.robots);

      await pages.whenPolished();

      const best = await app.request("/robots.txt", { headers: { "Accept-Encoding": "br" } });
      const bestBytes = Buffer.from(await best.arrayBuffer());
      expect(best.headers.get("ETag")).toBe(quick.headers.get("ETag"));
      expect(brotliDecompressSync(bestBytes).toString()).toBe(content.robots);
      expect(bestBytes.length).toBeLessThan(quickBytes.length);
      expect(bestBytes).toEqual(
        brotliCompressSync(Buffer.from(content.robots), {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
            [constants.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(content.robots),
          },
        }),
      );
    },
    openTimeoutMs,
  );

  it(
    "keeps the previous version live when a render fails, and says why",
    async () => {
      const before = await app.request("/about", { headers: { "Accept-Encoding": "br" } });
      expect(before.status).toBe(200);
      const [stored] = await readStoredPaths(database.db, ["/about", "/sitemap.xml"]);

      content.failAbout = true;
      const publishing = pages.publish(["/about"]);

      await expect(publishing).rejects.toBeInstanceOf(PublishError);
      await expect(publishing).rejects.toThrow("Text sekce „O mně“ chybí");
      const after = await app.request("/about", { headers: { "Accept-Encoding": "br" } });
      expect(after.status).toBe(200);
      expect(after.headers.get("ETag")).toBe(before.headers.get("ETag"));
      // Nothing of the publish was written, not even the sitemap it renders again.
      expect(await readStoredPaths(database.db, ["/about", "/sitemap.xml"])).toEqual(
        expect.arrayContaining([expect.objectContaining({ version: stored?.version })]),
      );
      content.failAbout = false;
    },
    openTimeoutMs,
  );

  it(
    "says why a render's query failed without the query or its values",
    async () => {
      content.failAbout = () => database.db.execute(sql`select ${"jana@example.cz"}::int`);
      const failed = await pages.publish(["/about"]).catch((error: unknown) => error);
      content.failAbout = false;

      expect(failed).toBeInstanceOf(PublishError);
      const { message } = failed as PublishError;
      // PostgreSQL's code and its short words („invalid input syntax for type integer“) stay.
      expect(message).toContain("22P02");
      expect(message).not.toContain("jana@example.cz");
      expect(message).not.toMatch(/select|Failed query|params/i);
    },
    openTimeoutMs,
  );
});
