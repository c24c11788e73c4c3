/**
 * The public events API, relative to /api: a visitor's sign-up for an event and the cancel
 * link's post. Both answer with the shared Czech messages and a code; a refused one stores
 * nothing.
 */
import { type Context, Hono } from "hono";
import type { Event, EventSignup } from "#database/schema";
import { eventMessages, eventPath } from "#shared/events";
import { cancelEventSignupSchema, eventSignupRequestSchema } from "#shared/events-schemas";
import { honeypotField } from "#shared/form-schemas";
import { ApiError, retryAfter } from "../api-error";
import type { BookingLimitDependencies } from "../booking/booking-api";
import { createClientAddress } from "../client-address";
import { jsonBody, shortJson } from "../json-route";
import { addressBlock } from "../rate-limit";
import type { EventSignups } from "./event-signups";

/** Far above the largest honest sign-up (a name, an address, a phone and a note of 1,000 characters). */
export const maxSignupBodyBytes = 32 * 1024;

/** What the visitor is told of her sign-up (never its cancel token, which only her e-mail has). */
export function signupJson(signup: EventSignup, event: Event) {
  return {
    state: signup.state,
    places: signup.places,
    event: {
      title: event.title,
      path: eventPath(event.slug),
      startsAt: event.startsAt.toISOString(),
      freePlaces: Math.max(0, event.capacity - event.takenPlaces),
    },
  };
}

/**
 * Counts a sign-up attempt of the client's address (its /64 for IPv6) within the forms' hourly
 * limit, as booking counts its own, and refuses one over it with 429, `Retry-After` and a Czech
 * message. One count for the API and the form without scripts.
 */
export function createEventSignupLimit({
  rateLimiter,
  perHour,
  trustProxy,
}: BookingLimitDependencies) {
  const clientAddress = createClientAddress(trustProxy);
  const rule = { limit: perHour, windowMs: 60 * 60_000 };
  return async function limitEventSignup(c: Context): Promise<void> {
    const hit = await rateLimiter.hit(
      `event-signup-address:${addressBlock(clientAddress(c))}`,
      rule,
    );
    if (!hit.allowed) {
      throw new ApiError(
        429,
        "rate_limited",
        eventMessages.rateLimited,
        undefined,
        retryAfter(hit.retryAfterSeconds),
      );
    }
  };
}
export type EventSignupLimit = ReturnType<typeof createEventSignupLimit>;

export function createEventsApi(signups: EventSignups, limitSignup: EventSignupLimit) {
  return new Hono()
    .post(
      "/events/:id/signups",
      jsonBody(eventSignupRequestSchema, { maxBytes: maxSignupBodyBytes }),
      async (c) => {
        const request = c.req.valid("json");
        await limitSignup(c);
        // A bot: told what a person would be told, and nothing is kept.
        if (request[honeypotField]?.trim()) {
          return shortJson(c, { signup: { state: "confirmed", places: request.places } }, 201);
        }
        const { signup, event } = await signups.signUp(c.req.param("id"), request);
        return shortJson(c, { signup: signupJson(signup, event) }, 201);
      },
    )
    .post(
      "/events/signups/cancel",
      jsonBody(cancelEventSignupSchema, { maxBytes: 1024 }),
      async (c) => {
        // A second cancel (a double click, the link opened again) answers 200 with the sign-up
        // as it is and `alreadyCancelled`, as its page says „Přihláška je zrušená“.
        const { signup, event, alreadyCancelled } = await signups.cancel(c.req.valid("json").token);
        return c.json({ signup: signupJson(signup, event), alreadyCancelled });
      },
    );
}
