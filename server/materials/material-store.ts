/**
 * Where the bytes of uploaded materials live (docs/decisions/0012-material-storage.md):
 * on PostgreSQL in `material_chunks`, 256 KiB a row, so that every server on
 * the database sees the same files and a backup of the database holds them;
 * on the embedded database in files under `DATA_DIR/materials`, which one
 * server holds alone anyway. Both write a stream as it arrives, a chunk at a
 * time, and read any byte range as a stream: no file is ever whole in memory.
 */
import { createReadStream, createWriteStream } from "node:fs";
import { mkdir, readdir, rename, rm, unlink } from "node:fs/promises";
import { join } from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { and, asc, between, eq, ne } from "drizzle-orm";
import type { Database } from "#database/open-database";
import { materialChunks } from "#database/schema";

export const chunkBytes = 256 * 1024;

export type MaterialStore = {
  /** Writes `source` as version `version` of the material's file; returns its size. */
  write(materialId: string, version: number, source: AsyncIterable<Uint8Array>): Promise<number>;
  /** The bytes from `start` to `end` (inclusive) of one version, as a stream. */
  read(materialId: string, version: number, start: number, end: number): Readable;
  /** Removes one version, or every version but `keep`, or (no version) all. */
  remove(materialId: string, options?: { version?: number; keep?: number }): Promise<void>;
  kind: "database" | "files";
};

/** Gathers the pieces of `source` into chunks of `chunkBytes` (the last may be shorter). */
export async function* inChunks(source: AsyncIterable<Uint8Array>): AsyncGenerator<Buffer> {
  let parts: Buffer[] = [];
  let size = 0;
  for await (const piece of source) {
    parts.push(Buffer.from(piece.buffer, piece.byteOffset, piece.byteLength));
    size += piece.byteLength;
    while (size >= chunkBytes) {
      const whole = parts.length === 1 ? (parts[0] as Buffer) : Buffer.concat(parts, size);
      // A copy: the piece's memory may belong to a pool that is reused.
      yield Buffer.from(whole.subarray(0, chunkBytes));
      const rest = whole.subarray(chunkBytes);
      parts = rest.length > 0 ? [rest] : [];
      size = rest.length;
    }
  }
  if (size > 0) yield Buffer.concat(parts, size);
}

/** The PostgreSQL store: one row a chunk; each insert its own statement, so nothing waits for the upload. */
export function createDatabaseStore(db: Database): MaterialStore {
  return {
    kind: "database",
    async write(materialId, version, source) {
      let seq = 0;
      let size = 0;
      for await (const chunk of inChunks(source)) {
        await db.insert(materialChunks).values({ materialId, version, seq: seq++, data: chunk });
        size += chunk.length;
      }
      return size;
    },
    read(materialId, version, start, end) {
      const first = Math.floor(start / chunkBytes);
      const last = Math.floor(end / chunkBytes);
      let seq = first;
      return new Readable({
        // One chunk a read, fetched when the client has taken the previous one.
        async read() {
          try {
            if (seq > last) {
              this.push(null);
              return;
            }
            const upTo = Math.min(last, seq + 3);
            const rows = await db
              .select({ seq: materialChunks.seq, data: materialChunks.data })
              .from(materialChunks)
              .where(
                and(
                  eq(materialChunks.materialId, materialId),
                  eq(materialChunks.version, version),
                  between(materialChunks.seq, seq, upTo),
                ),
              )
              .orderBy(asc(materialChunks.seq));
            if (rows.length !== upTo - seq + 1) throw new Error("a material's chunk is missing");
            for (const row of rows) {
              const offset = row.seq * chunkBytes;
              const from = Math.max(start - offset, 0);
              const to = Math.min(end - offset + 1, row.data.length);
              this.push(row.data.subarray(from, to));
            }
            seq = upTo + 1;
          } catch (error) {
            this.destroy(error as Error);
          }
        },
      });
    },
    async remove(materialId, { version, keep } = {}) {
      const conditions = [eq(materialChunks.materialId, materialId)];
      if (version !== undefined) conditions.push(eq(materialChunks.version, version));
      if (keep !== undefined) conditions.push(ne(materialChunks.version, keep));
      await db.delete(materialChunks).where(and(...conditions));
    },
  };
}

/** The embedded database's store: `<dir>/<id>.<version>`, written under a temporary name first. */
export function createFileStore(dir: string): MaterialStore {
  const fileOf = (materialId: string, version: number) => join(dir, `${materialId}.${version}`);
  return {
    kind: "files",
    async write(materialId, version, source) {
      await mkdir(dir, { recursive: true });
      const file = fileOf(materialId, version);
      const partial = `${file}.part`;
      let written = 0;
      try {
        await pipeline(
          Readable.from(
            (async function* () {
              for await (const piece of source) {
                written += piece.byteLength;
                yield piece;
              }
            })(),
          ),
          createWriteStream(partial),
        );
        await rename(partial, file);
      } catch (error) {
        await rm(partial, { force: true });
        throw error;
      }
      return written;
    },
    read(materialId, version, start, end) {
      return createReadStream(fileOf(materialId, version), { start, end });
    },
    async remove(materialId, { version, keep } = {}) {
      if (version !== undefined) {
        await unlink(fileOf(materialId, version)).catch(() => {});
        return;
      }
      const names = await readdir(dir).catch(() => [] as string[]);
      for (const name of names) {
        if (!name.startsWith(`${materialId}.`)) continue;
        if (keep !== undefined && name === `${materialId}.${keep}`) continue;
        await rm(join(dir, name), { force: true });
      }
    },
  };
}
