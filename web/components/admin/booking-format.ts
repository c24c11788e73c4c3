/**
 * Her bookings in words: a state as her screens name it, a day as a heading, a session's
 * times, and the days of her day and week views (Prague's calendar, whatever the browser's).
 */
import type { AdminBookingState } from "#shared/booking-admin";
import { addDays, type Day, pragueMoment, weekdayOf } from "#shared/booking-time";
import { formatPragueTimes, ownerTimeZone, pragueDay } from "#shared/prague-time";

export const bookingStateNames = {
  pending: "Čeká na potvrzení",
  confirmed: "Potvrzená",
  declined: "Odmítnutá",
  cancelled: "Zrušená",
} as const satisfies Record<AdminBookingState, string>;

const dayHeading = new Intl.DateTimeFormat("cs-CZ", {
  weekday: "long",
  day: "numeric",
  month: "long",
  timeZone: ownerTimeZone,
});
const dayWithYear = new Intl.DateTimeFormat("cs-CZ", {
  weekday: "long",
  day: "numeric",
  month: "long",
  year: "numeric",
  timeZone: ownerTimeZone,
});

/** „pondělí 30. listopadu“ */
export function formatDayHeading(day: Day): string {
  return dayHeading.format(pragueMoment(day, 12 * 60));
}

/** „středa 9. prosince 2026“ */
export function formatBookingDay(moment: string): string {
  return dayWithYear.format(new Date(moment));
}

/** „9:00–12:00“ */
export function formatSessionTimes(startsAt: string, endsAt: string): string {
  return formatPragueTimes(startsAt, endsAt);
}

/** Today in Prague. */
export function today(now = new Date()): Day {
  return pragueDay(now);
}

/** The Monday of the week `day` is in. */
export function mondayOf(day: Day): Day {
  return addDays(day, -((weekdayOf(day) + 6) % 7));
}

/** Each day from `from`, `count` of them. */
export function daysFrom(from: Day, count: number): Day[] {
  return Array.from({ length: count }, (_, index) => addDays(from, index));
}

/** The day of a moment in Prague (a booking's start). */
export function dayOf(moment: string): Day {
  return pragueDay(moment);
}

/** A day and a time she typed („2026-12-09“, „9:30“) as an ISO moment, or undefined. */
export function typedMoment(day: string, time: string): string | undefined {
  const match = /^(\d{1,2}):(\d{2})$/.exec(time.trim());
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day) || !match) return undefined;
  const hours = Number(match[1]);
  const minutes = Number(match[2]);
  if (hours > 23 || minutes > 59) return undefined;
  return pragueMoment(day, hours * 60 + minutes).toISOString();
}
