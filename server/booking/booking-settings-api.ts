/**
 * Her booking settings in the administration, relative to /api; part of the
 * administration's one sub-app (`createAdminApp`), whose guard stands before
 * every route. Until her hours editor exists, this is how they are read and
 * changed (and how tests set them).
 */
import { Hono } from "hono";
import type { Database } from "#database/open-database";
import type { AdminEnv } from "#server/auth/require-admin";
import type { Clock } from "#server/clock";
import { jsonBody } from "#server/json-route";
import { bookingSettingsSchema } from "#shared/booking-settings";
import { readBookingSettings, saveBookingSettings } from "./bookings";

export type BookingSettingsApiDependencies = { db: Database; clock: Clock };

export function createBookingSettingsApi({ db, clock }: BookingSettingsApiDependencies) {
  return new Hono<AdminEnv>()
    .get("/admin/booking-settings", async (c) => {
      return c.json({ settings: await readBookingSettings(db) });
    })
    .put(
      "/admin/booking-settings",
      jsonBody(bookingSettingsSchema, { maxBytes: 64 * 1024 }),
      async (c) => {
        const settings = c.req.valid("json");
        await saveBookingSettings(db, settings, clock.now());
        return c.json({ settings });
      },
    );
}
