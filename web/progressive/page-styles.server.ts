/**
 * A finishing step of every rendered page (server/pages/render-page.ts): the page keeps in its
 * inline stylesheet only the rules its own markup can match, and the whole stylesheet becomes a
 * file of its own, which the page's starter links at the first input (page-starter.ts).
 *
 * Why: the stylesheet is written into every page (web/root.tsx) and holds the rules of the whole
 * site, the administration's included: about 98 KB, of which a public page matches about half.
 * Chromium parses all of it while it parses the page, and matches every element against it, in
 * the tasks Lighthouse counts as blocking (docs/performance.md, "Session 27").
 *
 * A rule stays when every class its selectors name outside parentheses is in one of the page's
 * `class` attributes, and so do every rule without a class and every at-rule that holds no style
 * rules (@font-face, @property, @keyframes). Before the first input nothing but the starter's
 * attributes changes the page (the progressive scripts set `data-*` attributes, never classes), so
 * a rule left out could not have matched. After it, React renders what the page did not have
 * (menus, dialogs, the next page), so the whole stylesheet is linked then; its rules are the
 * same, in the same order, so nothing on the page changes.
 *
 * The file leaves out the `@font-face` rules, which the page's inline stylesheet keeps (a page
 * needs them for its first paint): a face declared in two stylesheets is two faces in
 * `document.fonts`, and Chromium loads both files of a letter's range, each family's Czech
 * subset twice on every page (e2e/fonts.test.ts counts the faces).
 */
import { createHash } from "node:crypto";

export type StyledPage = {
  html: string;
  /** The whole stylesheet as a file, when the page's inline one was cut. */
  stylesheet?: { path: string; body: string };
};

const inlineStylesheet = /<style>([\s\S]*?)<\/style>/;

/** The page with the rules its markup cannot match left out, and the whole stylesheet's file. */
export function keepMatchingStyles(html: string): StyledPage {
  const found = html.match(inlineStylesheet);
  const css = found?.[1];
  if (!found || css === undefined) return { html };
  const kept = keepRules(css, pageClasses(html));
  const whole = withoutFontFaces(css);
  // Named by what the file holds: the page store keeps a file whose page did not change.
  const hash = createHash("sha256").update(whole).digest("base64url").slice(0, 10);
  return {
    html: html.replace(found[0], () => `<style>${kept}</style>`),
    stylesheet: { path: `/assets/styles-${hash}.css`, body: whole },
  };
}

/** Every class named in the page's `class` attributes, as the stylesheet's selectors spell it. */
function pageClasses(html: string): Set<string> {
  const classes = new Set<string>();
  for (const [, value = ""] of html.matchAll(/\sclass="([^"]*)"/g)) {
    for (const name of decodeEntities(value).split(/\s+/)) if (name) classes.add(name);
  }
  return classes;
}

function decodeEntities(value: string): string {
  return value.replace(/&(amp|quot|lt|gt|#39|#x27);/g, (_, entity: string) => {
    const characters: Record<string, string> = {
      amp: "&",
      quot: '"',
      lt: "<",
      gt: ">",
      "#39": "'",
      "#x27": "'",
    };
    return characters[entity] ?? "";
  });
}

/**
 * The rules of `css` (a minified stylesheet, as Tailwind builds it) that can match: walked block
 * by block, at-rules that group rules (@media, @supports, @layer, @container) walked into.
 */
export function keepRules(css: string, classes: ReadonlySet<string>): string {
  return filterRules(css, {
    selector: (selector) => selectorClasses(selector).every((name) => classes.has(name)),
    atRule: () => true,
  });
}

/** The stylesheet without its `@font-face` rules; every other rule as it was. */
export function withoutFontFaces(css: string): string {
  return filterRules(css, {
    selector: () => true,
    atRule: (prelude) => !/^@font-face\b/i.test(prelude),
  });
}

/**
 * The rules of `css` whose selectors (those of a list that pass) and at-rules without style
 * rules pass the tests.
 */
