/**
 * Her articles in the database (docs/decisions/0025-articles-in-the-database.md): one row an
 * article, its addresses (`article_slugs`: the current one and every old one, which redirects)
 * and a revision of every version that went live, for „Obnovit“. Every change names the version
 * it was made from (an older one is refused, as her other content's), and every change that
 * puts an article on the site or takes it off writes its audit-log entry in its transaction.
 * Bodies arrive here sanitized (article-html.ts).
 */
import { and, asc, desc, eq, inArray, isNotNull, isNull, lte, sql } from "drizzle-orm";
import type { Database } from "#database/open-database";
import { articleRevisions, articleSlugs, articles, photos, users } from "#database/schema";
import { type AuditActor, recordAuditEvent } from "#server/audit-log";
import {
  type ContentEditor,
  createContentReader,
  revisionJson,
} from "#server/content/content-store";
import { articlePhotoAlt, articlePhotoIds } from "#shared/content/article-photos";
import type {
  ArticleInput,
  ArticleJson,
  ArticleListJson,
  ArticleReader,
  ArticleRevisionJson,
  ArticleState,
  LiveArticle,
} from "#shared/content/article-schemas";
import { homeArticleCount } from "#shared/content/home-articles";
import { paths } from "#shared/routes";

type ArticleRow = typeof articles.$inferSelect;

/** What a revision keeps: the fields a reader sees, and the address. */
type RevisionData = Omit<LiveArticle, "publishAt">;

export type ArticleRefusal =
  | "not_found"
  | "version_conflict"
  | "slug_taken"
  | "publish_at_past"
  | "revision_not_found";

/**
 * A change stored: the article, and the public paths it touched (to render again; empty when
 * nothing live changed, as for a draft saved).
 */
export type ArticleOutcome =
  | { article: ArticleJson; livePaths: string[] }
  | { refused: ArticleRefusal }
  /** Photos it shows that are no longer in her library, in words („titulní fotka“, „fotka „…““). */
  | { missingPhotos: string[] };

export const articlePagePath = (slug: string) => `${paths.blog}/${slug}`;

/** Joins an article to its current address (`.innerJoin(articleSlugs, currentArticleSlug)`). */
export const currentArticleSlug = and(
  eq(articleSlugs.articleId, articles.id),
  eq(articleSlugs.current, true),
);

/**
 * The ids of the articles the home page shows: the newest live ones, in the order the pages read
 * them (`createArticleReader`'s `list`).
 */
async function articlesOnHome(tx: Database): Promise<string[]> {
  const rows = await tx
    .select({ id: articles.id })
    .from(articles)
    .innerJoin(articleSlugs, currentArticleSlug)
    .where(eq(articles.state, "published"))
    .orderBy(desc(articles.publishAt), asc(articleSlugs.slug))
    .limit(homeArticleCount);
  return rows.map((row) => row.id);
}

/** Whether the home page showed the article before the change or shows it after. */
const isOnHome = (id: string, before: string[], after: string[]) =>
  before.includes(id) || after.includes(id);

async function slugsOf(db: Database, articleId: string) {
  const rows = await db
    .select()
    .from(articleSlugs)
    .where(eq(articleSlugs.articleId, articleId))
    .orderBy(asc(articleSlugs.slug));
  const current = rows.find((row) => row.current)?.slug;
  if (!current) throw new Error(`article ${articleId} has no current slug`);
  return { current, old: rows.filter((row) => !row.current).map((row) => row.slug) };
}

async function toJson(db: Database, row: ArticleRow): Promise<ArticleJson> {
  const slugs = await slugsOf(db, row.id);
  return {
    id: row.id,
    version: row.version,
    title: row.title,
    slug: slugs.current,
    old_slugs: slugs.old,
    perex: row.perex,
    body: row.body,
    topic: row.topic,
    author: row.author,
    cover_photo_id: row.coverPhotoId,
    state: row.state,
    publish_at: row.publishAt?.toISOString() ?? null,
    updated_at: row.updatedAt.toISOString(),
  };
}

/** Every article for the editor's list: the scheduled first, then the newest. */
export async function listArticles(db: Database): Promise<ArticleListJson["articles"]> {
  const rows = await db
    .select({
      id: articles.id,
      title: articles.title,
      slug: articleSlugs.slug,
      state: articles.state,
      publishAt: articles.publishAt,
      updatedAt: articles.updatedAt,
      version: articles.version,
    })
    .from(articles)
    .innerJoin(articleSlugs, currentArticleSlug)
    .where(isNull(articles.deletedAt))
    .orderBy(
      sql`${articles.state} = 'published'`,
      desc(sql`coalesce(${articles.publishAt}, ${articles.updatedAt})`),
    );
  return rows.map((row) => ({
    id: row.id,
    title: row.title,
    slug: row.slug,
    state: row.state,
    publish_at: row.publishAt?.toISOString() ?? null,
    updated_at: row.updatedAt.toISOString(),
    version: row.version,
  }));
}

