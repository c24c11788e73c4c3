/**
 * The checks an upload passes while it streams: its declared type is one we
 * accept, its first bytes are what that type starts with, and it stays under
 * the size limit. Each refusal is an `ApiError` with a Czech message.
 */
import { acceptedFileTypes, materialMessages, maxMaterialBytes } from "#shared/materials";
import { ApiError } from "../api-error";

/** The media type of a Content-Type header, lower-case, without its parameters. */
export function mediaTypeOf(header: string | undefined): string {
  return (header ?? "").split(";")[0]?.trim().toLowerCase() ?? "";
}

export function refuseUnacceptedType(mediaType: string): void {
  if (!(mediaType in acceptedFileTypes)) {
    throw new ApiError(415, "unsupported_file_type", materialMessages.typeRefused);
  }
}

const ascii = (bytes: Uint8Array, from: number, to: number) =>
  String.fromCharCode(...bytes.subarray(from, to));

/** Whether the first bytes of a file are what a file of `mediaType` starts with. */
export function startsAsDeclared(mediaType: string, head: Uint8Array): boolean {
  const isoBox = ascii(head, 4, 8);
  switch (mediaType) {
    case "video/mp4":
    case "audio/mp4":
    case "audio/x-m4a":
      return isoBox === "ftyp";
    case "video/quicktime":
      return ["ftyp", "moov", "mdat", "wide", "free", "skip", "pnot"].includes(isoBox);
    case "video/webm":
      return head[0] === 0x1a && head[1] === 0x45 && head[2] === 0xdf && head[3] === 0xa3;
    case "audio/mpeg":
      return ascii(head, 0, 3) === "ID3" || (head[0] === 0xff && ((head[1] ?? 0) & 0xe0) === 0xe0);
    case "audio/ogg":
      return ascii(head, 0, 4) === "OggS";
    case "audio/wav":
    case "audio/x-wav":
      return ascii(head, 0, 4) === "RIFF" && ascii(head, 8, 12) === "WAVE";
    case "application/pdf":
      return ascii(head, 0, 5) === "%PDF-";
    case "image/jpeg":
      return head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff;
    case "image/png":
      return ascii(head, 1, 4) === "PNG" && head[0] === 0x89;
    case "image/webp":
      return ascii(head, 0, 4) === "RIFF" && ascii(head, 8, 12) === "WEBP";
    default:
      return false;
  }
}

/**
 * Passes `body` through, refusing it as soon as it is over `maxBytes` or its
 * first 12 bytes are not what `mediaType` starts with, and when it is empty.
 */
export async function* checkedUpload(
  body: AsyncIterable<Uint8Array>,
  mediaType: string,
  maxBytes = maxMaterialBytes,
): AsyncGenerator<Uint8Array> {
  let size = 0;
  let head = new Uint8Array(0);
  let headChecked = false;
  for await (const piece of body) {
    size += piece.byteLength;
    if (size > maxBytes) {
      throw new ApiError(413, "file_too_large", materialMessages.tooLarge, undefined, {
        Connection: "close",
      });
    }
    if (!headChecked) {
      const joined = new Uint8Array(head.length + piece.byteLength);
      joined.set(head);
      joined.set(piece, head.length);
      head = joined.subarray(0, 12);
      if (joined.length < 12) {
        head = joined;
        continue;
      }
      headChecked = true;
      if (!startsAsDeclared(mediaType, head)) {
        throw new ApiError(415, "content_mismatch", materialMessages.contentMismatch);
      }
      yield joined;
      continue;
    }
    yield piece;
  }
  if (size === 0) throw new ApiError(422, "empty_file", materialMessages.empty);
  if (!headChecked) {
    if (!startsAsDeclared(mediaType, head)) {
      throw new ApiError(415, "content_mismatch", materialMessages.contentMismatch);
    }
    yield head;
  }
}
