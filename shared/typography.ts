/**
 * Czech typography for plain text, on the pages and in the e-mails alike
 * (`web/lib/typography.ts` adds what only a page needs).
 */

const oneLetterWordFollowedBySpace = /(?<=^|[\s\u00a0(„–])([ksvzouaiKSVZOUAI]) /g;
const spaceBeforeDash = / (?=[–—])/g;
/** „6 minut“, „35 °C“, „2 GB“, „50 %“: a number stays with the word or unit after it. */
const spaceAfterNumber = /(?<=\d) (?=[\p{L}°%])/gu;
/** „14. 3. 2025“: a date's day and month stay with what follows them. */
const spaceInsideDate = /(?<=\b\d{1,2}\.) (?=\d)/g;

/**
 * Czech typography: a one-letter preposition or conjunction must never end a
 * line, a dash must never start one, and a number is never parted from its
 * unit or a date from its parts, so those spaces become non-breaking ones.
 */
export function czech(text: string): string {
  return text
    .replace(spaceBeforeDash, "\u00a0")
    .replace(oneLetterWordFollowedBySpace, "$1\u00a0")
    .replace(spaceAfterNumber, "\u00a0")
    .replace(spaceInsideDate, "\u00a0");
}

/**
 * A range as Czech typography writes it: an unspaced en dash between single terms
 * („18:00–20:30“, „12.–14. června“), a spaced one between terms with spaces of their own
 * („28. 12. 2026 – 3. 1. 2027“), non-breaking before it so that no line starts with the dash.
 * Pass only the ranged terms: „12.–14. června“ is `${range("12.", "14.")} června`.
 */
export function range(from: string, to: string): string {
  return /\s/.test(from) || /\s/.test(to) ? `${from}\u00a0– ${to}` : `${from}–${to}`;
}
