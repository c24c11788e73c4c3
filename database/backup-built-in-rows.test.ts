/**
 * The built-in scent guide (migration 0015) and backups: a fresh database, which holds only
 * that row, takes a restore without being told to replace anything, and ends with the
 * backup's guide alone; a backup taken before the row existed gets it back.
 */
import { createReadStream, createWriteStream } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTimeoutMs, testDatabases, testTimeoutMs } from "#testing/test-databases";
import { restoreBackup, writeBackup } from "./backup";
import type { DatabaseHandle } from "./open-database";
import { materials } from "./schema";

describe.each(testDatabases)("the built-in guide in a backup on $name", ({ open }) => {
  let dir: string;
  let source: DatabaseHandle;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), "backup-guide-"));
    source = await open();
  }, openTimeoutMs);
  afterAll(async () => {
    await source?.close();
    await rm(dir, { recursive: true, force: true });
  });

  const guides = async (handle: DatabaseHandle) =>
    handle.db
      .select({ id: materials.id, hidden: materials.hidden })
      .from(materials)
      .where(eq(materials.kind, "guide"));

  it(
    "restores into a fresh database without --replace, the backup's guide in place of its own",
    async () => {
      await source.db.update(materials).set({ hidden: true }).where(eq(materials.kind, "guide"));
      const file = join(dir, "hidden-guide.jsonl.gz");
      await writeBackup(source, createWriteStream(file));
      const fresh = await open();
      try {
        const outcome = await restoreBackup(fresh, createReadStream(file));
        expect(outcome.replaced).toBe(false);
        expect(await guides(fresh)).toEqual(await guides(source));
      } finally {
        await fresh.close();
      }
    },
    testTimeoutMs,
  );

  it(
    "puts the guide back when the backup has none (taken before migration 0015)",
    async () => {
      await source.db.delete(materials).where(eq(materials.kind, "guide"));
      const file = join(dir, "no-guide.jsonl.gz");
      await writeBackup(source, createWriteStream(file));
      const fresh = await open();
      try {
        await restoreBackup(fresh, createReadStream(file));
        expect(await guides(fresh)).toEqual([{ id: expect.any(String), hidden: false }]);
      } finally {
        await fresh.close();
      }
    },
    testTimeoutMs,
  );
});
