import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import subsetFont from "subset-font";
import { describe, expect, it } from "vitest";
import { componentsOf, mergeFonts, readCharacterMap, readGlyphs, readTables } from "./merge-fonts";

const require = createRequire(import.meta.url);
const publicSans = "@fontsource-variable/public-sans/files/public-sans";

/** A Fontsource file cut to the text and pinned to 400, as TrueType. */
function cut(file: string, text: string) {
  return subsetFont(readFileSync(require.resolve(`${publicSans}-${file}`)), text, {
    targetFormat: "sfnt",
    variationAxes: { wght: 400 },
    noHinting: true,
  });
}

/**
 * What each character draws: its advance and the outlines of every glyph it is made of, its
 * components' in turn, so that the same drawing compares equal whatever the glyphs' numbers.
 */
function drawings(font: Buffer) {
  const tables = readTables(font);
  const glyphs = readGlyphs(tables);
  const outlines = (index: number): string => {
    const glyph = glyphs[index];
    if (!glyph) throw new Error(`glyph ${index} is missing`);
    const components = componentsOf(glyph.data);
    if (components.length === 0) return glyph.data.toString("hex");
    const data = Buffer.from(glyph.data);
    for (const { offset } of components) data.writeUInt16BE(0, offset);
    return `${data.toString("hex")}(${components.map(({ glyph }) => outlines(glyph)).join(",")})`;
  };
  return new Map(
    [...readCharacterMap(tables)].map(([codePoint, index]) => [
      String.fromCodePoint(codePoint),
      { advance: glyphs[index]?.advance, outlines: outlines(index) },
    ]),
  );
}

describe("merging two fonts of one family", () => {
  it("draws every character of both as each of them did", async () => {
    const latin = await cut("latin-wght-normal.woff2", "Ahoj, sestro!");
    const czech = await cut("latin-ext-wght-normal.woff2", "ŘřŠšŮůČč");
    const merged = drawings(mergeFonts(latin, czech));

    const expected = new Map([...drawings(latin), ...drawings(czech)]);
    expect([...merged.keys()].sort()).toEqual([...expected.keys()].sort());
    for (const [character, drawing] of expected)
      expect(merged.get(character), character).toEqual(drawing);
  });

  it("keeps one copy of a glyph both fonts hold (the base letters of the Czech ones)", async () => {
    const latin = await cut("latin-wght-normal.woff2", "RrSsUuCc");
    const czech = await cut("latin-ext-wght-normal.woff2", "ŘřŠšŮůČč");
    const count = (font: Buffer) => readGlyphs(readTables(font)).length;

    // The Czech letters add themselves and their accents, not another R, r, S, s…
    expect(count(mergeFonts(latin, czech))).toBeLessThan(count(latin) + count(czech) - 1);
  });

  it("harfbuzz reads the merged font back whole", async () => {
    const latin = await cut("latin-wght-normal.woff2", "Ahoj");
    const czech = await cut("latin-ext-wght-normal.woff2", "Řř");
    const again = await subsetFont(mergeFonts(latin, czech), "AhojŘř", { targetFormat: "sfnt" });
    expect([...drawings(again).keys()].sort()).toEqual(["A", "h", "j", "o", "Ř", "ř"].sort());
  });
});
