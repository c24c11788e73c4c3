/**
 * Every write that the exclusion constraint `bookings_no_overlap` decides (a visitor's booking,
 * her move, the visitor's move by the cancel link) takes the bookings' lock first, so that such
 * writes run one at a time on PostgreSQL. Without it, PostgreSQL checks the constraint after the
 * row is in: two writes in flight can each find the other's row and wait for it, and one is then
 * aborted as a deadlock a second later (in CI, a hundred bookings of one time took 42 s and
 * answered neither 201 nor 409). Shown here by holding the lock on another connection: each write
 * waits for it, then goes through.
 */
import { afterAll, describe, expect, it } from "vitest";
import type { Database, DatabaseHandle } from "#database/open-database";
import { pragueMoment } from "#shared/booking-time";
import { holdInTransaction } from "#testing/held-transaction";
import { createTestClock } from "#testing/test-app";
import { openTimeoutMs, postgresUrl, testDatabases } from "#testing/test-databases";
import { createContentReader } from "../content/content-store";
import { createBookingAdmin } from "./booking-admin";
import { createBookings, lockBookingTimes } from "./bookings";

const handles: DatabaseHandle[] = [];
afterAll(async () => {
  for (const handle of handles.reverse()) await handle.close();
});

/** Runs `write` while another connection holds the lock: it must still wait after 300 ms. */
async function waitsForLock<T>(db: Database, write: () => Promise<T>): Promise<T> {
  const release = await holdInTransaction(db, lockBookingTimes);
  let settled = false;
  const writing = write().finally(() => {
    settled = true;
  });
  await new Promise((wait) => setTimeout(wait, 300));
  const waitedWhileHeld = !settled;
  await release();
  const result = await writing;
  expect(waitedWhileHeld).toBe(true);
  return result;
}

describe.skipIf(!postgresUrl)("the writes that the no-overlap constraint decides", () => {
  it(
    "wait for the bookings' lock: a booking, her move and a move by the cancel link",
    async () => {
      const postgres = testDatabases.find((database) => database.name === "PostgreSQL");
      const first = await postgres?.open();
      const other = await first?.openAnother?.();
      if (!first || !other) throw new Error("no second connection to PostgreSQL");
      handles.push(first, other);
      const { db } = first;
      const clock = createTestClock();
      const readOffers = async () => (await createContentReader(db).read("offers")).offers;
      const tokens: string[] = [];
      const bookingsApi = createBookings({
        db,
        clock,
        readOffers,
        storeBookingMail: async (_tx, _booking, token) => {
          tokens.push(token);
        },
      });
      const admin = createBookingAdmin({ db, clock, readOffers });

      const booked = await waitsForLock(other.db, () =>
        bookingsApi.book({
          offerId: "consultation",
          startsAt: pragueMoment("2026-05-05", 10 * 60),
          name: "Jana Nováková",
          email: "jana@example.cz",
          privacyConsent: true,
        }),
      );
      if (!("booking" in booked)) throw new Error("the free time was refused");

      const movedByHer = await waitsForLock(other.db, () =>
        admin.move(booked.booking.id, pragueMoment("2026-05-06", 10 * 60), {
          kind: "command_line",
        }),
      );
      expect(movedByHer.startsAt).toEqual(pragueMoment("2026-05-06", 10 * 60));

      const movedByLink = await waitsForLock(other.db, () =>
        bookingsApi.moveByLink(tokens[0] as string, pragueMoment("2026-05-07", 10 * 60)),
      );
      expect(movedByLink.startsAt).toEqual(pragueMoment("2026-05-07", 10 * 60));
    },
    openTimeoutMs,
  );
});
