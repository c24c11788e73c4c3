/**
 * Her events beyond creating and changing one: the list, one event's people, deleting a draft,
 * repeating an event, a message to everyone signed up and the people as CSV. Each change
 * writes its audit entry in its own transaction, about the event's title and time, never a
 * person. A refusal is a name (`EventAdminRefusal`) the API turns into its Czech answer.
 */
import { and, asc, desc, eq, gt, inArray, lte, ne, sql } from "drizzle-orm";
import type { Database } from "#database/open-database";
import { type Event, type EventSignup, eventSignups, events } from "#database/schema";
import type {
  EventCountsJson,
  EventListJson,
  EventSignupJson,
  EventSummaryJson,
} from "#shared/event-admin";
import { plannedOccurrences, type RepeatRule } from "#shared/event-repeats";
import { eventPath } from "#shared/events";
import { pragueDay } from "#shared/prague-time";
import { type AuditActor, recordAuditEvent } from "../audit-log";
import {
  composeMail,
  deleteUnsentOwnedMail,
  type MailSettings,
  writeToOutbox,
} from "../mail/outbox";
import { signupsCsvFileName, toSignupsCsv } from "./event-admin-csv";
import { eventCancelledByOwnerMail, eventMessageMail } from "./event-admin-email";
import { eventReminderMail } from "./event-email";
import { eventOccasion, eventSignupMailOwner } from "./event-mail";
import { eventSubject } from "./event-store";

export type EventAdminRefusal =
  | "not_found"
  | "signup_not_found"
  | "only_draft_deleted"
  | "draft_not_cancelled"
  | "already_cancelled"
  | "past_not_cancelled"
  | "cancelled_not_repeated"
  | "signup_already_cancelled"
  | "nobody_signed_up"
  | "draft_no_message"
  | "rule_not_fitting"
  | "until_before_next"
  | "too_many";

export type Refused = { refused: EventAdminRefusal };

const countsColumns = {
  confirmed: sql<number>`count(${eventSignups.id}) filter (where ${eventSignups.state} = 'confirmed')::int`,
  waitlisted: sql<number>`count(${eventSignups.id}) filter (where ${eventSignups.state} = 'waitlisted')::int`,
  cancelled: sql<number>`count(${eventSignups.id}) filter (where ${eventSignups.state} = 'cancelled')::int`,
};

type CountedEvent = Event & { confirmed: number; waitlisted: number; cancelled: number };

function countsOf(event: CountedEvent): EventCountsJson {
  return {
    capacity: event.capacity,
    takenPlaces: event.takenPlaces,
    freePlaces: Math.max(0, event.capacity - event.takenPlaces),
    confirmed: event.confirmed,
    waitlisted: event.waitlisted,
    cancelled: event.cancelled,
  };
}

function summaryOf(event: CountedEvent): EventSummaryJson {
  return {
    id: event.id,
    slug: event.slug,
    title: event.title,
    state: event.state,
    startsAt: event.startsAt.toISOString(),
    endsAt: event.endsAt.toISOString(),
    seriesId: event.seriesId,
    counts: countsOf(event),
  };
}

async function countedEvents(
  db: Database,
  where: ReturnType<typeof and>,
  order: ReturnType<typeof asc>[],
) {
  return db
    .select({ event: events, ...countsColumns })
    .from(events)
    .leftJoin(eventSignups, eq(eventSignups.eventId, events.id))
    .where(where)
    .groupBy(events.id)
    .orderBy(...order)
    .then((rows) => rows.map(({ event, ...counts }): CountedEvent => ({ ...event, ...counts })));
}

// A past that goes back years need not come whole to a phone.
const pastShown = 100;

/** Her list: upcoming (not yet ended), drafts, past; each with its people counted. */
export async function listEventsForAdmin(db: Database, now: Date): Promise<EventListJson> {
  const [upcoming, drafts, past] = await Promise.all([
    countedEvents(db, and(ne(events.state, "draft"), gt(events.endsAt, now)), [
      asc(events.startsAt),
    ]),
    countedEvents(db, eq(events.state, "draft"), [asc(events.startsAt)]),
    countedEvents(db, and(ne(events.state, "draft"), lte(events.endsAt, now)), [
      desc(events.startsAt),
    ]),
  ]);
  return {
    upcoming: upcoming.map(summaryOf),
    drafts: drafts.map(summaryOf),
    past: past.slice(0, pastShown).map(summaryOf),
  };
}

/** Confirmed first, then the waiting list in its order, then the cancelled ones. */
const signupOrder = [
  sql`case ${eventSignups.state} when 'confirmed' then 0 when 'waitlisted' then 1 else 2 end`,
  asc(eventSignups.createdAt),
  asc(eventSignups.id),
];

export function signupJson(signup: EventSignup): EventSignupJson {
  return {
    id: signup.id,
    state: signup.state,
    name: signup.name,
    email: signup.email,
    phone: signup.phone,
    places: signup.places,
    note: signup.note,
    createdAt: signup.createdAt.toISOString(),
    cancelledAt: signup.cancelledAt?.toISOString() ?? null,
  };
}

