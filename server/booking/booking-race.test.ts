/**
 * A hundred visitors book the same time at once: exactly one gets it, the others a clear
 * refusal with the next free times. On each database, and across two servers on one PostgreSQL
 * (each with its own connections), since only the database's constraint can decide a race.
 */
import { count } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#database/open-database";
import { bookings } from "#database/schema";
import { bookingMessages } from "#shared/booking-schemas";
import { pragueMoment } from "#shared/booking-time";
import { createTestApp, createTestClock } from "#testing/test-app";
import { openTimeoutMs, postgresUrl, testDatabases } from "#testing/test-databases";

const attempts = 100;
// Tuesday 5 May 2026, 10:00 in Prague: free at the test clock's Monday morning.
const startsAt = pragueMoment("2026-05-05", 10 * 60).toISOString();

type App = ReturnType<typeof createTestApp>;

/** Sends the hundred bookings at once, spread over `apps` in turn; the statuses and bodies. */
async function bookAtOnce(apps: App[]) {
  const answers = await Promise.all(
    Array.from({ length: attempts }, async (_, index) => {
      const app = apps[index % apps.length] as App;
      const response = await app.request("/api/bookings", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({
          offerId: "consultation",
          startsAt,
          name: `Návštěvnice ${index}`,
          email: `navstevnice${index}@example.cz`,
          privacyConsent: true,
        }),
      });
      return {
        status: response.status,
        body: (await response.json()) as { error: { nextFree: string[] } },
      };
    }),
  );
  return answers;
}

function expectOneBooking(answers: Awaited<ReturnType<typeof bookAtOnce>>) {
  // Any answer but a booking or a refusal, whole, so that a failure says what it was.
  expect(answers.filter((answer) => answer.status !== 201 && answer.status !== 409)).toEqual([]);
  expect(answers.filter((answer) => answer.status === 201)).toHaveLength(1);
  const refused = answers.filter((answer) => answer.status === 409);
  expect(refused).toHaveLength(attempts - 1);
  for (const { body } of refused) {
    expect(body).toEqual({
      error: {
        code: "slot_taken",
        message: bookingMessages.taken,
        // 10:00 is held until 13:30 (three hours and the pause): the next start is 13:30.
        nextFree: expect.arrayContaining([pragueMoment("2026-05-05", 13 * 60 + 30).toISOString()]),
      },
    });
    expect(body.error.nextFree).not.toContain(startsAt);
  }
}

const handles: DatabaseHandle[] = [];
afterAll(async () => {
  for (const handle of handles.reverse()) await handle.close();
});

describe.each(testDatabases)("100 bookings of one time at once on $name", ({ open }) => {
  it(
    "stores exactly one, and refuses 99 with 409 and the next free times",
    async () => {
      const database = await open();
      handles.push(database);
      const answers = await bookAtOnce([createTestApp(database, { clock: createTestClock() })]);
      expectOneBooking(answers);
      expect((await database.db.select({ n: count() }).from(bookings))[0]?.n).toBe(1);
    },
    openTimeoutMs,
  );
});

describe.skipIf(!postgresUrl)("100 bookings of one time at once on two servers", () => {
  it(
    "stores exactly one across both servers on one PostgreSQL",
    async () => {
      const postgres = testDatabases.find((database) => database.name === "PostgreSQL");
      const first = await postgres?.open();
      const second = await first?.openAnother?.();
      if (!first || !second) throw new Error("no second connection to PostgreSQL");
      handles.push(first, second);
      const answers = await bookAtOnce([
        createTestApp(first, { clock: createTestClock() }),
        createTestApp(second, { clock: createTestClock() }),
      ]);
      expectOneBooking(answers);
      expect((await second.db.select({ n: count() }).from(bookings))[0]?.n).toBe(1);
    },
    openTimeoutMs,
  );
});
