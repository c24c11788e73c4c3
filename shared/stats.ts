/**
 * Her visit counts („Přehled“, issue 38): the JSON the overview API answers, her settings and
 * their Czech refusals. Counted first-party and without cookies (docs/decisions/0039-*.md);
 * this module builds zod schemas, so no public page may import it (the beacon's code in the
 * root reads only `paths.statsBeacon`).
 */
import * as z from "zod/mini";

/** The overview's periods: the last 7 or 30 days (per day) or the last 12 months (per month). */
export const statsRanges = ["7d", "30d", "12m"] as const;
export type StatsRange = (typeof statsRanges)[number];
export const statsRangeLabels: Record<StatsRange, string> = {
  "7d": "7 dní",
  "30d": "30 dní",
  "12m": "12 měsíců",
};

/** The overview's API (GET, `?range=7d|30d|12m`, 7d when absent) and her settings' (GET, PUT). */
export const statsApiPaths = {
  overview: "/api/admin/stats",
  settings: "/api/admin/stats/settings",
} as const;

export const statsMessages = {
  range: "Neznámé období. Vyberte prosím 7 dní, 30 dní nebo 12 měsíců.",
  keepMonths: "Zadejte prosím, kolik měsíců se mají návštěvy uchovávat: celé číslo od 1 do 60.",
  weeklySummary: "Vyberte prosím, zda chcete dostávat týdenní souhrn e-mailem.",
  beacon: "Záznam o návštěvě se nepodařilo přečíst.",
} as const;

/** How long the day counts are kept: whole months, 1–60 (the migration's CHECK says the same). */
export const keepMonthsLimits = { min: 1, max: 60, initial: 25 } as const;

export const statsRangeSchema = /* @__PURE__ */ z.enum(statsRanges, statsMessages.range);

/** Her settings: the counts' keeping (the site's) and the weekly e-mail (her own account's). */
export const statsSettingsSchema = /* @__PURE__ */ z.strictObject({
  keepMonths: z
    .int(statsMessages.keepMonths)
    .check(
      z.minimum(keepMonthsLimits.min, statsMessages.keepMonths),
      z.maximum(keepMonthsLimits.max, statsMessages.keepMonths),
    ),
  weeklySummary: z.boolean(statsMessages.weeklySummary),
});
export type StatsSettingsJson = z.output<typeof statsSettingsSchema>;

/**
 * A change of her settings (PUT): each field given is saved, an absent one stays as it is, so
 * one administrator's change of the months does not put back another's weekly e-mail.
 */
export const statsSettingsChangeSchema = /* @__PURE__ */ z.partial(statsSettingsSchema);
export type StatsSettingsChange = z.output<typeof statsSettingsChangeSchema>;

/**
 * One day (`2026-11-29`, Prague) or month (`2026-11`) of the chart. Visitors are the day's
 * unique visitors, added up over the days of a month: with a salt that changes every day, one
 * person on two days is two visitors, and nothing can tell otherwise.
 */
export type StatsPoint = { period: string; visitors: number; views: number };

/** What her visitors asked for: the gifts (both), messages, bookings, event sign-ups, subscriptions. */
export const conversionKinds = [
  "giftRequests",
  "messages",
  "bookings",
  "eventSignups",
  "newsletterSubscriptions",
] as const;
export type ConversionKind = (typeof conversionKinds)[number];
export const conversionLabels: Record<ConversionKind, string> = {
  giftRequests: "Žádosti o dárek",
  messages: "Zprávy",
  bookings: "Rezervace",
  eventSignups: "Přihlášky na akce",
  newsletterSubscriptions: "Přihlášení k odběru novinek",
};
export type ConversionCounts = Record<ConversionKind, number>;

export type StatsOverviewJson = {
  range: StatsRange;
  unit: "day" | "month";
  /** The first and last day of the period (Prague, YYYY-MM-DD; the last is today). */
  from: string;
  to: string;
  /** One point per day or month, oldest first, the last being today's (this month's). */
  series: StatsPoint[];
  /** The period just before, aligned point by point with `series`. */
  previous: StatsPoint[];
  totals: { visitors: number; views: number };
  previousTotals: { visitors: number; views: number };
  /** Most viewed paths, at most 10; `title` is the article's where the path is one. */
  topPages: { path: string; title: string | null; views: number }[];
  /** Where visitors came from (other sites' domains, never her own), at most 10. */
  topReferrers: { domain: string; views: number }[];
  /** Visits with `utm_*` in the address, at most 10; an absent part is "". */
  campaigns: { source: string; medium: string; campaign: string; views: number }[];
  conversions: {
    /** Aligned with `series`. */
    series: ({ period: string } & ConversionCounts)[];
    totals: ConversionCounts;
    /** Each total divided by the period's visitors (0–1 and more); null when nobody came. */
    perVisitor: Record<ConversionKind, number | null>;
  };
  /** What waits for her now, whatever the period. */
  attention: { newMessages: number; failedEmails: number; bookingsToConfirm: number };
  /** Counts older than this day are deleted (her setting). */
  keptSince: string;
};
