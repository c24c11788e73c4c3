/**
 * Her content in the database: drafts, publishing, revisions and restoring,
 * each change with its audit-log entry in one transaction. An item nobody has
 * changed yet has no row: its first use stores the defaults
 * (`shared/content/content-seed.ts`) as the first revision, so „Obnovit“ can
 * always go back to what a fresh install showed.
 */
import { and, desc, eq, isNotNull, type SQL } from "drizzle-orm";
import type { Database } from "#database/open-database";
import { contentEntries, contentRevisions, users } from "#database/schema";
import { recordAuditEvent } from "#server/audit-log";
import type {
  ContentEntryJson,
  ContentRevision,
  ContentSummary,
} from "#shared/content/content-admin";
import { type ContentData, type ContentKey, contentItems } from "#shared/content/content-items";
import { contentSeed } from "#shared/content/content-seed";

/** Who changed it: the signed-in administrator. */
export type ContentEditor = { userId: string; email: string };

type EntryRow = typeof contentEntries.$inferSelect;

/** A refusal of a change, for the API to answer. */
export type ContentRefusal = "version_conflict" | "nothing_to_publish" | "revision_not_found";

export type ContentOutcome = { entry: ContentEntryJson } | { refused: ContentRefusal };

function toJson(row: EntryRow): ContentEntryJson {
  const key = row.key as ContentKey;
  return {
    key,
    label: contentItems[key].label,
    version: row.version,
    published: row.published as ContentData<ContentKey>,
    draft: (row.draft as ContentData<ContentKey> | null) ?? null,
    updated_at: row.updatedAt.toISOString(),
    published_at: row.publishedAt.toISOString(),
  } as ContentEntryJson;
}

/** The item's row, stored with the defaults as its first revision when it has none yet. */
async function ensureEntry(db: Database, key: ContentKey, at: Date): Promise<void> {
  if (await findEntry(db, key)) return;
  await db.transaction(async (tx) => {
    // Two first requests at once: one stores the row and its revision, the other nothing.
    const inserted = await tx
      .insert(contentEntries)
      .values({ key, published: contentSeed[key], updatedAt: at, publishedAt: at })
      .onConflictDoNothing()
      .returning({ key: contentEntries.key });
    if (inserted.length > 0) {
      await tx.insert(contentRevisions).values({ key, data: contentSeed[key], publishedAt: at });
    }
  });
}

async function findEntry(db: Database, key: ContentKey): Promise<EntryRow | undefined> {
  const [row] = await db.select().from(contentEntries).where(eq(contentEntries.key, key));
  return row;
}

/** Every item she can edit, in the editor's order. */
export async function listContent(db: Database, at: Date): Promise<ContentSummary[]> {
  const keys = Object.keys(contentItems) as ContentKey[];
  for (const key of keys) await ensureEntry(db, key, at);
  const rows = new Map((await db.select().from(contentEntries)).map((row) => [row.key, row]));
  return keys.flatMap((key) => {
    const row = rows.get(key);
    if (!row) return [];
    const { label, description } = contentItems[key];
    return [
      {
        key,
        label,
        description,
        has_draft: row.draft !== null,
        version: row.version,
        published_at: row.publishedAt.toISOString(),
      },
    ];
  });
}

export async function readContentEntry(
  db: Database,
  key: ContentKey,
  at: Date,
): Promise<ContentEntryJson> {
  await ensureEntry(db, key, at);
  const row = await findEntry(db, key);
  if (!row) throw new Error(`content ${key} vanished`);
  return toJson(row);
}

/** Stores her draft (already checked with the item's schema) if nobody changed the item since `version`. */
export async function saveContentDraft(
  db: Database,
  change: { key: ContentKey; version: number; data: unknown; by: ContentEditor; at: Date },
): Promise<ContentOutcome> {
  const { key, version, data, by, at } = change;
  await ensureEntry(db, key, at);
  const [row] = await db
    .update(contentEntries)
    .set({ draft: data, version: version + 1, updatedAt: at, updatedBy: by.userId })
    .where(and(eq(contentEntries.key, key), eq(contentEntries.version, version)))
    .returning();
  return row ? { entry: toJson(row) } : { refused: "version_conflict" };
}

/** Makes the draft live: the published version, a revision and an audit-log entry, at once. */
export async function publishContent(
  db: Database,
  change: { key: ContentKey; version: number; by: ContentEditor; at: Date },
): Promise<ContentOutcome> {
  const { key, version, by, at } = change;
  await ensureEntry(db, key, at);
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select()
      .from(contentEntries)
      .where(eq(contentEntries.key, key))
      .for("update");
    if (!current || current.version !== version) return { refused: "version_conflict" as const };
    if (current.draft === null) return { refused: "nothing_to_publish" as const };
    const row = await makeLive(tx, {
      key,
      data: current.draft,
      action: "content_published",
      by,
      at,
      where: and(eq(contentEntries.key, key), isNotNull(contentEntries.draft)),
      version,
    });
    return row ? { entry: toJson(row) } : { refused: "nothing_to_publish" as const };
  });
}

