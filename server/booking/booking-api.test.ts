import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bookings } from "#database/schema";
import { bookingMessages, bookingRateLimitedMessage } from "#shared/booking-schemas";
import { pragueMoment } from "#shared/booking-time";
import { formatPragueTime } from "#shared/prague-time";
import { createTestApp, createTestClock } from "#testing/test-app";
import {
  openTimeoutMs,
  type TestDatabaseHandle,
  testDatabases,
  testTimeoutMs,
} from "#testing/test-databases";

// The test clock starts on Monday 4 May 2026, 10:00 in Prague; her default hours are
// Tuesday to Thursday 9–17, a day's notice, a 30-minute pause; the harmonisation takes 180 minutes.
const tuesday = (time: string) => {
  const [hours = 0, minutes = 0] = time.split(":").map(Number);
  return pragueMoment("2026-05-05", hours * 60 + minutes).toISOString();
};

const visitor = {
  offerId: "consultation",
  name: "Jana Nováková",
  email: "jana@example.cz",
  phone: "+420 777 123 456",
  note: "Těším se.",
  privacyConsent: true,
};

describe.each(testDatabases)("booking a session on $name", ({ open }) => {
  let database: TestDatabaseHandle;
  let app: ReturnType<typeof createTestApp>;

  beforeAll(async () => {
    database = await open();
    app = createTestApp(database, { clock: createTestClock() });
  }, openTimeoutMs);
  afterAll(async () => {
    await database?.close();
  });

  const book = (body: unknown) =>
    app.request("/api/bookings", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body),
    });
  const freeTuesday = async () => {
    const response = await app.request("/api/booking/free-times?offer=consultation");
    expect(response.status).toBe(200);
    const { days } = (await response.json()) as { days: { day: string; starts: string[] }[] };
    return days
      .find((day) => day.day === "2026-05-05")
      ?.starts.map((start) => formatPragueTime(start));
  };
  const stored = async () => (await database.db.select({ n: count() }).from(bookings))[0]?.n;

  it(
    "offers the free times of a bookable offer, fresh and never cached",
    async () => {
      const response = await app.request("/api/booking/free-times?offer=consultation");
      expect(response.headers.get("Cache-Control")).toBe("no-store");
      // A day's notice from Monday 10:00: Tuesday from 10:00, the last start three hours before 17:00.
      expect(await freeTuesday()).toEqual([
        "10:00",
        "10:30",
        "11:00",
        "11:30",
        "12:00",
        "12:30",
        "13:00",
        "13:30",
        "14:00",
      ]);
      const offers = await (await app.request("/api/booking/offers")).json();
      expect(offers).toEqual({
        offers: [
          expect.objectContaining({
            id: "consultation",
            name: "Harmonizační setkání",
            durationMinutes: 180,
          }),
        ],
      });
    },
    testTimeoutMs,
  );

  it(
    "books a free time, which leaves the free times with its pause",
    async () => {
      const response = await book({ ...visitor, startsAt: tuesday("10:00") });
      expect(response.status).toBe(201);
      expect(await response.json()).toEqual({
        booking: {
          offerId: "consultation",
          state: "pending",
          startsAt: tuesday("10:00"),
          endsAt: tuesday("13:00"),
        },
      });
      // 13:00 plus the 30-minute pause: the next start is 13:30, which ends at 16:30.
      expect(await freeTuesday()).toEqual(["13:30", "14:00"]);
    },
    testTimeoutMs,
  );

  it(
    "refuses a time taken since with 409, a Czech message and the next free times",
    async () => {
      const before = await stored();
      const response = await book({
        ...visitor,
        email: "petra@example.cz",
        startsAt: tuesday("11:00"),
      });
      expect(response.status).toBe(409);
      const body = (await response.json()) as {
        error: { code: string; message: string; nextFree: string[] };
      };
      expect(body.error.code).toBe("slot_taken");
      expect(body.error.message).toBe(bookingMessages.taken);
      expect(body.error.nextFree.slice(0, 2)).toEqual([tuesday("13:30"), tuesday("14:00")]);
      expect(await stored()).toBe(before);
    },
    testTimeoutMs,
  );

  it.each([
    ["off the grid", tuesday("14:10")],
    ["outside her hours", tuesday("15:00")],
    ["inside the notice", pragueMoment("2026-05-04", 16 * 60).toISOString()],
    ["on a Monday, when she does not work", pragueMoment("2026-05-11", 10 * 60).toISOString()],
    ["beyond the horizon", pragueMoment("2026-07-07", 10 * 60).toISOString()],
  ])(
    "refuses a start %s with 422 and stores nothing",
    async (_case, startsAt) => {
      const before = await stored();
      const response = await book({ ...visitor, startsAt });
      expect(response.status).toBe(422);
      expect(((await response.json()) as { error: { code: string } }).error.code).toBe(
        "slot_not_offered",
      );
      expect(await stored()).toBe(before);
    },
    testTimeoutMs,
  );

  it.each([
    [
      "an offer that cannot be booked",
      { ...visitor, offerId: "products", startsAt: tuesday("14:00") },
      422,
      "offer_not_bookable",
    ],
    [
      "a forged offer id",
      { ...visitor, offerId: "Masáž!", startsAt: tuesday("14:00") },
      422,
      "validation_failed",
    ],
    [
      "an offer her list does not have",
      { ...visitor, offerId: "massage", startsAt: tuesday("14:00") },
      422,
      "offer_not_bookable",
    ],
    [
      "no consent",
      { ...visitor, privacyConsent: false, startsAt: tuesday("14:00") },
      422,
      "validation_failed",
    ],
    [
      "a start that is no moment",
      { ...visitor, startsAt: "úterý v deset" },
      422,
      "validation_failed",
    ],
  ])(
    "refuses %s and stores nothing",
    async (_case, body, status, code) => {
      const before = await stored();
      const response = await book(body);
      expect(response.status).toBe(status);
      expect(((await response.json()) as { error: { code: string } }).error.code).toBe(code);
      expect(await stored()).toBe(before);
    },
    testTimeoutMs,
  );

  it(
    "lets the database refuse a second booking that meets another's time or pause, but not a cancelled one",
    async () => {
      const row = (
        startsAt: string,
        until: string,
        token: string,
        state: "pending" | "cancelled" = "pending",
      ) => ({
        offerId: "consultation",
        startsAt: new Date(startsAt),
        endsAt: new Date(until),
        blockedUntil: new Date(until),
        state,
        name: "Jana Nováková",
        email: "jana@example.cz",
        privacyConsent: true,
        cancelTokenHash: token,
      });
      await database.db
        .insert(bookings)
        .values(row("2026-06-02T07:00:00Z", "2026-06-02T10:30:00Z", "a"));
      // Starts as the other's pause ends: allowed ([start, end) ranges only touch).
      await database.db
        .insert(bookings)
        .values(row("2026-06-02T10:30:00Z", "2026-06-02T11:00:00Z", "b"));
      await expect(
        database.db
          .insert(bookings)
          .values(row("2026-06-02T10:00:00Z", "2026-06-02T10:45:00Z", "c")),
      ).rejects.toMatchObject({ cause: expect.objectContaining({ code: "23P01" }) });
      await database.db
        .insert(bookings)
        .values(row("2026-06-02T10:00:00Z", "2026-06-02T10:45:00Z", "d", "cancelled"));
      await database.db.delete(bookings).where(eq(bookings.email, "jana@example.cz"));
    },
    testTimeoutMs,
  );
});

