/**
 * How `npm run backup` reaches a running server on the embedded database,
 * whose folder that server holds locked (docs/decisions/0011-backup-of-a-running-server.md):
 * the server writes its address and a random token into the data folder,
 * readable by its owner only, and removes the file when it stops. Whoever can
 * read the data folder can read the database anyway; the token gives no more.
 */
import { randomBytes } from "node:crypto";
import { readFile, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";

export type BackupAccess = { url: string; token: string };

const fileName = "backup-access.json";

export function createBackupToken(): string {
  return randomBytes(32).toString("base64url");
}

/** Writes the file once the server listens; the returned function removes it. */
export async function publishBackupAccess(
  dataDir: string,
  access: BackupAccess,
): Promise<() => Promise<void>> {
  const path = join(dataDir, fileName);
  await writeFile(path, `${JSON.stringify(access)}\n`, { mode: 0o600 });
  return () => rm(path, { force: true });
}

export async function readBackupAccess(dataDir: string): Promise<BackupAccess | null> {
  try {
    return JSON.parse(await readFile(join(dataDir, fileName), "utf8")) as BackupAccess;
  } catch {
    return null;
  }
}

/** Where a server listening on `host` answers from the same machine. */
export function localUrl(host: string, port: number): string {
  const local = host === "0.0.0.0" || host === "::" || host === "" ? "127.0.0.1" : host;
  return `http://${local.includes(":") ? `[${local}]` : local}:${port}`;
}
