/**
 * `npm run perf:trace -- /darek /blog`: what a page's Total Blocking Time is made of. Starts the
 * real server on the build (a fresh data folder), runs Lighthouse as `npm run perf` does (mobile,
 * CPU ×4 simulated), and reads the run's own trace with Lighthouse's own TBT attribution
 * (`TBTImpactTasks`: each main-thread task's share of the simulated TBT, split down to the events
 * inside it). It prints, per page, the TBT, each task that blocks (its observed length here and
 * the milliseconds it adds to TBT) with the events that fill it, and the events that fill them all;
 * and the blocking time the same tasks make from their processor time alone, the figure that
 * stays comparable on a busy machine.
 *
 * Settings (all optional): PERF_RUNS (3; medians, and the events' shares summed over the runs),
 * PERF_PORT (3400), BUILD_DIR (build). PERF_BUILDS=build-before,build measures several builds in
 * one sitting, one server each, alternating build by build within every run, and prints each
 * page's TBT per build with the ratio to the first: on a shared machine compare ratios, not
 * absolute numbers. Build a copy first (`BUILD_DIR=build-before npm run build`). When the
 * server's own code differs too (the page renderer finishes every page), start each version's
 * server yourself and name them instead: PERF_ORIGINS=http://127.0.0.1:5510,http://127.0.0.1:5511.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { cpus, loadavg, tmpdir } from "node:os";
import { join, resolve } from "node:path";
import type { Result, RunnerResult } from "lighthouse";
import { Audit } from "lighthouse/core/audits/audit.js";
import { TBTImpactTasks } from "lighthouse/core/computed/tbt-impact-tasks.js";
import type { TaskNode } from "lighthouse/core/lib/tracehouse/main-thread-tasks.js";
import type { ServerProcess } from "#testing/server-process";
import { runLighthouse, startMeasuredServer } from "./lighthouse-session";

const projectDir = resolve(import.meta.dirname, "..");
const runs = Number(process.env.PERF_RUNS ?? 3);
const firstPort = Number(process.env.PERF_PORT ?? 3400);
const origins = process.env.PERF_ORIGINS?.split(",");
const builds = origins ?? (process.env.PERF_BUILDS ?? process.env.BUILD_DIR ?? "build").split(",");
const pages = process.argv.slice(2).filter((argument) => argument.startsWith("/"));

/** One task Lighthouse's simulation counts as blocking, and what fills it. */
type BlockingTask = {
  /** Its observed length on this machine, before the simulated CPU slowdown. */
  observedMs: number;
  /** What it adds to the simulated TBT. */
  blockingMs: number;
  /** The events inside it (Chromium's trace event names), by their share of `blockingMs`. */
  events: Map<string, number>;
};

type PageRun = {
  tbtMs: number;
  fcpMs: number;
  tasks: BlockingTask[];
  /**
   * The blocking time the page's main-thread tasks would make from their processor time alone
   * (each task's CPU time, not its wall time, times Lantern's slowdown: 4, or 2 for a task that
   * lays out; what is over 50 ms counts), whatever the moment it falls in. On a busy machine a
   * task's wall time grows with the waits for a core, its CPU time hardly: this is the figure
   * to compare between two versions there.
   */
  cpuBlockingMs: number;
  /** The main thread's processor time over the whole run. */
  cpuMs: number;
};

/** Lantern's CPU slowdown (Lighthouse's mobile default) and its lighter one for layout tasks. */
const cpuSlowdown = 4;
const layoutSlowdown = cpuSlowdown / 2;

function hasLayout(task: TaskNode): boolean {
  return task.event.name === "Layout" || task.children.some(hasLayout);
}

/** A top-level task's blocking time from its processor time (see `cpuBlockingMs`). */
function cpuBlocking(task: TaskNode): { cpuMs: number; blockingMs: number } {
  // Chromium writes `tdur`, the thread's time, beside `dur` on its tasks; Lighthouse's type omits it.
  const { tdur, dur } = task.event as { tdur?: number; dur?: number };
  const cpuMs = (tdur ?? dur ?? 0) / 1000;
  const simulated = cpuMs * (hasLayout(task) ? layoutSlowdown : cpuSlowdown);
  return { cpuMs, blockingMs: Math.max(0, simulated - 50) };
}

