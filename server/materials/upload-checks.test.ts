import { describe, expect, it } from "vitest";
import { ApiError } from "../api-error";
import { checkedUpload, startsAsDeclared } from "./upload-checks";

async function drain(source: AsyncIterable<Uint8Array>) {
  let size = 0;
  for await (const piece of source) size += piece.byteLength;
  return size;
}

async function* pieces(...parts: Uint8Array[]) {
  for (const part of parts) yield part;
}

const mp4Head = Uint8Array.from([0, 0, 0, 0x18, 0x66, 0x74, 0x79, 0x70, 0x6d, 0x70, 0x34, 0x32]);

describe("checkedUpload", () => {
  it("passes a file through whole, even when its first 12 bytes arrive in pieces", async () => {
    const size = await drain(
      checkedUpload(
        pieces(mp4Head.subarray(0, 5), mp4Head.subarray(5), new Uint8Array(100)),
        "video/mp4",
      ),
    );
    expect(size).toBe(112);
  });

  it("stops a file as soon as it passes the limit, with 413", async () => {
    let read = 0;
    async function* endless() {
      yield mp4Head;
      for (;;) {
        read++;
        yield new Uint8Array(1000);
      }
    }
    const error = await drain(checkedUpload(endless(), "video/mp4", 10_000)).catch((e) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(413);
    expect(read).toBeLessThan(12);
  });

  it("knows the first bytes of every accepted type", () => {
    const bytes = (text: string) => Uint8Array.from(Buffer.from(text, "latin1"));
    expect(startsAsDeclared("application/pdf", bytes("%PDF-1.7....."))).toBe(true);
    expect(startsAsDeclared("image/png", Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 13, 10]))).toBe(
      true,
    );
    expect(startsAsDeclared("audio/wav", bytes("RIFF\0\0\0\0WAVE"))).toBe(true);
    expect(startsAsDeclared("image/webp", bytes("RIFF\0\0\0\0WAVE"))).toBe(false);
    expect(startsAsDeclared("audio/mpeg", bytes("ID3\u0004"))).toBe(true);
    expect(startsAsDeclared("video/mp4", bytes("<html>......."))).toBe(false);
  });
});
