import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bookingSettingsMessages, defaultBookingSettings } from "#shared/booking-settings";
import { createSignedInAccount } from "#testing/test-accounts";
import { startTestServer, type TestServer } from "#testing/test-app";
import { openTimeoutMs, testTimeoutMs } from "#testing/test-databases";

describe("her booking settings through the admin API", () => {
  let server: TestServer;
  let token: string;

  beforeAll(async () => {
    server = await startTestServer({ settings: { ADMIN_REQUIRE_2FA: "false" } });
    token = await createSignedInAccount(server, "spravkyne@example.cz", "admin");
  }, openTimeoutMs);
  afterAll(async () => {
    await server?.close();
  });

  const call = (method: string, body?: unknown) =>
    fetch(`${server.origin}/api/admin/booking-settings`, {
      method,
      headers: {
        Authorization: `Bearer ${token}`,
        ...(body !== undefined && { "Content-Type": "application/json" }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });

  it(
    "reads the defaults, stores a change the free times follow at once, and refuses a bad one",
    async () => {
      expect(await (await call("GET")).json()).toEqual({ settings: defaultBookingSettings });

      // Mondays only, 8–11: a three-hour session fits once a Monday.
      const mondays = {
        ...defaultBookingSettings,
        weekly: [[], [{ from: "8:00", to: "11:00" }], [], [], [], [], []],
      };
      expect((await call("PUT", mondays)).status).toBe(200);
      expect(await (await call("GET")).json()).toEqual({ settings: mondays });
      const free = (await (
        await fetch(`${server.origin}/api/booking/free-times?offer=consultation`)
      ).json()) as { days: { day: string; starts: string[] }[] };
      expect(free.days.length).toBeGreaterThan(0);
      for (const day of free.days) {
        expect(new Date(`${day.day}T12:00:00Z`).getUTCDay()).toBe(1);
        expect(day.starts).toHaveLength(1);
      }

      const overlapping = {
        ...mondays,
        weekly: [
          [],
          [
            { from: "8:00", to: "11:00" },
            { from: "10:00", to: "12:00" },
          ],
          [],
          [],
          [],
          [],
          [],
        ],
      };
      const refused = await call("PUT", overlapping);
      expect(refused.status).toBe(422);
      expect(JSON.stringify(await refused.json())).toContain(bookingSettingsMessages.overlap);
      expect(await (await call("GET")).json()).toEqual({ settings: mondays });
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
});
