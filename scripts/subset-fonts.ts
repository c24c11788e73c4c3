/**
 * Makes the small fonts in `web/fonts/` from Fontsource's files:
 *
 * - The 18 letters Czech takes from Fontsource's latin-ext files, one font
 *   per family. Every page has Czech letters, so without them each page
 *   loaded the whole latin-ext file of both families (about 20 KB each) for
 *   the sake of ě š č ř ž ů ň ť ď; the subsets are about 5 KB. web/app.css
 *   still declares the full latin-ext files for the rarer letters (Slovak ľ,
 *   Polish ł…), which browsers then fetch only when a page shows one.
 * - The first-visit fonts: the first page of a visit in Lora and Public Sans
 *   if they arrive in time (`font-display: optional`, preloaded: web/root.tsx).
 *   Lora pinned to the headings' weight (600), Public Sans to the text's (400),
 *   cut to the characters Czech copy uses, without hinting, each family's latin
 *   and Czech letters merged into one file: two files instead of the four of
 *   both web fonts (72 KB), so they can arrive with the document over a slow
 *   connection (docs/decisions/0023-brand-fonts-on-the-first-page.md).
 *
 * Run after updating the @fontsource-variable packages, then commit the files
 * (scripts/subset-fonts.test.ts fails until you do):
 *   npx tsx scripts/subset-fonts.ts
 */
import { readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { pathToFileURL } from "node:url";
import subsetFont from "subset-font";
import { mergeFonts } from "./merge-fonts";

/** The letters Czech needs beyond Fontsource's latin subset: ČčĎďĚěŇňŘřŠšŤťŮůŽž. */
export const czechLetters = [
  0x010c, 0x010d, 0x010e, 0x010f, 0x011a, 0x011b, 0x0147, 0x0148, 0x0158, 0x0159, 0x0160, 0x0161,
  0x0164, 0x0165, 0x016e, 0x016f, 0x017d, 0x017e,
] as const;

/**
 * The characters of Fontsource's latin subset that Czech copy uses: printable
 * ASCII, the no-break space, § © ° · ×, the accented letters Czech shares with
 * other languages (á é í ó ú ý), dashes, Czech and English quotes and the
 * ellipsis. A character beyond them on a first page is drawn in the
 * metric-matched local font (web/app.css lists the same ranges).
 */
export const firstVisitLatinCharacters = [
  [0x0020, 0x007e],
  [0x00a0, 0x00a0],
  [0x00a7, 0x00a7],
  [0x00a9, 0x00a9],
  [0x00b0, 0x00b0],
  [0x00b7, 0x00b7],
  [0x00c1, 0x00c1],
  [0x00c9, 0x00c9],
  [0x00cd, 0x00cd],
  [0x00d3, 0x00d3],
  [0x00d7, 0x00d7],
  [0x00da, 0x00da],
  [0x00dd, 0x00dd],
  [0x00e1, 0x00e1],
  [0x00e9, 0x00e9],
  [0x00ed, 0x00ed],
  [0x00f3, 0x00f3],
  [0x00fa, 0x00fa],
  [0x00fd, 0x00fd],
  [0x2013, 0x2014],
  [0x2018, 0x201a],
  [0x201c, 0x201e],
  [0x2026, 0x2026],
] as const;

/** The code points of inclusive ranges, as a string to subset to. */
function charactersOf(ranges: readonly (readonly [number, number])[]): string {
  return ranges
    .flatMap(([first, last]) =>
      Array.from({ length: last - first + 1 }, (_, index) => first + index),
    )
    .map((codePoint) => String.fromCodePoint(codePoint))
    .join("");
}

type Subset = {
  source: string;
  /**
   * A second Fontsource file of the family whose characters (of `characters`) the first lacks,
   * merged in (scripts/merge-fonts.ts): one file instead of two.
   */
  mergedWith?: string;
  target: string;
  characters: string;
  /** The wght value the variable font is pinned to; without it every weight is kept. */
  weight?: number;
};

const lora = "@fontsource-variable/lora/files/lora";
const publicSans = "@fontsource-variable/public-sans/files/public-sans";
const czech = String.fromCodePoint(...czechLetters);
const firstVisit = charactersOf(firstVisitLatinCharacters) + czech;

/** Each small font, with the Fontsource file it is cut from. */
export const fontSubsets: readonly Subset[] = [
  {
    source: `${lora}-latin-ext-wght-normal.woff2`,
    target: "lora-czech-wght-normal.woff2",
    characters: czech,
  },
  {
    source: `${publicSans}-latin-ext-wght-normal.woff2`,
    target: "public-sans-czech-wght-normal.woff2",
    characters: czech,
  },
  {
    source: `${lora}-latin-wght-normal.woff2`,
    mergedWith: `${lora}-latin-ext-wght-normal.woff2`,
    target: "lora-first-visit-600.woff2",
    characters: firstVisit,
    weight: 600,
  },
  {
    source: `${publicSans}-latin-wght-normal.woff2`,
    mergedWith: `${publicSans}-latin-ext-wght-normal.woff2`,
    target: "public-sans-first-visit-400.woff2",
    characters: firstVisit,
    weight: 400,
  },
];

export const fontsDir = new URL("../web/fonts/", import.meta.url);

const require = createRequire(import.meta.url);

const readSource = (source: string) => readFileSync(require.resolve(source));

/**
 * One small woff2 font: the Fontsource file (with the one merged into it) cut to its characters,
 * and pinned to its weight.
 */
export async function makeSubset({
  source,
  mergedWith,
  characters,
  weight,
}: Subset): Promise<Buffer> {
  if (weight === undefined)
    return subsetFont(readSource(source), characters, { targetFormat: "woff2" });
  // Without hinting (it helps only on low-resolution screens under Windows) and without the
  // glyphs that only OpenType features reach (ligatures, alternates), the first-visit files
  // stay small enough to arrive with the document.
  const options = { noHinting: true, noLayoutClosure: true };
  const cut = (file: string, targetFormat: "sfnt" | "woff2") =>
    subsetFont(readSource(file), characters, {
      targetFormat,
      variationAxes: { wght: weight },
      ...options,
    });
  if (!mergedWith) return cut(source, "woff2");
  const merged = mergeFonts(await cut(source, "sfnt"), await cut(mergedWith, "sfnt"));
  // Through harfbuzz once more: it recomputes what the merge left approximate (bounds, maxp's
  // limits, checksums) and writes the woff2.
  return subsetFont(merged, characters, { targetFormat: "woff2", ...options });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  for (const subset of fontSubsets) {
    const font = await makeSubset(subset);
    writeFileSync(new URL(subset.target, fontsDir), font);
    console.log(`wrote web/fonts/${subset.target} (${font.length} bytes)`);
  }
}
