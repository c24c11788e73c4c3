/**
 * The public booking API, relative to /api: her bookable offers, an offer's
 * free times (read fresh at every request: pages are served from the store,
 * the times never are), a booking and its cancellation.
 */
import { type Context, Hono } from "hono";
import * as z from "zod/mini";
import type { Booking } from "#database/schema";
import {
  bookingMessages,
  bookingRateLimitedMessage,
  bookingRequestSchema,
  cancelBookingSchema,
  type FreeDayJson,
} from "#shared/booking-schemas";
import { offerIdField } from "#shared/content/content-schemas";
import { honeypotField } from "#shared/form-schemas";
import { ApiError, retryAfter } from "../api-error";
import { createClientAddress } from "../client-address";
import { jsonBody, queryParams, shortJson } from "../json-route";
import { addressBlock, type RateLimiter } from "../rate-limit";
import type { Bookings } from "./bookings";

/** Far above the largest honest booking (a name, an address, a phone and a note of 1,000 characters). */
export const maxBookingBodyBytes = 32 * 1024;

const freeTimesQuerySchema = z.object({ offer: offerIdField(bookingMessages.offer) });

/** What the visitor is told of her booking (never its cancel token, which only her e-mail has). */
export function bookingJson(booking: Booking) {
  return {
    offerId: booking.offerId,
    state: booking.state,
    startsAt: booking.startsAt.toISOString(),
    endsAt: booking.endsAt.toISOString(),
  };
}

export function freeDaysJson(days: { day: string; starts: Date[] }[]): FreeDayJson[] {
  return days.map(({ day, starts }) => ({
    day,
    starts: starts.map((start) => start.toISOString()),
  }));
}

export type BookingLimitDependencies = {
  rateLimiter: RateLimiter;
  /** The forms' hourly limit per address (FORM_RATE_LIMIT_PER_HOUR): a booking is one more send. */
  perHour: number;
  /** Whether to read the client address from X-Forwarded-For (behind a reverse proxy). */
  trustProxy: boolean;
};

/**
 * Counts a booking attempt of the client's address (its /64 for IPv6), as the forms count
 * theirs, and refuses one over the hour's limit with 429, `Retry-After` and a Czech message.
 * The same count for the API and the page without scripts: one visitor, one limit.
 */
export function createBookingLimit({ rateLimiter, perHour, trustProxy }: BookingLimitDependencies) {
  const clientAddress = createClientAddress(trustProxy);
  const rule = { limit: perHour, windowMs: 60 * 60_000 };
  return async function limitBooking(c: Context): Promise<void> {
    const hit = await rateLimiter.hit(`booking-address:${addressBlock(clientAddress(c))}`, rule);
    if (!hit.allowed) {
      throw new ApiError(
        429,
        "rate_limited",
        bookingRateLimitedMessage,
        undefined,
        retryAfter(hit.retryAfterSeconds),
      );
    }
  };
}
export type BookingLimit = ReturnType<typeof createBookingLimit>;

export function createBookingApi(bookings: Bookings, limitBooking: BookingLimit) {
  return new Hono()
    .get("/booking/offers", async (c) => {
      const offers = await bookings.bookableOffers();
      return c.json({
        offers: offers.map(({ id, name, durationMinutes, priceCzk, places }) => ({
          id,
          name,
          durationMinutes,
          priceCzk,
          places,
        })),
      });
    })
    .get("/booking/free-times", queryParams(freeTimesQuerySchema), async (c) => {
      const { offer } = c.req.valid("query");
      c.header("Cache-Control", "no-store");
      return c.json({ offerId: offer, days: freeDaysJson(await bookings.freeDays(offer)) });
    })
    .post(
      "/bookings",
      jsonBody(bookingRequestSchema, { maxBytes: maxBookingBodyBytes }),
      async (c) => {
        const request = c.req.valid("json");
        await limitBooking(c);
        if (request[honeypotField]?.trim()) {
          // A bot: told what a person would be told, and nothing is kept.
          const { offerId, startsAt } = request;
          const pretended = { offerId, state: "pending", startsAt: startsAt.toISOString() };
          return shortJson(c, { booking: pretended }, 201);
        }
        const outcome = await bookings.book(request);
        if ("taken" in outcome) {
          return c.json(
            {
              error: {
                code: "slot_taken",
                message: bookingMessages.taken,
                nextFree: outcome.taken.map((start) => start.toISOString()),
              },
            },
            409,
          );
        }
        return shortJson(c, { booking: bookingJson(outcome.booking) }, 201);
      },
    )
    .post("/bookings/cancel", jsonBody(cancelBookingSchema, { maxBytes: 1024 }), async (c) => {
      // A second cancel (a double click, the link opened again) answers 200 with the booking as
      // it is and `alreadyCancelled`, as its page says „Rezervace je zrušená“; nothing changes.
      const { booking, alreadyCancelled } = await bookings.cancel(c.req.valid("json").token);
      return c.json({ booking: bookingJson(booking), alreadyCancelled });
    });
}
