/**
 * The personal data of event sign-ups: the visitor's name, address, phone and note with the
 * event. An address's export lists its sign-ups (never the cancel link's digest); its erasure
 * deletes them with every e-mail they caused, the owner's notices included (the outbox's owner
 * `event_signup`), and gives a held place back to the event: the first one waiting gets it,
 * as after a cancellation (the events core's promotion). The owner's retention rule deletes
 * the sign-ups of events that ended before its cut-off, with their e-mails.
 */
import { count, eq, inArray, lt, sql } from "drizzle-orm";
import { type EventSignup, eventSignups, events } from "#database/schema";
import { deleteOwnedMail } from "../mail/outbox";
import { declareAddressPart, type PersonalDataRegistration } from "../personal-data";
import { eventSignupMailOwner } from "./event-mail";
import { createEventSignups } from "./event-signups";

type Found = { signup: EventSignup; title: string; startsAt: Date }[];

export const eventPersonalData: PersonalDataRegistration = {
  module: "server/events/event-signups.ts",
  tables: [eventSignups],
  address: declareAddressPart<Found>({
    find: (db, email) =>
      db
        .select({ signup: eventSignups, title: events.title, startsAt: events.startsAt })
        .from(eventSignups)
        .innerJoin(events, eq(events.id, eventSignups.eventId))
        .where(eq(sql`lower(${eventSignups.email})`, email.toLowerCase()))
        .orderBy(events.startsAt),
    summarize: (found) => ({ eventSignups: found.length }),
    export: async (_db, found) => ({
      event_signups: found.map(({ signup, title, startsAt }) => ({
        id: signup.id,
        event: title,
        event_starts_at: startsAt.toISOString(),
        state: signup.state,
        places: signup.places,
        name: signup.name,
        email: signup.email,
        phone: signup.phone,
        note: signup.note,
        privacy_consent: signup.privacyConsent,
        created_at: signup.createdAt.toISOString(),
        confirmed_at: signup.confirmedAt?.toISOString() ?? null,
        cancelled_at: signup.cancelledAt?.toISOString() ?? null,
      })),
    }),
    erase: async (tx, found, erasure) => {
      const core =
        erasure.eventSignups ??
        createEventSignups({ db: tx, clock: { now: () => erasure.at ?? new Date() } });
      for (const { signup } of found) {
        // A held place goes back, to the first one waiting as after a cancellation.
        if (signup.state === "confirmed") await core.releaseErased(tx, signup);
        await deleteOwnedMail(tx, eventSignupMailOwner(signup));
        await tx.delete(eventSignups).where(eq(eventSignups.id, signup.id));
      }
    },
  }),
  retention: {
    key: "eventSignups",
    count: async (db, cutoff) => {
      const [row] = await db
        .select({ signups: count() })
        .from(eventSignups)
        .innerJoin(events, eq(events.id, eventSignups.eventId))
        .where(lt(events.endsAt, cutoff));
      return row?.signups ?? 0;
    },
    delete: async (tx, cutoff) => {
      const old = await tx
        .select({ id: eventSignups.id })
        .from(eventSignups)
        .innerJoin(events, eq(events.id, eventSignups.eventId))
        .where(lt(events.endsAt, cutoff));
      if (old.length === 0) return 0;
      for (const signup of old) await deleteOwnedMail(tx, eventSignupMailOwner(signup));
      // The event keeps its count of taken places: how full it was, which names nobody.
      await tx.delete(eventSignups).where(
        inArray(
          eventSignups.id,
          old.map((signup) => signup.id),
        ),
      );
      return old.length;
    },
  },
};
