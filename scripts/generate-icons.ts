/**
 * Draws the site's mark – an arch, a sun and a sprig, as in the header logo – and writes every icon
 * into `public/`: the SVG favicon, favicon.ico, the Apple touch icon and the
 * web app manifest icons (including a maskable one).
 *
 * Run after changing the mark or the palette, then commit the files:
 *   npx tsx scripts/generate-icons.ts
 */
import { writeFileSync } from "node:fs";
import { brandMark } from "./brand-mark";
import { readPalette } from "./palette";
import { launchChromium, renderPng, svgPage } from "./render-png";

const palette = readPalette();
const publicDir = new URL("../public/", import.meta.url);
const mark = brandMark(palette);

type Layout = {
  /** Corner radius of the moss tile; 0 fills the whole square. */
  cornerRadius: number;
  /** How large the mark is drawn, 1 = as in the favicon. */
  markScale: number;
};

function iconSvg({ cornerRadius, markScale }: Layout): string {
  const scaled =
    markScale === 1
      ? mark
      : `<g transform="translate(32 32) scale(${markScale}) translate(-32 -32)">${mark}</g>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">
  <rect width="64" height="64" rx="${cornerRadius}" fill="${palette.moss}"/>${scaled}
</svg>
`;
}

/** A rounded tile for browser tabs and "any purpose" app icons. */
const tile = iconSvg({ cornerRadius: 14, markScale: 1 });
/** Full bleed: iOS rounds the corners of touch icons itself. */
const fullBleed = iconSvg({ cornerRadius: 0, markScale: 0.9 });
/** Full bleed with the mark inside the central safe circle (radius 40 %) that launchers keep. */
const maskable = iconSvg({ cornerRadius: 0, markScale: 0.72 });

/** An .ico file holding PNG images (supported by every browser since Windows Vista era). */
function icoFromPngs(images: { size: number; png: Buffer }[]): Buffer {
  const header = Buffer.alloc(6);
  header.writeUInt16LE(0, 0);
  header.writeUInt16LE(1, 2); // 1 = icon
  header.writeUInt16LE(images.length, 4);
  let offset = header.length + images.length * 16;
  const entries = images.map(({ size, png }) => {
    const entry = Buffer.alloc(16);
    entry.writeUInt8(size >= 256 ? 0 : size, 0); // width, 0 means 256
    entry.writeUInt8(size >= 256 ? 0 : size, 1); // height
    entry.writeUInt8(0, 2); // no palette
    entry.writeUInt8(0, 3); // reserved
    entry.writeUInt16LE(1, 4); // colour planes
    entry.writeUInt16LE(32, 6); // bits per pixel
    entry.writeUInt32LE(png.length, 8);
    entry.writeUInt32LE(offset, 12);
    offset += png.length;
    return entry;
  });
  return Buffer.concat([header, ...entries, ...images.map(({ png }) => png)]);
}

function write(file: string, contents: string | Buffer) {
  writeFileSync(new URL(file, publicDir), contents);
  console.log(`wrote public/${file}`);
}

const browser = await launchChromium();
try {
  const png = (svg: string, size: number, transparent: boolean) =>
    renderPng(browser, svgPage(svg), { width: size, height: size, transparent });

  write("favicon.svg", tile);
  const icoSizes = [16, 32, 48];
  write(
    "favicon.ico",
    icoFromPngs(
      await Promise.all(icoSizes.map(async (size) => ({ size, png: await png(tile, size, true) }))),
    ),
  );
  write("apple-touch-icon.png", await png(fullBleed, 180, false));
  write("icon-192.png", await png(tile, 192, true));
  write("icon-512.png", await png(tile, 512, true));
  write("icon-maskable-512.png", await png(maskable, 512, false));
} finally {
  await browser.close();
}
