import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import {
  czechLetters,
  firstVisitLatinCharacters,
  fontSubsets,
  fontsDir,
  makeSubset,
} from "./subset-fonts";

describe("the small fonts in web/fonts", () => {
  it.each(fontSubsets)(
    "$target is what the script makes from the installed $source",
    async (subset) => {
      const committed = readFileSync(new URL(subset.target, fontsDir));
      const fresh = await makeSubset(subset);

      // Differs after an update of the Fontsource package: rerun `npx tsx scripts/subset-fonts.ts`.
      expect(fresh.equals(committed), `${subset.target} is out of date`).toBe(true);
    },
  );

  it("subsetting is repeatable, so the comparison above means something", async () => {
    for (const subset of fontSubsets.slice(0, 3)) {
      const [first, second] = await Promise.all([makeSubset(subset), makeSubset(subset)]);
      expect(first.equals(second), subset.target).toBe(true);
    }
  });

  it("the first-visit files are small enough to arrive with the document", () => {
    const sizes = fontSubsets
      .filter(({ target }) => target.includes("first-visit"))
      .map(({ target }) => readFileSync(new URL(target, fontsDir)).length);
    expect(sizes).toHaveLength(2);
    // Each fits in a new connection's first flight (ten segments, 14.6 KB, with the headers).
    for (const size of sizes) expect(size).toBeLessThan(14_000);
  });

  it("web/app.css gives the first-visit faces exactly the characters their files hold", () => {
    const css = readFileSync(new URL("../web/app.css", import.meta.url), "utf8");
    const hex = (codePoint: number) => codePoint.toString(16).toUpperCase().padStart(4, "0");
    const codePoints = [
      ...firstVisitLatinCharacters.flatMap(([first, last]) =>
        Array.from({ length: last - first + 1 }, (_, index) => first + index),
      ),
      ...czechLetters,
    ].sort((a, b) => a - b);
    const ranges: [number, number][] = [];
    for (const codePoint of codePoints) {
      const last = ranges.at(-1);
      if (last && last[1] === codePoint - 1) last[1] = codePoint;
      else ranges.push([codePoint, codePoint]);
    }
    const expected = ranges
      .map(([first, last]) => (first === last ? `U+${hex(first)}` : `U+${hex(first)}-${hex(last)}`))
      .join(", ");
    const faces = [...css.matchAll(/@font-face\s*{([^}]*)}/g)]
      .map((match) => match[1] ?? "")
      .filter((face) => /first-visit/.test(face) && !/unicode-range:\s*U\+2013;/.test(face));
    expect(faces).toHaveLength(2);
    for (const face of faces)
      expect(
        face
          .match(/unicode-range:([^;]*);/)?.[1]
          ?.replace(/\s+/g, " ")
          .trim(),
      ).toBe(expected);
  });
});
