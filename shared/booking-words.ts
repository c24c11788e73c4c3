/**
 * How the booking's pages say a length and a date (zod-free: the booking page's parts and the
 * pages rendered per request read them alike).
 */

/** „1. prosince 2026 v 9:00“ never parted after „1.“ (czech() keeps only numeric dates together). */
export function wholeDate(text: string): string {
  return text.replace(/(?<=\b\d{1,2}\.) (?=\p{L})/gu, "\u00a0");
}

/** „180 minut“ as she would say it: „3 hodiny“, „1 hodinu“, „90 minut“. */
export function sessionLength(minutes: number): string {
  if (minutes % 60 !== 0) return `${minutes} minut`;
  const hours = minutes / 60;
  return `${hours} ${hours === 1 ? "hodinu" : hours < 5 ? "hodiny" : "hodin"}`;
}

/**
 * How many days of free times a list without scripts shows at once (the booking page's and the
 * move page's): on a phone every day's times were 5,000 to 10,000 px to scroll past before the
 * form. The later days wait behind a <details> (it opens without scripts) inside the same form,
 * so every free time stays one tap away.
 */
export const freeDaysShownFirst = 3;

/** „Ukázat další den“, „Ukázat další 3 dny“, „Ukázat dalších 12 dní“. */
export function moreDaysText(count: number): string {
  if (count === 1) return "Ukázat další den";
  return count <= 4 ? `Ukázat další ${count} dny` : `Ukázat dalších ${count} dní`;
}
