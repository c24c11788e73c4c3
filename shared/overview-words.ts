/**
 * How „Přehled“ and the weekly summary e-mail say their numbers in Czech: counts, the change
 * against the period before, days and months. Zod-free and pure (`#shared/stats` holds the
 * API's contract), so the inbox's line, the screen and the e-mail say them alike.
 */
import { paths } from "#shared/routes";
import type { StatsRange } from "#shared/stats";

/** A period a change is measured over: the overview's ranges, and the weekly e-mail's week. */
type OverviewRange = StatsRange | "week";

/** „proti předchozím 7 dnům“: what a change is measured against. */
const previousPeriod: Record<OverviewRange, string> = {
  "7d": "proti předchozím 7\u00a0dnům",
  "30d": "proti předchozím 30\u00a0dnům",
  "12m": "proti předchozím 12\u00a0měsícům",
  week: "proti předchozímu týdnu",
};

const numberFormat = new Intl.NumberFormat("cs-CZ");
const oneDecimal = new Intl.NumberFormat("cs-CZ", { maximumFractionDigits: 1 });

/** 1 234 (with a non-breaking space between thousands, as Czech writes them). */
export const formatCount = (count: number) => numberFormat.format(count).replace(/\s/g, "\u00a0");

/** 2,5 */
export const formatDecimal = (value: number) => oneDecimal.format(value);

/**
 * „+12 % proti předchozím 7 dnům“, „−5 % …“, „beze změny proti předchozím 7 dnům“;
 * „v předchozím období 0“ when the period before had none to compare with (a number: „žádné“
 * would be wrong beside „Návštěvníci“, which needs „žádní“).
 */
export function describeChange(current: number, previous: number, range: OverviewRange): string {
  if (previous === 0) return current === 0 ? "" : "v předchozím období 0";
  const percent = Math.round(((current - previous) / previous) * 100);
  if (percent === 0) return `beze změny ${previousPeriod[range]}`;
  const sign = percent > 0 ? "+" : "\u2212";
  return `${sign}${Math.abs(percent)}\u00a0% ${previousPeriod[range]}`;
}

/** Whether the change is up, down or none (for its colour and arrow). */
export function changeDirection(current: number, previous: number): "up" | "down" | "same" {
  if (current === previous) return "same";
  return current > previous ? "up" : "down";
}

const monthNames = [
  "leden",
  "únor",
  "březen",
  "duben",
  "květen",
  "červen",
  "červenec",
  "srpen",
  "září",
  "říjen",
  "listopad",
  "prosinec",
];
const weekdays = ["ne", "po", "út", "st", "čt", "pá", "so"];

/** A day or month of the series (`2026-11-23`, `2026-11`) as its parts, read as a calendar date. */
function partsOf(period: string): { year: number; month: number; day?: number } {
  const [year = "0", month = "1", day] = period.split("-");
  return { year: Number(year), month: Number(month), day: day ? Number(day) : undefined };
}

/** The months as Czech calendars shorten them (as `Intl` does for „cs“). */
const shortMonthNames = [
  "led",
  "úno",
  "bře",
  "dub",
  "kvě",
  "čvn",
  "čvc",
  "srp",
  "zář",
  "říj",
  "lis",
  "pro",
];

/** On the chart's axis, short for a phone: „23. 11.“ for a day, „lis 2026“ for a month. */
export function axisLabel(period: string): string {
  const { year, month, day } = partsOf(period);
  return day === undefined ? `${shortMonthNames[month - 1]} ${year}` : `${day}.\u00a0${month}.`;
}

/** In the table and the chart's tooltip: „po 23. 11.“ for a day, „listopad 2026“ for a month. */
export function periodLabel(period: string): string {
  const { year, month, day } = partsOf(period);
  if (day === undefined) return `${monthNames[month - 1]} ${year}`;
  const weekday = weekdays[new Date(Date.UTC(year, month - 1, day)).getUTCDay()];
  return `${weekday} ${day}.\u00a0${month}.\u00a0${year}`;
}

/** „3 návštěvníci“, „5 návštěvníků“, „1 návštěvník“ */
export function visitorsText(count: number): string {
  const word =
    count === 1 ? "návštěvník" : count >= 2 && count <= 4 ? "návštěvníci" : "návštěvníků";
  return `${formatCount(count)}\u00a0${word}`;
}

/** „1 žádost o dárek“, „3 žádosti o dárek“, „5 žádostí o dárek“ */
export function giftRequestsText(count: number): string {
  const word = count === 1 ? "žádost" : count >= 2 && count <= 4 ? "žádosti" : "žádostí";
  return `${formatCount(count)}\u00a0${word} o\u00a0dárek`;
}

/** Pages without an article's title, by the name she knows them by. */
const pageNames: Record<string, string> = {
  [paths.home]: "Úvodní stránka",
  [paths.about]: "O mně",
  [paths.gift]: "Dárek",
  [paths.harmonisation]: "Harmonizační setkání",
  [paths.members]: "Členská sekce",
  [paths.blog]: "Blog",
  [paths.booking]: "Rezervace",
  [paths.events]: "Akce",
  [paths.privacy]: "Zásady ochrany osobních údajů",
};

/** A page as she knows it: an article by its title, a page of the site by its name, else its address. */
export function pageLabel(path: string, title: string | null): string {
  return title ?? pageNames[path] ?? path;
}
