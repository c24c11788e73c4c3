import { describe, expect, it } from "vitest";
import { findBudgetFailures, medianSummary, type RunSummary } from "./budget-check";
import { perfBudgets } from "./budgets";

const withinBudget: RunSummary = {
  scores: { performance: 99, accessibility: 100, "best-practices": 100, seo: 100 },
  fcpMs: 850,
  lcpMs: 1050,
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
      scores: { ...withinBudget.scores, performance: 97, seo: 99 },
      lcpMs: perfBudgets.maximumLcpMs + 2,
      tbtMs: 51,
      cls: 0.001,
      bytes: { ...withinBudget.bytes, javascript: 131.6 * 1024 },
      accountScripts: ["/assets/admin-x.js"],
    });
    expect(failures).toEqual([
      "/about: performance score 97 < 98",
      "/about: seo score 99 < 100",
      "/about: LCP 1202 ms > 1200 ms",
      "/about: TBT 51 ms > 50 ms",
      "/about: CLS 0.001 > 0",
      "/about: JavaScript 131.6 KiB gzip > 130 KiB",
      "/about: loads sign-in/administration code (/assets/admin-x.js)",
    ]);
  });

  it("judges the median of the runs, so one slow run does not fail a page", () => {
    const slow = { ...withinBudget, lcpMs: 2600, tbtMs: 300 };
    const summary = medianSummary([withinBudget, slow, { ...withinBudget, lcpMs: 900 }]);
    expect(summary.lcpMs).toBe(1050);
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
