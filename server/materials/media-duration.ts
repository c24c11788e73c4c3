/**
 * How long an uploaded video or recording plays, read from the file as it
 * streams to storage, so that the gift page and e-mails say what is true of
 * the file she uploaded, never a length written in the code.
 *
 * MP4, QuickTime and M4A (ISO base media files) state it in the movie header
 * (`moov` → `mvhd`: a duration in the movie's time scale; for a fragmented
 * file, `moov` → `mvex` → `mehd`). Reading that needs a walk over the top-level
 * boxes, keeping only `moov` (a few kilobytes to a few megabytes, before or
 * after the media data), which is small enough to write here rather than add a
 * media library. Other types (WebM, MP3, Ogg, WAV) give null: the site then
 * says nothing about the length.
 */

const isoMediaTypes = new Set(["video/mp4", "video/quicktime", "audio/mp4", "audio/x-m4a"]);

/** A `moov` larger than this is not kept (a header of hours of video is a few megabytes). */
const maxMovieHeaderBytes = 32 * 1024 * 1024;

export type DurationReader = {
  /** The next bytes of the file, in order. */
  push(piece: Uint8Array): void;
  /** The length in seconds once the whole file has passed; null when the file does not say. */
  durationSeconds(): number | null;
};

export function createDurationReader(mediaType: string): DurationReader {
  if (!isoMediaTypes.has(mediaType)) {
    return { push() {}, durationSeconds: () => null };
  }
  let header = new Uint8Array(0);
  /** Bytes of the current box still to skip (or to keep, while `movie` is set). */
  let remaining = 0;
  /** The rest of the file is one box (size 0): nothing after it to look at. */
  let toEnd = false;
  let movie: { bytes: Uint8Array; filled: number } | null = null;
  let duration: number | null | undefined;

  function startBox(size: number, headerLength: number, type: string) {
    if (size === 0) toEnd = true;
    const body = size === 0 ? Number.POSITIVE_INFINITY : size - headerLength;
    if (type === "moov" && duration === undefined && body <= maxMovieHeaderBytes) {
      if (body === 0) {
        duration = null;
        return;
      }
      movie = { bytes: new Uint8Array(body), filled: 0 };
    }
    remaining = body;
  }

  return {
    push(piece) {
      let offset = 0;
      while (offset < piece.length && duration === undefined) {
        if (remaining > 0) {
          const take = Math.min(remaining, piece.length - offset);
          if (movie) {
            movie.bytes.set(piece.subarray(offset, offset + take), movie.filled);
            movie.filled += take;
          }
          remaining -= take;
          offset += take;
          if (remaining === 0 && movie) {
            duration = movieDuration(movie.bytes);
            movie = null;
          }
          continue;
        }
        if (toEnd) return;
        // A box header: 8 bytes (size, type), 16 when its size is 64-bit (size 1).
        const need = header.length >= 8 && readUint32(header, 0) === 1 ? 16 : 8;
        const take = Math.min(need - header.length, piece.length - offset);
        const joined = new Uint8Array(header.length + take);
        joined.set(header);
        joined.set(piece.subarray(offset, offset + take), header.length);
        header = joined;
        offset += take;
        if (header.length < need) continue;
        const size32 = readUint32(header, 0);
        if (size32 === 1 && header.length < 16) continue;
        const size = size32 === 1 ? Number(readUint64(header, 8)) : size32;
        const type = String.fromCharCode(...header.subarray(4, 8));
        const headerLength = header.length;
        header = new Uint8Array(0);
        if (size !== 0 && size < headerLength) {
          duration = null; // Not a box: not a file this reader understands.
          return;
        }
        startBox(size, headerLength, type);
      }
    },
    durationSeconds: () => duration ?? null,
  };
}

/** The movie's length from the body of its `moov` box, or null. */
export function movieDuration(moov: Uint8Array): number | null {
  const header = childBox(moov, "mvhd");
  if (!header || header.length < 20) return null;
  const version = header[0];
  const timeScale = readUint32(header, version === 1 ? 20 : 12);
  if (timeScale === 0) return null;
  let units = version === 1 ? readUint64(header, 24) : BigInt(readUint32(header, 16));
  const unknown = version === 1 ? 0xffffffffffffffffn : 0xffffffffn;
  if (units === 0n || units === unknown) {
    // A fragmented file may state its whole length in `mvex` → `mehd`.
    const extends_ = childBox(moov, "mvex");
    const fragments = extends_ && childBox(extends_, "mehd");
    if (!fragments || fragments.length < 8) return null;
    units = fragments[0] === 1 ? readUint64(fragments, 4) : BigInt(readUint32(fragments, 4));
    if (units === 0n) return null;
  }
  const seconds = Number(units) / timeScale;
  return Number.isFinite(seconds) && seconds > 0 ? Math.round(seconds * 1000) / 1000 : null;
}

/** The body of the first child box of `type` in `parent` (a box's body), or undefined. */
function childBox(parent: Uint8Array, type: string): Uint8Array | undefined {
  let offset = 0;
  while (offset + 8 <= parent.length) {
    let size = readUint32(parent, offset);
    let headerLength = 8;
    if (size === 1) {
      if (offset + 16 > parent.length) return undefined;
      size = Number(readUint64(parent, offset + 8));
      headerLength = 16;
    } else if (size === 0) {
      size = parent.length - offset;
    }
    if (size < headerLength || offset + size > parent.length) return undefined;
    if (String.fromCharCode(...parent.subarray(offset + 4, offset + 8)) === type) {
      return parent.subarray(offset + headerLength, offset + size);
    }
    offset += size;
  }
  return undefined;
}

function readUint32(bytes: Uint8Array, offset: number): number {
  return new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength).getUint32(offset);
}

function readUint64(bytes: Uint8Array, offset: number): bigint {
  return new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength).getBigUint64(offset);
}

/** Passes `body` through unchanged, showing every piece to `reader` on its way. */
export async function* measuredWhileStreaming(
  body: AsyncIterable<Uint8Array>,
  reader: DurationReader,
): AsyncGenerator<Uint8Array> {
  for await (const piece of body) {
    reader.push(piece);
    yield piece;
  }
}
