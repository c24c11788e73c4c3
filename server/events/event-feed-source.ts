/**
 * Her events as entries of her private calendar feed (server/booking/booking-feed.ts): each
 * published or cancelled one, with how many have signed up, so her phone's calendar shows the
 * workshop beside her sessions. A cancelled event stays, as CANCELLED, so a calendar that had
 * it takes it off rather than keeping a stale entry. Drafts are hers alone and not listed.
 */
import { and, count, eq, gt, inArray } from "drizzle-orm";
import type { Database } from "#database/open-database";
import { eventSignups, events } from "#database/schema";
import { zOrZe } from "#shared/czech-numbers";
import { paths } from "#shared/routes";
import type { CalendarFeedSource } from "../booking/booking-feed";
import { eventPlaceText } from "./event-mail";

export const eventFeedTexts = {
  cancelledPrefix: "Zrušeno: ",
  // Genitive after „z“: „z 1 místa“, „ze 2 míst“, „z 10 míst“ (as her events screen says it).
  taken: (taken: number, capacity: number) =>
    `Obsazeno ${taken} ${zOrZe(capacity)} ${capacity} ${capacity === 1 ? "místa" : "míst"}`,
  waiting: (waiting: number) => `Na čekací listině: ${waiting}`,
  place: "Místo",
  cancelled: "Akci jsem zrušila.",
} as const;

export function createEventFeedSource({
  db,
  siteUrl,
}: {
  db: Database;
  siteUrl: string;
}): CalendarFeedSource {
  const host = new URL(siteUrl).host;
  return async (from) => {
    const rows = await db
      .select()
      .from(events)
      .where(and(inArray(events.state, ["published", "cancelled"]), gt(events.endsAt, from)));
    if (rows.length === 0) return [];
    const waiting = await db
      .select({ eventId: eventSignups.eventId, count: count() })
      .from(eventSignups)
      .where(
        and(
          eq(eventSignups.state, "waitlisted"),
          inArray(
            eventSignups.eventId,
            rows.map((event) => event.id),
          ),
        ),
      )
      .groupBy(eventSignups.eventId);
    const waitingOf = new Map(waiting.map((row) => [row.eventId, row.count]));
    return rows.map((event) => {
      const cancelled = event.state === "cancelled";
      const waitingCount = waitingOf.get(event.id) ?? 0;
      return {
        // Not the sign-ups' UIDs (`<sign-up id>@host`, in the visitors' .ics): her entry is the event's.
        uid: `akce-${event.id}@${host}`,
        start: event.startsAt,
        end: event.endsAt,
        summary: `${cancelled ? eventFeedTexts.cancelledPrefix : ""}${event.title} (${event.takenPlaces}/${event.capacity})`,
        description: [
          cancelled && eventFeedTexts.cancelled,
          eventFeedTexts.taken(event.takenPlaces, event.capacity),
          waitingCount > 0 && eventFeedTexts.waiting(waitingCount),
          `${eventFeedTexts.place}: ${eventPlaceText(event)}`,
          new URL(`${paths.adminEvents}/${event.id}`, siteUrl).href,
        ]
          .filter(Boolean)
          .join("\n"),
        status: cancelled ? "cancelled" : "confirmed",
      };
    });
  };
}