/** A task's event by name, with the script or document it belongs to when the trace says. */
function eventLabel(task: TaskNode): string {
  const data = task.event.args?.data as { url?: string } | undefined;
  const url = data?.url;
  if (!url) return task.event.name;
  const { pathname } = new URL(url, "http://page");
  return `${task.event.name} ${pathname.split("/").pop() || pathname}`;
}

/**
 * Shares `blockingMs` among the events inside a task in proportion to their observed self time.
 * (Lighthouse's own split of a task, `selfTbtImpact`, is only filled where the simulation kept
 * the task's children, and leaves most of it unexplained.)
 */
function addShares(task: TaskNode, perMs: number, into: Map<string, number>) {
  if (task.selfTime > 0) {
    const label = eventLabel(task);
    into.set(label, (into.get(label) ?? 0) + task.selfTime * perMs);
  }
  for (const child of task.children) addShares(child, perMs, into);
}

/** Lighthouse's own TBT attribution of one run (the computation behind its "long tasks" audit). */
async function findBlockingTasks(result: RunnerResult): Promise<PageRun> {
  const lhr: Result = result.lhr;
  // Lighthouse's computed artifacts read only the cache and the run's settings from an audit's
  // context (its other fields are for audits), hence the casts below.
  const context = { computedCache: new Map(), settings: lhr.configSettings, options: {} };
  const metricData = Audit.makeMetricComputationDataInput(result.artifacts, context as never);
  const tasks = await TBTImpactTasks.request(metricData, context as never);
  const blocking = tasks
    .filter((task) => !task.parent && task.tbtImpact > 0)
    .map((task) => {
      const events = new Map<string, number>();
      addShares(task, task.tbtImpact / task.duration, events);
      return { observedMs: task.duration, blockingMs: task.tbtImpact, events };
    });
  const topLevel = tasks.filter((task) => !task.parent).map(cpuBlocking);
  return {
    cpuBlockingMs: topLevel.reduce((sum, task) => sum + task.blockingMs, 0),
    cpuMs: topLevel.reduce((sum, task) => sum + task.cpuMs, 0),
    tbtMs: lhr.audits["total-blocking-time"]?.numericValue ?? Number.NaN,
    fcpMs: lhr.audits["first-contentful-paint"]?.numericValue ?? Number.NaN,
    tasks: blocking,
  };
}

async function tracePage(origin: string, page: string): Promise<PageRun> {
  for (let attempt = 1; ; attempt += 1) {
    const result = await runLighthouse(`${origin}${page}`, {
      onlyCategories: ["performance"],
      disableFullPageScreenshot: true,
      skipAudits: ["bf-cache", "screenshot-thumbnails", "final-screenshot"],
    });
    // A busy machine sometimes loses the trace (NO_NAVSTART): try again, as `npm run perf` does.
    if (!result.lhr.runtimeError) return findBlockingTasks(result);
    if (attempt === 4) throw new Error(`${page}: ${result.lhr.runtimeError.message}`);
    await new Promise((resume) => setTimeout(resume, attempt * 3000));
  }
}

function median(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[middle] ?? 0)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

const ms = (value: number) => `${Math.round(value)} ms`;

function loadNote() {
  return `load average ${loadavg()[0]?.toFixed(2)} on ${cpus().length} cores`;
}

function topEvents(events: Map<string, number>, count: number, divisor = 1) {
  return [...events]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([name, share]) => `${name} ${ms(share / divisor)}`)
    .join(", ");
}

