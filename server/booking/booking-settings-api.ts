/**
 * Her booking settings and her private calendar feed's address in the
 * administration, relative to /api; part of the administration's one sub-app
 * (`createAdminApp`), whose guard stands before every route. Her editor
 * („Pracovní doba a pravidla“) reads and saves them here.
 */
import { Hono, type MiddlewareHandler } from "hono";
import * as z from "zod/mini";
import type { Database } from "#database/open-database";
import type { AdminEnv } from "#server/auth/require-admin";
import type { Clock } from "#server/clock";
import { beforeTheGuard } from "#server/guarded-app";
import { czechDefaultMessage, limitBody, readJsonBody } from "#server/json-route";
import {
  type BookingSettings,
  bookingSettingsFieldMessages,
  bookingSettingsSchema,
  pastExceptionFields,
  withoutPastExceptions,
} from "#shared/booking-settings";
import { pragueDay } from "#shared/prague-time";
import { ApiError } from "../api-error";
import { recordAuditEvent } from "../audit-log";
import type { CalendarFeed } from "./booking-feed";
import { readBookingSettings, saveBookingSettings } from "./bookings";

export type BookingSettingsApiDependencies = {
  db: Database;
  clock: Clock;
  calendarFeed: CalendarFeed;
};

const maxBytes = 64 * 1024;

/**
 * The body checked with the shared schema, each refusal under the field her editor shows it at
 * (a weekday, one exception), not only under the setting („weekly“) as `jsonBody` names them.
 */
function settingsBody(): MiddlewareHandler<
  AdminEnv,
  string,
  { in: { json: z.input<typeof bookingSettingsSchema> }; out: { json: BookingSettings } }
> {
  return async (c, next) => {
    const value = await readJsonBody(c, z.unknown(), { maxBytes });
    const parsed = bookingSettingsSchema.safeParse(value, { error: czechDefaultMessage });
    if (!parsed.success) throw refusal(bookingSettingsFieldMessages(parsed.error.issues));
    c.req.addValidatedData("json", parsed.data);
    await next();
  };
}

function refusal(fields: Record<string, string>): ApiError {
  const [first = ""] = Object.values(fields);
  return new ApiError(422, "validation_failed", first, fields);
}

export function createBookingSettingsApi({
  db,
  clock,
  calendarFeed,
}: BookingSettingsApiDependencies) {
  const today = () => pragueDay(clock.now());
  return new Hono<AdminEnv>()
    .get("/admin/booking-settings", async (c) => {
      return c.json({ settings: withoutPastExceptions(await readBookingSettings(db), today()) });
    })
    .put("/admin/booking-settings", settingsBody(), async (c) => {
      const wanted = c.req.valid("json");
      const { user } = c.get("admin");
      const now = clock.now();
      // A past date is a slip when she adds it; one she had before has only fallen away since.
      const past = pastExceptionFields(wanted, await readBookingSettings(db), today());
      if (Object.keys(past).length > 0) throw refusal(past);
      const settings = withoutPastExceptions(wanted, today());
      await db.transaction(async (tx) => {
        await saveBookingSettings(tx as unknown as Database, settings, now);
        await recordAuditEvent(
          tx as unknown as Database,
          {
            action: "booking_settings_changed",
            actor: { kind: "account", userId: user.id, email: user.email },
          },
          now,
        );
      });
      return c.json({ settings });
    })
    .get("/admin/booking-settings/feed", async (c) => {
      return c.json({ address: await calendarFeed.address() });
    })
    .post("/admin/booking-settings/feed", beforeTheGuard(limitBody(1024)), async (c) => {
      const { user } = c.get("admin");
      const address = await calendarFeed.rotate({
        kind: "account",
        userId: user.id,
        email: user.email,
      });
      return c.json({ address });
    });
}
