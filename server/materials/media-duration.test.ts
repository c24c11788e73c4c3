import { describe, expect, it } from "vitest";
import { createDurationReader } from "./media-duration";

/** An ISO base media box: its size, its type, its body. */
function box(type: string, ...body: Uint8Array[]): Uint8Array {
  const size = 8 + body.reduce((sum, part) => sum + part.length, 0);
  const head = new Uint8Array(8);
  new DataView(head.buffer).setUint32(0, size);
  head.set(Buffer.from(type, "latin1"), 4);
  return Buffer.concat([head, ...body]);
}

/** A box whose size is written in 64 bits (size 1), as large media data is. */
function largeBox(type: string, body: Uint8Array): Uint8Array {
  const head = new Uint8Array(16);
  const view = new DataView(head.buffer);
  view.setUint32(0, 1);
  head.set(Buffer.from(type, "latin1"), 4);
  view.setBigUint64(8, BigInt(16 + body.length));
  return Buffer.concat([head, body]);
}

/** `mvhd` version 0: creation, modification, time scale, duration (32 bits each). */
function movieHeader0(timeScale: number, duration: number): Uint8Array {
  const body = new Uint8Array(100);
  const view = new DataView(body.buffer);
  view.setUint32(12, timeScale);
  view.setUint32(16, duration);
  return box("mvhd", body);
}

/** `mvhd` version 1: 64-bit times and duration. */
function movieHeader1(timeScale: number, duration: bigint): Uint8Array {
  const body = new Uint8Array(112);
  const view = new DataView(body.buffer);
  body[0] = 1;
  view.setUint32(20, timeScale);
  view.setBigUint64(24, duration);
  return box("mvhd", body);
}

const fileType = box("ftyp", Buffer.from("isom\0\0\0\0isommp41", "latin1"));

/** The length `createDurationReader` reads from `file`, fed in pieces of `pieceSize` bytes. */
function readInPieces(file: Uint8Array, pieceSize: number, mediaType = "video/mp4") {
  const reader = createDurationReader(mediaType);
  for (let offset = 0; offset < file.length; offset += pieceSize) {
    reader.push(file.subarray(offset, offset + pieceSize));
  }
  return reader.durationSeconds();
}

describe("the length of an uploaded MP4, read from its movie header", () => {
  it("reads a header written after the media data (a camera's file), however the bytes arrive", () => {
    const file = Buffer.concat([
      fileType,
      box("mdat", new Uint8Array(5000).fill(7)),
      box("moov", movieHeader0(600, 600 * 380), box("trak", new Uint8Array(40))),
    ]);
    for (const pieceSize of [1, 7, 64, 4096, file.length]) {
      expect(readInPieces(file, pieceSize)).toBe(380);
    }
  });

  it("reads a 64-bit header before 64-bit-sized media data", () => {
    const file = Buffer.concat([
      fileType,
      box("moov", movieHeader1(1000, 3_000n)),
      largeBox("mdat", new Uint8Array(3000)),
    ]);
    expect(readInPieces(file, 5)).toBe(3);
  });

  it("reads a fragmented file's length from its `mehd` when the movie header leaves it out", () => {
    const fragmentHeader = box("mehd", new Uint8Array([0, 0, 0, 0, 0, 0, 0x2e, 0xe0]));
    const file = Buffer.concat([
      fileType,
      box("moov", movieHeader0(1000, 0), box("mvex", fragmentHeader)),
      box("moof", new Uint8Array(30)),
      box("mdat", new Uint8Array(300)),
    ]);
    expect(readInPieces(file, 11)).toBe(12);
  });

  it("says nothing when the file does not tell: no header, no length, or a type it does not read", () => {
    expect(readInPieces(Buffer.concat([fileType, box("mdat", new Uint8Array(50))]), 8)).toBeNull();
    expect(
      readInPieces(Buffer.concat([fileType, box("moov", movieHeader0(1000, 0))]), 8),
    ).toBeNull();
    const webm = Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 1, 2, 3, 4, 5, 6, 7, 8]);
    expect(readInPieces(webm, 4, "video/webm")).toBeNull();
    expect(readInPieces(Buffer.from("not a box at all, just text"), 4)).toBeNull();
  });
});