describe.each(testDatabases)("the bookings' rate limit on $name", ({ open }) => {
  let database: TestDatabaseHandle;
  let app: ReturnType<typeof createTestApp>;

  beforeAll(async () => {
    database = await open();
    app = createTestApp(database, {
      clock: createTestClock(),
      settings: { FORM_RATE_LIMIT_PER_HOUR: "2" },
    });
  }, openTimeoutMs);
  afterAll(async () => {
    await database?.close();
  });

  const book = (address: string, time: string) =>
    app.request("/api/bookings", {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-Forwarded-For": address },
      body: JSON.stringify({ ...visitor, startsAt: tuesday(time) }),
    });

  it(
    "refuses a third booking from one address within the hour with 429, Retry-After and a Czech message, storing nothing",
    async () => {
      expect((await book("203.0.113.7", "10:00")).status).toBe(201);
      // A time taken counts as an attempt too: the limit is on requests, not on bookings made.
      expect((await book("203.0.113.7", "10:00")).status).toBe(409);
      const refused = await book("203.0.113.7", "14:00");
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
      expect(await refused.json()).toEqual({
        error: { code: "rate_limited", message: bookingRateLimitedMessage },
      });
      const [row] = await database.db
        .select({ n: count() })
        .from(bookings)
        .where(eq(bookings.startsAt, new Date(tuesday("14:00"))));
      expect(row?.n).toBe(0);
      // Another visitor's address has its own count.
      expect((await book("198.51.100.4", "14:00")).status).toBe(201);
    },
    testTimeoutMs,
  );
});
