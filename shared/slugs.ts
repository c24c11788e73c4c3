/**
 * The address („slug“) a title gives an article or an event: the words a reader sees in the
 * title, lowercase, without diacritics, joined by single hyphens. Without zod: the article
 * editor suggests it as she types, the server makes an event's from its title.
 */

/** The longest address: an article's or an event's (its slug schema refuses a longer one). */
export const slugMaxLength = 80;

// Tags pasted with a title („<b>Kruh</b> žen“) are not its words: an inline one joins the
// letters around it, any other one (<br>, <p>…) parts them, as a browser shows them.
const inlineTag = /<\/?(?:a|b|i|u|s|em|strong|span|small|mark|sub|sup)\b[^<>]*>/gi;
const otherTag = /<\/?[a-z][^<>]*>/gi;
const entity = /&(?:#\d+|#x[0-9a-f]+|[a-z][a-z0-9]*);/gi;

// Letters that NFD does not split into a letter and a mark.
const foldedLetters: Record<string, string> = {
  ß: "ss",
  æ: "ae",
  œ: "oe",
  ø: "o",
  ł: "l",
  đ: "d",
  ð: "d",
  þ: "th",
  ı: "i",
};

/**
 * „Tři byliny pro klidný večer“ → „tri-byliny-pro-klidny-vecer“, „<b>Kruh</b> žen“ →
 * „kruh-zen“; a title without a letter or digit (emoji, punctuation) gives `fallback`.
 */
export function slugFromTitle(title: string, fallback: string): string {
  const slug = title
    .replace(inlineTag, "")
    .replace(otherTag, " ")
    .replace(entity, " ")
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[ßæœøłđðþı]/g, (letter) => foldedLetters[letter] ?? letter)
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, slugMaxLength)
    .replace(/-+$/, "");
  return slug || fallback;
}
