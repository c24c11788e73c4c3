/**
 * The embedded database's material files (`DATA_DIR/materials`, decision 0012) in backups:
 * a backup carries them as `material_chunks` rows, the form the PostgreSQL store keeps them
 * in, so one backup file moves the files either way. Restored into the embedded database,
 * those rows are written out as files again, then removed from it.
 */
import { readdir, rm } from "node:fs/promises";
import { join } from "node:path";
import { and, eq, sql } from "drizzle-orm";
import type { MaterialFiles } from "#database/backup";
import type { Database } from "#database/open-database";
import { materialChunks, materials } from "#database/schema";
import { chunkBytes, createDatabaseStore, createFileStore, inChunks } from "./material-store";

/** Where the embedded database's server keeps material files. */
export function materialsDir(dataDir: string): string {
  return join(dataDir, "materials");
}

/** The files of `dir` as `writeBackup` reads them. */
export function materialFilesForBackup(dir: string): MaterialFiles {
  const store = createFileStore(dir);
  return {
    chunkCount: (size) => Math.ceil(size / chunkBytes),
    chunks: (materialId, version, size) =>
      inChunks(store.read(materialId, version, 0, Math.max(size - 1, 0))),
  };
}

/**
 * Brings the embedded database's folder of files in line with its `materials` table: chunks
 * a restore put into the database become files (then leave the database), and files no
 * material uses any more (a replaced database's, a version left by a crash) are removed.
 * Safe to run again after a crash at any point: the chunks leave only once their file is whole.
 * Returns how many files were written.
 */
export async function syncMaterialFiles(db: Database, dir: string): Promise<number> {
  const store = createFileStore(dir);
  const stored = createDatabaseStore(db);
  const versions = await db
    .select({
      materialId: materialChunks.materialId,
      version: materialChunks.version,
      size: sql<number>`sum(octet_length(${materialChunks.data}))::bigint`.mapWith(Number),
    })
    .from(materialChunks)
    .groupBy(materialChunks.materialId, materialChunks.version);
  for (const { materialId, version, size } of versions) {
    await store.write(materialId, version, stored.read(materialId, version, 0, size - 1));
    await db
      .delete(materialChunks)
      .where(and(eq(materialChunks.materialId, materialId), eq(materialChunks.version, version)));
  }
  const used = new Set(
    (await db.select({ id: materials.id, version: materials.fileVersion }).from(materials)).map(
      (row) => `${row.id}.${row.version}`,
    ),
  );
  for (const name of await readdir(dir).catch(() => [] as string[])) {
    if (!used.has(name)) await rm(join(dir, name), { force: true });
  }
  return versions.length;
}
