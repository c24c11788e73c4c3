import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { auditLog, formSubmissions, inboxSettings, mailOutbox } from "#database/schema";
import { monthsBefore } from "#shared/retention";
import {
  emptyTables,
  openTimeoutMs,
  type TestDatabaseHandle,
  testDatabases,
  testTimeoutMs,
} from "#testing/test-databases";
import { captureLog } from "../logger";
import { applyRetention, readRetention, saveRetention, startRetentionSchedule } from "./retention";

const now = new Date("2026-11-23T10:00:00Z");

describe("monthsBefore", () => {
  it("counts calendar months, clamping to the month's last day", () => {
    expect(monthsBefore(now, 6).toISOString()).toBe("2026-05-23T10:00:00.000Z");
    expect(monthsBefore(new Date("2026-03-31T08:00:00Z"), 1).toISOString()).toBe(
      "2026-02-28T08:00:00.000Z",
    );
    expect(monthsBefore(now, 24).toISOString()).toBe("2024-11-23T10:00:00.000Z");
  });
});

describe.each(testDatabases)(
  "the retention rule on $name",
  { timeout: testTimeoutMs },
  (testDatabase) => {
    let database: TestDatabaseHandle;
    beforeAll(async () => {
      database = await testDatabase.open();
    }, openTimeoutMs);
    afterAll(async () => {
      await database?.close();
    });
    beforeEach(async () => {
      await emptyTables(database);
      await database.db.delete(inboxSettings);
    });

    async function seed(name: string, createdAt: Date) {
      const [row] = await database.db
        .insert(formSubmissions)
        .values({
          createdAt,
          formType: "gift_ritual",
          name,
          email: "a@example.cz",
          privacyConsent: true,
        })
        .returning();
      await database.db.insert(mailOutbox).values({
        submissionId: row?.id,
        kind: "owner_notification",
        to: "majitelka@example.cz",
        subject: name,
        html: name,
        text: name,
        nextAttemptAt: createdAt,
      });
    }

    const names = async () =>
      (await database.db.select().from(formSubmissions)).map((row) => row.name).sort();

    it("is off by default: nothing is deleted, however old", async () => {
      await seed("Velmi Stará", new Date("2010-01-01T00:00:00Z"));
      expect(await readRetention(database.db)).toEqual({ months: null, last_run_at: null });
      expect(await applyRetention(database.db, now)).toBe(0);
      expect(await names()).toEqual(["Velmi Stará"]);
    });

    it("deletes only what is older than the setting, with its e-mails, and notes when it ran", async () => {
      await seed("Sedm Měsíců", new Date("2026-04-20T10:00:00Z"));
      await seed("Těsně Před", new Date("2026-05-23T09:59:59Z"));
      await seed("Těsně Po", new Date("2026-05-23T10:00:01Z"));
      await seed("Včerejší", new Date("2026-11-22T10:00:00Z"));
      await saveRetention(database.db, 6, now);
      expect(await applyRetention(database.db, now)).toBe(2);
      expect(await names()).toEqual(["Těsně Po", "Včerejší"]);
      const subjects = (await database.db.select().from(mailOutbox))
        .map((mail) => mail.subject)
        .sort();
      expect(subjects).toEqual(["Těsně Po", "Včerejší"]);
      expect(await readRetention(database.db)).toEqual({
        months: 6,
        last_run_at: now.toISOString(),
      });
      // Each deletion in the audit log by its form and date, by no one: the server's rule.
      const entries = (await database.db.select().from(auditLog))
        .filter((entry) => entry.at.getTime() === now.getTime())
        .map((entry) => ({
          action: entry.action,
          actor: entry.actorEmail,
          form: entry.submissionFormType,
          sent: entry.submissionCreatedAt?.toISOString(),
        }))
        .sort((a, b) => String(a.sent).localeCompare(String(b.sent)));
      expect(entries).toEqual([
        {
          action: "submission_expired",
          actor: null,
          form: "gift_ritual",
          sent: "2026-04-20T10:00:00.000Z",
        },
        {
          action: "submission_expired",
          actor: null,
          form: "gift_ritual",
          sent: "2026-05-23T09:59:59.000Z",
        },
      ]);
    });

    it("runs at start and says in the server's log what it deleted", async () => {
      await seed("Loňská", new Date("2025-10-01T10:00:00Z"));
      await saveRetention(database.db, 6, now);
      const lines = await captureLog(async () => {
        const schedule = startRetentionSchedule({ db: database.db, clock: { now: () => now } });
        await schedule.stop();
      });
      expect(await names()).toEqual([]);
      expect(lines).toContainEqual(
        expect.objectContaining({
          level: "info",
          msg: "Retention: submissions past the limit deleted",
          deleted: 1,
        }),
      );
    });
  },
);
