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
