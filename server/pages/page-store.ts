/**
 * The page store's rows (`stored_pages`, `page_store_state`): written by a full render or a
 * publish, read by every server into memory. A removed page is kept as a row without a status
 * (0) until the next full render, so that other servers learn of the removal as of any change.
 */
import { and, desc, eq, gt, inArray, notInArray, sql } from "drizzle-orm";
import type { Database } from "#database/open-database";
import { pageStoreState, storedPages } from "#database/schema";
import type { PageEntry } from "./render-page";

/** A removed page's row. */
export const removedStatus = 0;

/** Serialises the writes of several servers on one PostgreSQL (any number, as the migrations' lock). */
const pageStoreLockKey = 4_630_117_034;

/** The build whose full render the store holds, if any. */
export async function readStoredBuildId(db: Database): Promise<string | undefined> {
  const [row] = await db
    .select({ buildId: pageStoreState.buildId })
    .from(pageStoreState)
    .where(eq(pageStoreState.id, 1));
  return row?.buildId;
}

/**
 * Replaces the store with one build's full render, unless another server stored that build's
 * render first (then its rows stay: both rendered the same build). Says whether it wrote.
 */
export async function storeFullRender(
  db: Database,
  buildId: string,
  entries: PageEntry[],
): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${pageStoreLockKey})`);
    if ((await readStoredBuildId(tx as unknown as Database)) === buildId) return false;
    await tx.delete(storedPages).where(
      notInArray(
        storedPages.path,
        entries.map((entry) => entry.path),
      ),
    );
    await upsert(tx as unknown as Database, buildId, entries);
    await tx
      .insert(pageStoreState)
      .values({ id: 1, buildId })
      .onConflictDoUpdate({ target: pageStoreState.id, set: { buildId, renderedAt: new Date() } });
    return true;
  });
}

/** Writes a publish's entries and removals at once, each with a new version. */
export async function storePublished(
  db: Database,
  buildId: string,
  entries: PageEntry[],
  removed: string[],
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${pageStoreLockKey})`);
    await upsert(tx as unknown as Database, buildId, [
      ...entries,
      ...removed.map((path) => removedEntry(path)),
    ]);
  });
}

async function upsert(db: Database, buildId: string, entries: PageEntry[]) {
  for (const entry of entries) {
    const row = { ...entry, buildId, renderedAt: new Date() };
    await db
      .insert(storedPages)
      .values(row)
      .onConflictDoUpdate({
        target: storedPages.path,
        set: { ...row, version: sql`nextval('stored_pages_version')` },
      });
  }
}

function removedEntry(path: string): PageEntry {
  return {
    path,
    status: removedStatus,
    contentType: "text/plain",
    contentSecurityPolicy: null,
    body: Buffer.alloc(0),
    brotli: null,
    gzip: null,
    etag: '""',
  };
}

export type StoredEntry = PageEntry & { version: number };

/** The rows written after `version` (all of them from 0), and the store's build. */
export async function readStoredSince(
  db: Database,
  version: number,
): Promise<{ buildId: string | undefined; entries: StoredEntry[] }> {
  const buildId = await readStoredBuildId(db);
  const entries = await db
    .select({
      path: storedPages.path,
      version: storedPages.version,
      status: storedPages.status,
      contentType: storedPages.contentType,
      contentSecurityPolicy: storedPages.contentSecurityPolicy,
      body: storedPages.body,
      brotli: storedPages.brotli,
      gzip: storedPages.gzip,
      etag: storedPages.etag,
    })
    .from(storedPages)
    .where(gt(storedPages.version, version));
  return { buildId, entries };
}

/** The newest version in the store: one index look-up, asked every second by each server. */
export async function readNewestVersion(db: Database): Promise<number> {
  const [row] = await db
    .select({ version: storedPages.version })
    .from(storedPages)
    .orderBy(desc(storedPages.version))
    .limit(1);
  return row?.version ?? 0;
}

/** Entries of the given paths, as stored (tests and the benchmark read what a publish wrote). */
export async function readStoredPaths(db: Database, paths: string[]) {
  return db
    .select({ path: storedPages.path, version: storedPages.version, etag: storedPages.etag })
    .from(storedPages)
    .where(and(inArray(storedPages.path, paths)));
}
