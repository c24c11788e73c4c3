/**
 * How `npm run perf` (perf/run-lighthouse.ts) sums up a page's runs and
 * judges them against perf/budgets.ts; kept apart so that it can be tested.
 */
import { type CategoryId, perfBudgets } from "./budgets";

export type ResourceKind = "javascript" | "css" | "fonts" | "images";

export type RunSummary = {
  scores: Record<CategoryId, number>;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  /** Gzip bytes the page loaded, by kind of resource. */
  bytes: Record<ResourceKind, number>;
  /** Scripts of the sign-in and administration screens the page loaded (should be none). */
  accountScripts: string[];
};

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[middle] ?? 0)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

/** The median of each figure over a page's runs; account scripts of any run count. */
export function medianSummary(runs: RunSummary[]): RunSummary {
  const of = (pick: (run: RunSummary) => number) => median(runs.map(pick));
  return {
    scores: {
      performance: of((run) => run.scores.performance),
      accessibility: of((run) => run.scores.accessibility),
      "best-practices": of((run) => run.scores["best-practices"]),
      seo: of((run) => run.scores.seo),
    },
    fcpMs: of((run) => run.fcpMs),
    lcpMs: of((run) => run.lcpMs),
    tbtMs: of((run) => run.tbtMs),
    cls: of((run) => run.cls),
    bytes: {
      javascript: of((run) => run.bytes.javascript),
      css: of((run) => run.bytes.css),
      fonts: of((run) => run.bytes.fonts),
      images: of((run) => run.bytes.images),
    },
    accountScripts: [...new Set(runs.flatMap((run) => run.accountScripts))],
  };
}

/** Every budget the page misses, each as a sentence naming the page and the metric. */
export function findBudgetFailures(page: string, result: RunSummary): string[] {
  const failures: string[] = [];
  for (const [category, minimum] of Object.entries(perfBudgets.minimumScores)) {
    const actual = result.scores[category as CategoryId];
    if (actual < minimum) failures.push(`${page}: ${category} score ${actual} < ${minimum}`);
  }
  if (result.lcpMs > perfBudgets.maximumLcpMs) {
    failures.push(`${page}: LCP ${Math.round(result.lcpMs)} ms > ${perfBudgets.maximumLcpMs} ms`);
  }
  if (result.tbtMs > perfBudgets.maximumTbtMs) {
    failures.push(`${page}: TBT ${Math.round(result.tbtMs)} ms > ${perfBudgets.maximumTbtMs} ms`);
  }
  if (result.cls > perfBudgets.maximumCls) {
    failures.push(`${page}: CLS ${result.cls.toFixed(3)} > ${perfBudgets.maximumCls}`);
  }
  const javascriptKiB = result.bytes.javascript / 1024;
  if (javascriptKiB > perfBudgets.maximumJavaScriptKiB) {
    failures.push(
      `${page}: JavaScript ${javascriptKiB.toFixed(1)} KiB gzip > ${perfBudgets.maximumJavaScriptKiB} KiB`,
    );
  }
  if (result.accountScripts.length > 0) {
    failures.push(
      `${page}: loads sign-in/administration code (${result.accountScripts.join(", ")})`,
    );
  }
  return failures;
}
