/**
 * The free times of an offer: her hours (the week, or a day's exception),
 * less what is booked with its pause after, less what is too soon or too far
 * ahead. Pure, so the API, the no-script page and the tests share it; the
 * database's exclusion constraint, not this, is what keeps two bookings apart
 * (this only decides what to offer and which asked-for start is on the grid).
 */
import type { BookingSettings } from "./booking-settings";
import { addDays, type Day, minutesOf, pragueMoment, weekdayOf } from "./booking-time";
import { pragueDay } from "./prague-time";

/** A booking that holds its time: from its start to its end and the pause after it. */
export type TakenTime = { startsAt: Date; blockedUntil: Date };

export type FreeDay = { day: Day; starts: Date[] };

export type SlotQuery = {
  settings: BookingSettings;
  durationMinutes: number;
  /** Active bookings (pending or confirmed), in any order. */
  taken: readonly TakenTime[];
  now: Date;
  /** Only this day (still within the notice and the horizon). */
  day?: Day;
};

const minute = 60_000;

/** The days with at least one free start, in order, each with its starts in order. */
export function findFreeSlots({
  settings,
  durationMinutes,
  taken,
  now,
  day,
}: SlotQuery): FreeDay[] {
  const duration = durationMinutes * minute;
  const held = settings.bufferMinutes * minute;
  const step = settings.gridMinutes * minute;
  const earliest = now.getTime() + settings.noticeMinutes * minute;
  const sorted = [...taken]
    .map((time) => ({ from: time.startsAt.getTime(), until: time.blockedUntil.getTime() }))
    .sort((a, b) => a.from - b.from);
  const exceptions = new Map(
    settings.exceptions.map((exception) => [exception.day, exception.ranges]),
  );

  const today = pragueDay(now);
  const lastDay = addDays(today, settings.horizonDays - 1);
  const days: FreeDay[] = [];
  // Starts only grow from here on, so a booking that ends before one never matters again.
  let next = 0;
  for (let current = day ?? today; current <= (day ?? lastDay); current = addDays(current, 1)) {
    if (current < today || current > lastDay) break;
    const ranges = [...(exceptions.get(current) ?? settings.weekly[weekdayOf(current)] ?? [])].sort(
      (a, b) => minutesOf(a.from) - minutesOf(b.from),
    );
    const starts: Date[] = [];
    for (const range of ranges) {
      const rangeEnd = pragueMoment(current, minutesOf(range.to)).getTime();
      // Stepping the moment, not the wall clock: an hour's change keeps the grid, and the
      // autumn's repeated hour is offered twice, as it is lived twice.
      for (
        let start = pragueMoment(current, minutesOf(range.from)).getTime();
        start + duration <= rangeEnd;
        start += step
      ) {
        if (start < earliest) continue;
        while (next < sorted.length && (sorted[next]?.until ?? 0) <= start) next++;
        const until = start + duration + held;
        let free = true;
        for (let index = next; index < sorted.length; index++) {
          const other = sorted[index];
          if (!other || other.from >= until) break;
          if (other.until > start) {
            free = false;
            break;
          }
        }
        if (free) starts.push(new Date(start));
      }
    }
    if (starts.length > 0) days.push({ day: current, starts });
  }
  return days;
}

/** Whether `start` is one of the free starts `findFreeSlots` offers for its day. */
export function isFreeStart(query: Omit<SlotQuery, "day">, start: Date): boolean {
  const [free] = findFreeSlots({ ...query, day: pragueDay(start) });
  return free?.starts.some((offered) => offered.getTime() === start.getTime()) ?? false;
}

/** The first `count` free starts from `now`, for a visitor whose time was just taken. */
export function nextFreeStarts(query: Omit<SlotQuery, "day">, count: number): Date[] {
  return findFreeSlots(query)
    .flatMap((day) => day.starts)
    .slice(0, count);
}
