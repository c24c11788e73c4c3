/**
 * Photos for the photo library's tests: a phone's JPEG with the EXIF a phone writes (where it
 * was taken, which way up it was held), and a PNG whose header claims 20 000 × 20 000 pixels
 * (a decompression bomb) without being big itself.
 */
import { deflateSync } from "node:zlib";
import sharp from "sharp";

/** The EXIF tag of the GPS directory (0x8825), as it is stored in little-endian EXIF. */
const gpsPointerTag = Buffer.from([0x25, 0x88]);

/** Whether an image's EXIF (sharp's `metadata().exif`) points to a GPS directory. */
export function hasGpsExif(exif: Buffer | undefined): boolean {
  return exif?.includes(gpsPointerTag) ?? false;
}

/**
 * A JPEG as a phone makes it: `width` × `height` pixels as stored, with an EXIF orientation
 * (6: held upright, so shown turned a quarter clockwise) and the place it was taken (Brno).
 * The left third is green, the rest sand, so that a turn can be seen in the result.
 */
export async function phoneJpeg({
  width = 1600,
  height = 1200,
  orientation = 6,
}: {
  width?: number;
  height?: number;
  orientation?: number;
} = {}): Promise<Buffer> {
  const third = Math.round(width / 3);
  const green = await sharp({
    create: { width: third, height, channels: 3, background: "#4f6b4a" },
  })
    .png()
    .toBuffer();
  return sharp({ create: { width, height, channels: 3, background: "#e9dcc9" } })
    .composite([{ input: green, left: 0, top: 0 }])
    .jpeg({ quality: 90 })
    .withExif({
      IFD0: { Make: "Telefon", Model: "Fotoaparát 1" },
      IFD3: {
        GPSLatitudeRef: "N",
        GPSLatitude: "49/1 11/1 3600/100",
        GPSLongitudeRef: "E",
        GPSLongitude: "16/1 36/1 4800/100",
      },
    })
    .withMetadata({ orientation })
    .toBuffer();
}

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    let c = (crc ^ byte) & 0xff;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    crc = (crc >>> 8) ^ c;
  }
  return (crc ^ 0xffffffff) >>> 0;
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, "ascii"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([length, typed, crc]);
}

/** A valid PNG header claiming `side` × `side` grey pixels, with a few rows of data: about 1 KB. */
export function pixelBombPng(side = 20_000): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(side, 0);
  header.writeUInt32BE(side, 4);
  header[8] = 8; // bit depth
  header[9] = 0; // greyscale
  const rows = deflateSync(Buffer.alloc((side + 1) * 50));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk("IHDR", header),
    pngChunk("IDAT", rows),
    pngChunk("IEND", Buffer.alloc(0)),
  ]);
}
