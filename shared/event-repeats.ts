/**
 * Her repeating events („každý první čtvrtek v měsíci“): from one event and a
 * rule, the dated occurrences up to a day she picks. Each occurrence keeps the
 * event's wall-clock times in Europe/Prague (18:00 stays 18:00 across a
 * daylight-saving change), computed through `booking-time.ts`, never with a
 * hand-made offset. Free of zod: the screen's preview and the server's
 * creation read the same days from here.
 */
import { addDays, type Day, minutesOf, pragueMoment, weekdayOf } from "./booking-time";
import { formatPragueTime, pragueDay } from "./prague-time";

/** Which week of the month a monthly repeat falls on („poslední“: the last, whatever its number). */
export const monthWeeks = ["1", "2", "3", "4", "last"] as const;
export type MonthWeek = (typeof monthWeeks)[number];

/**
 * Every week, every other week, or one weekday of the month; the weekday is
 * always the first event's own („každý první čtvrtek“ repeats a Thursday).
 */
export type RepeatRule =
  | { kind: "weekly" }
  | { kind: "fortnightly" }
  | { kind: "monthly"; week: MonthWeek };

/** How many occurrences one repeat may create: a year of weekly meetings. */
export const maxOccurrences = 52;

/** The days after `firstDay` that `rule` gives, up to and including `until`. */
export function repeatDays(firstDay: Day, rule: RepeatRule, until: Day): Day[] {
  const days: Day[] = [];
  const next = nextDay(rule, firstDay);
  for (let day = next(firstDay); day <= until; day = next(day)) {
    days.push(day);
    // One more than allowed is enough for the caller to say there are too many.
    if (days.length > maxOccurrences) break;
  }
  return days;
}

function nextDay(rule: RepeatRule, firstDay: Day): (day: Day) => Day {
  if (rule.kind === "weekly") return (day) => addDays(day, 7);
  if (rule.kind === "fortnightly") return (day) => addDays(day, 14);
  const weekday = weekdayOf(firstDay);
  return (day) => {
    const [year = 0, month = 1] = day.split("-").map(Number);
    const following = month === 12 ? { year: year + 1, month: 1 } : { year, month: month + 1 };
    return weekdayInMonth(following.year, following.month, weekday, rule.week);
  };
}

/** The `week`th `weekday` (0 Sunday … 6 Saturday) of a month. */
export function weekdayInMonth(year: number, month: number, weekday: number, week: MonthWeek): Day {
  const first = `${year}-${String(month).padStart(2, "0")}-01`;
  const firstMatch = addDays(first, (weekday - weekdayOf(first) + 7) % 7);
  if (week !== "last") return addDays(firstMatch, (Number(week) - 1) * 7);
  let last = firstMatch;
  while (addDays(last, 7).slice(0, 7) === first.slice(0, 7)) last = addDays(last, 7);
  return last;
}

/** Which week of its month a day's weekday is: „1“ to „4“, or „last“ for a fifth one. */
export function monthWeekOf(day: Day): MonthWeek {
  const date = Number(day.slice(8, 10));
  const week = Math.ceil(date / 7);
  return week >= 5 ? "last" : (String(week) as MonthWeek);
}

/** Whether a day is its weekday's last in the month (a fourth Thursday can also be the last). */
export function isLastWeekdayOfMonth(day: Day): boolean {
  return addDays(day, 7).slice(0, 7) !== day.slice(0, 7);
}

/**
 * The rules an event on `firstDay` can repeat by: weekly, fortnightly, and the monthly ones its
 * own day is (a second Thursday repeats as „každý druhý čtvrtek“; if it is also the month's last
 * Thursday, as „každý poslední čtvrtek“ too). A monthly rule its day is not would leave the first
 * event outside its own series.
 */
export function repeatRulesFor(firstDay: Day): RepeatRule[] {
  const week = monthWeekOf(firstDay);
  const monthly: RepeatRule[] = week === "last" ? [] : [{ kind: "monthly", week }];
  if (isLastWeekdayOfMonth(firstDay)) monthly.push({ kind: "monthly", week: "last" });
  return [{ kind: "weekly" }, { kind: "fortnightly" }, ...monthly];
}

