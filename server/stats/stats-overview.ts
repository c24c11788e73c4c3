/**
 * „Přehled“'s figures (`StatsOverviewJson`): the day counts of a period and the one before it,
 * its top pages, referrers and campaigns, what visitors asked for (from the tables of the forms,
 * bookings, events and the newsletter), and what waits for her. The weekly e-mail calls
 * `readStatsOverview` too. Days and months are Prague's.
 */
import { and, eq, gt, gte, inArray, isNotNull, isNull, lte, sql } from "drizzle-orm";
import type { Database } from "#database/open-database";
import {
  articleSlugs,
  articles,
  bookings,
  eventSignups,
  formSubmissions,
  newsletterSubscribers,
  visitCampaigns,
  visitDays,
  visitPages,
  visitReferrers,
} from "#database/schema";
import { addDays, pragueMoment } from "#shared/booking-time";
import { pragueDay } from "#shared/prague-time";
import { monthsBefore } from "#shared/retention";
import { paths } from "#shared/routes";
import {
  type ConversionCounts,
  type ConversionKind,
  conversionKinds,
  type StatsOverviewJson,
  type StatsPoint,
  type StatsRange,
} from "#shared/stats";
import { countUnsentMail } from "../mail/outbox";
import { readKeepMonths } from "./stats-settings";

/** How many pages, referrers and campaigns the lists show. */
const topCount = 10;

/** The periods of a range: each point's first and last day, oldest first (this one, the one before). */
export function rangePeriods(range: StatsRange, today: string) {
  if (range === "12m") {
    const [year = 0, month = 1] = today.split("-").map(Number);
    const monthOf = (back: number) => {
      const index = year * 12 + (month - 1) - back;
      const key = `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, "0")}`;
      const next = index + 1;
      const nextFirst = `${Math.floor(next / 12)}-${String((next % 12) + 1).padStart(2, "0")}-01`;
      return { period: key, from: `${key}-01`, to: addDays(nextFirst, -1) };
    };
    return {
      unit: "month" as const,
      current: Array.from({ length: 12 }, (_, i) => monthOf(11 - i)),
      previous: Array.from({ length: 12 }, (_, i) => monthOf(23 - i)),
    };
  }
  const days = range === "7d" ? 7 : 30;
  const dayOf = (back: number) => {
    const day = addDays(today, -back);
    return { period: day, from: day, to: day };
  };
  return {
    unit: "day" as const,
    current: Array.from({ length: days }, (_, i) => dayOf(days - 1 - i)),
    previous: Array.from({ length: days }, (_, i) => dayOf(2 * days - 1 - i)),
  };
}

type Period = { period: string; from: string; to: string };

/** Which point a day falls in (periods in order, days as YYYY-MM-DD compare as text). */
function pointOf(periods: Period[], day: string): number {
  return periods.findIndex((period) => period.from <= day && day <= period.to);
}

export async function readStatsOverview(
  db: Database,
  range: StatsRange,
  now: Date,
): Promise<StatsOverviewJson> {
  const today = pragueDay(now);
  const { unit, current, previous } = rangePeriods(range, today);
  const from = current[0]?.from ?? today;
  const earliest = previous[0]?.from ?? from;

  const [visitorRows, viewRows] = await Promise.all([
    db
      .select({ day: visitDays.day, visitors: visitDays.visitors })
      .from(visitDays)
      .where(and(gte(visitDays.day, earliest), lte(visitDays.day, today))),
    db
      .select({ day: visitPages.day, views: sql<number>`sum(${visitPages.views})::int` })
      .from(visitPages)
      .where(and(gte(visitPages.day, earliest), lte(visitPages.day, today)))
      .groupBy(visitPages.day),
  ]);
  const pointsOf = (periods: Period[]): StatsPoint[] => {
    const points = periods.map(({ period }) => ({ period, visitors: 0, views: 0 }));
    for (const row of visitorRows) {
      const point = points[pointOf(periods, row.day)];
      if (point) point.visitors += row.visitors;
    }
    for (const row of viewRows) {
      const point = points[pointOf(periods, row.day)];
      if (point) point.views += Number(row.views);
    }
    return points;
  };
  const series = pointsOf(current);
  const before = pointsOf(previous);

  const [topPages, topReferrers, campaigns, conversions, attention, keepMonths] = await Promise.all(
    [
      readTopPages(db, from, today),
      db
        .select({
          domain: visitReferrers.domain,
          views: sql<number>`sum(${visitReferrers.views})::int`,
        })
        .from(visitReferrers)
        .where(and(gte(visitReferrers.day, from), lte(visitReferrers.day, today)))
        .groupBy(visitReferrers.domain)
        .orderBy(sql`2 desc`, visitReferrers.domain)
        .limit(topCount),
      db
        .select({
          source: visitCampaigns.source,
          medium: visitCampaigns.medium,
          campaign: visitCampaigns.campaign,
          views: sql<number>`sum(${visitCampaigns.views})::int`,
        })
        .from(visitCampaigns)
        .where(and(gte(visitCampaigns.day, from), lte(visitCampaigns.day, today)))
        .groupBy(visitCampaigns.source, visitCampaigns.medium, visitCampaigns.campaign)
        .orderBy(sql`4 desc`, visitCampaigns.source)
        .limit(topCount),
      readConversions(db, current, pragueMoment(from, 0)),
      readAttention(db, now),
      readKeepMonths(db),
    ],
  );

  const totals = sumPoints(series);
  return {
    range,
    unit,
    from,
    to: today,
    series,
    previous: before,
    totals,
    previousTotals: sumPoints(before),
    topPages,
    topReferrers: topReferrers.map((row) => ({ ...row, views: Number(row.views) })),
    campaigns: campaigns.map((row) => ({ ...row, views: Number(row.views) })),
    conversions: {
      series: conversions.series,
      totals: conversions.totals,
      perVisitor: Object.fromEntries(
        conversionKinds.map((kind) => [
          kind,
          totals.visitors > 0 ? conversions.totals[kind] / totals.visitors : null,
        ]),
      ) as Record<ConversionKind, number | null>,
    },
    attention,
    keptSince: pragueDay(monthsBefore(now, keepMonths)),
  };
}

