/**
 * Her content's administration, relative to /api; part of the
 * administration's one sub-app (`createAdminApp`), whose guard stands before
 * every route. A draft is checked field by field with the item's schema and
 * stored only whole; every change names the version it was made from, so two
 * tabs never overwrite each other silently. A publish or restore then asks
 * for the pages the item appears on to be rendered again (`publishPages`).
 */

import { Hono } from "hono";
import type * as z from "zod/mini";
import type { Database } from "#database/open-database";
import { ApiError } from "#server/api-error";
import type { AdminEnv } from "#server/auth/require-admin";
import type { Clock } from "#server/clock";
import { czechDefaultMessage, jsonBody, queryParams } from "#server/json-route";
import { log } from "#server/logger";
import {
  type ContentPreviewJson,
  type ContentPublishJson,
  contentAdminMessages,
  contentDraftSchema,
  contentPreviewQuerySchema,
  contentVersionSchema,
} from "#shared/content/content-admin";
import {
  type ContentKey,
  contentItems,
  everyPage,
  isContentKey,
} from "#shared/content/content-items";
import type { Offers } from "#shared/content/content-schemas";
import {
  type ContentEditor,
  type ContentOutcome,
  listContent,
  listContentRevisions,
  publishContent,
  readContentEntry,
  readContentRevisionData,
  restoreContentRevision,
  saveContentDraft,
} from "./content-store";
import { refuseDeletingOffersInUse, retainingOffersInUse } from "./offer-references";

export type ContentAdminApiDependencies = {
  db: Database;
  clock: Clock;
  /**
   * Renders these public paths again from the published content (the page
   * renderer); without it, a publish only stores.
   */
  publishPages?: (paths: readonly string[]) => Promise<void>;
  /**
   * The finished HTML of a public path rendered with her drafts (the page renderer's
   * `renderPreview`), stored nowhere; without it, there is no preview.
   */
  previewPage?: (path: string) => Promise<string>;
};

// The longest item (her offers, every description at its limit) fits well inside.
const jsonLimit = { maxBytes: 128 * 1024 };

function readKey(value: string): ContentKey {
  if (!isContentKey(value))
    throw new ApiError(404, "content_not_found", contentAdminMessages.notFound);
  return value;
}

/** The item's data checked with its schema: every field's first message, by its path („offers.1.priceCzk“). */
function validateData(key: ContentKey, data: unknown) {
  const schema = contentItems[key].schema as z.ZodMiniType;
  const parsed = schema.safeParse(data, { error: czechDefaultMessage });
  if (parsed.success) return parsed.data;
  const fields: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const paths =
      issue.code === "unrecognized_keys"
        ? issue.keys.map((name) => [...issue.path, name].join("."))
        : [issue.path.join(".")];
    for (const path of paths) fields[path || "data"] ??= issue.message;
  }
  throw new ApiError(422, "validation_failed", contentAdminMessages.invalid, fields);
}

const refusals = {
  version_conflict: () =>
    new ApiError(409, "version_conflict", contentAdminMessages.versionConflict),
  nothing_to_publish: () =>
    new ApiError(409, "nothing_to_publish", contentAdminMessages.nothingToPublish),
  revision_not_found: () =>
    new ApiError(404, "revision_not_found", contentAdminMessages.revisionNotFound),
} as const;

function entryOf(outcome: ContentOutcome) {
  if ("refused" in outcome) throw refusals[outcome.refused]();
  return outcome.entry;
}

/** Which of the item's pages to preview: `?stranka=`, by default its first. */
function readPreviewPath(key: ContentKey, asked: string | undefined): string {
  const itemPaths: readonly string[] = contentItems[key].paths;
  const path = asked ?? itemPaths[0];
  if (path === undefined || path === everyPage || path.endsWith("/*") || !itemPaths.includes(path))
    throw new ApiError(404, "preview_not_found", contentAdminMessages.previewNotFound);
  return path;
}

