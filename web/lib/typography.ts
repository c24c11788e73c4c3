const oneLetterWordFollowedBySpace = /(?<=^|[\s\u00a0(„–])([ksvzouaiKSVZOUAI]) /g;

/**
 * Czech typography: a one-letter preposition or conjunction must never end a
 * line, so the space after it becomes a non-breaking one.
 */
export function czech(text: string): string {
  return text.replace(oneLetterWordFollowedBySpace, "$1\u00a0");
}
