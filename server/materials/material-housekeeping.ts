/**
 * Housekeeping of the materials: a file material whose file never arrived
 * (the page closed during the upload, the connection lost) is offered nowhere
 * and would only wait in the owner's list; after `fileWaitMs` it is deleted.
 */
import { and, isNull, lt } from "drizzle-orm";
import type { Database } from "#database/open-database";
import { materials } from "#database/schema";
import type { HousekeepingStep } from "../personal-data";

/**
 * How long a material waits for its file: longer than the slowest upload the server lets
 * run (2 GB at `uploadMinBytesPerSecond`, about 70 hours), so that none is cut off.
 */
export const fileWaitMs = 72 * 60 * 60_000;

/** Deletes the file materials created before `now - fileWaitMs` that still have no file. */
export async function deleteMaterialsWithoutFile(db: Database, now: Date): Promise<number> {
  const deleted = await db
    .delete(materials)
    .where(
      and(
        isNull(materials.kind),
        isNull(materials.size),
        isNull(materials.linkUrl),
        lt(materials.createdAt, new Date(now.getTime() - fileWaitMs)),
      ),
    )
    .returning({ id: materials.id });
  // Their chunks went with them on PostgreSQL (cascade); on the embedded database a file
  // left by a crash is removed at the next start (`syncMaterialFiles`).
  return deleted.length;
}

export const materialHousekeeping: Record<string, HousekeepingStep> = {
  /** File materials whose upload never finished. */
  materialsWithoutFile: { forget: deleteMaterialsWithoutFile },
};
