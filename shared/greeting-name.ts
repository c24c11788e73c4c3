/**
 * Library: czech-vocative 2.1.0 (MIT, zero dependencies, 25 kB packed, published 2026-08; TypeScript
 * types, CJS + ESM builds, named imports work in Node 20 ESM and Vite). Compared on 121 Czech first
 * names with vokativ 1.0.1 (MIT, 2016 code, no types, CJS only, lowercases its output): both right on
 * all 121 (same suffix rules), czech-vocative chosen for its types, its upkeep and kept letter case.
 * Neither can tell a first name from a surname or a non-name, hence the list in czech-first-names.ts.
 *
 * How the e-mails greet: `formatGreeting("Dobrý den", submission.name)` gives „Dobrý den, Petro,“,
 * or „Dobrý den,“ when the first word is no first name we know; the gift e-mail says
 * `formatGreeting("Krásný den", name)`. Use `findGreetingName` where the name stands elsewhere.
 */
import { vocative } from "czech-vocative";
import { femaleFirstNames, maleFirstNames } from "./czech-first-names";

type FirstName = { nominative: string; isWoman: boolean };

/** Known first names by their lowercase form, so „PETRA“ and „petra“ find „Petra“. */
const firstNames = new Map<string, FirstName>([
  ...maleFirstNames.map((name) => [toKey(name), { nominative: name, isWoman: false }] as const),
  ...femaleFirstNames.map((name) => [toKey(name), { nominative: name, isWoman: true }] as const),
]);

/** Degrees typed before the name without their dot (with the dot they are skipped anyway). */
const titlesWithoutDot = new Set([
  "bc",
  "ing",
  "mgr",
  "mudr",
  "mvdr",
  "judr",
  "phdr",
  "rndr",
  "paeddr",
  "dr",
  "doc",
  "prof",
]);

function toKey(word: string): string {
  return word.normalize("NFC").toLocaleLowerCase("cs");
}

/** A word that is a title or an initial („Ing.“, „Mgr“, „P.“) and so precedes the first name. */
function isTitle(word: string): boolean {
  return word.endsWith(".") || titlesWithoutDot.has(toKey(word));
}

/** The vocative of one known first name, or null when the word is not on the list. */
function declineFirstName(word: string): string | null {
  const known = firstNames.get(toKey(word));
  if (!known) return null;
  // Gender and "first name" are given, so the library does not guess them from the ending
  // (it guesses „Rut“ to be a man's name and would say „Rute“).
  return vocative(known.nominative, known.isWoman, false);
}

/**
 * The vocative of the first name in what a visitor typed into „Jméno“ („Petra Nováková“ →
 * „Petro“), capitalised as names are written whatever the typed case („PETRA“ → „Petro“); null
 * when the first word (after titles such as „Ing.“) is not a Czech first name we know: a surname
 * typed first („Nováková Petra“), a nickname, digits or anything else. Hyphenated double names
 * are declined part by part („Anna-Marie“ → „Anno-Marie“) when every part is known.
 * Known limitation: a surname that is also a first name and is typed first („Marek Jan“) is
 * taken for the first name.
 */
export function findGreetingName(fullName: string): string | null {
  return findFirstName(fullName)?.vocative ?? null;
}

/** The first name in what was typed, declined, and whether it is a woman's (its first part's). */
function findFirstName(fullName: string): { vocative: string; isWoman: boolean } | null {
  const words = fullName.normalize("NFC").split(/[\s,;]+/u);
  const firstWord = words.find((word) => word !== "" && !isTitle(word));
  if (!firstWord) return null;
  const parts = firstWord.split("-").map(declineFirstName);
  if (parts.some((part) => part === null)) return null;
  const first = firstNames.get(toKey(firstWord.split("-")[0] ?? ""));
  return first ? { vocative: parts.join("-"), isWoman: first.isWoman } : null;
}

/**
 * The opening line of an e-mail: „Dobrý den, Petro,“ when the visitor's first name is known,
 * „Dobrý den,“ otherwise (a greeting without a name rather than a guess).
 */
export function formatGreeting(opening: string, fullName: string | null | undefined): string {
  const name = fullName ? findGreetingName(fullName) : null;
  return name ? `${opening}, ${name},` : `${opening},`;
}

/**
 * The salutation of her personal pages: „Milá Jano,“ for a woman's first name, „Milý Petře,“ for
 * a man's; null when the first name is not on the list (then the page opens without a name,
 * never with a guessed case or gender). A double name takes its first part's gender.
 */
export function formatDearGreeting(fullName: string | null | undefined): string | null {
  const found = fullName ? findFirstName(fullName) : null;
  if (!found) return null;
  return `${found.isWoman ? "Milá" : "Milý"} ${found.vocative},`;
}