function sumPoints(points: StatsPoint[]) {
  return points.reduce(
    (sum, point) => ({ visitors: sum.visitors + point.visitors, views: sum.views + point.views }),
    { visitors: 0, views: 0 },
  );
}

/** The most viewed paths, an article's with its title (by any address it has had). */
async function readTopPages(db: Database, from: string, to: string) {
  const rows = await db
    .select({ path: visitPages.path, views: sql<number>`sum(${visitPages.views})::int` })
    .from(visitPages)
    .where(and(gte(visitPages.day, from), lte(visitPages.day, to)))
    .groupBy(visitPages.path)
    .orderBy(sql`2 desc`, visitPages.path)
    .limit(topCount);
  const prefix = `${paths.blog}/`;
  const slugs = rows
    .map((row) => row.path)
    .filter((path) => path.startsWith(prefix))
    .map((path) => path.slice(prefix.length));
  const titles = new Map(
    slugs.length === 0
      ? []
      : (
          await db
            .select({ slug: articleSlugs.slug, title: articles.title })
            .from(articleSlugs)
            .innerJoin(articles, eq(articles.id, articleSlugs.articleId))
            .where(and(inArray(articleSlugs.slug, slugs), isNull(articles.deletedAt)))
        ).map((row) => [`${prefix}${row.slug}`, row.title]),
  );
  return rows.map((row) => ({
    path: row.path,
    title: titles.get(row.path) ?? null,
    views: Number(row.views),
  }));
}

/**
 * What visitors asked for in the period, per point: a site of one practitioner has a few a day,
 * so the moments are read and put into Prague's days here.
 */
async function readConversions(db: Database, periods: Period[], since: Date) {
  const moments = await Promise.all([
    db
      .select({ at: formSubmissions.createdAt, type: formSubmissions.formType })
      .from(formSubmissions)
      .where(gte(formSubmissions.createdAt, since)),
    db.select({ at: bookings.createdAt }).from(bookings).where(gte(bookings.createdAt, since)),
    db
      .select({ at: eventSignups.createdAt })
      .from(eventSignups)
      .where(gte(eventSignups.createdAt, since)),
    // A subscription counts when confirmed (double opt-in), on the day it was.
    db
      .select({ at: newsletterSubscribers.confirmedAt })
      .from(newsletterSubscribers)
      .where(
        and(
          isNotNull(newsletterSubscribers.confirmedAt),
          gte(newsletterSubscribers.confirmedAt, since),
        ),
      ),
  ]);
  const [submissions, booked, signups, subscriptions] = moments;
  const series = periods.map(({ period }) => ({ period, ...zeroCounts() }));
  const totals = zeroCounts();
  const note = (at: Date | null, kind: ConversionKind) => {
    if (!at) return;
    const point = series[pointOf(periods, pragueDay(at))];
    if (!point) return;
    point[kind] += 1;
    totals[kind] += 1;
  };
  for (const row of submissions) note(row.at, row.type === "contact" ? "messages" : "giftRequests");
  for (const row of booked) note(row.at, "bookings");
  for (const row of signups) note(row.at, "eventSignups");
  for (const row of subscriptions) note(row.at, "newsletterSubscriptions");
  return { series, totals };
}

function zeroCounts(): ConversionCounts {
  return Object.fromEntries(conversionKinds.map((kind) => [kind, 0])) as ConversionCounts;
}

/** Messages she has not handled, e-mails that failed, bookings waiting for her yes or no. */
async function readAttention(db: Database, now: Date) {
  const count = sql<number>`count(*)::int`;
  const [[messages], [failed], [pending]] = await Promise.all([
    db
      .select({ count })
      .from(formSubmissions)
      .where(and(eq(formSubmissions.formType, "contact"), isNull(formSubmissions.handledAt))),
    countUnsentMail(db).then(({ failed }) => [{ count: failed }]),
    db
      .select({ count })
      .from(bookings)
      .where(and(eq(bookings.state, "pending"), gt(bookings.startsAt, now))),
  ]);
  return {
    newMessages: Number(messages?.count ?? 0),
    failedEmails: Number(failed?.count ?? 0),
    bookingsToConfirm: Number(pending?.count ?? 0),
  };
}
