/**
 * Her weekly summary goes on Monday mornings in Prague, once a week per administrator who has it
 * on (also when two servers look at the same moment), and never to one who turned it off or to
 * an account that is not an administrator.
 */
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { mailOutbox, userRoles, users } from "#database/schema";
import type { StatsOverviewJson } from "#shared/stats";
import {
  emptyTables,
  openTimeoutMs,
  type TestDatabaseHandle,
  testDatabases,
  testTimeoutMs,
} from "#testing/test-databases";
import {
  addDays,
  createWeeklySummary,
  summaryMonday,
  weeklySummaryOwnerType,
} from "./weekly-summary";

const siteUrl = "https://www.harmonieprirody.cz";

/** A week as the overview API answers for it (the summary only reads it). */
function weekOf({ from, to }: { from: string; to: string }): StatsOverviewJson {
  const zero = {
    giftRequests: 0,
    messages: 0,
    bookings: 0,
    eventSignups: 0,
    newsletterSubscriptions: 0,
  };
  return {
    range: "7d",
    unit: "day",
    from,
    to,
    series: [],
    previous: [],
    totals: { visitors: 42, views: 120 },
    previousTotals: { visitors: 30, views: 90 },
    topPages: [{ path: "/", title: null, views: 80 }],
    topReferrers: [],
    campaigns: [],
    conversions: {
      series: [],
      totals: { ...zero, giftRequests: 3 },
      perVisitor: { ...zero, giftRequests: 3 / 42 },
    },
    attention: { newMessages: 2, failedEmails: 0, bookingsToConfirm: 0 },
    keptSince: "2024-11-01",
  };
}

describe("the Prague calendar of the summary", () => {
  it("is Monday from 7:00 to noon in Prague, in winter and in summer time", () => {
    // 2026-11-30 is a Monday; Prague is UTC+1 in winter, UTC+2 from 2026-03-29.
    expect(summaryMonday(new Date("2026-11-30T06:00:00Z"))).toBe("2026-11-30");
    expect(summaryMonday(new Date("2026-11-30T05:59:00Z"))).toBeNull();
    expect(summaryMonday(new Date("2026-11-30T11:00:00Z"))).toBeNull();
    expect(summaryMonday(new Date("2026-11-29T08:00:00Z"))).toBeNull();
    expect(summaryMonday(new Date("2026-12-01T08:00:00Z"))).toBeNull();
    expect(summaryMonday(new Date("2026-03-30T05:30:00Z"))).toBe("2026-03-30");
    expect(summaryMonday(new Date("2026-11-30T05:30:00Z"))).toBeNull();
    expect(addDays("2026-03-02", -7)).toBe("2026-02-23");
    expect(addDays("2027-01-04", -1)).toBe("2027-01-03");
  });
});

describe.each(testDatabases)(
  "the weekly summary on $name",
  { timeout: testTimeoutMs },
  (testDatabase) => {
    let database: TestDatabaseHandle;
    let now = new Date();
    const clock = { now: () => now };
    const weeksRead: { from: string; to: string }[] = [];
    /** A server; with `together`, it reads the week only once all `together` servers have. */
    const summary = (together?: { count: number; arrived: () => Promise<void> }) =>
      createWeeklySummary({
        db: database.db,
        clock,
        settings: { notifyEmail: "info@harmonieprirody.cz", siteUrl },
        readWeek: async (_db, week) => {
          weeksRead.push(week);
          await together?.arrived();
          return weekOf(week);
        },
      });

    beforeAll(async () => {
      database = await testDatabase.open();
    }, openTimeoutMs);
    afterAll(async () => {
      await database?.close();
    });
    beforeEach(async () => {
      await emptyTables(database);
      await database.db.delete(users);
      weeksRead.length = 0;
      const accounts = await database.db
        .insert(users)
        .values([
          { email: "ona@example.cz", passwordHash: "", emailConfirmedAt: new Date() },
          {
            email: "vypnuto@example.cz",
            passwordHash: "",
            emailConfirmedAt: new Date(),
            weeklySummaryEmail: false,
          },
          { email: "clenka@example.cz", passwordHash: "", emailConfirmedAt: new Date() },
        ])
        .returning();
      const [on, off, member] = accounts;
      await database.db.insert(userRoles).values([
        { userId: on?.id ?? "", role: "admin" },
        { userId: off?.id ?? "", role: "admin" },
        { userId: member?.id ?? "", role: "member" },
      ]);
    });

    const summaries = () =>
      database.db
        .select({ to: mailOutbox.to, ownerId: mailOutbox.ownerId, data: mailOutbox.data })
        .from(mailOutbox)
        .where(
          and(
            eq(mailOutbox.kind, "weekly_summary"),
            eq(mailOutbox.ownerType, weeklySummaryOwnerType),
          ),
        );

    it("goes on Monday morning to each administrator who has it on, once that week", async () => {
      now = new Date("2026-11-29T09:00:00Z"); // Sunday
      expect(await summary().queueWeeklySummaries()).toBe(0);
      now = new Date("2026-11-30T07:00:00Z"); // Monday, 8:00 in Prague
      expect(await summary().queueWeeklySummaries()).toBe(1);
      now = new Date("2026-11-30T09:50:00Z"); // the same morning, later
      expect(await summary().queueWeeklySummaries()).toBe(0);
      const queued = await summaries();
      expect(queued.map((mail) => mail.to)).toEqual(["ona@example.cz"]);
      // The week before: Monday to Sunday, with its numbers.
      expect(weeksRead[0]).toEqual({ from: "2026-11-23", to: "2026-11-29" });
      expect(queued[0]?.data).toMatchObject({
        weekFrom: "2026-11-23",
        weekTo: "2026-11-29",
        visitors: 42,
        topPages: [{ label: "Úvodní stránka", views: 80 }],
        requests: [{ label: "Žádosti o dárek", count: 3 }],
        waiting: [{ label: "Nové zprávy", count: 2 }],
      });

      now = new Date("2026-12-07T07:00:00Z"); // the next Monday
      expect(await summary().queueWeeklySummaries()).toBe(1);
      expect((await summaries()).length).toBe(2);
    });

    it("does not go to her once she has turned it off", async () => {
      await database.db
        .update(users)
        .set({ weeklySummaryEmail: false })
        .where(eq(users.email, "ona@example.cz"));
      now = new Date("2026-11-30T07:00:00Z");
      expect(await summary().queueWeeklySummaries()).toBe(0);
      expect(await summaries()).toEqual([]);
    });

    it("goes once when two servers look at the same moment", async () => {
      now = new Date("2026-11-30T07:00:00Z");
      // All of them past reading the week before any writes: each then decides at one moment.
      const servers = 4;
      let arrived = 0;
      let allThere = () => {};
      const barrier = new Promise<void>((resolve) => {
        allThere = resolve;
      });
      const together = {
        count: servers,
        arrived: () => {
          arrived += 1;
          if (arrived === servers) allThere();
          return barrier;
        },
      };
      const counts = await Promise.all(
        Array.from({ length: servers }, () => summary(together).queueWeeklySummaries()),
      );
      expect(counts.reduce((sum, count) => sum + count, 0)).toBe(1);
      expect((await summaries()).length).toBe(1);
    });
  },
);
