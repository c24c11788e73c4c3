/**
 * Visit counting (server/stats/): requests per second for one page served from the store with
 * counting on against counting off, in the same run and process, rounds alternating so that a
 * busy moment of the machine falls on both. Each request is a person's (a browser's headers)
 * from one of 2,000 addresses, so the day's visitor set grows as on a busy day.
 */
import type { AddressInfo } from "node:net";
import { resolve } from "node:path";
import { serve } from "@hono/node-server";
import { sql } from "drizzle-orm";
import { Agent, request as send } from "undici";
import { openDatabase } from "#database/open-database";
import { systemClock } from "#server/clock";
import { createPages } from "#server/pages/pages";
import { createVisitCounter } from "#server/stats/visit-counter";
import { contentReadingBuild, type TestContent } from "#testing/content-reading-build";
import { createTestApp } from "#testing/test-app";
import { runLoop } from "./load";
import { buildDir } from "./server-process";

const page = "/about";

export async function benchCounting({
  durationMs,
  concurrency,
  rounds,
}: {
  durationMs: number;
  concurrency: number;
  rounds: number;
}): Promise<string> {
  const serverBuildFile = resolve(buildDir, "server", "index.js");
  const content: TestContent = { robots: "User-agent: *\nAllow: /\n", failAbout: false };
  const database = await openDatabase({ dataDir: "memory" });
  const pages = createPages({
    database,
    serverBuildFile,
    getLoadContext: () => ({ testContent: { ...content } }),
    pageBuild: () => contentReadingBuild(serverBuildFile),
  });
  await pages.ensureRendered();
  const counter = createVisitCounter({ db: database.db, clock: systemClock, siteHost: "bench" });
  const settings = { BUILD_DIR: buildDir };
  const apps = {
    on: createTestApp(database, { pages, settings, visits: counter }),
    off: createTestApp(database, { pages, settings, visits: false }),
  };
  const measured: Record<keyof typeof apps, number[]> = { on: [], off: [] };
  for (let round = 0; round < rounds; round += 1) {
    for (const name of round % 2 === 0 ? (["on", "off"] as const) : (["off", "on"] as const)) {
      const server = serve({ fetch: apps[name].fetch, port: 0, hostname: "127.0.0.1" });
      await new Promise((ready) => server.once("listening", ready));
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}${page}`;
      const agent = new Agent({ connections: concurrency });
      let sent = 0;
      const result = await runLoop({ concurrency, durationMs }, async () => {
        sent += 1;
        const response = await send(url, {
          dispatcher: agent,
          headers: {
            "accept-encoding": "br",
            accept: "text/html",
            "accept-language": "cs",
            "sec-fetch-dest": "document",
            "user-agent": "Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0.0.0 Safari/537.36",
            "x-forwarded-for": `10.0.${(sent % 2000) >> 8}.${sent % 256}`,
          },
        });
        await response.body.arrayBuffer();
        return String(response.statusCode);
      });
      await agent.close();
      await new Promise((closed) => server.close(closed));
      measured[name].push(result.requestsPerSecond);
    }
  }
  await counter.flush();
  const { rows } = (await database.db.execute(
    sql`select coalesce(sum(views), 0)::int as views from visit_pages`,
  )) as unknown as { rows: { views: number }[] };
  await database.close();

  const total = (values: number[]) => values.reduce((sum, value) => sum + value, 0);
  const ratio = total(measured.on) / total(measured.off);
  return [
    "## Visit counting",
    "",
    `| ${page} from the store, ${concurrency} connections, ${rounds} alternating rounds of ${durationMs / 1000} s | requests/s, each round | mean |`,
    "| --- | --- | ---: |",
    ...(["on", "off"] as const).map(
      (name) =>
        `| Counting ${name} | ${measured[name].map((value) => value.toFixed(0)).join(", ")} | ${(total(measured[name]) / rounds).toFixed(0)} |`,
    ),
    "",
    `Ratio on/off: **${ratio.toFixed(3)}** (must be ≥ 0.95) · views stored while counting: ${rows[0]?.views ?? 0}`,
  ].join("\n");
}
