/**
 * `GET /kalendar/<token>.ics`: her private calendar feed, for her phone's
 * calendar. Never stored by a cache or indexed; any other address answers
 * 404 after the same work, whatever it looks like.
 */
import { Hono } from "hono";
import { type CalendarFeed, calendarFeedFilePattern } from "./booking-feed";

const privateHeaders = { "Cache-Control": "no-store", "X-Robots-Tag": "noindex" } as const;

export const calendarFeedMessages = {
  unknown:
    "Tento kalendář neexistuje. Adresu kalendáře najdete v administraci v nastavení rezervací.",
} as const;

export function createCalendarFeedRoute(feed: CalendarFeed) {
  return new Hono().get("/:file", async (c) => {
    const file = c.req.param("file");
    const calendar = await feed.calendarOf(calendarFeedFilePattern.exec(file)?.[1] ?? file);
    if (calendar === undefined) {
      return c.text(calendarFeedMessages.unknown, 404, privateHeaders);
    }
    return c.body(calendar, 200, {
      ...privateHeaders,
      "Content-Type": "text/calendar; charset=utf-8",
      "Content-Disposition": 'inline; filename="rezervace.ics"',
    });
  });
}
