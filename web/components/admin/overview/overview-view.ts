/**
 * The overview API's answer (`#shared/stats`) as „Přehled“ shows it: the range an address asks
 * for, articles by their titles, campaigns in one line, rates per day and per 100 visitors, and
 * what waits for her with where she handles it.
 */

import { pageLabel } from "#shared/overview-words";
import { paths } from "#shared/routes";
import {
  conversionKinds,
  conversionLabels,
  type StatsOverviewJson,
  type StatsRange,
  statsRanges,
} from "#shared/stats";
import { filterParams } from "~/components/admin/inbox-filter";
import type { OverviewView } from "~/components/admin/overview/overview-screen";

/** The address's query parameter that chooses the range (`/admin/prehled?obdobi=30d`). */
export const rangeParam = "obdobi";

/** The range an address asks for; 7 days when it asks for none it knows. */
export function readRange(url: URL): StatsRange {
  const asked = url.searchParams.get(rangeParam);
  return statsRanges.find((range) => range === asked) ?? "7d";
}

/** „podzim · instagram · social“: the campaign's name first, then where its link was. */
export function campaignLabel({
  source,
  medium,
  campaign,
}: {
  source: string;
  medium: string;
  campaign: string;
}): string {
  return [campaign, source, medium].filter((part) => part !== "").join(" · ");
}

const dayMs = 24 * 60 * 60 * 1000;

/** How many days the period has, both ends included (for the rates per day). */
function daysOf({ from, to }: { from: string; to: string }): number {
  return Math.max(1, Math.round((Date.parse(to) - Date.parse(from)) / dayMs) + 1);
}

/** Over days, a rate per day; over 12 months, per month (a day's would round to nothing). */
function pointsOf(stats: StatsOverviewJson): number {
  return stats.unit === "month" ? Math.max(1, stats.series.length) : daysOf(stats);
}

export function toOverviewView(stats: StatsOverviewJson): OverviewView {
  const trend = (key: "visitors" | "views") => ({
    current: stats.series.map((point) => ({ period: point.period, value: point[key] })),
    previous: stats.previous.map((point) => ({ period: point.period, value: point[key] })),
    total: stats.totals[key],
    previousTotal: stats.previousTotals[key],
  });
  const points = pointsOf(stats);
  const attention = [
    {
      key: "newMessages",
      label: "Nové zprávy",
      count: stats.attention.newMessages,
      to: `${paths.admin}?${filterParams.state}=nove`,
    },
    {
      key: "failedEmails",
      label: "Neodeslané e-maily",
      count: stats.attention.failedEmails,
      to: `${paths.admin}?${filterParams.mail}=neodeslane`,
    },
    {
      key: "bookingsToConfirm",
      label: "Rezervace k potvrzení",
      count: stats.attention.bookingsToConfirm,
      to: paths.adminBookings,
    },
  ];
  return {
    range: stats.range,
    unit: stats.unit,
    visitors: trend("visitors"),
    views: trend("views"),
    topPages: stats.topPages.map((page) => ({
      key: page.path,
      label: pageLabel(page.path, page.title),
      views: page.views,
    })),
    referrers: stats.topReferrers.map((row) => ({ domain: row.domain, views: row.views })),
    campaigns: stats.campaigns.map((row) => ({ label: campaignLabel(row), views: row.views })),
    conversions: conversionKinds.map((kind) => {
      const perVisitor = stats.conversions.perVisitor[kind];
      return {
        key: kind,
        label: conversionLabels[kind],
        count: stats.conversions.totals[kind],
        perPoint: stats.conversions.totals[kind] / points,
        perHundred: perVisitor === null ? null : perVisitor * 100,
      };
    }),
    attention: attention.filter((item) => item.count > 0),
  };
}