/** One event with its counts and its people, or undefined. */
export async function readEventPeople(db: Database, id: string) {
  const [event] = await countedEvents(db, eq(events.id, id), []);
  if (!event) return undefined;
  const signups = await db
    .select()
    .from(eventSignups)
    .where(eq(eventSignups.eventId, id))
    .orderBy(...signupOrder);
  return { event, counts: countsOf(event), signups: signups.map(signupJson) };
}

/** The event, locked for the change of the transaction `tx`. */
async function lockEvent(tx: Database, id: string): Promise<Event | undefined> {
  const [event] = await tx.select().from(events).where(eq(events.id, id)).for("update");
  return event;
}

/** Deletes a draft (nobody has seen it, so nobody is signed up). */
export async function deleteDraftEvent(
  db: Database,
  { id, actor, at }: { id: string; actor: AuditActor; at: Date },
): Promise<Refused | { deleted: Event }> {
  return db.transaction(async (tx) => {
    const event = await lockEvent(tx, id);
    if (!event) return { refused: "not_found" };
    if (event.state !== "draft") return { refused: "only_draft_deleted" };
    await tx.delete(events).where(eq(events.id, id));
    await recordAuditEvent(
      tx,
      { action: "event_deleted", actor, subject: eventSubject(event) },
      at,
    );
    return { deleted: event };
  });
}

/**
 * „Opakovat“: dated copies of the event, each its own event she can change on its own, tied
 * by `seriesId`. They take the event's state (a published event's occurrences are published),
 * its texts, place, price and places, and the sign-up deadline as long before each start as
 * before the event's; each has its audit entry. Answers the created events and their pages.
 */
export async function repeatEvent(
  db: Database,
  {
    id,
    rule,
    until,
    actor,
    at,
  }: { id: string; rule: RepeatRule; until: string; actor: AuditActor; at: Date },
): Promise<Refused | { created: EventSummaryJson[]; livePaths: string[] }> {
  return db.transaction(async (tx) => {
    const event = await lockEvent(tx, id);
    if (!event) return { refused: "not_found" };
    if (event.state === "cancelled") return { refused: "cancelled_not_repeated" };
    const planned = plannedOccurrences(event, rule, until, at);
    if (planned.refused) return { refused: planned.refused };
    const seriesId = event.seriesId ?? event.id;
    if (!event.seriesId) await tx.update(events).set({ seriesId }).where(eq(events.id, event.id));
    const slugs = planned.occurrences.map(({ startsAt }) => `${event.slug}-${pragueDay(startsAt)}`);
    const taken = new Set(
      (await tx.select({ slug: events.slug }).from(events).where(inArray(events.slug, slugs))).map(
        (row) => row.slug,
      ),
    );
    const deadlineBefore = event.startsAt.getTime() - event.signupDeadline.getTime();
    const rows = planned.occurrences.map(({ startsAt, endsAt }, index) => ({
      slug: uniqueSlug(slugs[index] ?? event.slug, taken),
      title: event.title,
      description: event.description,
      photoId: event.photoId,
      startsAt,
      endsAt,
      placeKind: event.placeKind,
      address: event.address,
      onlineNote: event.onlineNote,
      priceCzk: event.priceCzk,
      capacity: event.capacity,
      maxPlacesPerSignup: event.maxPlacesPerSignup,
      signupDeadline: new Date(startsAt.getTime() - deadlineBefore),
      waitingList: event.waitingList,
      state: event.state,
      seriesId,
      createdAt: at,
      updatedAt: at,
      updatedBy: actor.kind === "account" ? actor.userId : null,
    }));
    const created = await tx.insert(events).values(rows).returning();
    // Each copy is a new event of hers: live at once (published), or a draft made for later.
    const action = event.state === "published" ? "event_published" : "event_created";
    for (const occurrence of created) {
      await recordAuditEvent(tx, { action, actor, subject: eventSubject(occurrence) }, at);
    }
    return {
      created: created.map((occurrence) =>
        summaryOf({ ...occurrence, confirmed: 0, waitlisted: 0, cancelled: 0 }),
      ),
      livePaths:
        event.state === "published" ? created.map((occurrence) => eventPath(occurrence.slug)) : [],
    };
  });
}

/** `slug`, or `slug-2`, `slug-3`… when taken; the one chosen is taken from then on. */
function uniqueSlug(slug: string, taken: Set<string>): string {
  let candidate = slug;
  for (let number = 2; taken.has(candidate); number += 1) candidate = `${slug}-${number}`;
  taken.add(candidate);
  return candidate;
}

/** Whose sign-up is active: they are told of a message or a cancellation. */
const activeStates = ["confirmed", "waitlisted"] as const;

/**
 * „Napsat všem přihlášeným“: her subject and text to everyone signed up or waiting, one e-mail
 * each, through the outbox in the same transaction as the audit entry.
 */
