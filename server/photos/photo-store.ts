/**
 * Where the bytes of her photos' variants live, as for material files (decision 0012): on
 * PostgreSQL in `photo_variants.data`, so that every server serves every photo; on the embedded
 * database in files under `DATA_DIR/photos`, which its one server holds alone. A variant is at
 * most a few hundred kilobytes, so it is written and read whole, never in chunks.
 *
 * A backup carries the embedded database's files in `data`, the form PostgreSQL keeps them in;
 * restored into the embedded database they are written out as files again (`syncPhotoFiles`).
 */
import { mkdir, readdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { and, eq, isNotNull } from "drizzle-orm";
import type { PhotoFiles } from "#database/backup";
import type { Database } from "#database/open-database";
import { photoVariants } from "#database/schema";
import { type PhotoFormat, photoExtensions } from "#shared/content/photo-library";

export type VariantKey = { photoId: string; width: number; format: PhotoFormat };

export type PhotoStore =
  | { kind: "database" }
  | {
      kind: "files";
      write(key: VariantKey, data: Buffer): Promise<void>;
      read(key: VariantKey): Promise<Buffer | null>;
      /** Removes every file of the photo. */
      remove(photoId: string): Promise<void>;
    };

/** Where the embedded database's server keeps photo files. */
export function photosDir(dataDir: string): string {
  return join(dataDir, "photos");
}

const fileName = ({ photoId, width, format }: VariantKey) =>
  `${photoId}-${width}.${photoExtensions[format]}`;

/** The embedded database's store: `<dir>/<id>-<width>.<ext>`, written under a temporary name first. */
export function createPhotoFileStore(dir: string): PhotoStore & { kind: "files" } {
  return {
    kind: "files",
    async write(key, data) {
      await mkdir(dir, { recursive: true });
      const file = join(dir, fileName(key));
      await writeFile(`${file}.part`, data);
      await rename(`${file}.part`, file);
    },
    async read(key) {
      return readFile(join(dir, fileName(key))).catch(() => null);
    },
    async remove(photoId) {
      for (const name of await readdir(dir).catch(() => [] as string[])) {
        if (name.startsWith(`${photoId}-`)) await rm(join(dir, name), { force: true });
      }
    },
  };
}

/** The files of `dir` as `writeBackup` reads them into `photo_variants.data`. */
export function photoFilesForBackup(dir: string): PhotoFiles {
  const store = createPhotoFileStore(dir);
  return {
    async read(photoId, width, format) {
      const data = await store.read({ photoId, width, format: format as PhotoFormat });
      if (!data) throw new Error(`The file of photo ${photoId} (${width} ${format}) is missing.`);
      return data;
    },
  };
}

/**
 * Brings the embedded database's photo files in line with `photo_variants`: bytes a restore put
 * into the database become files (then leave the database), and files no variant names (a
 * replaced database's, an upload a crash cut short) are removed. Safe to run again after a crash
 * at any point: the bytes leave the database only once their file is whole. Returns how many
 * files were written.
 */
export async function syncPhotoFiles(db: Database, dir: string): Promise<number> {
  const store = createPhotoFileStore(dir);
  const stored = await db
    .select({
      photoId: photoVariants.photoId,
      width: photoVariants.width,
      format: photoVariants.format,
    })
    .from(photoVariants)
    .where(isNotNull(photoVariants.data));
  for (const key of stored) {
    const where = and(
      eq(photoVariants.photoId, key.photoId),
      eq(photoVariants.width, key.width),
      eq(photoVariants.format, key.format),
    );
    const [row] = await db.select({ data: photoVariants.data }).from(photoVariants).where(where);
    if (row?.data) await store.write(key, row.data);
    await db.update(photoVariants).set({ data: null }).where(where);
  }
  const used = new Set(
    (
      await db
        .select({
          photoId: photoVariants.photoId,
          width: photoVariants.width,
          format: photoVariants.format,
        })
        .from(photoVariants)
    ).map(fileName),
  );
  for (const name of await readdir(dir).catch(() => [] as string[])) {
    if (!used.has(name)) await rm(join(dir, name), { force: true });
  }
  return stored.length;
}
