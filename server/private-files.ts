/**
 * The data folder (the embedded database with its password hashes and TOTP secrets, the mail
 * folder, the material files, the auth secret) is for the server's user alone: no file or
 * folder in it grants anything to the group or to other users.
 *
 * Two parts: a umask for everything the process creates from its start, and a walk that takes
 * the group's and others' bits off what is already there. The walk is needed even with the
 * umask: PGlite writes the files of a new database (and `pg_internal.init` at each start) with
 * modes of its own, 0666 and 0644, whatever the umask says.
 */
import { chmodSync, lstatSync, readdirSync } from "node:fs";
import { join } from "node:path";

/** No permission for the group or other users on anything created from now on. */
export const privateUmask = 0o077;

/**
 * Sets the process's umask to `privateUmask`: called first by the server and by every command
 * that opens the database, before they create a file.
 */
export function keepNewFilesPrivate(): void {
  process.umask(privateUmask);
}

export type PrivateFolderReport = {
  /** Files and folders whose group or other bits were taken off. */
  fixed: number;
  /** Those whose mode could not be changed (another user's), with why. */
  failed: { path: string; reason: string }[];
};

/**
 * Takes the group's and others' permission bits off `dir` and everything in it (the owner's
 * bits stay as they are: a folder stays 0700, a file becomes 0600). Symbolic links are left
 * alone, and not followed. A missing folder has nothing to fix. Synchronous: it runs at start,
 * before the server listens, and 5,000 files take 0.1 s this way, 0.5 s through promises.
 */
export function makeFolderPrivate(dir: string): PrivateFolderReport {
  const report: PrivateFolderReport = { fixed: 0, failed: [] };
  /** Runs `step`; a path gone meanwhile (a database's temporary file) is nothing to fix. */
  function attempt<T>(path: string, step: () => T): T | undefined {
    try {
      return step();
    } catch (error) {
      if ((error as NodeJS.ErrnoException | null)?.code !== "ENOENT") {
        report.failed.push({ path, reason: (error as Error).message });
      }
      return undefined;
    }
  }
  function visit(path: string): void {
    const stats = attempt(path, () => lstatSync(path));
    if (!stats || stats.isSymbolicLink()) return;
    if ((stats.mode & 0o077) !== 0) {
      const changed = attempt(path, () => {
        chmodSync(path, stats.mode & 0o7700);
        return true;
      });
      if (changed) report.fixed++;
    }
    if (!stats.isDirectory()) return;
    for (const name of attempt(path, () => readdirSync(path)) ?? []) visit(join(path, name));
  }
  visit(dir);
  return report;
}

/**
 * `makeFolderPrivate` on the data folder at start, once its database is open (so that a new
 * embedded database's files are fixed too), saying in one line what it changed, if anything.
 */
export function makeDataFolderPrivate(
  dataDir: string,
  say: { info(message: string): void; warn(message: string): void },
): PrivateFolderReport {
  const report = makeFolderPrivate(dataDir);
  // PGlite writes some files open to others (a new database's, `pg_internal.init` at each start).
  if (report.fixed > 0) {
    say.info(
      `Data folder ${dataDir}: ${report.fixed} files and folders made readable by this user only`,
    );
  }
  if (report.failed.length > 0) {
    const some = report.failed.slice(0, 5).map(({ path, reason }) => `${path} (${reason})`);
    say.warn(
      `Data folder ${dataDir}: ${report.failed.length} files or folders stay open to other users, their mode could not be changed: ${some.join(", ")}`,
    );
  }
  return report;
}
