/**
 * Her events as stored: made and changed from the administration's input (the description
 * sanitized as an article's body is, whatever the browser sent), published, and read for the
 * public pages (upcoming, live ones only, with their free places).
 */
import { and, asc, eq, gt, inArray } from "drizzle-orm";
import type { Database } from "#database/open-database";
import { type Event, events } from "#database/schema";
import type { PublicEvent } from "#shared/events";
import type { EventInput } from "#shared/events-schemas";
import { formatPragueMoment } from "#shared/prague-time";
import { paths } from "#shared/routes";
import { slugFromTitle } from "#shared/slugs";
import { sanitizeArticleHtml } from "../articles/article-html";

/** Slugs an event may not take: the addresses of the cancel link's and the sign-up's routes. */
export const reservedEventSlugs = [
  paths.eventCancel.slice(paths.events.length + 1),
  "prihlaska",
] as const;

/**
 * An event in the audit log's words: its title and start, never a person. No quotes: the log's
 * sentence puts the subject in them („Úplňkový kruh, 4. 3. 2027 v 18:00“), as a booking's.
 */
export function eventSubject(event: Pick<Event, "title" | "startsAt">): string {
  return `${event.title}, ${formatPragueMoment(event.startsAt).replace(/\u00a0/g, " ")}`;
}

/** The columns an input sets (her slug, or the title's). */
export function eventValues(input: EventInput) {
  return {
    slug: input.slug || slugFromTitle(input.title, "akce"),
    title: input.title,
    description: sanitizeArticleHtml(input.description),
    photoId: input.photoId,
    startsAt: input.startsAt,
    endsAt: input.endsAt,
    signupDeadline: input.signupDeadline ?? input.startsAt,
    placeKind: input.placeKind,
    address: input.placeKind === "address" ? input.address : null,
    onlineNote: input.placeKind === "online" ? input.onlineNote || null : null,
    priceCzk: input.priceCzk,
    capacity: input.capacity,
    maxPlacesPerSignup: input.maxPlacesPerSignup,
    waitingList: input.waitingList,
  };
}

/** What a visitor may see of an event. */
export function publicEvent(event: Event): PublicEvent {
  return {
    id: event.id,
    slug: event.slug,
    title: event.title,
    description: event.description,
    photoId: event.photoId,
    startsAt: event.startsAt.toISOString(),
    endsAt: event.endsAt.toISOString(),
    placeKind: event.placeKind,
    address: event.address,
    onlineNote: event.onlineNote,
    priceCzk: event.priceCzk,
    capacity: event.capacity,
    freePlaces: Math.max(0, event.capacity - event.takenPlaces),
    maxPlacesPerSignup: event.maxPlacesPerSignup,
    signupDeadline: event.signupDeadline.toISOString(),
    waitingList: event.waitingList,
    state: event.state === "cancelled" ? "cancelled" : "published",
  };
}

/**
 * The public pages' reader of her events (passed to route loaders in the page render's load
 * context): the upcoming published ones in order, and one by its slug, published or cancelled
 * (a cancelled event's page says so until it is over).
 */
export function createEventReader(db: Database, now: () => Date) {
  return {
    async upcoming(): Promise<PublicEvent[]> {
      const rows = await db
        .select()
        .from(events)
        .where(and(eq(events.state, "published"), gt(events.endsAt, now())))
        .orderBy(asc(events.startsAt));
      return rows.map(publicEvent);
    },
    async find(slug: string): Promise<PublicEvent | undefined> {
      const [row] = await db
        .select()
        .from(events)
        .where(and(eq(events.slug, slug), inArray(events.state, ["published", "cancelled"])));
      return row ? publicEvent(row) : undefined;
    },
  };
}
export type EventReader = ReturnType<typeof createEventReader>;
