/**
 * A sign-up's e-mails into the outbox, in the transaction of its change: the visitor's answer
 * and the owner's notice at once, the reminder due a day before the event for whoever has a
 * place; a cancellation drops the unsent reminder.
 */
import type { Database } from "#database/open-database";
import type { Event, EventSignup } from "#database/schema";
import { eventPath } from "#shared/events";
import { paths } from "#shared/routes";
import {
  composeMail,
  deleteUnsentOwnedMail,
  type MailSettings,
  writeToOutbox,
} from "../mail/outbox";
import {
  eventOwnerMail,
  eventReminderMail,
  eventSignupCancelledMail,
  eventSignupMail,
} from "./event-email";
import type { EventSignupMail } from "./event-signups";

/** The outbox's owner of a sign-up's e-mails: erasing the sign-up erases them. */
export const eventSignupMailOwner = (signup: Pick<EventSignup, "id">) => ({
  type: "event_signup",
  id: signup.id,
});

/** The reminder goes this long before the event. */
export const eventReminderBeforeMs = 24 * 60 * 60 * 1000;

/** The cancel link of a sign-up's e-mail: its page asks before it cancels (a mail scanner only opens it). */
export function eventCancelLink(siteUrl: string, token: string): string {
  return `${siteUrl}${paths.eventCancel}/${token}`;
}

/** Where the event is, in words: the address, or „Online“ with her note. */
export function eventPlaceText(event: Pick<Event, "placeKind" | "address" | "onlineNote">): string {
  if (event.placeKind === "address") return event.address ?? "";
  return event.onlineNote ? `Online – ${event.onlineNote}` : "Online";
}

/** What every e-mail about a sign-up says of its event and the sign-up. */
export function eventOccasion(event: Event, signup: EventSignup, siteUrl: string) {
  return {
    signupId: signup.id,
    title: event.title,
    startsAt: event.startsAt.toISOString(),
    endsAt: event.endsAt.toISOString(),
    place: eventPlaceText(event),
    places: signup.places,
    eventUrl: `${siteUrl}${eventPath(event.slug)}`,
    siteUrl,
  };
}

export function createEventMail(
  mail: Pick<MailSettings, "notifyEmail" | "siteUrl">,
): EventSignupMail {
  function toOwner(
    event: Event,
    signup: EventSignup,
    change: "confirmed" | "waitlisted" | "promoted" | "cancelled",
  ) {
    return composeMail(eventOwnerMail, {
      to: mail.notifyEmail,
      replyTo: signup.email,
      data: {
        ...eventOccasion(event, signup, mail.siteUrl),
        eventId: event.id,
        change,
        name: signup.name,
        email: signup.email,
        phone: signup.phone,
        note: signup.note,
        takenPlaces: event.takenPlaces,
        capacity: event.capacity,
      },
    });
  }
  function answer(
    event: Event,
    signup: EventSignup,
    state: "confirmed" | "waitlisted" | "promoted",
    token: string,
  ) {
    return composeMail(eventSignupMail, {
      to: signup.email,
      replyTo: mail.notifyEmail,
      data: {
        ...eventOccasion(event, signup, mail.siteUrl),
        state,
        cancelLink: eventCancelLink(mail.siteUrl, token),
        cancelUntil: event.signupDeadline.toISOString(),
      },
    });
  }
  /** The reminder, unless the event is less than a day away: the answer is fresh then. */
  async function remind(tx: Database, event: Event, signup: EventSignup, now: Date) {
    const remindAt = new Date(event.startsAt.getTime() - eventReminderBeforeMs);
    if (remindAt <= now) return;
    const reminder = composeMail(eventReminderMail, {
      to: signup.email,
      replyTo: mail.notifyEmail,
      data: eventOccasion(event, signup, mail.siteUrl),
    });
    await writeToOutbox(tx, [reminder], { dueAt: remindAt, owner: eventSignupMailOwner(signup) });
  }

  return {
    async signedUp(tx, event, signup, token) {
      const state = signup.state === "confirmed" ? "confirmed" : "waitlisted";
      await writeToOutbox(
        tx,
        [toOwner(event, signup, state), answer(event, signup, state, token)],
        { dueAt: signup.createdAt, owner: eventSignupMailOwner(signup) },
      );
      if (state === "confirmed") await remind(tx, event, signup, signup.createdAt);
    },

    async promoted(tx, event, signup, token) {
      const at = signup.confirmedAt ?? signup.createdAt;
      await writeToOutbox(
        tx,
        [toOwner(event, signup, "promoted"), answer(event, signup, "promoted", token)],
        { dueAt: at, owner: eventSignupMailOwner(signup) },
      );
      await remind(tx, event, signup, at);
    },

    async cancelled(tx, event, signup, hadPlace) {
      const owner = eventSignupMailOwner(signup);
      await deleteUnsentOwnedMail(tx, owner, eventReminderMail.name);
      const toVisitor = composeMail(eventSignupCancelledMail, {
        to: signup.email,
        replyTo: mail.notifyEmail,
        data: { ...eventOccasion(event, signup, mail.siteUrl), hadPlace },
      });
      await writeToOutbox(tx, [toOwner(event, signup, "cancelled"), toVisitor], {
        dueAt: signup.cancelledAt ?? signup.createdAt,
        owner,
      });
    },
  };
}
