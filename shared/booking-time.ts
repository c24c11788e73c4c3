/**
 * Her wall clock in Europe/Prague for the booking calendar: a day and a time
 * of day as she writes her hours („úterý 9:00–17:00“), and the moment each
 * is. The offsets come from the time-zone database through Intl (as
 * `prague-time.ts` formats), never from a hand-made rule, so both
 * daylight-saving days come out right.
 */
import { ownerTimeZone } from "./prague-time";

/** A calendar day, YYYY-MM-DD. */
export type Day = string;

const partsFormat = new Intl.DateTimeFormat("en-US", {
  timeZone: ownerTimeZone,
  hourCycle: "h23",
  year: "numeric",
  month: "numeric",
  day: "numeric",
  hour: "numeric",
  minute: "numeric",
  second: "numeric",
});

const minute = 60_000;
const hour = 60 * minute;

/**
 * Offsets by UTC hour: Prague's clock changes only on a whole UTC hour, and Intl's
 * formatting was most of the calculator's time (three calls a range, 60 days a request).
 */
const offsetsByHour = new Map<number, number>();

/** How far Prague's wall clock is ahead of UTC at `instant`, in milliseconds. */
function pragueOffset(instant: number): number {
  const utcHour = Math.floor(instant / hour);
  let offset = offsetsByHour.get(utcHour);
  if (offset === undefined) {
    if (offsetsByHour.size > 100_000) offsetsByHour.clear();
    offset = readPragueOffset(utcHour * hour);
    offsetsByHour.set(utcHour, offset);
  }
  return offset;
}

function readPragueOffset(instant: number): number {
  const parts = partsFormat.formatToParts(instant);
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    Number(parts.find((found) => found.type === type)?.value);
  const wall = Date.UTC(
    part("year"),
    part("month") - 1,
    part("day"),
    part("hour"),
    part("minute"),
    part("second"),
  );
  return wall - Math.floor(instant / 1000) * 1000;
}

function wallClock(day: Day, minutes: number): number {
  const [year = 0, month = 1, date = 1] = day.split("-").map(Number);
  return Date.UTC(year, month - 1, date) + minutes * minute;
}

/**
 * The moment Prague's clock shows `minutes` after midnight of `day`. On the
 * autumn day a time shown twice is its first (summer) moment; in the spring
 * gap a time never shown moves forward by the hour (as Temporal's
 * „compatible“ does), so 2:30 is 3:30.
 */
export function pragueMoment(day: Day, minutes: number): Date {
  const wall = wallClock(day, minutes);
  // The offsets in force around that wall time: one, or two on a change.
  const before = pragueOffset(wall - 12 * hour);
  const after = pragueOffset(wall + 12 * hour);
  for (const offset of before >= after ? [before, after] : [after, before]) {
    const candidate = wall - offset;
    if (pragueOffset(candidate) === offset) return new Date(candidate);
  }
  return new Date(wall - before);
}

/** `day` moved by `days` calendar days. */
export function addDays(day: Day, days: number): Day {
  return new Date(wallClock(day, 0) + days * 24 * hour).toISOString().slice(0, 10);
}

/** 0 Sunday … 6 Saturday, as `Date.getUTCDay`. */
export function weekdayOf(day: Day): number {
  return new Date(wallClock(day, 0)).getUTCDay();
}

/** „9:30“ → 570 minutes after midnight. */
export function minutesOf(time: string): number {
  const [hours = 0, minutes = 0] = time.split(":").map(Number);
  return hours * 60 + minutes;
}