function filterRules(
  css: string,
  keep: { selector: (selector: string) => boolean; atRule: (prelude: string) => boolean },
): string {
  let kept = "";
  let at = 0;
  while (at < css.length) {
    // Comments between rules (Tailwind's licence line opens the stylesheet) are left out: one
    // taken into the next rule's prelude would be read as its selector.
    const comments = /\s*(?:\/\*[\s\S]*?\*\/\s*)*/y;
    comments.lastIndex = at;
    if (comments.exec(css)) at = comments.lastIndex;
    if (at >= css.length) break;
    const open = findOutsideStrings(css, at, "{;}");
    if (open === -1 || css[open] === "}") {
      kept += css.slice(at, open === -1 ? css.length : open);
      break;
    }
    const prelude = css.slice(at, open);
    if (css[open] === ";") {
      // A statement at-rule: `@layer a,b;`, `@import …;`.
      kept += css.slice(at, open + 1);
      at = open + 1;
      continue;
    }
    const close = findBlockEnd(css, open);
    const block = css.slice(open + 1, close);
    const trimmed = prelude.trim();
    if (trimmed.startsWith("@")) {
      if (/^@(media|supports|layer|container|scope|starting-style)\b/.test(trimmed)) {
        const inner = filterRules(block, keep);
        if (inner.trim() !== "") kept += `${prelude}{${inner}}`;
      } else if (keep.atRule(trimmed)) {
        kept += `${prelude}{${block}}`;
      }
    } else {
      const selectors = splitSelectors(prelude).filter(keep.selector);
      if (selectors.length > 0) kept += `${selectors.join(",")}{${block}}`;
    }
    at = close + 1;
  }
  return kept;
}

/** The first of `characters` at or after `from`, outside strings and escapes. */
function findOutsideStrings(css: string, from: number, characters: string): number {
  for (let index = from; index < css.length; index += 1) {
    const character = css[index] ?? "";
    if (character === "\\") index += 1;
    else if (character === '"' || character === "'") index = skipString(css, index);
    else if (characters.includes(character)) return index;
  }
  return -1;
}

function skipString(css: string, start: number): number {
  const quote = css[start];
  for (let index = start + 1; index < css.length; index += 1) {
    if (css[index] === "\\") index += 1;
    else if (css[index] === quote) return index;
  }
  return css.length;
}

/** The `}` that closes the block opened at `open`. */
function findBlockEnd(css: string, open: number): number {
  let depth = 0;
  for (let index = open; index < css.length; index = findOutsideStrings(css, index + 1, "{}")) {
    if (index === -1) break;
    depth += css[index] === "{" ? 1 : -1;
    if (depth === 0) return index;
  }
  throw new Error(`an unclosed block in the stylesheet at ${open}`);
}

/** A selector list split at its top-level commas. */
function splitSelectors(prelude: string): string[] {
  const selectors: string[] = [];
  let depth = 0;
  let start = 0;
  for (let index = 0; index < prelude.length; index += 1) {
    const character = prelude[index];
    if (character === "\\") index += 1;
    else if (character === "(" || character === "[") depth += 1;
    else if (character === ")" || character === "]") depth -= 1;
    else if (character === "," && depth === 0) {
      selectors.push(prelude.slice(start, index));
      start = index + 1;
    }
  }
  selectors.push(prelude.slice(start));
  return selectors;
}

/**
 * The classes a selector names outside parentheses and attribute brackets, unescaped
 * (`.sm\:p-6` is `sm:p-6`). Those inside `:is()`, `:where()`, `:not()` or `:has()` are not
 * needed for the selector to match, so they never take a rule out.
 */
function selectorClasses(selector: string): string[] {
  const names: string[] = [];
  let depth = 0;
  for (let index = 0; index < selector.length; index += 1) {
    const character = selector[index];
    if (character === "\\") index += 1;
    else if (character === "(" || character === "[") depth += 1;
    else if (character === ")" || character === "]") depth -= 1;
    else if (character === "." && depth === 0) {
      const name = /^(?:\\[0-9a-fA-F]{1,6} ?|\\.|[\w-]|[^\p{ASCII}])+/u.exec(
        selector.slice(index + 1),
      );
      if (!name) continue;
      names.push(unescapeIdentifier(name[0]));
      index += name[0].length;
    }
  }
  return names;
}

function unescapeIdentifier(escaped: string): string {
  return escaped.replace(/\\([0-9a-fA-F]{1,6}) ?|\\(.)/g, (_, hex?: string, other?: string) =>
    hex ? String.fromCodePoint(Number.parseInt(hex, 16)) : (other ?? ""),
  );
}