/** The article of `id`, unless she deleted it (its tombstone is no article of hers). */
const live = (id: string) => and(eq(articles.id, id), isNull(articles.deletedAt));

export async function readArticle(db: Database, id: string): Promise<ArticleJson | undefined> {
  const [row] = await db.select().from(articles).where(live(id));
  return row ? toJson(db, row) : undefined;
}

/**
 * Makes `slug` the article's address: an old address of its own comes back; a new one is added;
 * the one it had stays as an old one (it redirects). Undefined when another article has or had
 * it (the slug's key keeps that true even for two saves at once).
 */
async function moveToSlug(tx: Database, articleId: string, slug: string): Promise<boolean> {
  const [existing] = await tx.select().from(articleSlugs).where(eq(articleSlugs.slug, slug));
  if (existing && existing.articleId !== articleId) return false;
  if (existing?.current) return true;
  await tx
    .update(articleSlugs)
    .set({ current: false })
    .where(and(eq(articleSlugs.articleId, articleId), eq(articleSlugs.current, true)));
  if (existing) {
    await tx.update(articleSlugs).set({ current: true }).where(eq(articleSlugs.slug, slug));
    return true;
  }
  const inserted = await tx
    .insert(articleSlugs)
    .values({ slug, articleId, current: true })
    .onConflictDoNothing()
    .returning({ slug: articleSlugs.slug });
  return inserted.length > 0;
}

/** A refusal inside a transaction: thrown to roll it back, caught by `inTransaction`. */
class Refused extends Error {
  constructor(readonly refusal: ArticleRefusal) {
    super(refusal);
  }
}

/** Photos an article would show that her library no longer has: thrown to roll back. */
class PhotosMissing extends Error {
  constructor(readonly names: string[]) {
    super(names.join(", "));
  }
}

const photoIdPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * Refuses an article whose cover or text names a photo that is not in her library (deleted
 * since a revision was published, or never hers): its page would show a broken picture. The
 * photo is named as she knows it: the cover, or the alt text she gave it in the text.
 */
async function requirePhotos(tx: Database, article: { coverPhotoId: string | null; body: string }) {
  const inText = articlePhotoIds(article.body);
  const wanted = [...new Set([article.coverPhotoId, ...inText])].filter((id) => id !== null);
  if (wanted.length === 0) return;
  const valid = wanted.filter((id) => photoIdPattern.test(id));
  const found = new Set(
    valid.length === 0
      ? []
      : (await tx.select({ id: photos.id }).from(photos).where(inArray(photos.id, valid))).map(
          (row) => row.id,
        ),
  );
  const names = wanted
    .filter((id) => !found.has(id))
    .map((id) =>
      id === article.coverPhotoId && !inText.includes(id)
        ? "titulní fotka"
        : `fotka „${articlePhotoAlt(article.body, id) || "bez popisu"}“`,
    );
  if (names.length > 0) throw new PhotosMissing(names);
}

async function inTransaction(
  db: Database,
  work: (tx: Database) => Promise<{ row: ArticleRow; livePaths: string[] }>,
): Promise<ArticleOutcome> {
  try {
    const { row, livePaths } = await db.transaction((tx) => work(tx as unknown as Database));
    return { article: await toJson(db, row), livePaths };
  } catch (error) {
    if (error instanceof Refused) return { refused: error.refusal };
    if (error instanceof PhotosMissing) return { missingPhotos: error.names };
    throw error;
  }
}

/** When an article is live from: kept while it stays published, now when it goes live. */
function liveFrom(
  state: ArticleState,
  input: Pick<ArticleInput, "publishAt">,
  before: ArticleRow | undefined,
  at: Date,
): Date | null {
  if (state === "draft") return null;
  if (state === "scheduled") {
    const when = new Date(input.publishAt ?? "");
    if (!(when.getTime() > at.getTime())) throw new Refused("publish_at_past");
    return when;
  }
  return before?.state === "published" && before.publishAt ? before.publishAt : at;
}