export function createContentAdminApi({
  db,
  clock,
  publishPages,
  previewPage,
}: ContentAdminApiDependencies) {
  const editor = (admin: AdminEnv["Variables"]["admin"]): ContentEditor => ({
    userId: admin.user.id,
    email: admin.user.email,
  });

  /** The item is live: its pages rendered again; a failure is told, the publish stands. */
  async function renewPages(key: ContentKey): Promise<ContentPublishJson["pages"]> {
    const paths = [...contentItems[key].paths];
    if (!publishPages) return { paths, outcome: "stored" };
    try {
      await publishPages(paths);
      return { paths, outcome: "updated" };
    } catch (error) {
      log.error({ key, paths, error: String(error) }, "Pages not rendered after a publish");
      return { paths, outcome: "failed" };
    }
  }

  return (
    new Hono<AdminEnv>()
      .get("/admin/content", async (c) => {
        return c.json({ items: await listContent(db, clock.now()) });
      })
      .get("/admin/content/:key", async (c) => {
        return c.json(await readContentEntry(db, readKey(c.req.param("key")), clock.now()));
      })
      .put("/admin/content/:key/draft", jsonBody(contentDraftSchema, jsonLimit), async (c) => {
        const key = readKey(c.req.param("key"));
        const { version, data } = c.req.valid("json");
        const valid = validateData(key, data);
        // An offer left out of her list is deleted: only when nothing refers to it (0042).
        if (key === "offers") await refuseDeletingOffersInUse(db, valid as Offers);
        const outcome = await saveContentDraft(db, {
          key,
          version,
          data: valid,
          by: editor(c.get("admin")),
          at: clock.now(),
        });
        return c.json(entryOf(outcome));
      })
      .post("/admin/content/:key/publish", jsonBody(contentVersionSchema, jsonLimit), async (c) => {
        const key = readKey(c.req.param("key"));
        const { version } = c.req.valid("json");
        const entry = entryOf(
          await publishContent(db, { key, version, by: editor(c.get("admin")), at: clock.now() }),
        );
        const body: ContentPublishJson = { entry, pages: await renewPages(key) };
        return c.json(body);
      })
      // „Náhled“: the page as it will look with her drafts; never stored, cached or indexed.
      .get("/admin/content/:key/preview", queryParams(contentPreviewQuerySchema), async (c) => {
        const key = readKey(c.req.param("key"));
        const path = readPreviewPath(key, c.req.valid("query").stranka);
        c.header("Cache-Control", "no-store");
        c.header("X-Robots-Tag", "noindex, nofollow");
        if (!previewPage)
          throw new ApiError(404, "preview_not_found", contentAdminMessages.previewUnavailable);
        let html: string;
        try {
          html = await previewPage(path);
        } catch (error) {
          log.error({ key, path, error: String(error) }, "Preview not rendered");
          throw new ApiError(422, "preview_failed", contentAdminMessages.previewFailed);
        }
        const body: ContentPreviewJson = { path, html };
        return c.json(body);
      })
      .get("/admin/content/:key/revisions", async (c) => {
        const key = readKey(c.req.param("key"));
        return c.json({ revisions: await listContentRevisions(db, key, clock.now()) });
      })
      .post(
        "/admin/content/:key/revisions/:id/restore",
        jsonBody(contentVersionSchema, jsonLimit),
        async (c) => {
          const key = readKey(c.req.param("key"));
          const revisionId = Number(c.req.param("id"));
          if (!/^[1-9]\d{0,14}$/.test(c.req.param("id"))) throw refusals.revision_not_found();
          const { version } = c.req.valid("json");
          // An earlier list of offers comes back with the offers added since that something
          // refers to kept as retired, never deleted (0042).
          let data: Offers | undefined;
          if (key === "offers") {
            const earlier = await readContentRevisionData(db, key, revisionId);
            if (earlier === undefined) throw refusals.revision_not_found();
            data = await retainingOffersInUse(db, validateData(key, earlier) as Offers);
          }
          const entry = entryOf(
            await restoreContentRevision(db, {
              key,
              revisionId,
              version,
              by: editor(c.get("admin")),
              at: clock.now(),
              data,
            }),
          );
          const body: ContentPublishJson = { entry, pages: await renewPages(key) };
          return c.json(body);
        },
      )
  );
}
