import { describe, expect, it } from "vitest";
import { findBudgetFailures, medianSummary, type RunSummary } from "./budget-check";
import { perfBudgets } from "./budgets";

const withinBudget: RunSummary = {
  scores: { performance: 99, accessibility: 100, "best-practices": 100, seo: 100 },
  fcpMs: 1500,
  lcpMs: 1650,
  tbtMs: 10,
  cls: 0,
  bytes: { javascript: 127 * 1024, css: 0, fonts: 72 * 1024, images: 2000 },
  accountScripts: [],
};

describe("the budget check of npm run perf", () => {
  it("passes a page within every budget", () => {
    expect(findBudgetFailures("/", withinBudget)).toEqual([]);
  });

  it("names the page and the metric of every budget missed", () => {
    const failures = findBudgetFailures("/about", {
      ...withinBudget,
      scores: { ...withinBudget.scores, performance: 94, seo: 99 },
      lcpMs: perfBudgets.maximumLcpMs + 2,
      tbtMs: 101,
      cls: 0.021,
      bytes: { ...withinBudget.bytes, javascript: 131.6 * 1024 },
      accountScripts: ["/assets/admin-x.js"],
    });
    expect(failures).toEqual([
      "/about: performance score 94 < 95",
      "/about: seo score 99 < 100",
      "/about: LCP 1802 ms > 1800 ms",
      "/about: TBT 101 ms > 100 ms",
      "/about: CLS 0.021 > 0.02",
      "/about: JavaScript 131.6 KiB gzip > 130 KiB",
      "/about: loads sign-in/administration code (/assets/admin-x.js)",
    ]);
  });

  it("judges the median of the runs, so one slow run does not fail a page", () => {
    const slow = { ...withinBudget, lcpMs: 2600, tbtMs: 300 };
    const summary = medianSummary([withinBudget, slow, { ...withinBudget, lcpMs: 1500 }]);
    expect(summary.lcpMs).toBe(1650);
    expect(summary.tbtMs).toBe(10);
    expect(findBudgetFailures("/", summary)).toEqual([]);
    expect(findBudgetFailures("/", medianSummary([slow, slow, withinBudget]))).not.toEqual([]);
  });

  it("keeps account code loaded in any run", () => {
    const summary = medianSummary([
      withinBudget,
      { ...withinBudget, accountScripts: ["/assets/sign-in-y.js"] },
      withinBudget,
    ]);
    expect(summary.accountScripts).toEqual(["/assets/sign-in-y.js"]);
  });
});
