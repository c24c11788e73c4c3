/**
 * Two servers on one PostgreSQL, each with its own connections and its own copy of the page
 * store: a publish on one is served by the other within 5 seconds, with no request to it.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#database/open-database";
import { contentReadingBuild, type TestContent } from "#testing/content-reading-build";
import { createTestApp, testConfig } from "#testing/test-app";
import { openTimeoutMs, postgresUrl, testDatabases } from "#testing/test-databases";
import type { RepeatingTask } from "../repeating-task";
import { createPages, type Pages } from "./pages";

const postgres = testDatabases.find((database) => database.name === "PostgreSQL");

describe.skipIf(!postgresUrl)("two servers on one PostgreSQL", () => {
  const content: TestContent = { robots: "User-agent: *\nAllow: /\n", failAbout: false };
  const handles: DatabaseHandle[] = [];
  const watches: RepeatingTask[] = [];
  const servers: { pages: Pages; app: ReturnType<typeof createTestApp> }[] = [];

  beforeAll(async () => {
    const first = await postgres?.open();
    const second = await first?.openAnother?.();
    if (!first || !second) throw new Error("no second connection to PostgreSQL");
    handles.push(second, first);
    const { serverBuildFile } = testConfig();
    for (const database of [first, second]) {
      const pages = createPages({
        database,
        serverBuildFile,
        // Each server reads the content itself, as it would from the database.
        getLoadContext: () => ({ testContent: { ...content } }),
        pageBuild: () => contentReadingBuild(serverBuildFile),
      });
      // As server/main.ts: rendered (or read, when the other one rendered first), then watched.
      await pages.ensureRendered();
      const watch = pages.watch();
      if (watch) watches.push(watch);
      servers.push({ pages, app: createTestApp(database, { pages }) });
    }
  }, openTimeoutMs);
  afterAll(async () => {
    for (const watch of watches) await watch.stop();
    for (const handle of handles) await handle.close();
  });

  it(
    "serves on the second server, within 5 seconds, what the first one published",
    async () => {
      const [publisher, other] = servers;
      if (!publisher || !other) throw new Error("two servers expected");
      expect(await (await other.app.request("/robots.txt")).text()).toBe(content.robots);

      content.robots = "User-agent: *\nDisallow: /novinka\n";
      await publisher.pages.publish(["/robots.txt"]);
      const published = Date.now();
      let served = "";
      while (Date.now() - published < 5000) {
        served = await (await other.app.request("/robots.txt")).text();
        if (served === content.robots) break;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }

      expect(served).toBe(content.robots);
      expect(Date.now() - published).toBeLessThan(5000);
    },
    openTimeoutMs,
  );
});
