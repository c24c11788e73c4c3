import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { czechSubsets, fontsDir, subsetCzechLetters } from "./subset-fonts";

describe("the Czech font subsets in web/fonts", () => {
  it.each(czechSubsets)(
    "$target is what the script makes from the installed $source",
    async ({ source, target }) => {
      const committed = readFileSync(new URL(target, fontsDir));
      const fresh = await subsetCzechLetters(source);

      // Differs after an update of the Fontsource package: rerun `npx tsx scripts/subset-fonts.ts`.
      expect(fresh.equals(committed), `${target} is out of date`).toBe(true);
    },
  );

  it("subsetting is repeatable, so the comparison above means something", async () => {
    const { source } = czechSubsets[0];
    const [first, second] = await Promise.all([
      subsetCzechLetters(source),
      subsetCzechLetters(source),
    ]);
    expect(first.equals(second)).toBe(true);
  });
});