export async function sendEventMessage(
  db: Database,
  {
    id,
    subject,
    text,
    actor,
    at,
    mail,
  }: {
    id: string;
    subject: string;
    text: string;
    actor: AuditActor;
    at: Date;
    mail: Pick<MailSettings, "notifyEmail" | "siteUrl">;
  },
): Promise<Refused | { recipients: number }> {
  return db.transaction(async (tx) => {
    const event = await lockEvent(tx, id);
    if (!event) return { refused: "not_found" };
    if (event.state === "draft") return { refused: "draft_no_message" };
    const people = await tx
      .select()
      .from(eventSignups)
      .where(and(eq(eventSignups.eventId, id), inArray(eventSignups.state, [...activeStates])))
      .orderBy(...signupOrder);
    if (people.length === 0) return { refused: "nobody_signed_up" };
    for (const person of people) {
      const message = composeMail(eventMessageMail, {
        to: person.email,
        replyTo: mail.notifyEmail,
        data: {
          subject,
          text,
          title: event.title,
          startsAt: event.startsAt.toISOString(),
          endsAt: event.endsAt.toISOString(),
          eventLink: `${mail.siteUrl}${eventPath(event.slug)}`,
          siteUrl: mail.siteUrl,
        },
      });
      // Owned by the sign-up: erasing the person's data erases her copy too.
      await writeToOutbox(tx, [message], { dueAt: at, owner: eventSignupMailOwner(person) });
    }
    await recordAuditEvent(
      tx,
      { action: "event_message_sent", actor, subject: eventSubject(event) },
      at,
    );
    return { recipients: people.length };
  });
}

/** „Stáhnout CSV“: everyone who signed up, and the download noted in the audit log. */
export async function exportEventSignups(
  db: Database,
  { id, actor, at }: { id: string; actor: AuditActor; at: Date },
): Promise<Refused | { csv: string; fileName: string }> {
  return db.transaction(async (tx) => {
    const [event] = await tx.select().from(events).where(eq(events.id, id));
    if (!event) return { refused: "not_found" };
    const signups = await tx
      .select()
      .from(eventSignups)
      .where(eq(eventSignups.eventId, id))
      .orderBy(...signupOrder);
    await recordAuditEvent(
      tx,
      { action: "event_signups_exported", actor, subject: eventSubject(event) },
      at,
    );
    return { csv: toSignupsCsv(signups), fileName: signupsCsvFileName(event.slug, event.startsAt) };
  });
}

/**
 * Her e-mail to one person that she cancelled the event or their sign-up (the `.ics` that takes
 * it out of the calendar when they had a place), the unsent reminder dropped, in `tx`.
 */
export async function tellCancelled(
  tx: Database,
  {
    event,
    signup,
    what,
    hadPlace,
    at,
    mail,
  }: {
    event: Event;
    signup: EventSignup;
    what: "event" | "signup";
    hadPlace: boolean;
    at: Date;
    mail: Pick<MailSettings, "notifyEmail" | "siteUrl">;
  },
) {
  const owner = eventSignupMailOwner(signup);
  await deleteUnsentOwnedMail(tx, owner, eventReminderMail.name);
  const told = composeMail(eventCancelledByOwnerMail, {
    to: signup.email,
    replyTo: mail.notifyEmail,
    data: { ...eventOccasion(event, signup, mail.siteUrl), what, hadPlace },
  });
  await writeToOutbox(tx, [told], { dueAt: at, owner });
}

/**
 * „Zrušit akci“: the event cancelled (its page says so), and everyone with a place or waiting
 * told by e-mail, their reminders dropped; the sign-ups stay as they were, as the record of who
 * was coming. A draft is deleted instead, a past or cancelled event stays as it is.
 */
export async function cancelWholeEvent(
  db: Database,
  {
    id,
    actor,
    at,
    mail,
  }: {
    id: string;
    actor: AuditActor;
    at: Date;
    mail: Pick<MailSettings, "notifyEmail" | "siteUrl">;
  },
): Promise<Refused | { event: Event; told: number }> {
  return db.transaction(async (tx) => {
    const event = await lockEvent(tx, id);
    if (!event) return { refused: "not_found" };
    if (event.state === "draft") return { refused: "draft_not_cancelled" };
    if (event.state === "cancelled") return { refused: "already_cancelled" };
    if (event.endsAt <= at) return { refused: "past_not_cancelled" };
    const [cancelled] = await tx
      .update(events)
      .set({
        state: "cancelled",
        version: sql`${events.version} + 1`,
        updatedAt: at,
        updatedBy: actor.kind === "account" ? actor.userId : null,
      })
      .where(eq(events.id, id))
      .returning();
    if (!cancelled) return { refused: "not_found" };
    const people = await tx
      .select()
      .from(eventSignups)
      .where(and(eq(eventSignups.eventId, id), inArray(eventSignups.state, [...activeStates])))
      .orderBy(...signupOrder);
    for (const signup of people) {
      await tellCancelled(tx, {
        event: cancelled,
        signup,
        what: "event",
        hadPlace: signup.state === "confirmed",
        at,
        mail,
      });
    }
    await recordAuditEvent(
      tx,
      { action: "event_cancelled", actor, subject: eventSubject(cancelled) },
      at,
    );
    return { event: cancelled, told: people.length };
  });
}
