/**
 * The retention rule as the public privacy notice quotes it. A module without
 * schemas: the privacy page loads it, and must not load the validation library.
 */

/** What `GET /api/retention` tells anyone: the months the privacy notice quotes (null: off). */
export type PublicRetentionJson = { months: number | null };

const czechPlural = /* @__PURE__ */ new Intl.PluralRules("cs");

/** „1 měsíc“, „3 měsíce“, „24 měsíců“ (with a non-breaking space). */
export function formatMonths(count: number): string {
  const rule = czechPlural.select(count);
  const unit = rule === "one" ? "měsíc" : rule === "few" ? "měsíce" : "měsíců";
  return `${count}\u00a0${unit}`;
}

/** The moment `months` calendar months before `now` (31 March less one month: 28/29 February... clamped). */
export function monthsBefore(now: Date, months: number): Date {
  const cutoff = new Date(now);
  const day = cutoff.getUTCDate();
  cutoff.setUTCDate(1);
  cutoff.setUTCMonth(cutoff.getUTCMonth() - months);
  const lastDay = new Date(
    Date.UTC(cutoff.getUTCFullYear(), cutoff.getUTCMonth() + 1, 0),
  ).getUTCDate();
  cutoff.setUTCDate(Math.min(day, lastDay));
  return cutoff;
}
