/**
 * Her booking settings: the one shape the admin API accepts, the database
 * keeps (`booking_settings.settings`) and the slot calculator reads, with
 * Czech messages for her editor. All times are her wall clock in Europe/Prague.
 */
import * as z from "zod/mini";
import { minutesOf as toMinutes } from "./booking-time";
import { type OfferId, offerIdField } from "./content/content-schemas";

export const bookingLimits = {
  rangesPerDay: 6,
  exceptions: 400,
  bufferMinutesMax: 240,
  /** A week: longer notice than that is no notice. */
  noticeMinutesMax: 7 * 24 * 60,
  horizonDaysMax: 365,
  cancelHoursMax: 14 * 24,
} as const;

/** Steps a start time may fall on; each divides an hour, so a daylight-saving change keeps the grid. */
export const gridMinutesValues = [15, 20, 30, 60] as const;

export const bookingSettingsMessages = {
  time: "Čas zadejte jako hodiny a minuty, například 9:00 nebo 17:30.",
  range: "Konec musí být později než začátek, nejpozději ve 24:00.",
  overlap: "Časy se v jednom dni nesmějí překrývat.",
  tooManyRanges: `Jeden den může mít nejvýše ${bookingLimits.rangesPerDay} časových úseků.`,
  day: "Datum zadejte ve tvaru RRRR-MM-DD.",
  dayTwice: "Každé datum může mít jen jednu výjimku.",
  tooManyExceptions: `Výjimek může být nejvýše ${bookingLimits.exceptions}.`,
  buffer: `Pauzu mezi setkáními zadejte v minutách, od 0 do ${bookingLimits.bufferMinutesMax}.`,
  notice: `Nejkratší předstih zadejte v minutách, od 0 do ${bookingLimits.noticeMinutesMax}.`,
  horizon: `Jak daleko dopředu lze rezervovat, zadejte ve dnech, od 1 do ${bookingLimits.horizonDaysMax}.`,
  grid: `Krok začátků může být ${gridMinutesValues.join(", ")} minut.`,
  cancel: `Lhůtu pro zrušení zadejte v hodinách, od 0 do ${bookingLimits.cancelHoursMax}.`,
  confirmation: "Potvrzení je buď automatické, nebo ho dávám sama.",
  offer: "Neznámá nabídka.",
  pastException: "Toto datum už minulo: výjimka může platit od dneška dál.",
} as const;

const timePattern = /^(?:[01]?\d|2[0-3]):[0-5]\d$|^24:00$/;
const time = z
  .string(bookingSettingsMessages.time)
  .check(z.regex(timePattern, bookingSettingsMessages.time));

/** One stretch of a day she works: from `from` to `to` („9:00“ to „12:00“). */
export const timeRangeSchema = z
  .strictObject({ from: time, to: time })
  .check(
    z.refine(({ from, to }) => toMinutes(to) > toMinutes(from), bookingSettingsMessages.range),
  );
export type TimeRange = z.output<typeof timeRangeSchema>;

const rangesSchema = z.array(timeRangeSchema, bookingSettingsMessages.time).check(
  z.maxLength(bookingLimits.rangesPerDay, bookingSettingsMessages.tooManyRanges),
  z.refine((ranges) => {
    const sorted = ranges
      .map((range) => ({ from: toMinutes(range.from), to: toMinutes(range.to) }))
      .sort((a, b) => a.from - b.from);
    return sorted.every((range, index) => range.from >= (sorted[index - 1]?.to ?? 0));
  }, bookingSettingsMessages.overlap),
);