/** A revision and its audit entry: the article as it went live. */
async function recordLive(
  tx: Database,
  row: ArticleRow,
  slug: string,
  { actor, at, action, restoredFrom }: LiveRecord,
) {
  const data: RevisionData = {
    slug,
    title: row.title,
    perex: row.perex,
    body: row.body,
    topic: row.topic,
    author: row.author,
    coverPhotoId: row.coverPhotoId,
  };
  await tx.insert(articleRevisions).values({
    articleId: row.id,
    data,
    publishedAt: at,
    publishedBy: actor.kind === "account" ? actor.userId : null,
    restoredFrom,
  });
  await recordAuditEvent(tx, { action, actor, contentKey: articlePagePath(slug) }, at);
}

type LiveRecord = {
  actor: AuditActor;
  at: Date;
  action: "article_published" | "article_restored";
  restoredFrom?: number;
};

const accountActor = (by: ContentEditor): AuditActor => ({ kind: "account", ...by });

/** The paths to render again after a change: only when something live changed. */
function touchedPaths(
  wasLive: boolean,
  isLive: boolean,
  slugBefore: string | undefined,
  slugAfter: string,
  /** Among the home page's newest articles before or after: only then is `/` rendered again. */
  onHome: boolean,
) {
  if (!wasLive && !isLive) return [];
  const own = [slugBefore, slugAfter].filter((slug) => slug !== undefined).map(articlePagePath);
  return [...new Set([paths.blog, ...(onHome ? [paths.home] : []), ...own])];
}

/** A new article, with its address; live at once when she publishes it. */
export async function createArticle(
  db: Database,
  change: { input: ArticleInput; by: ContentEditor; at: Date },
): Promise<ArticleOutcome> {
  const { input, by, at } = change;
  return inTransaction(db, async (tx) => {
    await requirePhotos(tx, input);
    const publishAt = liveFrom(input.state, input, undefined, at);
    const [row] = await tx
      .insert(articles)
      .values({
        title: input.title,
        perex: input.perex,
        body: input.body,
        topic: input.topic,
        // Her name as „Údaje o provozovateli“ gives it when she writes the article.
        author: (await createContentReader(tx).read("operator")).ownerName,
        coverPhotoId: input.coverPhotoId,
        state: input.state,
        publishAt,
        createdAt: at,
        updatedAt: at,
        updatedBy: by.userId,
      })
      .returning();
    if (!row) throw new Error("article not stored");
    if (!(await moveToSlug(tx, row.id, input.slug))) throw new Refused("slug_taken");
    const live = input.state === "published";
    if (live)
      await recordLive(tx, row, input.slug, {
        actor: accountActor(by),
        at,
        action: "article_published",
      });
    const onHome = (await articlesOnHome(tx)).includes(row.id);
    return { row, livePaths: touchedPaths(false, live, undefined, input.slug, onHome) };
  });
}

/** Her live article, locked for a change made from `version` (refused: gone, or changed since). */
async function lockArticle(tx: Database, id: string, version: number): Promise<ArticleRow> {
  const [before] = await tx.select().from(articles).where(live(id)).for("update");
  if (!before) throw new Refused("not_found");
  if (before.version !== version) throw new Refused("version_conflict");
  return before;
}

/** Writes an article's texts, cover, state and publication time as its next version. */
async function writeArticle(
  tx: Database,
  id: string,
  version: number,
  change: {
    texts: Pick<ArticleInput, "title" | "perex" | "body" | "topic" | "coverPhotoId">;
    state: ArticleState;
    publishAt: Date | null;
    by: ContentEditor;
    at: Date;
  },
): Promise<ArticleRow> {
  const { texts, by, at } = change;
  const [row] = await tx
    .update(articles)
    .set({
      title: texts.title,
      perex: texts.perex,
      body: texts.body,
      topic: texts.topic,
      coverPhotoId: texts.coverPhotoId,
      state: change.state,
      publishAt: change.publishAt,
      version: version + 1,
      updatedAt: at,
      updatedBy: by.userId,
    })
    .where(eq(articles.id, id))
    .returning();
  if (!row) throw new Refused("not_found");
  return row;
}

/**
 * Her change of an article, made from `version`: its fields, its address (the old one
 * redirects) and its state. Published, it goes live at once, with a revision and an audit
 * entry; taken back to a draft or a schedule, it leaves the site.
 */
