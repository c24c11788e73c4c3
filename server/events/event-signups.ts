/**
 * Signing up for one of her events, and giving the place up through the cancel link. What keeps
 * an event from overfilling is the database: a confirmed sign-up adds its places to the event's
 * `taken_places` in one guarded UPDATE (`taken_places + n <= capacity`), under the CHECK
 * `events_places_within_capacity`, so no two servers can both take the last place. The event's
 * row is locked first in every sign-up and cancellation, so a place freed by a cancellation goes
 * to the first on the waiting list in the same transaction, and a new sign-up never queues
 * behind a free place. One active sign-up per address is the partial unique index
 * `event_signups_one_per_address`.
 */
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { isUniqueViolation } from "#database/database-errors";
import type { Database } from "#database/open-database";
import {
  activeEventSignupStates,
  type Event,
  type EventSignup,
  eventSignups,
  events,
} from "#database/schema";
import { eventMessages, tooManyPlacesMessage } from "#shared/events";
import type { EventSignupRequest } from "#shared/events-schemas";
import { ApiError } from "../api-error";
import type { Clock } from "../clock";
import { digestCancelToken, newCancelToken, visitorColumns } from "../visitor-sign-up";

/** The e-mails of a sign-up's changes, written in its transaction (the outbox). */
export type EventSignupMail = {
  /** A new sign-up (confirmed or waitlisted); `token` is the cancel link's secret. */
  signedUp(tx: Database, event: Event, signup: EventSignup, token: string): Promise<void>;
  /** A waitlisted sign-up got a freed place; `token` is its new cancel link's secret. */
  promoted(tx: Database, event: Event, signup: EventSignup, token: string): Promise<void>;
  /** A sign-up given up through its link; drops its unsent reminder. */
  cancelled(tx: Database, event: Event, signup: EventSignup, hadPlace: boolean): Promise<void>;
};

export type EventSignupsDependencies = {
  db: Database;
  clock: Clock;
  mail?: EventSignupMail;
  /** Called once a change's e-mails are stored (wakes the mail worker). */
  onMailQueued?: () => void;
  /** Called after a change of an event's free places (its pages are rendered again). */
  onPlacesChanged?: (event: Event) => void;
};

// Its tests read it from here.
export { digestCancelToken };

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export const eventRefusals = {
  notFound: () => new ApiError(404, "event_not_found", eventMessages.notFound),
  cancelled: () => new ApiError(409, "event_cancelled", eventMessages.cancelled),
  past: () => new ApiError(409, "event_past", eventMessages.past),
  deadlinePassed: () => new ApiError(409, "signup_deadline_passed", eventMessages.deadlinePassed),
  full: () => new ApiError(409, "event_full", eventMessages.full),
  alreadySignedUp: () =>
    new ApiError(409, "already_signed_up", eventMessages.alreadySignedUp, {
      email: eventMessages.alreadySignedUp,
    }),
  tooManyPlaces: (max: number) =>
    new ApiError(422, "too_many_places", tooManyPlacesMessage(max), {
      places: tooManyPlacesMessage(max),
    }),
  linkInvalid: () => new ApiError(404, "cancel_link_invalid", eventMessages.tokenInvalid),
  tooLate: () => new ApiError(409, "cancel_too_late", eventMessages.cancelTooLate),
};

/** The event's row, locked until the transaction ends: sign-ups and cancellations of it queue. */
async function lockEvent(tx: Database, eventId: string): Promise<Event | undefined> {
  const [event] = await tx.select().from(events).where(eq(events.id, eventId)).for("update");
  return event;
}

/**
 * Adds `places` to the event's taken places if they fit: one statement, so the capacity holds
 * whatever runs beside it; the updated event, or undefined when they do not fit.
 */
async function takePlaces(tx: Database, eventId: string, places: number) {
  const [event] = await tx
    .update(events)
    .set({ takenPlaces: sql`${events.takenPlaces} + ${places}` })
    .where(
      and(eq(events.id, eventId), sql`${events.takenPlaces} + ${places} <= ${events.capacity}`),
    )
    .returning();
  return event;
}

/** Takes `places` off the event's taken places (its row locked); the event as it ends up. */
async function freePlaces(tx: Database, event: Event, places: number): Promise<Event> {
  const [freed] = await tx
    .update(events)
    .set({ takenPlaces: sql`${events.takenPlaces} - ${places}` })
    .where(eq(events.id, event.id))
    .returning();
  return freed ?? event;
}

