import { describe, expect, it } from "vitest";
import { dropsLabel, type ScentGuide, scentGuide, totalDrops } from "~/lib/scent-guide";

/** Every text of the guide, with where it sits. */
function texts(value: unknown, path = "guide"): [string, string][] {
  if (typeof value === "string") return [[path, value]];
  if (Array.isArray(value))
    return value.flatMap((inner, index) => texts(inner, `${path}[${index}]`));
  if (value && typeof value === "object") {
    return Object.entries(value).flatMap(([key, inner]) =>
      key === "id" ? [] : texts(inner, `${path}.${key}`),
    );
  }
  return [];
}

const all = texts(scentGuide satisfies ScentGuide);

describe("the scent guide's text", () => {
  it("is set as a Czech editor would set it", () => {
    for (const [where, text] of all) {
      // A one-letter word never ends a line, a dash never starts one.
      expect(text, where).not.toMatch(/(^|[\s(„])[ksvzouaiKSVZOUAI] /);
      expect(text, where).not.toMatch(/ [–—]/);
      // Czech quotation marks, an en dash in ranges, no hyphen between numbers.
      expect(text, where).not.toMatch(/["']/);
      expect(text, where).not.toMatch(/\d-\d/);
      // A number and its unit stay together: „10 ml“, „3 %“, „2 kapky“, „48 hodin“.
      expect(text, where).not.toMatch(/\d (ml|%|kap|hod|let|měs)/);
    }
  });

  it("gives roll-on proportions that add up (20 drops ≈ 1 ml, at most 3 % in 10 ml)", () => {
    const rows = all.filter(([where]) => where.includes(".rows["));
    expect(rows.map(([, text]) => text).join(" | ")).toContain("1\u00a0% | 2\u00a0kapky");
    expect(rows.map(([, text]) => text).join(" | ")).toContain("3\u00a0% | 6\u00a0kapek");
    for (const recipe of scentGuide.recipes) {
      expect(totalDrops(recipe), recipe.title).toBeLessThanOrEqual(6);
      for (const layer of [recipe.head, recipe.heart, recipe.base]) {
        expect(layer.length, `${recipe.title}: every layer has an oil`).toBeGreaterThan(0);
      }
    }
    expect(scentGuide.recipes).toHaveLength(3);
  });

  it("names drops in good Czech", () => {
    expect([1, 2, 4, 5, 6].map(dropsLabel)).toEqual([
      "1\u00a0kapka",
      "2\u00a0kapky",
      "4\u00a0kapky",
      "5\u00a0kapek",
      "6\u00a0kapek",
    ]);
  });
});
