import { randomBytes } from "node:crypto";

/** The first 12 bytes of an MP4 file (an `ftyp` box of brand mp42). */
export const mp4Head = Buffer.from([0, 0, 0, 0x18, 0x66, 0x74, 0x79, 0x70, 0x6d, 0x70, 0x34, 0x32]);

/** Bytes that start as an MP4 file does, then random ones: `size` in all. */
export function fakeMp4(size: number): Buffer {
  return Buffer.concat([mp4Head, randomBytes(size - mp4Head.length)]);
}
