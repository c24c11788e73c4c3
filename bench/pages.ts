/**
 * The page store (server/pages/): how long a publish takes to go live, for one page and for the
 * whole site, and how many requests per second a page served from the store answers against
 * the same page served as a pre-rendered file, as the server did before the store (one run,
 * one process, the same middleware, the same bytes).
 */
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { serve } from "@hono/node-server";
import { serveStatic } from "@hono/node-server/serve-static";
import { Hono } from "hono";
import { compress } from "hono/compress";
import { Agent, request as send } from "undici";
import { openDatabase } from "#database/open-database";
import { createPages } from "#server/pages/pages";
import { securityHeaders } from "#server/security-headers";
import { contentReadingBuild, type TestContent } from "#testing/content-reading-build";
import { createTestApp } from "#testing/test-app";
import { openFreshPostgres } from "#testing/test-databases";
import { postgresAdminUrl } from "./databases";
import { runLoop } from "./load";
import { buildDir } from "./server-process";

const page = "/about";

export async function benchPages({
  durationMs,
  concurrency,
}: {
  durationMs: number;
  concurrency: number;
}): Promise<string> {
  const serverBuildFile = resolve(buildDir, "server", "index.js");
  const content: TestContent = { robots: "User-agent: *\nAllow: /\n", failAbout: false };
  const lines = ["## Page store", ""];
  const database = await openDatabase({ dataDir: "memory" });
  const pages = createPages({
    database,
    serverBuildFile,
    getLoadContext: () => ({ testContent: { ...content } }),
    pageBuild: () => contentReadingBuild(serverBuildFile),
  });
  let started = performance.now();
  await pages.ensureRendered();
  const wholeSiteMs = performance.now() - started;
  const app = createTestApp(database, { pages, settings: { BUILD_DIR: buildDir } });
  started = performance.now();
  await pages.publish([page]);
  const onePageMs = performance.now() - started;
  lines.push(
    "| Publish to live (PGlite, one server) | ms |",
    "| --- | ---: |",
    `| The whole site (every page, its data, shells, files; rendered, compressed, stored) | ${wholeSiteMs.toFixed(0)} |`,
    `| One page (${page} with its data, the sitemap and the feed) | ${onePageMs.toFixed(0)} |`,
  );
  if (postgresAdminUrl) lines.push(`| ${await publishAcrossServers(serverBuildFile)} |`);

  // The same page's bytes as the build wrote them before the store: a file, its .br and .gz.
  const folder = await mkdtemp(join(tmpdir(), "bench-pages-"));
  const stored = pages.find(page);
  if (!stored?.brotli || !stored.gzip) throw new Error(`${page} is not in the store, compressed`);
  await writeFile(join(folder, "about.html"), stored.body);
  await writeFile(join(folder, "about.html.br"), stored.brotli);
  await writeFile(join(folder, "about.html.gz"), stored.gzip);
  const fileSite = new Hono();
  fileSite.use(compress());
  fileSite.use(securityHeaders({ trustProxy: false }));
  fileSite.use(
    "*",
    serveStatic({ root: folder, precompressed: true, rewriteRequestPath: () => "/about.html" }),
  );

  lines.push(
    "",
    `| ${page}, ${concurrency} connections, ${durationMs / 1000} s, Accept-Encoding: br | requests/s | p50 ms | p99 ms |`,
    "| --- | ---: | ---: | ---: |",
  );
  for (const [name, fetchApp] of [
    ["From the page store (the app)", app.fetch],
    ["Pre-rendered file (serveStatic, as before)", fileSite.fetch],
  ] as const) {
    const server = serve({ fetch: fetchApp, port: 0, hostname: "127.0.0.1" });
    await new Promise((resolve) => server.once("listening", resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}${page}`;
    const agent = new Agent({ connections: concurrency });
    const result = await runLoop({ concurrency, durationMs }, async () => {
      const response = await send(url, { dispatcher: agent, headers: { "accept-encoding": "br" } });
      await response.body.arrayBuffer();
      return String(response.statusCode);
    });
    await agent.close();
    await new Promise((resolve) => server.close(resolve));
    lines.push(
      `| ${name} | ${result.requestsPerSecond.toFixed(0)} | ${result.p50Ms.toFixed(1)} | ${result.p99Ms.toFixed(1)} |`,
    );
  }
  await database.close();
  await rm(folder, { recursive: true, force: true });
  return lines.join("\n");
}

/** Two servers on one PostgreSQL: from the end of a publish on one to the other serving it. */
async function publishAcrossServers(serverBuildFile: string): Promise<string> {
  const first = await openFreshPostgres(postgresAdminUrl as string);
  const second = await first.openAnother?.();
  if (!second) throw new Error("no second PostgreSQL connection");
  const content: TestContent = { robots: "User-agent: *\nAllow: /\n", failAbout: false };
  const [publisher, other] = [first, second].map((database) =>
    createPages({
      database,
      serverBuildFile,
      getLoadContext: () => ({ testContent: { ...content } }),
      pageBuild: () => contentReadingBuild(serverBuildFile),
    }),
  );
  if (!publisher || !other) throw new Error("two servers expected");
  await publisher.ensureRendered();
  await other.ensureRendered();
  const watch = other.watch();
  content.robots = "User-agent: *\nDisallow: /\n";
  const started = performance.now();
  await publisher.publish(["/robots.txt"]);
  const publishedMs = performance.now() - started;
  while (other.find("/robots.txt")?.body.toString() !== content.robots) {
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  const liveMs = performance.now() - started;
  await watch?.stop();
  await second.close();
  await first.close();
  return `One file on PostgreSQL, published on one server (${publishedMs.toFixed(0)} ms), served by the other | ${liveMs.toFixed(0)}`;
}
