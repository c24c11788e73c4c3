/**
 * Her weekly summary e-mail („Přehled“ by e-mail, issue 38): every Monday morning in Prague, to
 * each administrator who has it on (`users.weekly_summary_email`, on by default), the week
 * before in numbers. Several servers may look at once: under one transaction lock each finds
 * whether this week's e-mail is already in the outbox (its owner names the account and the
 * week), so it goes once (decision 0040).
 */
import { and, eq, isNotNull, sql } from "drizzle-orm";
import type { Database } from "#database/open-database";
import { userRoles, users } from "#database/schema";
import { addDays, pragueMoment } from "#shared/booking-time";
import { pageLabel } from "#shared/overview-words";
import { ownerTimeZone, pragueDay } from "#shared/prague-time";
import { conversionKinds, conversionLabels, type StatsOverviewJson } from "#shared/stats";
import { log } from "../logger";
import {
  composeMail,
  hasOwnedMail,
  type MailSettings,
  type QueueingDependencies,
  writeToOutbox,
} from "../mail/outbox";
import { repeatEvery } from "../repeating-task";
import { readStatsOverview } from "./stats-overview";
import { type WeeklySummaryData, weeklySummaryMail } from "./weekly-summary-email";

/** The outbox owner of one account's summary of one week: `weekly_summary`, `<user id>/<Monday>`. */
export const weeklySummaryOwnerType = "weekly_summary";

/** „Monday morning“: from 7:00 to noon, Prague time. */
const morning = { from: 7, until: 12 } as const;

const weekdayAndHour = new Intl.DateTimeFormat("en-GB", {
  weekday: "short",
  hour: "numeric",
  hourCycle: "h23",
  timeZone: ownerTimeZone,
});

/**
 * This Monday (Prague, YYYY-MM-DD) when `now` is a Monday morning in Prague, else null: the
 * summary is written then and only then (a server down all morning skips a week, which is
 * better than a summary on a Thursday).
 */
export function summaryMonday(now: Date): string | null {
  const parts = weekdayAndHour.formatToParts(now);
  const weekday = parts.find((part) => part.type === "weekday")?.value;
  const hour = Number(parts.find((part) => part.type === "hour")?.value);
  if (weekday !== "Mon" || hour < morning.from || hour >= morning.until) return null;
  return pragueDay(now);
}

/**
 * The week that ended before `monday` as „Přehled“ counts it (`readStatsOverview`): the seven
 * days as the overview's 7 days are on that Sunday, the seven before them, and what waits now.
 */
export function readWeekBefore(db: Database, monday: string): Promise<StatsOverviewJson> {
  return readStatsOverview(db, "7d", pragueMoment(addDays(monday, -1), 12 * 60));
}

/** The e-mail's data from the week's overview. */
export function weeklySummaryData(week: StatsOverviewJson, siteUrl: string): WeeklySummaryData {
  const waiting = [
    { label: "Nové zprávy", count: week.attention.newMessages },
    { label: "Neodeslané e-maily", count: week.attention.failedEmails },
    { label: "Rezervace k potvrzení", count: week.attention.bookingsToConfirm },
  ];
  return {
    weekFrom: week.from,
    weekTo: week.to,
    visitors: week.totals.visitors,
    previousVisitors: week.previousTotals.visitors,
    views: week.totals.views,
    topPages: week.topPages
      .slice(0, 5)
      .map((page) => ({ label: pageLabel(page.path, page.title), views: page.views })),
    requests: conversionKinds
      .map((kind) => ({ label: conversionLabels[kind], count: week.conversions.totals[kind] }))
      .filter((row) => row.count > 0),
    waiting: waiting.filter((row) => row.count > 0),
    siteUrl,
  };
}

/** An arbitrary, fixed key of the lock under which servers decide who writes a week's e-mails. */
const weeklySummaryLockKey = 38_0040;

export type WeeklySummaryDependencies = QueueingDependencies & {
  settings: Pick<MailSettings, "notifyEmail" | "siteUrl">;
};

export function createWeeklySummary({
  db,
  clock,
  onMailQueued,
  settings,
}: WeeklySummaryDependencies) {
  return {
    /**
     * On a Monday morning, queues the week's summary for each administrator who has it on and
     * has not had it this week; returns how many were queued (none at any other time).
     */
    async queueWeeklySummaries(): Promise<number> {
      const now = clock.now();
      const monday = summaryMonday(now);
      if (!monday) return 0;
      const recipients = await db
        .selectDistinct({ id: users.id, email: users.email })
        .from(users)
        .innerJoin(userRoles, eq(userRoles.userId, users.id))
        .where(
          and(
            eq(userRoles.role, "admin"),
            eq(users.weeklySummaryEmail, true),
            isNotNull(users.emailConfirmedAt),
          ),
        );
      if (recipients.length === 0) return 0;
      const week = await readWeekBefore(db, monday);
      const data = weeklySummaryData(week, settings.siteUrl);
      let queued = 0;
      for (const recipient of recipients) {
        const owner = { type: weeklySummaryOwnerType, id: `${recipient.id}/${monday}` };
        const wrote = await db.transaction(async (tx) => {
          // One server at a time past this point: the second finds the first's e-mail.
          await tx.execute(sql`select pg_advisory_xact_lock(${weeklySummaryLockKey})`);
          if (await hasOwnedMail(tx, owner)) return false;
          const mail = composeMail(weeklySummaryMail, {
            to: recipient.email,
            replyTo: settings.notifyEmail,
            data,
          });
          await writeToOutbox(tx, [mail], { dueAt: now, owner });
          return true;
        });
        if (wrote) queued += 1;
      }
      if (queued > 0) {
        log.info({ queued, week: monday }, "Weekly summaries queued");
        onMailQueued?.();
      }
      return queued;
    },
  };
}

/** How often a server looks whether it is Monday morning and a summary is due. */
export const weeklySummaryIntervalMs = 10 * 60_000;

/** Runs `queueWeeklySummaries` at start and every ten minutes, until stopped. */
export function startWeeklySummary(
  dependencies: WeeklySummaryDependencies & { intervalMs?: number },
) {
  const summary = createWeeklySummary(dependencies);
  return repeatEvery(
    "Weekly summary",
    dependencies.intervalMs ?? weeklySummaryIntervalMs,
    async () => {
      await summary.queueWeeklySummaries();
    },
  );
}
