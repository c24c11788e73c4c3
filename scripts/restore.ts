/**
 * Restores a backup taken with `npm run backup`, into either database:
 *
 *   npm run restore -- FILE [--replace]
 *
 * Uses the server's settings (DATA_DIR or DATABASE_URL); stop the servers
 * first. A database that holds any row is refused unless --replace is given.
 * Everything is restored in one transaction: a failure changes nothing.
 */
import { createReadStream } from "node:fs";
import { access } from "node:fs/promises";
import { pathToFileURL } from "node:url";
import { BackupError, restoreBackup } from "#database/backup";
import { materialsDir, syncMaterialFiles } from "#server/materials/material-files";
import { photosDir, syncPhotoFiles } from "#server/photos/photo-store";
import { openConfiguredDatabase } from "./cli-database";
import { exitCodes } from "./exit-codes";

export const usage = "Usage: npm run restore -- FILE [--replace]";

async function main(args: string[]): Promise<number> {
  const replace = args.includes("--replace");
  const paths = args.filter((arg) => arg !== "--replace");
  const [path] = paths;
  if (!path || paths.length > 1 || path.startsWith("-")) {
    console.error(usage);
    return exitCodes.usage;
  }
  try {
    await access(path);
  } catch {
    console.error(`Cannot read ${path}.`);
    return exitCodes.unavailable;
  }
  const opened = await openConfiguredDatabase("restore");
  if (!opened.ok) return opened.exitCode;
  try {
    const outcome = await restoreBackup(opened.handle, createReadStream(path), { replace });
    // The embedded database keeps material files in its data folder: out of the database they go.
    const files =
      opened.handle.kind === "pglite"
        ? await syncMaterialFiles(opened.handle.db, materialsDir(opened.config.dataDir))
        : 0;
    // Photo files likewise (server/photos/photo-store.ts).
    const photoFiles =
      opened.handle.kind === "pglite"
        ? await syncPhotoFiles(opened.handle.db, photosDir(opened.config.dataDir))
        : 0;
    console.log(
      `Restored ${outcome.rows} rows from the backup taken at ${outcome.header.takenAt}` +
        `${files > 0 ? ` and wrote ${files} material file${files === 1 ? "" : "s"}` : ""}` +
        `${photoFiles > 0 ? ` and ${photoFiles} photo file${photoFiles === 1 ? "" : "s"}` : ""}` +
        `${outcome.replaced ? ", replacing what the database held" : ""}.`,
    );
    return exitCodes.done;
  } catch (error) {
    if (error instanceof BackupError) {
      console.error(`Nothing was restored: ${error.message}`);
      return exitCodes.refused;
    }
    throw error;
  } finally {
    await opened.handle.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  process.exitCode = await main(process.argv.slice(2));
}