/** An earlier revision's data, or `undefined` when the item has no such revision. */
export async function readContentRevisionData(
  db: Database,
  key: ContentKey,
  revisionId: number,
): Promise<unknown> {
  const [revision] = await db
    .select({ data: contentRevisions.data })
    .from(contentRevisions)
    .where(and(eq(contentRevisions.id, revisionId), eq(contentRevisions.key, key)));
  return revision?.data;
}

/**
 * „Obnovit“: an earlier revision published again, as a new revision with its
 * audit-log entry. Her draft, if any, goes: what she sees afterwards is what is live.
 * `data`, when given, is what is published instead of the revision's own (the revision made
 * consistent with what refers to it now, as the offers are).
 */
export async function restoreContentRevision(
  db: Database,
  change: {
    key: ContentKey;
    revisionId: number;
    version: number;
    by: ContentEditor;
    at: Date;
    data?: unknown;
  },
): Promise<ContentOutcome> {
  const { key, revisionId, version, by, at } = change;
  await ensureEntry(db, key, at);
  return db.transaction(async (tx) => {
    const [revision] = await tx
      .select()
      .from(contentRevisions)
      .where(and(eq(contentRevisions.id, revisionId), eq(contentRevisions.key, key)));
    if (!revision) return { refused: "revision_not_found" as const };
    const row = await makeLive(tx, {
      key,
      data: change.data ?? revision.data,
      action: "content_restored",
      restoredFrom: revision.id,
      by,
      at,
      where: and(eq(contentEntries.key, key), eq(contentEntries.version, version)),
      version,
    });
    return row ? { entry: toJson(row) } : { refused: "version_conflict" as const };
  });
}

/**
 * What a publish and a restore share: `data` becomes the published version (her draft goes),
 * kept as a revision, with its audit-log entry, in the caller's transaction. Nothing is written
 * when `where` finds no entry.
 */
async function makeLive(
  tx: Database,
  live: {
    key: ContentKey;
    data: unknown;
    action: "content_published" | "content_restored";
    restoredFrom?: number;
    by: ContentEditor;
    at: Date;
    where: SQL | undefined;
    version: number;
  },
) {
  const { key, data, action, restoredFrom, by, at, where, version } = live;
  const [row] = await tx
    .update(contentEntries)
    .set({
      published: data,
      draft: null,
      version: version + 1,
      updatedAt: at,
      updatedBy: by.userId,
      publishedAt: at,
      publishedBy: by.userId,
    })
    .where(where)
    .returning();
  if (!row) return undefined;
  await tx
    .insert(contentRevisions)
    .values({ key, data, publishedAt: at, publishedBy: by.userId, restoredFrom });
  await recordAuditEvent(tx, { action, actor: { kind: "account", ...by }, contentKey: key }, at);
  return row;
}

/** The newest revisions first, with who published each (her e-mail, while her account exists). */
export async function listContentRevisions(
  db: Database,
  key: ContentKey,
  at: Date,
  limit = 50,
): Promise<ContentRevision[]> {
  await ensureEntry(db, key, at);
  const rows = await db
    .select({
      id: contentRevisions.id,
      publishedAt: contentRevisions.publishedAt,
      publishedBy: contentRevisions.publishedBy,
      email: users.email,
      restoredFrom: contentRevisions.restoredFrom,
    })
    .from(contentRevisions)
    .leftJoin(users, eq(users.id, contentRevisions.publishedBy))
    .where(eq(contentRevisions.key, key))
    .orderBy(desc(contentRevisions.id))
    .limit(limit);
  return rows.map(revisionJson);
}

/**
 * A revision row, newest first, as the editor lists it (an article's revisions too): the first
 * is the one live now; `email` is her address while her account exists.
 */
export function revisionJson(
  row: { id: number; publishedAt: Date; email: string | null; restoredFrom: number | null },
  index: number,
): ContentRevision {
  return {
    id: row.id,
    published_at: row.publishedAt.toISOString(),
    published_by: row.email,
    restored_from: row.restoredFrom,
    current: index === 0,
  };
}

/**
 * A `ContentReader` over the database: the published content, or with
 * `drafts` her drafts where she has one (a preview). An item with no row is
 * its defaults; reading stores nothing.
 */
export function createContentReader(db: Database, { drafts = false } = {}) {
  return {
    async read<K extends ContentKey>(key: K): Promise<ContentData<K>> {
      const row = await findEntry(db, key);
      if (!row) return contentSeed[key];
      return ((drafts ? row.draft : null) ?? row.published) as ContentData<K>;
    },
  };
}
