/**
 * Bookings as personal data beyond the booking itself: the owner's retention rule deletes those
 * that ended before its cut-off, with their e-mails and a `booking_expired` audit entry that
 * names the offer and time, never the client; an address's summary counts its bookings and its
 * export carries her reason.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, bookings, mailOutbox } from "#database/schema";
import { exportAddress, summarizeAddress } from "#server/admin/gdpr";
import { applyRetention, previewRetention, saveRetention } from "#server/admin/retention";
import {
  openTimeoutMs,
  type TestDatabaseHandle,
  testDatabases,
  testTimeoutMs,
} from "#testing/test-databases";
import { bookingMailOwner } from "./booking-mail";

const now = new Date("2026-11-29T10:00:00Z");
const monthsAgo = (months: number) => new Date(now.getTime() - months * 31 * 24 * 3_600_000);

describe.each(testDatabases)("old bookings on $name", { timeout: testTimeoutMs }, ({ open }) => {
  let database: TestDatabaseHandle;
  beforeAll(async () => {
    database = await open();
  }, openTimeoutMs);
  afterAll(async () => {
    await database?.close();
  });

  async function seed(email: string, startsAt: Date, state: "confirmed" | "cancelled") {
    const endsAt = new Date(startsAt.getTime() + 3 * 3_600_000);
    const [row] = await database.db
      .insert(bookings)
      .values({
        offerId: "consultation",
        startsAt,
        endsAt,
        blockedUntil: endsAt,
        state,
        name: "Jana Nováková",
        email,
        privacyConsent: true,
        cancelTokenHash: `digest-${email}`,
        createdAt: startsAt,
        reason: state === "cancelled" ? "Jsem nemocná." : null,
      })
      .returning();
    if (!row) throw new Error("not stored");
    const owner = bookingMailOwner(row);
    await database.db.insert(mailOutbox).values({
      ownerType: owner.type,
      ownerId: owner.id,
      kind: "booking_confirmation",
      to: email,
      subject: "Rezervace je potvrzená",
      nextAttemptAt: startsAt,
    });
    return row;
  }

  it("deletes bookings that ended before the rule's cut-off, with their e-mails and an audit entry each", async () => {
    const old = await seed("stara@example.cz", monthsAgo(14), "confirmed");
    const recent = await seed("nova@example.cz", monthsAgo(2), "cancelled");
    await saveRetention(database.db, 12, now);
    expect(await previewRetention(database.db, 12, now)).toMatchObject({ bookings: 1 });

    expect(await applyRetention(database.db, now)).toBeGreaterThanOrEqual(1);
    const left = await database.db.select({ id: bookings.id }).from(bookings);
    expect(left.map((row) => row.id)).toEqual([recent.id]);
    expect(
      await database.db.select().from(mailOutbox).where(eq(mailOutbox.ownerId, old.id)),
    ).toEqual([]);
    const entries = await database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, "booking_expired"));
    expect(entries).toHaveLength(1);
    expect(entries[0]?.subject).toContain("Harmonizační setkání");
    expect(entries[0]?.subject).not.toContain("Jana");
    // A second run finds nothing more.
    await applyRetention(database.db, now);
    expect(
      await database.db.select().from(auditLog).where(eq(auditLog.action, "booking_expired")),
    ).toHaveLength(1);
  });

  it("counts an address's bookings in its summary and exports her reason", async () => {
    const summary = await summarizeAddress(database.db, "NOVA@example.cz");
    expect(summary).toMatchObject({ bookings: 1, mails: 1 });
    const exported = (await exportAddress(database.db, "nova@example.cz", now)) as {
      bookings: { reason: string | null }[];
    };
    expect(exported.bookings).toEqual([expect.objectContaining({ reason: "Jsem nemocná." })]);
  });
});
