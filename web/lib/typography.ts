const oneLetterWordFollowedBySpace = /(?<=^|[\s\u00a0(„–])([ksvzouaiKSVZOUAI]) /g;
const spaceBeforeDash = / (?=[–—])/g;

/**
 * Czech typography: a one-letter preposition or conjunction must never end a
 * line, and a dash must never start one, so the space after the former and
 * the space before the latter become non-breaking ones.
 */
export function czech(text: string): string {
  return text.replace(spaceBeforeDash, "\u00a0").replace(oneLetterWordFollowedBySpace, "$1\u00a0");
}