export function createEventSignups({
  db,
  clock,
  mail,
  onMailQueued,
  onPlacesChanged,
}: EventSignupsDependencies) {
  /**
   * Gives freed places to the waiting list in its order, while the first one waiting fits
   * (a later, smaller sign-up never jumps the queue). Inside the transaction that freed them,
   * with the event's row locked. The event as it ends up.
   */
  async function promoteWaiting(tx: Database, event: Event, now: Date): Promise<Event> {
    let current = event;
    for (;;) {
      const [first] = await tx
        .select()
        .from(eventSignups)
        .where(and(eq(eventSignups.eventId, event.id), eq(eventSignups.state, "waitlisted")))
        .orderBy(asc(eventSignups.arrival))
        .limit(1)
        .for("update");
      if (!first) return current;
      const taken = await takePlaces(tx, event.id, first.places);
      if (!taken) return current;
      current = taken;
      // A new link: only the digest of the first was kept, and this e-mail must carry one.
      const { token, tokenHash } = newCancelToken();
      const [promoted] = await tx
        .update(eventSignups)
        .set({ state: "confirmed", confirmedAt: now, cancelTokenHash: tokenHash })
        .where(eq(eventSignups.id, first.id))
        .returning();
      if (promoted) await mail?.promoted(tx, current, promoted, token);
    }
  }

  return {
    /**
     * Signs `request` up for the event `eventId`: a place while they last, then the waiting
     * list if she keeps one. Refused (and nothing stored) for an unknown or draft event, a
     * cancelled or past one, after its deadline, a full one without a waiting list, too many
     * places, or an address already signed up.
     */
    async signUp(
      eventId: string,
      request: EventSignupRequest,
    ): Promise<{ event: Event; signup: EventSignup }> {
      if (!uuidPattern.test(eventId)) throw eventRefusals.notFound();
      const now = clock.now();
      const { token, tokenHash } = newCancelToken();
      let outcome: { event: Event; signup: EventSignup };
      try {
        outcome = await db.transaction(async (tx) => {
          const db = tx as unknown as Database;
          const event = await lockEvent(db, eventId);
          if (!event || event.state === "draft") throw eventRefusals.notFound();
          if (event.state === "cancelled") throw eventRefusals.cancelled();
          if (event.startsAt <= now) throw eventRefusals.past();
          if (event.signupDeadline <= now) throw eventRefusals.deadlinePassed();
          if (request.places > event.maxPlacesPerSignup) {
            throw eventRefusals.tooManyPlaces(event.maxPlacesPerSignup);
          }
          const taken = await takePlaces(db, eventId, request.places);
          if (!taken && !event.waitingList) throw eventRefusals.full();
          const [signup] = await db
            .insert(eventSignups)
            .values({
              eventId,
              state: taken ? "confirmed" : "waitlisted",
              places: request.places,
              ...visitorColumns(request, tokenHash),
              createdAt: now,
              confirmedAt: taken ? now : null,
            })
            .returning();
          if (!signup) throw new Error("The sign-up was not stored");
          await mail?.signedUp(db, taken ?? event, signup, token);
          return { event: taken ?? event, signup };
        });
      } catch (error) {
        if (isUniqueViolation(error)) {
          throw eventRefusals.alreadySignedUp();
        }
        throw error;
      }
      onMailQueued?.();
      if (outcome.signup.state === "confirmed") onPlacesChanged?.(outcome.event);
      return outcome;
    },

    /** The sign-up a cancel link opens, with its event, or undefined for a link that never was. */
    async findByCancelToken(
      token: string,
    ): Promise<{ signup: EventSignup; event: Event } | undefined> {
      const [row] = await db
        .select({ signup: eventSignups, event: events })
        .from(eventSignups)
        .innerJoin(events, eq(events.id, eventSignups.eventId))
        .where(eq(eventSignups.cancelTokenHash, digestCancelToken(token)));
      return row;
    },

    /**
     * Gives up the sign-up of a cancel link, until the event's sign-up deadline; a freed place
     * goes to the first on the waiting list in the same transaction. A double post cancels once:
     * the second is answered with the sign-up as it is, changing and sending nothing.
     */
    async cancel(
      token: string,
    ): Promise<{ signup: EventSignup; event: Event; alreadyCancelled: boolean }> {
      const found = await this.findByCancelToken(token);
      if (!found) throw eventRefusals.linkInvalid();
      if (found.signup.state === "cancelled") return { ...found, alreadyCancelled: true };
      const now = clock.now();
      const outcome = await db.transaction(async (tx) => {
        const db = tx as unknown as Database;
        // The event first, as a sign-up locks it: the two never wait for each other in turn.
        const event = await lockEvent(db, found.event.id);
        if (!event) return undefined;
        if (event.signupDeadline <= now || event.state === "cancelled")
          throw eventRefusals.tooLate();
        const [signup] = await db
          .update(eventSignups)
          .set({ state: "cancelled", cancelledAt: now })
          .where(
            and(
              eq(eventSignups.id, found.signup.id),
              inArray(eventSignups.state, [...activeEventSignupStates]),
            ),
          )
          .returning();
        if (!signup) return undefined;
        // Confirmed at some time (perhaps from the waiting list since the link was opened).
        const hadPlace = signup.confirmedAt !== null;
        let current = event;
        if (hadPlace) {
          current = await promoteWaiting(db, await freePlaces(db, event, signup.places), now);
        }
        await mail?.cancelled(db, current, signup, hadPlace);
        return { signup, event: current, hadPlace };
      });
      // Cancelled by a post racing this one (or gone with its event): read it again.
      if (!outcome) {
        const again = await this.findByCancelToken(token);
        if (again?.signup.state === "cancelled") return { ...again, alreadyCancelled: true };
        throw eventRefusals.linkInvalid();
      }
      onMailQueued?.();
      if (outcome.hadPlace) onPlacesChanged?.(outcome.event);
      return { signup: outcome.signup, event: outcome.event, alreadyCancelled: false };
    },

    /**
     * Gives back the places of a confirmed sign-up that an erasure of personal data is about to
     * delete (server/events/event-personal-data.ts), in the erasure's transaction `tx`: the
     * first waiting get them as after a cancellation, with the same e-mail. The event's row is
     * locked first, as a cancellation locks it, before the sign-up's row goes. The caller wakes
     * the mail worker once the erasure commits (the pages show the places at their next render).
     */
    async releaseErased(tx: Database, signup: Pick<EventSignup, "eventId" | "places">) {
      const event = await lockEvent(tx, signup.eventId);
      if (!event) return;
      await promoteWaiting(tx, await freePlaces(tx, event, signup.places), clock.now());
    },

    /**
     * Her cancelling of one sign-up in the administration (event-admin-people-api.ts): as the
     * link's, a freed place goes to the first waiting, but at any time until the event ends;
     * `told` writes her own e-mail to the person and her audit entry, in the same transaction.
     * Undefined for a sign-up that is not this event's; the reason for a refusal otherwise.
     */
    async cancelByOwner(
      eventId: string,
      signupId: string,
      told: (tx: Database, event: Event, signup: EventSignup, hadPlace: boolean) => Promise<void>,
    ): Promise<
      | { signup: EventSignup; event: Event }
      | {
          refused:
            | "not_found"
            | "signup_not_found"
            | "already_cancelled"
            | "past"
            | "signup_already_cancelled";
        }
    > {
      const now = clock.now();
      const outcome = await db.transaction(async (tx) => {
        const db = tx as unknown as Database;
        const event = await lockEvent(db, eventId);
        if (!event) return { refused: "not_found" } as const;
        const [found] = await db
          .select()
          .from(eventSignups)
          .where(and(eq(eventSignups.id, signupId), eq(eventSignups.eventId, eventId)));
        if (!found) return { refused: "signup_not_found" } as const;
        if (event.state === "cancelled") return { refused: "already_cancelled" } as const;
        if (event.endsAt <= now) return { refused: "past" } as const;
        const [signup] = await db
          .update(eventSignups)
          .set({ state: "cancelled", cancelledAt: now })
          .where(
            and(
              eq(eventSignups.id, signupId),
              inArray(eventSignups.state, [...activeEventSignupStates]),
            ),
          )
          .returning();
        if (!signup) return { refused: "signup_already_cancelled" } as const;
        const hadPlace = found.state === "confirmed";
        let current = event;
        if (hadPlace) {
          current = await promoteWaiting(db, await freePlaces(db, event, signup.places), now);
        }
        await told(db, current, signup, hadPlace);
        return { signup, event: current, hadPlace };
      });
      if ("refused" in outcome) return outcome;
      onMailQueued?.();
      if (outcome.hadPlace) onPlacesChanged?.(outcome.event);
      return { signup: outcome.signup, event: outcome.event };
    },
  };
}
export type EventSignups = ReturnType<typeof createEventSignups>;
