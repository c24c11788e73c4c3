// subset-font ships no types; only the parts scripts/subset-fonts.ts and the scent guide's PDF use.
declare module "subset-font" {
  export type SubsetFontOptions = {
    targetFormat?: "sfnt" | "woff" | "woff2";
    /** Pins (instances) variation axes, such as `{ wght: 600 }`. */
    variationAxes?: Record<string, number>;
    /** Leaves out the hinting instructions. */
    noHinting?: boolean;
    /** Keeps only the glyphs of the given text, not those OpenType features reach from them. */
    noLayoutClosure?: boolean;
  };

  export default function subsetFont(
    font: Buffer,
    text: string,
    options?: SubsetFontOptions,
  ): Promise<Buffer>;
}
