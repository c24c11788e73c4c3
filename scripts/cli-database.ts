/**
 * How the operations commands (import, backup, restore) open the server's
 * database, with the settings the server reads, and say why they cannot.
 */
import { FolderLockedError } from "#database/folder-lock";
import { type DatabaseHandle, openDatabase } from "#database/open-database";
import { type Config, ConfigError, loadConfig } from "#server/config";
import { keepNewFilesPrivate, makeDataFolderPrivate } from "#server/private-files";
import { exitCodes } from "./exit-codes";

// Before the command writes anything (a backup's folder, the database's files): its user's alone.
keepNewFilesPrivate();

export type OpenedDatabase =
  | { ok: true; handle: DatabaseHandle; config: Config }
  | { ok: false; exitCode: number; lockedBy?: { dataDir: string; config: Config } };

/**
 * Opens the database the settings name. When a running server holds the
 * embedded database, says so (unless `askServer`: the caller then asks it).
 */
export async function openConfiguredDatabase(
  what: string,
  { askServer = false }: { askServer?: boolean } = {},
): Promise<OpenedDatabase> {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    return { ok: false, exitCode: exitCodes.unavailable };
  }
  try {
    const handle = await openDatabase(
      config.databaseUrl ? { databaseUrl: config.databaseUrl } : { dataDir: config.dataDir },
    );
    if (handle.kind === "pglite") {
      // Quietly, but for a file it cannot fix: stdout is the command's answer.
      makeDataFolderPrivate(config.dataDir, { info: () => {}, warn: console.error });
    }
    return { ok: true, handle, config };
  } catch (error) {
    if (error instanceof FolderLockedError && askServer) {
      return {
        ok: false,
        exitCode: exitCodes.unavailable,
        lockedBy: { dataDir: config.dataDir, config },
      };
    }
    if (error instanceof FolderLockedError) {
      console.error(
        `The embedded database in ${config.dataDir} is in use by the running server, and it allows one process at a time.\nStop the server, run the ${what} again, then start the server.`,
      );
    } else {
      console.error(`Could not open the database: ${(error as Error).message}`);
    }
    return { ok: false, exitCode: exitCodes.unavailable };
  }
}
