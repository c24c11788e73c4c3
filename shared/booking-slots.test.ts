import { describe, expect, it } from "vitest";
import {
  type BookingSettings,
  bookingSettingsSchema,
  defaultBookingSettings,
} from "./booking-settings";
import { findFreeSlots, isFreeStart, nextFreeStarts, type TakenTime } from "./booking-slots";
import { pragueMoment } from "./booking-time";
import { formatPragueTime } from "./prague-time";

const workday = [{ from: "9:00", to: "17:00" }];
const base: BookingSettings = {
  ...defaultBookingSettings,
  weekly: [[], [], workday, workday, workday, [], []],
  bufferMinutes: 0,
  noticeMinutes: 0,
  horizonDays: 60,
  gridMinutes: 30,
};
/** The moment Prague's clock shows „D. M. YYYY H:MM“, from an ISO-like „2027-03-23 9:00“. */
const at = (dayAndTime: string) => {
  const [day = "", time = "0:00"] = dayAndTime.split(" ");
  const [hours = 0, minutes = 0] = time.split(":").map(Number);
  return pragueMoment(day, hours * 60 + minutes);
};
const booked = (from: string, until: string): TakenTime => ({
  startsAt: at(from),
  blockedUntil: at(until),
});

type Case = {
  name: string;
  settings?: Partial<BookingSettings>;
  now: string;
  durationMinutes: number;
  taken?: TakenTime[];
  day?: string;
  /** Per day, the offered starts as Prague's clock shows them; days not named have none. */
  expected: Record<string, string[]>;
};

const halfHours = (from: number, to: number) =>
  Array.from(
    { length: (to - from) * 2 + 1 },
    (_, index) => `${from + Math.floor(index / 2)}:${index % 2 ? "30" : "00"}`,
  );

const cases: Case[] = [
  {
    name: "a plain Tuesday: every half hour from which three hours still fit before 17:00",
    now: "2027-03-22 20:00",
    settings: { horizonDays: 2 },
    durationMinutes: 180,
    expected: { "2027-03-23": halfHours(9, 14) },
  },
  {
    name: "the spring change (28 March 2027): 2:00–3:00 never happens, an hour's session fits three times less",
    now: "2027-03-27 12:00",
    settings: { exceptions: [{ day: "2027-03-28", ranges: [{ from: "1:00", to: "5:00" }] }] },
    day: "2027-03-28",
    durationMinutes: 60,
    expected: { "2027-03-28": ["1:00", "1:30", "3:00", "3:30", "4:00"] },
  },
  {
    name: "the autumn change (31 October 2027): 2:00–3:00 happens twice and is offered twice",
    now: "2027-10-30 12:00",
    settings: { exceptions: [{ day: "2027-10-31", ranges: [{ from: "1:00", to: "4:00" }] }] },
    day: "2027-10-31",
    durationMinutes: 60,
    expected: { "2027-10-31": ["1:00", "1:30", "2:00", "2:30", "2:00", "2:30", "3:00"] },
  },
  {
    name: "a whole day's hours on each change day keep the wall clock (9:00 is 9:00 in summer time)",
    now: "2027-03-27 12:00",
    settings: {
      weekly: [[], [], [], [], [], [], []],
      exceptions: [
        { day: "2027-03-28", ranges: workday },
        { day: "2027-10-31", ranges: workday },
      ],
      horizonDays: 250,
    },
    durationMinutes: 480,
    expected: { "2027-03-28": ["9:00"], "2027-10-31": ["9:00"] },
  },
  {
    name: "a day off instead of a Tuesday, extra hours on a Saturday",
    now: "2027-03-22 20:00",
    settings: {
      horizonDays: 6,
      exceptions: [
        { day: "2027-03-23", ranges: [] },
        {
          day: "2027-03-27",
          ranges: [
            { from: "10:00", to: "12:00" },
            { from: "8:00", to: "9:00" },
          ],
        },
      ],
    },
    durationMinutes: 60,
    expected: {
      "2027-03-24": halfHours(9, 16),
      "2027-03-25": halfHours(9, 16),
      "2027-03-27": ["8:00", "10:00", "10:30", "11:00"],
    },
  },
  {
    name: "a booking 10:00–13:00 with its 30 minutes' pause: an hour before it must end 9:00 earlier, after it starts 13:30",
    now: "2027-03-22 20:00",
    settings: { horizonDays: 2, bufferMinutes: 30 },
    durationMinutes: 60,
    taken: [booked("2027-03-23 10:00", "2027-03-23 13:30")],
    expected: { "2027-03-23": halfHours(13, 16).slice(1) },
  },
  {
    name: "the pause counts after the new session too: 9:00 does not fit before a booking at 10:00",
    now: "2027-03-22 20:00",
    settings: { horizonDays: 2, bufferMinutes: 30 },
    durationMinutes: 30,
    taken: [booked("2027-03-23 10:00", "2027-03-23 10:30")],
    expected: { "2027-03-23": ["9:00", ...halfHours(10, 16).slice(1), "16:30"] },
  },
  {
    name: "25 hours' notice from Monday 10:00: Tuesday from 11:00, the whole Wednesday",
    now: "2027-03-22 10:00",
    settings: { horizonDays: 3, noticeMinutes: 24 * 60 + 60 },
    durationMinutes: 60,
    expected: { "2027-03-23": halfHours(11, 16), "2027-03-24": halfHours(9, 16) },
  },
  {
    name: "ninety minutes' notice at 9:10: the first start on the grid after 10:40",
    now: "2027-03-23 9:10",
    settings: { horizonDays: 1, noticeMinutes: 90 },
    durationMinutes: 60,
    expected: { "2027-03-23": halfHours(11, 16) },
  },
  {
    name: "a horizon of 3 days from Monday: Tuesday and Wednesday, not Thursday",
    now: "2027-03-22 8:00",
    settings: { horizonDays: 3 },
    durationMinutes: 240,
    expected: { "2027-03-23": halfHours(9, 13), "2027-03-24": halfHours(9, 13) },
  },
  {
    name: "nothing in the past: today from now on",
    now: "2027-03-23 15:00",
    settings: { horizonDays: 1 },
    durationMinutes: 60,
    expected: { "2027-03-23": ["15:00", "15:30", "16:00"] },
  },
  {
    name: "a step of an hour, and a range ending at midnight",
    now: "2027-03-22 20:00",
    settings: {
      horizonDays: 1,
      gridMinutes: 60,
      exceptions: [{ day: "2027-03-22", ranges: [{ from: "20:00", to: "24:00" }] }],
    },
    durationMinutes: 90,
    expected: { "2027-03-22": ["20:00", "21:00", "22:00"] },
  },
];

