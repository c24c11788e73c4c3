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
