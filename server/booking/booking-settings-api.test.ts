import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog } from "#database/schema";
import {
  type BookingSettings,
  bookingSettingsMessages,
  defaultBookingSettings,
} from "#shared/booking-settings";
import { createSignedInAccount, requestAs, testPassword } from "#testing/test-accounts";
import { startTestServer, type TestServer } from "#testing/test-app";
import { openTimeoutMs, testDatabases, testTimeoutMs } from "#testing/test-databases";

const day = 24 * 60 * 60_000;
const adminEmail = "spravkyne@example.cz";

describe.each(testDatabases)(
  "her booking settings through the admin API on $name",
  { timeout: testTimeoutMs },
  (testDatabase) => {
    let server: TestServer;
    let token: string;

    beforeAll(async () => {
      server = await startTestServer({
        open: testDatabase.open,
        settings: { ADMIN_REQUIRE_2FA: "false" },
      });
      // Monday 3 May 2027, 9:00 in Prague: the test's days are named from here.
      server.advance(new Date("2027-05-03T07:00:00Z").getTime() - server.now().getTime());
      token = await createSignedInAccount(server, adminEmail, "admin");
    }, openTimeoutMs);
    afterAll(async () => {
      await server?.close();
    });

    const call = (method: string, body?: unknown) =>
      requestAs(server, token, method, "/api/admin/booking-settings", body);
    /** A new access token: the first one has expired once the clock moved days on. */
    const signInAgain = async () => {
      const signIn = await fetch(`${server.origin}/auth/v1/token?grant_type=password`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ email: adminEmail, password: testPassword }),
      });
      return ((await signIn.json()) as { access_token: string }).access_token;
    };
    const read = async () =>
      ((await (await call("GET")).json()) as { settings: BookingSettings }).settings;
    const changes = async () =>
      (
        await server.db
          .select()
          .from(auditLog)
          .where(eq(auditLog.action, "booking_settings_changed"))
      ).map((entry) => entry.actorEmail);

    // Mondays only, 8–11: a three-hour session fits once a Monday.
    const mondays: BookingSettings = {
      ...defaultBookingSettings,
      weekly: [[], [{ from: "8:00", to: "11:00" }], [], [], [], [], []],
      exceptions: [{ day: "2027-05-10", ranges: [] }],
    };

    it(
      "reads the defaults, stores a change the free times follow at once, with its audit entry",
      async () => {
        expect(await read()).toEqual(defaultBookingSettings);
        expect(await changes()).toEqual([]);

        expect((await call("PUT", mondays)).status).toBe(200);
        expect(await read()).toEqual(mondays);
        expect(await changes()).toEqual([adminEmail]);
        const free = (await (
          await fetch(`${server.origin}/api/booking/free-times?offer=consultation`)
        ).json()) as { days: { day: string; starts: string[] }[] };
        expect(free.days.length).toBeGreaterThan(0);
        for (const { day: freeDay, starts } of free.days) {
          expect(new Date(`${freeDay}T12:00:00Z`).getUTCDay()).toBe(1);
          expect(starts).toHaveLength(1);
        }
        // The day off is no free day.
        expect(free.days.map(({ day: freeDay }) => freeDay)).not.toContain("2027-05-10");
      },
      testTimeoutMs,
    );

    it(
      "refuses bad settings field by field, and changes nothing",
      async () => {
        const before = await changes();
        const bad = {
          ...mondays,
          weekly: [
            [],
            [{ from: "8:00", to: "11:00" }],
            // Tuesday: two ranges that overlap.
            [
              { from: "8:00", to: "11:00" },
              { from: "10:00", to: "12:00" },
            ],
            // Wednesday: an end before its start.
            [{ from: "14:00", to: "9:00" }],
            [],
            [],
            [],
          ],
          exceptions: [
            { day: "2027-05-10", ranges: [] },
            { day: "2027-02-30", ranges: [] },
          ],
          bufferMinutes: -5,
        };
        const refused = await call("PUT", bad);
        expect(refused.status).toBe(422);
        const { error } = (await refused.json()) as {
          error: { code: string; message: string; fields: Record<string, string> };
        };
        expect(error.code).toBe("validation_failed");
        expect(error.fields).toEqual({
          "weekly.2": bookingSettingsMessages.overlap,
          "weekly.3": bookingSettingsMessages.range,
          "exceptions.1": bookingSettingsMessages.day,
          bufferMinutes: bookingSettingsMessages.buffer,
        });

        // A new exception on a day already past.
        const past = await call("PUT", {
          ...mondays,
          exceptions: [...mondays.exceptions, { day: "2027-05-02", ranges: [] }],
        });
        expect(past.status).toBe(422);
        expect(((await past.json()) as { error: { fields: unknown } }).error.fields).toEqual({
          "exceptions.1": bookingSettingsMessages.pastException,
        });

        expect(await read()).toEqual(mondays);
        expect(await changes()).toEqual(before);
      },
      testTimeoutMs,
    );

    it(
      "lets past exceptions fall away",
      async () => {
        // A week and a day later, the day off of 10 May is past: it is no longer shown…
        server.advance(8 * day);
        token = await signInAgain();
        expect((await read()).exceptions).toEqual([]);
        // …and a page opened before still saves with it, which drops it.
        const saved = await call("PUT", { ...mondays, horizonDays: 30 });
        expect(saved.status).toBe(200);
        expect(await read()).toEqual({ ...mondays, exceptions: [], horizonDays: 30 });
      },
      testTimeoutMs,
    );

    it(
      "is the administrator's only",
      async () => {
        const anonymous = await fetch(`${server.origin}/api/admin/booking-settings`);
        expect(anonymous.status).toBe(401);
      },
      testTimeoutMs,
    );
  },
);
