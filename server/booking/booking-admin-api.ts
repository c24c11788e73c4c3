/**
 * Her bookings in the administration, relative to /api; part of the administration's one
 * sub-app (`createAdminApp`), whose guard stands before every route and so before any body is
 * read. Each change answers with the booking as its page shows it.
 */
import { Hono } from "hono";
import type { AdminEnv } from "#server/auth/require-admin";
import { beforeTheGuard } from "#server/guarded-app";
import { jsonBody, limitBody, queryParams } from "#server/json-route";
import {
  type AdminBookingDetailJson,
  type AdminBookingListJson,
  type AdminBookingWindowJson,
  bookingReasonSchema,
  bookingWindowSchema,
  moveStartSchema,
} from "#shared/booking-admin";
import { addDays, pragueMoment } from "#shared/booking-time";
import { type BookingAdmin, BookingTimeTaken } from "./booking-admin";

const body = <S extends Parameters<typeof jsonBody>[0]>(schema: S) =>
  jsonBody(schema, { maxBytes: 2048 });
// Takes no body: anything sizeable is refused unread, before anyone is asked who she is.
const noBody = beforeTheGuard(limitBody(1024));

export function createBookingAdminApi({ bookingAdmin }: { bookingAdmin: BookingAdmin }) {
  const actor = (c: { get(key: "admin"): AdminEnv["Variables"]["admin"] }) => {
    const { user } = c.get("admin");
    return { kind: "account" as const, userId: user.id, email: user.email };
  };
  const detail = async (id: string): Promise<AdminBookingDetailJson> => bookingAdmin.detail(id);

  return new Hono<AdminEnv>()
    .get("/admin/bookings", queryParams(bookingWindowSchema), async (c) => {
      const { from, days = 7 } = c.req.valid("query");
      const window: AdminBookingWindowJson = await bookingAdmin.list(
        pragueMoment(from, 0),
        pragueMoment(addDays(from, days), 0),
      );
      return c.json(window);
    })
    .get("/admin/bookings/new", async (c) => {
      const list: AdminBookingListJson = await bookingAdmin.listNew();
      return c.json(list);
    })
    .get("/admin/bookings/:id", async (c) => c.json(await detail(c.req.param("id"))))
    .post("/admin/bookings/:id/handled", noBody, async (c) => {
      await bookingAdmin.markHandled(c.req.param("id"));
      return c.json(await detail(c.req.param("id")));
    })
    .post("/admin/bookings/:id/confirm", noBody, async (c) => {
      await bookingAdmin.confirm(c.req.param("id"), actor(c));
      return c.json(await detail(c.req.param("id")));
    })
    .post("/admin/bookings/:id/decline", body(bookingReasonSchema), async (c) => {
      await bookingAdmin.decline(c.req.param("id"), c.req.valid("json").reason, actor(c));
      return c.json(await detail(c.req.param("id")));
    })
    .post("/admin/bookings/:id/cancel", body(bookingReasonSchema), async (c) => {
      await bookingAdmin.cancel(c.req.param("id"), c.req.valid("json").reason, actor(c));
      return c.json(await detail(c.req.param("id")));
    })
    .post("/admin/bookings/:id/move", body(moveStartSchema), async (c) => {
      try {
        await bookingAdmin.move(c.req.param("id"), c.req.valid("json").startsAt, actor(c));
      } catch (error) {
        if (!(error instanceof BookingTimeTaken)) throw error;
        return c.json(
          {
            error: {
              code: error.code,
              message: error.message,
              nextFree: error.nextFree.map((start) => start.toISOString()),
            },
          },
          409,
        );
      }
      return c.json(await detail(c.req.param("id")));
    });
}
