/**
 * Event sign-ups under the owner's retention rule and in an address's summary: the rule deletes
 * the sign-ups of events that ended before its cut-off, with their e-mails, and keeps the rest;
 * its preview counts them; an address's summary counts its sign-ups and its subscription.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eventSignups, mailOutbox, newsletterSubscribers } from "#database/schema";
import { summarizeAddress } from "#server/admin/gdpr";
import { applyRetention, previewRetention, saveRetention } from "#server/admin/retention";
import { insertTestEvent } from "#testing/sample-events";
import {
  openTimeoutMs,
  type TestDatabaseHandle,
  testDatabases,
  testTimeoutMs,
} from "#testing/test-databases";
import { eventSignupMailOwner } from "./event-mail";

const now = new Date("2026-11-29T10:00:00Z");
const monthsAgo = (months: number) => new Date(now.getTime() - months * 31 * 24 * 3_600_000);

describe.each(testDatabases)(
  "old event sign-ups on $name",
  { timeout: testTimeoutMs },
  ({ open }) => {
    let database: TestDatabaseHandle;
    beforeAll(async () => {
      database = await open();
    }, openTimeoutMs);
    afterAll(async () => {
      await database?.close();
    });

    async function signUp(eventId: string, email: string) {
      const [row] = await database.db
        .insert(eventSignups)
        .values({
          eventId,
          state: "waitlisted",
          name: "Jana Nováková",
          email,
          privacyConsent: true,
          cancelTokenHash: `digest-${email}`,
        })
        .returning();
      if (!row) throw new Error("not stored");
      const owner = eventSignupMailOwner(row);
      await database.db.insert(mailOutbox).values({
        ownerType: owner.type,
        ownerId: owner.id,
        kind: "event_signup",
        to: email,
        subject: "Jste na čekací listině",
        nextAttemptAt: now,
      });
      return row;
    }

    it("deletes the sign-ups of events that ended before the cut-off, with their e-mails", async () => {
      const past = await insertTestEvent(database.db, monthsAgo(14));
      const recent = await insertTestEvent(database.db, monthsAgo(3));
      const old = await signUp(past.id, "stara@example.cz");
      const kept = await signUp(recent.id, "nova@example.cz");
      await saveRetention(database.db, 12, now);
      expect(await previewRetention(database.db, 12, now)).toMatchObject({ eventSignups: 1 });

      expect(await applyRetention(database.db, now)).toBe(1);
      const left = await database.db.select({ id: eventSignups.id }).from(eventSignups);
      expect(left.map((row) => row.id)).toEqual([kept.id]);
      expect(
        await database.db.select().from(mailOutbox).where(eq(mailOutbox.ownerId, old.id)),
      ).toEqual([]);
      expect(
        await database.db.select().from(mailOutbox).where(eq(mailOutbox.ownerId, kept.id)),
      ).toHaveLength(1);
      expect(await previewRetention(database.db, 12, now)).toMatchObject({ eventSignups: 0 });
    });

    it("counts an address's event sign-ups and its subscription in its summary", async () => {
      await database.db.insert(newsletterSubscribers).values({
        email: "nova@example.cz",
        state: "subscribed",
        source: "blog",
        consentText: "Chci dostávat novinky.",
        consentVersion: "1",
        consentedAt: now,
        consentAddressBlock: "198.51.100.0/24",
      });
      expect(await summarizeAddress(database.db, "NOVA@example.cz")).toMatchObject({
        eventSignups: 1,
        subscribers: 1,
        mails: 1,
      });
    });
  },
);