/** Whether `rule` is one of the rules an event on `firstDay` can repeat by. */
export function repeatRuleFits(rule: RepeatRule, firstDay: Day): boolean {
  return repeatRulesFor(firstDay).some(
    (fitting) =>
      fitting.kind === rule.kind &&
      (fitting.kind !== "monthly" || rule.kind !== "monthly" || fitting.week === rule.week),
  );
}

export type Occurrence = { startsAt: Date; endsAt: Date };

/**
 * The occurrences of an event from `startsAt` to `endsAt` repeated by `rule` up to `until`:
 * each on its own day at the same Prague wall-clock times (an event past midnight ends on the
 * next day, as the first one does).
 */
export function repeatOccurrences(
  event: { startsAt: Date; endsAt: Date },
  rule: RepeatRule,
  until: Day,
): Occurrence[] {
  const firstDay = pragueDay(event.startsAt);
  const startMinutes = minutesOf(formatPragueTime(event.startsAt));
  const endMinutes = minutesOf(formatPragueTime(event.endsAt));
  const daysLater = daysBetween(firstDay, pragueDay(event.endsAt));
  return repeatDays(firstDay, rule, until).map((day) => ({
    startsAt: pragueMoment(day, startMinutes),
    endsAt: pragueMoment(addDays(day, daysLater), endMinutes),
  }));
}

/**
 * The occurrences of `event` by `rule` up to `until` that are still to come at `now`: what her
 * screen previews and what the repeat creates; or why there are none to create.
 */
export function plannedOccurrences(
  event: { startsAt: Date; endsAt: Date },
  rule: RepeatRule,
  until: Day,
  now: Date,
):
  | { occurrences: Occurrence[]; refused?: undefined }
  | { refused: "rule_not_fitting" | "until_before_next" | "too_many" } {
  if (!repeatRuleFits(rule, pragueDay(event.startsAt))) return { refused: "rule_not_fitting" };
  const occurrences = repeatOccurrences(event, rule, until).filter((one) => one.startsAt > now);
  if (occurrences.length === 0) return { refused: "until_before_next" };
  if (occurrences.length > maxOccurrences) return { refused: "too_many" };
  return { occurrences };
}

function daysBetween(from: Day, to: Day): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

// --- In Czech ---

/** Weekdays (0 Sunday) with the grammatical gender their „každý…“ takes. */
const weekdays = [
  { accusative: "neděli", gender: "feminine" },
  { accusative: "pondělí", gender: "neuter" },
  { accusative: "úterý", gender: "neuter" },
  { accusative: "středu", gender: "feminine" },
  { accusative: "čtvrtek", gender: "masculine" },
  { accusative: "pátek", gender: "masculine" },
  { accusative: "sobotu", gender: "feminine" },
] as const;

type Gender = (typeof weekdays)[number]["gender"];

const every: Record<Gender, string> = { masculine: "každý", neuter: "každé", feminine: "každou" };

const ordinals: Record<MonthWeek, Record<Gender, string>> = {
  "1": { masculine: "první", neuter: "první", feminine: "první" },
  "2": { masculine: "druhý", neuter: "druhé", feminine: "druhou" },
  "3": { masculine: "třetí", neuter: "třetí", feminine: "třetí" },
  "4": { masculine: "čtvrtý", neuter: "čtvrté", feminine: "čtvrtou" },
  last: { masculine: "poslední", neuter: "poslední", feminine: "poslední" },
};

/**
 * The rule as she reads it, for an event on `firstDay`: „každý týden“, „každé dva týdny“,
 * „každý první čtvrtek v měsíci“, „každou poslední středu v měsíci“.
 */
export function describeRepeatRule(rule: RepeatRule, firstDay: Day): string {
  if (rule.kind === "weekly") return "každý týden";
  if (rule.kind === "fortnightly") return "každé dva týdny";
  const weekday = weekdays[weekdayOf(firstDay)] ?? weekdays[0];
  const { gender } = weekday;
  return `${every[gender]} ${ordinals[rule.week][gender]} ${weekday.accusative} v\u00a0měsíci`;
}
