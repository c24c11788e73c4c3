/**
 * Cuts the 18 letters Czech takes from Fontsource's latin-ext files into two
 * small fonts in `web/fonts/`. Every page has Czech letters, so without this
 * each page loaded the whole latin-ext file of both families (about 20 KB
 * each) for the sake of ě š č ř ž ů ň ť ď; the subsets are about 5 KB.
 * web/app.css still declares the full latin-ext files for the rarer letters
 * (Slovak ľ, Polish ł…), which browsers then fetch only when a page shows one.
 *
 * Run after updating the @fontsource-variable packages, then commit the files
 * (scripts/subset-fonts.test.ts fails until you do):
 *   npx tsx scripts/subset-fonts.ts
 */
import { readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { pathToFileURL } from "node:url";
import subsetFont from "subset-font";

/** The letters Czech needs beyond Fontsource's latin subset: ČčĎďĚěŇňŘřŠšŤťŮůŽž. */
export const czechLetters = [
  0x010c, 0x010d, 0x010e, 0x010f, 0x011a, 0x011b, 0x0147, 0x0148, 0x0158, 0x0159, 0x0160, 0x0161,
  0x0164, 0x0165, 0x016e, 0x016f, 0x017d, 0x017e,
] as const;

/** The two families, each with its Fontsource latin-ext file and the subset cut from it. */
export const czechSubsets = [
  {
    source: "@fontsource-variable/lora/files/lora-latin-ext-wght-normal.woff2",
    target: "lora-czech-wght-normal.woff2",
  },
  {
    source: "@fontsource-variable/public-sans/files/public-sans-latin-ext-wght-normal.woff2",
    target: "public-sans-czech-wght-normal.woff2",
  },
] as const;

export const fontsDir = new URL("../web/fonts/", import.meta.url);

const require = createRequire(import.meta.url);

/** A woff2 font with only the Czech letters of the given Fontsource file, every variation axis kept. */
export function subsetCzechLetters(source: string): Promise<Buffer> {
  const font = readFileSync(require.resolve(source));
  return subsetFont(font, String.fromCodePoint(...czechLetters), { targetFormat: "woff2" });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  for (const { source, target } of czechSubsets) {
    const subset = await subsetCzechLetters(source);
    writeFileSync(new URL(target, fontsDir), subset);
    console.log(`wrote web/fonts/${target} (${subset.length} bytes)`);
  }
}