const daySchema = z.string(bookingSettingsMessages.day).check(
  z.regex(/^\d{4}-\d{2}-\d{2}$/, bookingSettingsMessages.day),
  z.refine((day) => {
    const date = new Date(`${day}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(day);
  }, bookingSettingsMessages.day),
);

const wholeNumber = (min: number, max: number, message: string) =>
  z.number(message).check(
    z.int(message),
    z.refine((value) => value >= min && value <= max, message),
  );

export const confirmationModes = ["automatic", "by_her"] as const;
export type ConfirmationMode = (typeof confirmationModes)[number];

export const bookingSettingsSchema = z.strictObject({
  /** Seven lists, Sunday first (as `Date.getUTCDay`): the ranges of each weekday; empty: closed. */
  weekly: z
    .array(rangesSchema, bookingSettingsMessages.time)
    .check(z.length(7, bookingSettingsMessages.time)),
  /**
   * Days that differ from their weekday: the day's ranges instead of the week's
   * (none: a day off; more: extra hours).
   */
  exceptions: z
    .array(z.strictObject({ day: daySchema, ranges: rangesSchema }), bookingSettingsMessages.day)
    .check(
      z.maxLength(bookingLimits.exceptions, bookingSettingsMessages.tooManyExceptions),
      z.refine(
        (exceptions) =>
          new Set(exceptions.map((exception) => exception.day)).size === exceptions.length,
        bookingSettingsMessages.dayTwice,
      ),
    ),
  /** Free minutes kept after each session, before the next may start. */
  bufferMinutes: wholeNumber(0, bookingLimits.bufferMinutesMax, bookingSettingsMessages.buffer),
  /** How long before its start a time may still be booked. */
  noticeMinutes: wholeNumber(0, bookingLimits.noticeMinutesMax, bookingSettingsMessages.notice),
  /** How many days ahead, today being the first, times are offered. */
  horizonDays: wholeNumber(1, bookingLimits.horizonDaysMax, bookingSettingsMessages.horizon),
  /** Start times fall on this step from the start of each range. */
  gridMinutes: z.union(
    gridMinutesValues.map((value) => z.literal(value)),
    { error: bookingSettingsMessages.grid },
  ),
  /** Until how many hours before its start a visitor may cancel with her link. */
  cancelHours: wholeNumber(0, bookingLimits.cancelHoursMax, bookingSettingsMessages.cancel),
  /** Per offer: confirmed at once, or waiting for her („čeká na potvrzení“). */
  confirmation: z.record(
    offerIdField(bookingSettingsMessages.offer),
    z.enum(confirmationModes, bookingSettingsMessages.confirmation),
  ),
});
export type BookingSettings = z.output<typeof bookingSettingsSchema>;
/** What her editor sends: the same shape (the API checks it). */
export type BookingSettingsInput = z.input<typeof bookingSettingsSchema>;

const workday = [{ from: "9:00", to: "17:00" }];

/** Until she sets her own: Tuesday to Thursday, 9 to 17, a half-hour pause, a day's notice, 60 days ahead. */
export const defaultBookingSettings: BookingSettings = {
  weekly: [[], [], workday, workday, workday, [], []],
  exceptions: [],
  bufferMinutes: 30,
  noticeMinutes: 24 * 60,
  horizonDays: 60,
  gridMinutes: 30,
  cancelHours: 24,
  confirmation: { consultation: "by_her" },
};

/** How an offer's booking is confirmed: by her unless she said automatic. */
export function confirmationOf(settings: BookingSettings, offerId: OfferId): ConfirmationMode {
  return settings.confirmation[offerId] ?? "by_her";
}

/**
 * The field a refusal belongs to, as her editor names its fields: a weekday's ranges
 * („weekly.2“, Tuesday), one exception („exceptions.0“) or an offer's confirmation
 * („confirmation.consultation“); otherwise the setting itself („bufferMinutes“, „exceptions“).
 */
export function bookingSettingsField(path: readonly PropertyKey[]): string {
  const [name, item] = path;
  const perItem = name === "weekly" || name === "exceptions" || name === "confirmation";
  return perItem && item !== undefined ? `${String(name)}.${String(item)}` : String(name ?? "");
}

/** Each refused field's first message, keyed as `bookingSettingsField` names them. */
export function bookingSettingsFieldMessages(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    const field = bookingSettingsField(issue.path);
    if (!Object.hasOwn(fields, field)) fields[field] = issue.message;
  }
  return fields;
}

/**
 * Exceptions before `today` (YYYY-MM-DD in Prague) fall away: they no longer change anything.
 * A new one dated in the past is a mistake, and `pastExceptionFields` names it.
 */
export function withoutPastExceptions(settings: BookingSettings, today: string): BookingSettings {
  return { ...settings, exceptions: settings.exceptions.filter(({ day }) => day >= today) };
}

/** The exceptions of `settings` dated before `today` that `stored` did not already have. */
export function pastExceptionFields(
  settings: BookingSettings,
  stored: BookingSettings,
  today: string,
): Record<string, string> {
  const storedDays = new Set(stored.exceptions.map(({ day }) => day));
  const fields: Record<string, string> = {};
  settings.exceptions.forEach(({ day }, index) => {
    if (day < today && !storedDays.has(day)) {
      fields[`exceptions.${index}`] = bookingSettingsMessages.pastException;
    }
  });
  return fields;
}