export async function updateArticle(
  db: Database,
  change: { id: string; version: number; input: ArticleInput; by: ContentEditor; at: Date },
): Promise<ArticleOutcome> {
  const { id, version, input, by, at } = change;
  return inTransaction(db, async (tx) => {
    const before = await lockArticle(tx, id, version);
    const homeBefore = await articlesOnHome(tx);
    await requirePhotos(tx, input);
    const slugBefore = (await slugsOf(tx, id)).current;
    if (!(await moveToSlug(tx, id, input.slug))) throw new Refused("slug_taken");
    const row = await writeArticle(tx, id, version, {
      texts: input,
      state: input.state,
      publishAt: liveFrom(input.state, input, before, at),
      by,
      at,
    });
    const wasLive = before.state === "published";
    const isLive = row.state === "published";
    if (isLive) {
      await recordLive(tx, row, input.slug, {
        actor: accountActor(by),
        at,
        action: "article_published",
      });
    } else if (wasLive) {
      await recordAuditEvent(
        tx,
        {
          action: "article_unpublished",
          actor: accountActor(by),
          contentKey: articlePagePath(slugBefore),
        },
        at,
      );
    }
    const onHome = isOnHome(id, homeBefore, await articlesOnHome(tx));
    return { row, livePaths: touchedPaths(wasLive, isLive, slugBefore, input.slug, onHome) };
  });
}

/**
 * „Obnovit“: an earlier revision published again (with its address, unless another article
 * has taken it since), as a new revision with its audit entry.
 */
export async function restoreArticleRevision(
  db: Database,
  change: { id: string; revisionId: number; version: number; by: ContentEditor; at: Date },
): Promise<ArticleOutcome> {
  const { id, revisionId, version, by, at } = change;
  return inTransaction(db, async (tx) => {
    const before = await lockArticle(tx, id, version);
    const homeBefore = await articlesOnHome(tx);
    const [revision] = await tx
      .select()
      .from(articleRevisions)
      .where(and(eq(articleRevisions.id, revisionId), eq(articleRevisions.articleId, id)));
    if (!revision) throw new Refused("revision_not_found");
    const data = revision.data as RevisionData;
    await requirePhotos(tx, data);
    const slugBefore = (await slugsOf(tx, id)).current;
    const slug = (await moveToSlug(tx, id, data.slug)) ? data.slug : slugBefore;
    const row = await writeArticle(tx, id, version, {
      texts: data,
      state: "published",
      publishAt: before.state === "published" && before.publishAt ? before.publishAt : at,
      by,
      at,
    });
    await recordLive(tx, row, slug, {
      actor: accountActor(by),
      at,
      action: "article_restored",
      restoredFrom: revision.id,
    });
    const onHome = isOnHome(id, homeBefore, await articlesOnHome(tx));
    return {
      row,
      livePaths: touchedPaths(before.state === "published", true, slugBefore, slug, onHome),
    };
  });
}

/**
 * Deletes her article: it leaves the site and her list, its texts and revisions go, and its row
 * stays as a tombstone (a draft with no text) so that every address it had answers 410 Gone and
 * no other article takes one. The audit entry names it by its title.
 */
export async function deleteArticle(
  db: Database,
  change: { id: string; version: number; by: ContentEditor; at: Date },
): Promise<{ livePaths: string[] } | { refused: ArticleRefusal }> {
  const { id, version, by, at } = change;
  try {
    return await db.transaction(async (tx) => {
      const before = await lockArticle(tx as unknown as Database, id, version);
      // Deleted, it leaves the home page only if the home page showed it.
      const onHome = (await articlesOnHome(tx as unknown as Database)).includes(id);
      const { current } = await slugsOf(tx as unknown as Database, id);
      await tx
        .update(articles)
        .set({
          perex: "",
          body: "",
          topic: "",
          coverPhotoId: null,
          state: "draft",
          publishAt: null,
          version: version + 1,
          updatedAt: at,
          updatedBy: by.userId,
          deletedAt: at,
        })
        .where(eq(articles.id, id));
      await tx.delete(articleRevisions).where(eq(articleRevisions.articleId, id));
      await recordAuditEvent(
        tx as unknown as Database,
        { action: "article_deleted", actor: accountActor(by), subject: before.title },
        at,
      );
      const wasLive = before.state === "published";
      return { livePaths: touchedPaths(wasLive, false, current, current, onHome) };
    });
  } catch (error) {
    if (error instanceof Refused) return { refused: error.refusal };
    throw error;
  }
}

/** Whether an address under /blog/ was one of an article she deleted (any of its slugs). */
export async function isDeletedArticleSlug(db: Database, slug: string): Promise<boolean> {
  if (slug.length > 200) return false;
  const [row] = await db
    .select({ id: articles.id })
    .from(articleSlugs)
    .innerJoin(articles, eq(articles.id, articleSlugs.articleId))
    .where(and(eq(articleSlugs.slug, slug), isNotNull(articles.deletedAt)));
  return row !== undefined;
}

