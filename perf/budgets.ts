/**
 * The performance budgets of the public pages, checked by `npm run perf`
 * (perf/run-lighthouse.ts). Each number is compared with the median of
 * `runsPerPage` Lighthouse runs with its default mobile settings: a Moto G
 * Power-sized screen, simulated slow 4G (150 ms RTT, 1.6 Mbit/s down) and a
 * CPU four times slower than the measuring machine. A page that misses any
 * budget fails the run, and the message names the page and the metric.
 */
import { publicRoutePaths } from "#shared/routes";
import { listArticlePaths } from "../web/lib/article-files";

export const perfBudgets = {
  /** Every pre-rendered public page and article, as the sitemap lists them. */
  pages: [...publicRoutePaths, ...listArticlePaths()],
  /**
   * `npm test`'s check (PERF_ONE_ARTICLE): every page but one article, since the
   * articles share one template and each costs half a minute in CI.
   */
  pagesWithOneArticle: [...publicRoutePaths, ...listArticlePaths().slice(0, 1)],
  /** Lighthouse varies from run to run; budgets apply to the median. */
  runsPerPage: 3,
  /** Lowest category scores allowed (0–100). */
  minimumScores: {
    performance: 98, // we aim at 100
    accessibility: 100,
    "best-practices": 100,
    seo: 100,
  },
  /** Largest Contentful Paint, in milliseconds. */
  maximumLcpMs: 1200,
  /** Total Blocking Time, in milliseconds. */
  maximumTbtMs: 50,
  /** Cumulative Layout Shift (font swaps and late content count here). */
  maximumCls: 0,
  /**
   * JavaScript a page runs at the visitor's first input (it loads none
   * before: web/progressive/page-starter.ts), gzip-compressed, in KiB
   * (1 KiB = 1024 bytes). Code that only a later interaction needs loads
   * later still.
   */
  maximumJavaScriptKiB: 130,
  /**
   * Route modules whose code must never load on a public page: the session
   * library and the administration live only behind these screens. The
   * runner finds their chunks in the build's route manifest.
   */
  accountOnlyRoutes: [
    "routes/account-layout",
    "routes/sign-in",
    "routes/admin",
    "routes/admin-record",
  ],
} as const;

export type CategoryId = keyof typeof perfBudgets.minimumScores;
