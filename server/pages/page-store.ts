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

/**
 * Writes a publish's entries and removals at once, each with a new version. An entry the store
 * already holds with the same bytes and status (a start file, a sitemap no publish changed) is
 * not written again, so other servers read only what changed. Returns what it wrote, with the
 * versions, for this process's copy (read back, 200 KB pages cost the embedded database as
 * much again as writing them).
 */
export async function storePublished(
  db: Database,
  buildId: string,
  entries: PageEntry[],
  removed: string[],
): Promise<StoredEntry[]> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${pageStoreLockKey})`);
    const all = [...entries, ...removed.map((path) => removedEntry(path))];
    const stored = await readStoredEtags(
      tx as unknown as Database,
      all.map((entry) => entry.path),
    );
    const changed = all.filter(
      (entry) => stored.get(entry.path) !== `${entry.status} ${entry.etag}`,
    );
    const versions = await upsert(tx as unknown as Database, buildId, changed);
    return changed.map((entry) => ({ ...entry, version: versions.get(entry.path) ?? 0 }));
  });
}

/**
 * A published entry's Brotli at its best (render-page.ts, `Compression`), with a new version so
 * that every server serves it; skipped when a later publish has replaced the bytes meanwhile.
 * Returns the entries it updated, with their versions.
 */
export async function storeBetterBrotli(
  db: Database,
  entries: StoredEntry[],
): Promise<StoredEntry[]> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${pageStoreLockKey})`);
    const updated: StoredEntry[] = [];
    for (const entry of entries) {
      const [row] = await tx
        .update(storedPages)
        .set({ brotli: entry.brotli, version: sql`nextval('stored_pages_version')` })
        .where(and(eq(storedPages.path, entry.path), eq(storedPages.etag, entry.etag)))
        .returning({ version: storedPages.version });
      if (row) updated.push({ ...entry, version: row.version });
    }
    return updated;
  });
}

/** The stored status and ETag of each of `paths` ("200 \"…\""), as one string to compare. */
export async function readStoredEtags(db: Database, paths: string[]) {
  const rows =
    paths.length === 0
      ? []
      : await db
          .select({ path: storedPages.path, status: storedPages.status, etag: storedPages.etag })
          .from(storedPages)
          .where(inArray(storedPages.path, paths));
  return new Map(rows.map((row) => [row.path, `${row.status} ${row.etag}`]));
}

/** Rows written per statement: one statement instead of one per page, in bounded pieces. */
const rowsPerStatement = 20;

async function upsert(
  db: Database,
  buildId: string,
  entries: PageEntry[],
): Promise<Map<string, number>> {
  const versions = new Map<string, number>();
  for (let start = 0; start < entries.length; start += rowsPerStatement) {
    const rows = entries
      .slice(start, start + rowsPerStatement)
      .map((entry) => ({ ...entry, buildId, renderedAt: new Date() }));
    const written = await db
      .insert(storedPages)
      .values(rows)
      .onConflictDoUpdate({
        target: storedPages.path,
        set: {
          buildId: sql`excluded.build_id`,
          status: sql`excluded.status`,
          contentType: sql`excluded.content_type`,
          contentSecurityPolicy: sql`excluded.content_security_policy`,
          body: sql`excluded.body`,
          brotli: sql`excluded.brotli`,
          gzip: sql`excluded.gzip`,
          etag: sql`excluded.etag`,
          renderedAt: sql`excluded.rendered_at`,
          version: sql`nextval('stored_pages_version')`,
        },
      })
      .returning({ path: storedPages.path, version: storedPages.version });
    for (const row of written) versions.set(row.path, row.version);
  }
  return versions;
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

/**
 * The rows written after `version` (all of them from 0), and the store's build; without the
 * versions in `known` (this process wrote them and has them already).
 */
export async function readStoredSince(
  db: Database,
  version: number,
  known: number[] = [],
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
    .where(
      known.length === 0
        ? gt(storedPages.version, version)
        : and(gt(storedPages.version, version), notInArray(storedPages.version, known)),
    );
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
