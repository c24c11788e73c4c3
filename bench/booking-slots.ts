/**
 * The free-time calculator on a full calendar: 60 days ahead with 500 existing bookings,
 * every day 7–21 in two ranges, a 15-minute grid, a 30-minute pause, a one-hour session
 * asked for among bookings of half an hour (each holding an hour with its pause).
 * Prints the p50/p95/max of one computation (what `GET /api/booking/free-times` does besides
 * its query) and of one start's check (what a booking does).
 *
 *   npx tsx bench/booking-slots.ts [runs]
 */
import { type BookingSettings, defaultBookingSettings } from "#shared/booking-settings";
import { findFreeSlots, isFreeStart, type TakenTime } from "#shared/booking-slots";
import { addDays, pragueMoment } from "#shared/booking-time";
import { pragueDay } from "#shared/prague-time";

const runs = Number(process.argv[2] ?? 500);
const day = [
  { from: "7:00", to: "12:00" },
  { from: "12:30", to: "21:00" },
];
const settings: BookingSettings = {
  ...defaultBookingSettings,
  weekly: [day, day, day, day, day, day, day],
  exceptions: [{ day: "2027-03-28", ranges: day }],
  bufferMinutes: 30,
  noticeMinutes: 60,
  horizonDays: 60,
  gridMinutes: 15,
};
// Across the spring change, as the hardest stretch of the year.
const now = new Date("2027-03-01T07:00:00Z");
const today = pragueDay(now);

// 500 bookings, eight or nine a day from 7:00, every day's afternoon left free.
const taken: TakenTime[] = [];
for (let index = 0; taken.length < 500; index++) {
  const date = addDays(today, 1 + (index % 59));
  const slot = Math.floor(index / 59);
  const startsAt = pragueMoment(date, 7 * 60 + slot * 60);
  taken.push({ startsAt, blockedUntil: new Date(startsAt.getTime() + 60 * 60_000) });
}

function measure(label: string, action: () => unknown) {
  for (let index = 0; index < 20; index++) action();
  const times: number[] = [];
  for (let index = 0; index < runs; index++) {
    const start = process.hrtime.bigint();
    action();
    times.push(Number(process.hrtime.bigint() - start) / 1e6);
  }
  times.sort((a, b) => a - b);
  const at = (share: number) =>
    times[Math.min(times.length - 1, Math.floor(share * times.length))] ?? 0;
  console.log(
    `| ${label} | ${runs} | ${at(0.5).toFixed(2)} | ${at(0.95).toFixed(2)} | ${(times.at(-1) ?? 0).toFixed(2)} |`,
  );
}

const query = { settings, durationMinutes: 60, taken, now };
const free = findFreeSlots(query);
console.log(
  `${free.length} days, ${free.reduce((sum, found) => sum + found.starts.length, 0)} free starts, ${taken.length} bookings\n`,
);
console.log(
  "| Computation | Runs | p50 ms | p95 ms | max ms |\n| --- | ---: | ---: | ---: | ---: |",
);
measure("60 days of free times", () => findFreeSlots(query));
const someStart = free[30]?.starts[3] ?? now;
measure("one start checked (a booking)", () => isFreeStart(query, someStart));
