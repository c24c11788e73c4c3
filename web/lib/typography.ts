import { createElement, type ReactNode } from "react";
import { czech } from "#shared/typography";

export { czech };

/**
 * A word with a hyphen inside, such as „e-mail“ or „e-mailem“. A browser may
 * break a line after its hyphen („e-“ / „mail“), which Czech typesetting
 * avoids; the non-breaking hyphen (U+2011) would avoid it too, but neither
 * Public Sans nor Lora has a glyph for it, so the word is kept whole by a
 * span that does not wrap instead.
 */
const hyphenatedWord = /\p{L}+(?:-\p{L}+)+/gu;

/** The class that keeps such a word on one line. */
export const wholeWordClass = "whitespace-nowrap";

/**
 * `czech(text)` for text shown on a page: the same string, except that each
 * hyphenated word is wrapped in a span that keeps it on one line. Its text
 * (what tests, search and copying read) is unchanged.
 */
export function typeset(text: string): ReactNode {
  return keepWordsWhole(czech(text));
}

/**
 * Only the hyphenated words kept whole, the spaces left as they are: for the
 * texts the specification quotes (the forms' messages), shown verbatim.
 */
export function keepWordsWhole(text: string): ReactNode {
  const parts: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(hyphenatedWord)) {
    parts.push(
      text.slice(last, match.index),
      createElement("span", { key: match.index, className: wholeWordClass }, match[0]),
    );
    last = match.index + match[0].length;
  }
  if (parts.length === 0) return text;
  parts.push(text.slice(last));
  // One element, not a fragment: in a flex row (an icon beside its text)
  // each piece of a fragment would become an item of its own.
  return createElement("span", null, ...parts);
}

/** The same for HTML text between tags (the articles): hyphenated words in a span that does not wrap. */
export function keepHyphenatedWordsWhole(text: string): string {
  return text.replace(hyphenatedWord, `<span class="${wholeWordClass}">$&</span>`);
}
