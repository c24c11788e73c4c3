/**
 * The public events API, relative to /api: a visitor's sign-up for an event and the cancel
 * link's post. Both answer with the shared Czech messages and a code; a refused one stores
 * nothing.
 */
import { Hono } from "hono";
import type { Event, EventSignup } from "#database/schema";
import { eventPath } from "#shared/events";
import { cancelEventSignupSchema, eventSignupRequestSchema } from "#shared/events-schemas";
import { honeypotField } from "#shared/form-schemas";
import { jsonBody, shortJson } from "../json-route";
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

export function createEventsApi(signups: EventSignups) {
  return new Hono()
    .post(
      "/events/:id/signups",
      jsonBody(eventSignupRequestSchema, { maxBytes: maxSignupBodyBytes }),
      async (c) => {
        const request = c.req.valid("json");
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
        const { signup, event } = await signups.cancel(c.req.valid("json").token);
        return c.json({ signup: signupJson(signup, event) });
      },
    );
}
