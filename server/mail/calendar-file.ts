/**
 * One appointment as an `.ics` attachment (ical-generator), for every e-mail that puts a time
 * in the visitor's calendar: a booked session, a place at an event. The UID is the record's id
 * at the site's host, so a later file with a higher `sequence` (a cancellation) replaces the
 * first in a calendar that kept it.
 */
import ical, { ICalCalendarMethod, ICalEventStatus } from "ical-generator";
import { site } from "#shared/site";
import type { MailAttachment } from "./mail-kind";

export type CalendarFileStatus = "tentative" | "confirmed" | "cancelled";

export type CalendarEntry = {
  /** The record's id (a booking's, a sign-up's): the event's UID at the site's host. */
  id: string;
  siteUrl: string;
  /** The name of the calendar product („Rezervace“, „Akce“). */
  product: string;
  /** The attachment's file name („rezervace.ics“). */
  filename: string;
  start: Date;
  end: Date;
  summary: string;
  description: string;
  location?: string | null;
  /** The page of the appointment; the site by default. */
  url?: string;
  status: CalendarFileStatus;
  /** The file's SEQUENCE (a record's, raised by each change); by default 1 for a cancellation, else 0. */
  sequence?: number;
};

const statuses = {
  tentative: ICalEventStatus.TENTATIVE,
  confirmed: ICalEventStatus.CONFIRMED,
  cancelled: ICalEventStatus.CANCELLED,
} as const;

/**
 * A record's calendar UID (RFC 5545): its id at the site's host. A booking's `.ics` and her
 * calendar feed's entry of it share it, so the two never show one session twice.
 */
export function calendarUid(id: string, siteUrl: string): string {
  return `${id}@${new URL(siteUrl).host}`;
}

export function calendarFile(entry: CalendarEntry): MailAttachment {
  const cancelled = entry.status === "cancelled";
  const calendar = ical({
    prodId: { company: site.title, product: entry.product, language: "CS" },
    method: cancelled ? ICalCalendarMethod.CANCEL : ICalCalendarMethod.PUBLISH,
  });
  calendar.createEvent({
    id: calendarUid(entry.id, entry.siteUrl),
    start: entry.start,
    end: entry.end,
    summary: entry.summary,
    description: entry.description,
    location: entry.location ?? null,
    status: statuses[entry.status],
    // A cancellation must outrank the first file in a calendar that kept it.
    sequence: entry.sequence ?? (cancelled ? 1 : 0),
    url: entry.url ?? entry.siteUrl,
  });
  return {
    filename: entry.filename,
    content: calendar.toString(),
    contentType: `text/calendar; charset=utf-8; method=${cancelled ? "CANCEL" : "PUBLISH"}`,
  };
}