function printPage(page: string, build: string, pageRuns: PageRun[]) {
  const all = new Map<string, number>();
  for (const run of pageRuns) for (const task of run.tasks) addInto(all, task.events);
  const tbts = pageRuns.map((run) => run.tbtMs);
  const cpuBlockings = pageRuns.map((run) => run.cpuBlockingMs);
  console.log(
    `\n${page}${builds.length > 1 ? ` (${build})` : ""}: TBT median ${ms(median(tbts))} (runs: ${tbts.map(ms).join(", ")}), FCP median ${ms(median(pageRuns.map((run) => run.fcpMs)))}`,
  );
  console.log(
    `  from processor time: blocking ${ms(median(cpuBlockings))} (runs: ${cpuBlockings.map(ms).join(", ")}), main thread ${ms(median(pageRuns.map((run) => run.cpuMs)))}`,
  );
  pageRuns.forEach((run, index) => {
    for (const task of [...run.tasks].sort((a, b) => b.blockingMs - a.blockingMs)) {
      console.log(
        `  run ${index + 1}: task of ${task.observedMs.toFixed(1)} ms here adds ${ms(task.blockingMs)}: ${topEvents(task.events, 4)}`,
      );
    }
  });
  if (all.size > 0)
    console.log(
      `  per run, what the blocking time is made of: ${topEvents(all, 8, pageRuns.length)}`,
    );
}

function addInto(into: Map<string, number>, from: Map<string, number>) {
  for (const [name, share] of from) into.set(name, (into.get(name) ?? 0) + share);
}

async function main() {
  if (pages.length === 0) {
    throw new Error("Name the pages: npm run perf:trace -- /darek /blog");
  }
  const servers: { build: string; origin: string; server?: ServerProcess; dataDir?: string }[] =
    origins?.map((origin) => ({ build: origin, origin })) ?? [];
  const stopAll = async () => {
    for (const { server, dataDir } of servers) {
      await server?.stop();
      if (dataDir) await rm(dataDir, { recursive: true, force: true });
    }
  };
  process.once("SIGINT", () => void stopAll().then(() => process.exit(130)));
  const measured = new Map<string, PageRun[]>();
  try {
    for (const [index, build] of (origins ? [] : builds).entries()) {
      const port = firstPort + index;
      const dataDir = await mkdtemp(join(tmpdir(), "perf-trace-"));
      const buildDir = resolve(projectDir, build);
      const server = await startMeasuredServer({ port, dataDir, buildDir });
      servers.push({ build, origin: `http://127.0.0.1:${port}`, server, dataDir });
    }
    console.log(
      `[perf:trace] ${pages.join(" ")} × ${runs} runs × ${builds.join(", ")} (${loadNote()})`,
    );
    for (let run = 1; run <= runs; run += 1) {
      for (const page of pages) {
        for (const { build, origin } of servers) {
          const key = `${page} ${build}`;
          const result = await tracePage(origin, page);
          measured.set(key, [...(measured.get(key) ?? []), result]);
          console.log(
            `[perf:trace] ${page} ${build} run ${run}: TBT ${ms(result.tbtMs)}, from processor time ${ms(result.cpuBlockingMs)} (${loadNote()})`,
          );
        }
      }
    }
  } finally {
    await stopAll();
  }
  for (const page of pages) {
    for (const build of builds) printPage(page, build, measured.get(`${page} ${build}`) ?? []);
  }
  if (builds.length > 1) {
    const compare = (title: string, figure: (run: PageRun) => number) => {
      console.log(`\n${title} per build, medians (ratio to the first):`);
      for (const page of pages) {
        const [first = 0, ...rest] = builds.map((build) =>
          median((measured.get(`${page} ${build}`) ?? []).map(figure)),
        );
        const others = rest.map((value) => `${ms(value)} (${(value / first).toFixed(2)})`);
        console.log(`  ${page}: ${[ms(first), ...others].join(" → ")}`);
      }
    };
    compare("TBT", (run) => run.tbtMs);
    compare("Blocking time from processor time", (run) => run.cpuBlockingMs);
    compare("Main thread's processor time", (run) => run.cpuMs);
  }
  console.log(`\n[perf:trace] done (${loadNote()})`);
}

main().catch((error: unknown) => {
  console.error(`[perf:trace] ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
