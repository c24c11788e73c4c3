/**
 * Her weekly summary goes on Monday mornings in Prague, once a week per administrator who has it
 * on (also when two servers look at the same moment), and never to one who turned it off or to
 * an account that is not an administrator.
 */
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  formSubmissions,
  mailOutbox,
  userRoles,
  users,
  visitDays,
  visitPages,
} from "#database/schema";
import { addDays } from "#shared/booking-time";
import {
  emptyTables,
  openTimeoutMs,
  type TestDatabaseHandle,
  testDatabases,
  testTimeoutMs,
} from "#testing/test-databases";
import { createWeeklySummary, summaryMonday, weeklySummaryOwnerType } from "./weekly-summary";

const siteUrl = "https://www.harmonieprirody.cz";

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
  });
});

describe.each(testDatabases)(
  "the weekly summary on $name",
  { timeout: testTimeoutMs },
  (testDatabase) => {
    let database: TestDatabaseHandle;
    let now = new Date();
    const clock = { now: () => now };
    /** A server; with `together`, it decides only once all `together` servers have read the week. */
    const summary = (together?: { arrived: () => Promise<void> }) =>
      createWeeklySummary({
        // The same database; its transactions (where each server decides) start together.
        db: new Proxy(database.db, {
          get(target, property) {
            if (property === "transaction") {
              return async (...args: Parameters<typeof target.transaction>) => {
                await together?.arrived();
                return target.transaction(...args);
              };
            }
            const value = Reflect.get(target, property, target);
            return typeof value === "function" ? value.bind(target) : value;
          },
        }),
        clock,
        settings: { notifyEmail: "info@harmonieprirody.cz", siteUrl },
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
      await database.db.delete(visitDays);
      await database.db.delete(visitPages);
      // The week 23–29 November 2026: 42 visitors (30 the week before), most on the home page.
      const week = Array.from({ length: 7 }, (_, index) => addDays("2026-11-23", index));
      await database.db.insert(visitDays).values([
        ...week.map((day, index) => ({ day, visitors: index === 0 ? 12 : 5 })),
        { day: "2026-11-20", visitors: 30 },
        // Today's (the Monday's) visitors are the next week's.
        { day: "2026-11-30", visitors: 99 },
      ]);
      await database.db.insert(visitPages).values([
        { day: "2026-11-24", path: "/", views: 80 },
        { day: "2026-11-25", path: "/darek", views: 40 },
        { day: "2026-11-30", path: "/akce", views: 500 },
      ]);
      await database.db.insert(formSubmissions).values({
        formType: "gift_ritual",
        name: "Šárka Dvořáková",
        email: "sarka@example.cz",
        privacyConsent: true,
        createdAt: new Date("2026-11-26T10:00:00Z"),
      });
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
      // The week before, Monday to Sunday, with its numbers (not the Monday's own).
      expect(queued[0]?.data).toMatchObject({
        weekFrom: "2026-11-23",
        weekTo: "2026-11-29",
        visitors: 42,
        previousVisitors: 30,
        views: 120,
        topPages: [
          { label: "Úvodní stránka", views: 80 },
          { label: "Dárek", views: 40 },
        ],
        requests: [{ label: "Žádosti o dárek", count: 1 }],
        // A gift request is no message to answer: nothing waits.
        waiting: [],
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
