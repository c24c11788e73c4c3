/**
 * Every moment a person reads is in the owner's time, Europe/Prague, whatever
 * the zone of the browser or the server: she works from Czechia, and an
 * administration opened abroad must show the same times as her e-mails.
 * Intl knows the daylight-saving changes, so no offset is ever computed here.
 */
import { czech, range } from "./typography";

export const ownerTimeZone = "Europe/Prague";

const dateFormat = new Intl.DateTimeFormat("cs-CZ", {
  day: "numeric",
  month: "numeric",
  year: "numeric",
  timeZone: ownerTimeZone,
});
const timeFormat = new Intl.DateTimeFormat("cs-CZ", {
  hour: "numeric",
  minute: "2-digit",
  timeZone: ownerTimeZone,
});
const timeWithSecondsFormat = new Intl.DateTimeFormat("cs-CZ", {
  hour: "numeric",
  minute: "2-digit",
  second: "2-digit",
  timeZone: ownerTimeZone,
});
// en-CA writes a date as YYYY-MM-DD, the form of a date field's value.
const dayFormat = new Intl.DateTimeFormat("en-CA", {
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  timeZone: ownerTimeZone,
});
/** „27. listopadu 2026 v 9:30“, as the e-mails write a moment. */
const longFormat = new Intl.DateTimeFormat("cs-CZ", {
  dateStyle: "long",
  timeStyle: "short",
  timeZone: ownerTimeZone,
});

/** „27. listopadu 2026“ */
const longDateFormat = new Intl.DateTimeFormat("cs-CZ", {
  dateStyle: "long",
  timeZone: ownerTimeZone,
});

type Moment = Date | string;
const toDate = (moment: Moment) => (typeof moment === "string" ? new Date(moment) : moment);

/** „29. 3. 2026“ */
export function formatPragueDate(moment: Moment): string {
  return dateFormat.format(toDate(moment));
}

/** „9:30“, or „9:30:05“ with seconds. */
export function formatPragueTime(moment: Moment, { seconds = false } = {}): string {
  return (seconds ? timeWithSecondsFormat : timeFormat).format(toDate(moment));
}

/** „29. 3. 2026 9:30“, or „29. 3. 2026 9:30:05“ with seconds. */
export function formatPragueDateTime(moment: Moment, options?: { seconds?: boolean }): string {
  return `${formatPragueDate(moment)} ${formatPragueTime(moment, options)}`;
}

/**
 * „27. listopadu 2026 v 9:30“, with non-breaking spaces around the „v“ (and after the year):
 * a line never ends with the „v“ or starts with the time.
 */
export function formatPragueLong(moment: Moment): string {
  return czech(longFormat.format(toDate(moment)));
}

/** „18:00–20:30“: the times of a session or an event, as every page and e-mail writes them. */
export function formatPragueTimes(start: Moment, end: Moment): string {
  return range(formatPragueTime(start), formatPragueTime(end));
}

/**
 * „27. listopadu 2026 v 18:00–20:30“, an event or a session in a sentence (pages, e-mails);
 * one ending on another day names both: „31. prosince 2026 v 22:00 – 1. ledna 2027 v 1:00“.
 */
export function formatPragueLongRange(start: Moment, end: Moment): string {
  if (pragueDay(start) !== pragueDay(end))
    return range(formatPragueLong(start), formatPragueLong(end));
  return czech(`${longDateFormat.format(toDate(start))} v ${formatPragueTimes(start, end)}`);
}

/**
 * „29. 3. 2026 v 9:30“: a moment inside a sentence („Zveřejněno 29. 3. 2026 v 9:30“), held
 * together by non-breaking spaces. A column of times (a table) uses `formatPragueDateTime`.
 */
export function formatPragueMoment(moment: Moment): string {
  return czech(`${formatPragueDate(moment)} v ${formatPragueTime(moment)}`);
}

/** The day in Prague as YYYY-MM-DD (the value of a date field), e.g. for a filter by date. */
export function pragueDay(moment: Moment): string {
  return dayFormat.format(toDate(moment));
}
