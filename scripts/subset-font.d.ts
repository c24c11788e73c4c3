// subset-font ships no types; only the part scripts/subset-fonts.ts uses.
declare module "subset-font" {
  export type SubsetFontOptions = {
    targetFormat?: "sfnt" | "woff" | "woff2";
  };

  export default function subsetFont(
    font: Buffer,
    text: string,
    options?: SubsetFontOptions,
  ): Promise<Buffer>;
}
