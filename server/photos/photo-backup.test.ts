/**
 * Her photos in a real backup file: taken from an embedded database (variants as files in its
 * data folder), restored into another embedded database (files again, none left in the
 * database) and into one that keeps the bytes in its rows (as PostgreSQL does), the same
 * bytes served by each.
 */
import { createReadStream, createWriteStream } from "node:fs";
import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { isNotNull } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { restoreBackup, writeBackup } from "#database/backup";
import { type DatabaseHandle, openDatabase } from "#database/open-database";
import { photos as photoRows, photoVariants } from "#database/schema";
import type { PhotoJson } from "#shared/content/photo-library";
import { phoneJpeg } from "#testing/sample-photos";
import { createTestClock } from "#testing/test-app";
import { openTimeoutMs } from "#testing/test-databases";
import { createPhotoFileStore, photoFilesForBackup, syncPhotoFiles } from "./photo-store";
import { createPhotos } from "./photos";

describe("photos in a backup", () => {
  const handles: DatabaseHandle[] = [];
  let folder: string;

  const open = async () => {
    const handle = await openDatabase({ dataDir: "memory" });
    handles.push(handle);
    return handle;
  };
  const library = (handle: DatabaseHandle, dir?: string) =>
    createPhotos({
      db: handle.db,
      clock: createTestClock(),
      store: dir ? createPhotoFileStore(dir) : { kind: "database" },
      publishPages: async () => {},
    });

  beforeAll(async () => {
    folder = await mkdtemp(join(tmpdir(), "photo-backup-"));
  });

  afterAll(async () => {
    for (const handle of handles) await handle.close();
    await rm(folder, { recursive: true, force: true });
  });

  it(
    "carries the embedded database's photo files and restores them as files or as rows",
    async () => {
      const source = await open();
      const sourceFiles = join(folder, "source-photos");
      const photo: PhotoJson = await library(source, sourceFiles).create(
        await phoneJpeg({ width: 900, height: 600, orientation: 1 }),
        {
          alt: "Kytice lučních květů",
          focusX: 0.4,
          focusY: 0.6,
          originalName: "kytice.jpg",
          createdBy: crypto.randomUUID(),
        },
        { kind: "command_line" },
      );
      expect(photo.widths).toEqual([480, 800]);
      // On the embedded database the bytes are files only.
      expect(
        await source.db.select().from(photoVariants).where(isNotNull(photoVariants.data)),
      ).toEqual([]);
      expect((await readdir(sourceFiles)).sort()).toHaveLength(6);

      const file = join(folder, "backup.jsonl.gz");
      await writeBackup(source, createWriteStream(file), {
        photoFiles: photoFilesForBackup(sourceFiles),
      });

      // Into another embedded database: the rows, then the files out of them.
      const embedded = await open();
      const embeddedFiles = join(folder, "restored-photos");
      await restoreBackup(embedded, createReadStream(file));
      expect(await syncPhotoFiles(embedded.db, embeddedFiles)).toBe(6);
      expect((await readdir(embeddedFiles)).sort()).toEqual((await readdir(sourceFiles)).sort());
      expect(
        await embedded.db.select().from(photoVariants).where(isNotNull(photoVariants.data)),
      ).toEqual([]);
      expect(await embedded.db.select({ alt: photoRows.alt }).from(photoRows)).toEqual([
        { alt: "Kytice lučních květů" },
      ]);

      // Into a database that keeps them in its rows.
      const rows = await open();
      await restoreBackup(rows, createReadStream(file));
      const fromSource = library(source, sourceFiles);
      for (const width of photo.widths) {
        for (const format of ["avif", "webp", "jpeg"] as const) {
          const original = await fromSource.readVariant(photo.id, width, format);
          expect(original?.length).toBeGreaterThan(100);
          expect(await library(rows).readVariant(photo.id, width, format)).toEqual(original);
          expect(
            await library(embedded, embeddedFiles).readVariant(photo.id, width, format),
          ).toEqual(original);
        }
      }
    },
    openTimeoutMs,
  );
});