/** The newest revisions first, with who published each (her e-mail, while her account exists). */
export async function listArticleRevisions(
  db: Database,
  id: string,
  limit = 50,
): Promise<ArticleRevisionJson[]> {
  const rows = await db
    .select({
      id: articleRevisions.id,
      data: articleRevisions.data,
      publishedAt: articleRevisions.publishedAt,
      email: users.email,
      restoredFrom: articleRevisions.restoredFrom,
    })
    .from(articleRevisions)
    .leftJoin(users, eq(users.id, articleRevisions.publishedBy))
    .where(eq(articleRevisions.articleId, id))
    .orderBy(desc(articleRevisions.id))
    .limit(limit);
  return rows.map((row, index) => ({
    ...revisionJson(row, index),
    title: (row.data as RevisionData).title,
  }));
}

/**
 * Scheduled articles whose time has come, made live. The one UPDATE claims them: with several
 * servers on one PostgreSQL, each due article is returned to exactly one of them, which writes
 * its revision and audit entry and renders its pages. Returns the paths to render again.
 */
export async function publishDueArticles(db: Database, now: Date): Promise<string[]> {
  return db.transaction(async (tx) => {
    const due = await tx
      .update(articles)
      .set({ state: "published", version: sql`${articles.version} + 1`, updatedAt: now })
      .where(and(eq(articles.state, "scheduled"), lte(articles.publishAt, now)))
      .returning();
    const touched: string[] = [];
    const onHome = await articlesOnHome(tx as unknown as Database);
    for (const row of due) {
      const { current } = await slugsOf(tx as unknown as Database, row.id);
      await recordLive(tx as unknown as Database, row, current, {
        actor: { kind: "server" },
        at: now,
        action: "article_published",
      });
      touched.push(...touchedPaths(false, true, undefined, current, onHome.includes(row.id)));
    }
    return [...new Set(touched)];
  });
}

/** The live articles as the pages read them (the page renderer's load context). */
export function createArticleReader(db: Database): ArticleReader {
  const select = () =>
    db
      .select({
        slug: articleSlugs.slug,
        title: articles.title,
        perex: articles.perex,
        body: articles.body,
        topic: articles.topic,
        author: articles.author,
        coverPhotoId: articles.coverPhotoId,
        publishAt: articles.publishAt,
      })
      .from(articles)
      .innerJoin(articleSlugs, currentArticleSlug);
  const live = (rows: Awaited<ReturnType<typeof select>>): LiveArticle[] =>
    rows.map((row) => ({ ...row, publishAt: row.publishAt ?? new Date(0) }));
  return {
    async list() {
      return live(
        await select()
          .where(eq(articles.state, "published"))
          .orderBy(desc(articles.publishAt), asc(articleSlugs.slug)),
      );
    },
    async find(slug) {
      const rows = await select().where(
        and(eq(articles.state, "published"), eq(articleSlugs.slug, slug)),
      );
      return live(rows)[0];
    },
  };
}

/**
 * „Náhled“ of one article: the live articles as the pages read them, and that article as it is
 * saved (a draft or a scheduled one too) at its current address.
 */
export function createArticlePreviewReader(db: Database, articleId: string): ArticleReader {
  const livePages = createArticleReader(db);
  return {
    list: () => livePages.list(),
    async find(slug) {
      const [row] = await db
        .select()
        .from(articles)
        .innerJoin(articleSlugs, currentArticleSlug)
        .where(and(live(articleId), eq(articleSlugs.slug, slug)));
      if (!row) return livePages.find(slug);
      const { articles: article } = row;
      return {
        slug,
        title: article.title,
        perex: article.perex,
        body: article.body,
        topic: article.topic,
        author: article.author,
        coverPhotoId: article.coverPhotoId,
        // Not yet live: dated as if it went live now (a scheduled one at its time).
        publishAt: article.publishAt ?? new Date(),
      };
    },
  };
}

/**
 * Where a renamed article's old address leads: its current address, while it is live. Undefined
 * for anything else, an address in capitals too: slugs are written in small letters, and issue
 * 39 asks a wrong-case address to be the not-found page, as any unknown one.
 */
export async function findArticleRedirect(db: Database, slug: string): Promise<string | undefined> {
  if (slug.length > 200) return undefined;
  const [row] = await db
    .select({ current: sql<string>`current_slug.slug` })
    .from(articleSlugs)
    .innerJoin(articles, eq(articles.id, articleSlugs.articleId))
    .innerJoin(
      sql`${articleSlugs} as current_slug`,
      sql`current_slug.article_id = ${articles.id} and current_slug.current`,
    )
    .where(and(eq(articleSlugs.slug, slug), eq(articles.state, "published")));
  if (!row || row.current === slug) return undefined;
  return articlePagePath(row.current);
}