// The test runs in whatever zone the machine has; the answers must not depend on it.
describe("free times", () => {
  it.each(cases)("$name", ({ settings, now, durationMinutes, taken = [], day, expected }) => {
    const merged = bookingSettingsSchema.parse({ ...base, ...settings });
    const free = findFreeSlots({ settings: merged, durationMinutes, taken, now: at(now), day });
    const shown = Object.fromEntries(
      free.map((found) => [found.day, found.starts.map((start) => formatPragueTime(start))]),
    );
    expect(shown).toEqual(expected);
  });

  it("offers each spring-day start as a real moment: 3:00 is 1:00 UTC, an hour after 1:30 CET", () => {
    const settings = bookingSettingsSchema.parse({
      ...base,
      exceptions: [{ day: "2027-03-28", ranges: [{ from: "1:00", to: "5:00" }] }],
    });
    const [free] = findFreeSlots({
      settings,
      durationMinutes: 60,
      taken: [],
      now: at("2027-03-27 12:00"),
      day: "2027-03-28",
    });
    expect(free?.starts.map((start) => start.toISOString().slice(11, 16))).toEqual([
      "00:00",
      "00:30",
      "01:00",
      "01:30",
      "02:00",
    ]);
  });

  it("accepts a start only on the grid, within the hours, free and in time", () => {
    const query = {
      settings: base,
      durationMinutes: 60,
      taken: [booked("2027-03-23 12:00", "2027-03-23 13:00")],
      now: at("2027-03-22 20:00"),
    };
    expect(isFreeStart(query, at("2027-03-23 9:30"))).toBe(true);
    expect(isFreeStart(query, at("2027-03-23 9:15"))).toBe(false);
    expect(isFreeStart(query, at("2027-03-23 12:00"))).toBe(false);
    expect(isFreeStart(query, at("2027-03-23 16:30"))).toBe(false);
    expect(isFreeStart(query, at("2027-03-22 21:00"))).toBe(false);
    expect(isFreeStart(query, at("2027-03-28 10:00"))).toBe(false);
    expect(isFreeStart(query, at("2027-06-01 10:00"))).toBe(false);
    expect(nextFreeStarts(query, 3).map((start) => formatPragueTime(start))).toEqual([
      "9:00",
      "9:30",
      "10:00",
    ]);
  });

  it("refuses overlapping ranges, a range that ends before it starts and a date given twice", () => {
    const refused = (settings: Partial<BookingSettings>) =>
      bookingSettingsSchema.safeParse({ ...base, ...settings }).success;
    expect(
      refused({
        weekly: [
          [],
          [
            { from: "9:00", to: "12:00" },
            { from: "11:00", to: "13:00" },
          ],
          [],
          [],
          [],
          [],
          [],
        ],
      }),
    ).toBe(false);
    expect(refused({ weekly: [[], [{ from: "12:00", to: "9:00" }], [], [], [], [], []] })).toBe(
      false,
    );
    expect(
      refused({
        exceptions: [
          { day: "2027-03-23", ranges: [] },
          { day: "2027-03-23", ranges: [] },
        ],
      }),
    ).toBe(false);
    expect(refused({ exceptions: [{ day: "2027-02-30", ranges: [] }] })).toBe(false);
    expect(refused({ gridMinutes: 25 as 30 })).toBe(false);
    expect(refused({})).toBe(true);
  });
});
