/**
 * Visit counting (server/stats/): requests per second for one page served from the store with
 * counting on against counting off, in the same run and process, rounds alternating so that a
 * busy moment of the machine falls on both. Each request is a person's (a browser's headers)
 * from one of 2,000 address blocks (a visitor is a /24 block and a browser), so the day has 2,000
 * visitors, as a busy day, who come back in every batch.
 */
import type { AddressInfo } from "node:net";
import { loadavg } from "node:os";
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
  /**
   * Requests per second of `name` for `ms`, and per second of this process's CPU time: on a
   * machine other work keeps busy, the seconds the process gets vary from round to round, and
   * the second figure tells what a request costs whatever its share.
   */
  async function measure(
    name: keyof typeof apps,
    ms: number,
  ): Promise<{ perSecond: number; perCpuSecond: number }> {
    const server = serve({ fetch: apps[name].fetch, port: 0, hostname: "127.0.0.1" });
    await new Promise((ready) => server.once("listening", ready));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}${page}`;
    const agent = new Agent({ connections: concurrency });
    let sent = 0;
    const cpuBefore = process.cpuUsage();
    const result = await runLoop({ concurrency, durationMs: ms }, async () => {
      sent += 1;
      const response = await send(url, {
        dispatcher: agent,
        headers: {
          "accept-encoding": "br",
          accept: "text/html",
          "accept-language": "cs",
          "sec-fetch-dest": "document",
          "user-agent": "Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0.0.0 Safari/537.36",
          "x-forwarded-for": `10.${(sent % 2000) >> 8}.${sent % 256}.7`,
        },
      });
      await response.body.arrayBuffer();
      return String(response.statusCode);
    });
    const cpu = process.cpuUsage(cpuBefore);
    await agent.close();
    await new Promise((closed) => server.close(closed));
    return {
      perSecond: result.requestsPerSecond,
      perCpuSecond: result.completed / ((cpu.user + cpu.system) / 1e6),
    };
  }

  // Unmeasured, both: else the first round's first side runs on code not yet compiled (the
  // same for „on“ and „off“, so the other side would win the first round by that alone).
  await measure("off", durationMs);
  await measure("on", durationMs);
  const measured: Record<keyof typeof apps, number[]> = { on: [], off: [] };
  const perCpuSecond: Record<keyof typeof apps, number[]> = { on: [], off: [] };
  const loads: string[] = [];
  for (let round = 0; round < rounds; round += 1) {
    for (const name of round % 2 === 0 ? (["on", "off"] as const) : (["off", "on"] as const)) {
      const result = await measure(name, durationMs);
      measured[name].push(result.perSecond);
      perCpuSecond[name].push(result.perCpuSecond);
    }
    loads.push(loadavg()[0]?.toFixed(1) ?? "?");
  }
  await counter.flush();
  const { rows } = (await database.db.execute(
    sql`select coalesce(sum(views), 0)::int as views from visit_pages`,
  )) as unknown as { rows: { views: number }[] };
  await database.close();

  const total = (values: number[]) => values.reduce((sum, value) => sum + value, 0);
  const ratio = total(measured.on) / total(measured.off);
  const cpuRatio = total(perCpuSecond.on) / total(perCpuSecond.off);
  const cells = (values: number[]) => values.map((value) => value.toFixed(0)).join(", ");
  return [
    "## Visit counting",
    "",
    `| ${page} from the store, ${concurrency} connections, ${rounds} alternating rounds of ${durationMs / 1000} s | each round | mean |`,
    "| --- | --- | ---: |",
    ...(["on", "off"] as const).flatMap((name) => [
      `| Counting ${name}: requests/s | ${cells(measured[name])} | ${(total(measured[name]) / rounds).toFixed(0)} |`,
      `| Counting ${name}: requests per CPU second | ${cells(perCpuSecond[name])} | ${(total(perCpuSecond[name]) / rounds).toFixed(0)} |`,
    ]),
    `| Load average (1 min) after the round | ${loads.join(", ")} | |`,
    "",
    `Ratio on/off: **${ratio.toFixed(3)}** (must be ≥ 0.95); per CPU second: ${cpuRatio.toFixed(3)} · views stored while counting: ${rows[0]?.views ?? 0}`,
  ].join("\n");
}
