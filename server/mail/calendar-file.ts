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
  /** Its SEQUENCE: a change must outrank the file a calendar kept before it (same UID). */
  sequence?: number;
};

const statuses = {
  tentative: ICalEventStatus.TENTATIVE,
  confirmed: ICalEventStatus.CONFIRMED,
  cancelled: ICalEventStatus.CANCELLED,
} as const;

export function calendarFile(entry: CalendarEntry): MailAttachment {
  const cancelled = entry.status === "cancelled";
  const calendar = ical({
    prodId: { company: site.title, product: entry.product, language: "CS" },
    method: cancelled ? ICalCalendarMethod.CANCEL : ICalCalendarMethod.PUBLISH,
  });
  calendar.createEvent({
    id: `${entry.id}@${new URL(entry.siteUrl).host}`,
    start: entry.start,
    end: entry.end,
    summary: entry.summary,
    description: entry.description,
    location: entry.location ?? null,
    status: statuses[entry.status],
    // Without one, a cancellation outranks the first file in a calendar that kept it.
    sequence: entry.sequence ?? (cancelled ? 1 : 0),
    url: entry.url ?? entry.siteUrl,
  });
  return {
    filename: entry.filename,
    content: calendar.toString(),
    contentType: `text/calendar; charset=utf-8; method=${cancelled ? "CANCEL" : "PUBLISH"}`,
  };
}
