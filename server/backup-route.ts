import { PassThrough, Readable } from "node:stream";
import { Hono } from "hono";
import { type MaterialFiles, type PhotoFiles, writeBackup } from "#database/backup";
import type { DatabaseHandle } from "#database/open-database";
import { requireBearerToken } from "./bearer-token";
import { summarizeError } from "./error-summary";
import { log } from "./logger";

/**
 * `POST /api/backup`: the whole database as a backup file, streamed from one
 * snapshot, with the material files of the data folder. Mounted only on the embedded database, for `npm run backup`
 * while the server holds the data folder; the token is the one it published there.
 */
export function createBackupRoute({
  database,
  token,
  materialFiles,
  photoFiles,
}: {
  database: DatabaseHandle;
  token: string;
  /** The material files in the data folder, carried in the backup with the rows. */
  materialFiles?: MaterialFiles;
  /** The photo files in the data folder (server/photos/photo-store.ts), likewise. */
  photoFiles?: PhotoFiles;
}) {
  const route = new Hono();
  route.use(requireBearerToken(token));
  route.post("/", () => {
    const body = new PassThrough();
    writeBackup(database, body, { materialFiles, photoFiles }).catch((error: unknown) => {
      // The file is cut off, and the command that asked refuses it.
      log.error({ error: summarizeError(error) }, "The backup failed");
      body.destroy(error as Error);
    });
    return new Response(Readable.toWeb(body) as ReadableStream, {
      headers: {
        "Content-Type": "application/gzip",
        "Cache-Control": "no-store",
        "Content-Disposition": 'attachment; filename="backup.jsonl.gz"',
      },
    });
  });
  return route;
}
