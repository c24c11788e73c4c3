/**
 * Takes a backup of the whole database into one file:
 *
 *   npm run backup -- FILE
 *
 * Uses the server's settings (DATA_DIR or DATABASE_URL). On PostgreSQL it
 * reads the database itself, while servers run. On the embedded database a
 * running server holds the folder, so the backup is asked of that server
 * (docs/decisions/0011-backup-of-a-running-server.md). The file is written
 * under a temporary name, checked whole, then renamed: FILE is never half a backup.
 */
import { createReadStream, createWriteStream } from "node:fs";
import { mkdir, rename, rm } from "node:fs/promises";
import { dirname, resolve } from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReadableStream } from "node:stream/web";
import { pathToFileURL } from "node:url";
import { BackupError, type BackupHeader, checkBackup, writeBackup } from "#database/backup";
import { readBackupAccess } from "#server/backup-access";
import { materialFilesForBackup, materialsDir } from "#server/materials/material-files";
import { photoFilesForBackup, photosDir } from "#server/photos/photo-store";
import { openConfiguredDatabase } from "./cli-database";
import { exitCodes } from "./exit-codes";

export const usage =
  "Usage: npm run backup -- FILE   (a .jsonl.gz file; restore it with npm run restore)";

/** Asks the server that holds the embedded database for a backup, into `path`. */
async function downloadFromServer(dataDir: string, path: string): Promise<void> {
  const access = await readBackupAccess(dataDir);
  if (!access) {
    throw new BackupError(
      `A server holds the embedded database in ${dataDir} but has not said how to reach it (no backup-access.json): is it starting or stopping? Try again in a moment.`,
    );
  }
  let response: Response;
  try {
    response = await fetch(`${access.url}/api/backup`, {
      method: "POST",
      headers: { Authorization: `Bearer ${access.token}` },
    });
  } catch {
    throw new BackupError(
      `The server that holds the embedded database does not answer at ${access.url}.`,
    );
  }
  if (!response.ok || !response.body) {
    throw new BackupError(`The server refused the backup (HTTP ${response.status}).`);
  }
  await pipeline(
    Readable.fromWeb(response.body as ReadableStream),
    createWriteStream(path, { mode: 0o600 }),
  );
}

function describeBackup(header: BackupHeader, path: string): string {
  const rows = Object.values(header.tables).reduce((sum, n) => sum + n, 0);
  const tables = Object.entries(header.tables)
    .map(([name, count]) => `${name} ${count}`)
    .join(", ");
  return `Backup written to ${path}: ${rows} rows of ${Object.keys(header.tables).length} tables (${tables}), taken at ${header.takenAt} from ${header.from === "pglite" ? "the embedded database" : "PostgreSQL"}.`;
}

async function main(args: string[]): Promise<number> {
  const [path, ...rest] = args;
  if (!path || rest.length > 0 || path.startsWith("-")) {
    console.error(usage);
    return exitCodes.usage;
  }
  const partial = `${path}.partial`;
  await mkdir(dirname(resolve(path)), { recursive: true });
  const opened = await openConfiguredDatabase("backup", { askServer: true });
  try {
    if (opened.ok) {
      try {
        // On the embedded database the material files are in the data folder: they go in too.
        const materialFiles =
          opened.handle.kind === "pglite"
            ? materialFilesForBackup(materialsDir(opened.config.dataDir))
            : undefined;
        // And so are the photo files.
        const photoFiles =
          opened.handle.kind === "pglite"
            ? photoFilesForBackup(photosDir(opened.config.dataDir))
            : undefined;
        await writeBackup(opened.handle, createWriteStream(partial, { mode: 0o600 }), {
          materialFiles,
          photoFiles,
        });
      } finally {
        await opened.handle.close();
      }
    } else if (opened.lockedBy) {
      await downloadFromServer(opened.lockedBy.dataDir, partial);
    } else {
      return opened.exitCode;
    }
    const header = await checkBackup(createReadStream(partial));
    await rename(partial, path);
    console.log(describeBackup(header, path));
    return exitCodes.done;
  } catch (error) {
    await rm(partial, { force: true });
    if (error instanceof BackupError) {
      console.error(`No backup was written: ${error.message}`);
      return exitCodes.refused;
    }
    throw error;
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  process.exitCode = await main(process.argv.slice(2));
}
