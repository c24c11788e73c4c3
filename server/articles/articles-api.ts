/**
 * Her articles' administration, relative to /api; part of the administration's one sub-app
 * (`createAdminApp`), whose guard stands before every route. An article is checked field by
 * field with the shared schema, its body sanitized whatever the browser sent, and stored only
 * whole; every change names the version it was made from. A change that touches the live site
 * asks for its pages to be rendered again (`publishPages`), as her other content's.
 */
import { Hono } from "hono";
import type * as z from "zod/mini";
import type { Database } from "#database/open-database";
import { ApiError } from "#server/api-error";
import type { AdminEnv } from "#server/auth/require-admin";
import type { Clock } from "#server/clock";
import type { ContentEditor } from "#server/content/content-store";
import { czechDefaultMessage, jsonBody } from "#server/json-route";
import { log } from "#server/logger";
import {
  type ArticleInput,
  type ArticlePreviewJson,
  type ArticleSavedJson,
  articleChangeSchema,
  articleInputSchema,
  articleMessages,
  articleNewSchema,
  articleVersionSchema,
} from "#shared/content/article-schemas";
import { sanitizeArticleHtml } from "./article-html";
import {
  type ArticleOutcome,
  articlePagePath,
  createArticle,
  deleteArticle,
  listArticleRevisions,
  listArticles,
  readArticle,
  restoreArticleRevision,
  updateArticle,
} from "./article-store";

export type ArticlesAdminApiDependencies = {
  db: Database;
  clock: Clock;
  publishPages?: (paths: readonly string[]) => Promise<void>;
  /**
   * „Náhled“: the article's page rendered as it is saved (a draft too), by the same renderer,
   * stored nowhere; without it, there is no preview.
   */
  previewArticle?: (articleId: string, path: string) => Promise<string>;
};

// A long article with its HTML, well inside.
const jsonLimit = { maxBytes: 512 * 1024 };

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

function readId(value: string): string {
  if (!uuidPattern.test(value)) throw refusals.not_found();
  return value;
}

/** The article checked with its schema, its body sanitized: every field's first message, by name. */
function validateArticle(data: unknown): ArticleInput {
  const fields: Record<string, string> = {};
  const parsed = (articleInputSchema as z.ZodMiniType<ArticleInput>).safeParse(data, {
    error: czechDefaultMessage,
  });
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const paths =
        issue.code === "unrecognized_keys"
          ? issue.keys.map((name) => [...issue.path, name].join("."))
          : [issue.path.join(".")];
      for (const path of paths) fields[path || "article"] ??= issue.message;
    }
    throw new ApiError(422, "validation_failed", articleMessages.invalid, fields);
  }
  const body = sanitizeArticleHtml(parsed.data.body);
  // What was left after the sanitizer must still be an article (a body of only a script is not).
  const again = articleInputSchema.safeParse({ ...parsed.data, body });
  if (!again.success) {
    throw new ApiError(422, "validation_failed", articleMessages.invalid, {
      body: articleMessages.bodyEmpty,
    });
  }
  return again.data;
}

const refusals = {
  not_found: () => new ApiError(404, "article_not_found", articleMessages.notFound),
  version_conflict: () => new ApiError(409, "version_conflict", articleMessages.versionConflict),
  slug_taken: () =>
    new ApiError(409, "slug_taken", articleMessages.slugTaken, { slug: articleMessages.slugTaken }),
  publish_at_past: () =>
    new ApiError(422, "validation_failed", articleMessages.invalid, {
      publishAt: articleMessages.publishAtPast,
    }),
  revision_not_found: () =>
    new ApiError(404, "revision_not_found", articleMessages.revisionNotFound),
} as const;

/** A save that shows a photo she no longer has: said on the field of the text (or the cover). */
const photosMissing = (names: string[]) =>
  new ApiError(422, "photo_missing", articleMessages.photosMissing(names), {
    [names.includes("titulní fotka") && names.length === 1 ? "coverPhotoId" : "body"]:
      articleMessages.photosMissing(names),
  });
const restorePhotosMissing = (names: string[]) =>
  new ApiError(409, "photo_missing", articleMessages.restorePhotosMissing(names));

export function createArticlesAdminApi({
  db,
  clock,
  publishPages,
  previewArticle,
}: ArticlesAdminApiDependencies) {
  const editor = (admin: AdminEnv["Variables"]["admin"]): ContentEditor => ({
    userId: admin.user.id,
    email: admin.user.email,
  });

  /** The change stored: its pages rendered again when it touched the live site. */
  async function answer(
    outcome: ArticleOutcome,
    missingPhotos = photosMissing,
  ): Promise<ArticleSavedJson> {
    if ("refused" in outcome) throw refusals[outcome.refused]();
    if ("missingPhotos" in outcome) throw missingPhotos(outcome.missingPhotos);
    const { article, livePaths: paths } = outcome;
    if (paths.length === 0) return { article, pages: { paths, outcome: "unchanged" } };
    if (!publishPages) return { article, pages: { paths, outcome: "stored" } };
    try {
      await publishPages(paths);
      return { article, pages: { paths, outcome: "updated" } };
    } catch (error) {
      log.error({ paths, error: String(error) }, "Pages not rendered after an article's change");
      return { article, pages: { paths, outcome: "failed" } };
    }
  }

  return (
    new Hono<AdminEnv>()
      .get("/admin/articles", async (c) => {
        return c.json({ articles: await listArticles(db) });
      })
      .post("/admin/articles", jsonBody(articleNewSchema, jsonLimit), async (c) => {
        const input = validateArticle(c.req.valid("json").article);
        const outcome = await createArticle(db, {
          input,
          by: editor(c.get("admin")),
          at: clock.now(),
        });
        return c.json(await answer(outcome), 201);
      })
      .get("/admin/articles/:id", async (c) => {
        const article = await readArticle(db, readId(c.req.param("id")));
        if (!article) throw refusals.not_found();
        return c.json(article);
      })
      .put("/admin/articles/:id", jsonBody(articleChangeSchema, jsonLimit), async (c) => {
        const id = readId(c.req.param("id"));
        const { version, article } = c.req.valid("json");
        const outcome = await updateArticle(db, {
          id,
          version,
          input: validateArticle(article),
          by: editor(c.get("admin")),
          at: clock.now(),
        });
        return c.json(await answer(outcome));
      })
      // Confirmed in the editor first; the version keeps a change made meanwhile from being lost.
      .delete("/admin/articles/:id", jsonBody(articleVersionSchema, jsonLimit), async (c) => {
        const outcome = await deleteArticle(db, {
          id: readId(c.req.param("id")),
          version: c.req.valid("json").version,
          by: editor(c.get("admin")),
          at: clock.now(),
        });
        if ("refused" in outcome) throw refusals[outcome.refused]();
        const paths = outcome.livePaths;
        if (paths.length === 0 || !publishPages) return c.body(null, 204);
        try {
          await publishPages(paths);
        } catch (error) {
          log.error(
            { paths, error: String(error) },
            "Pages not rendered after an article's deletion",
          );
        }
        return c.body(null, 204);
      })
      // „Náhled“: its page in the real design as it is saved; never stored, cached or indexed.
      .get("/admin/articles/:id/preview", async (c) => {
        const article = await readArticle(db, readId(c.req.param("id")));
        if (!article) throw refusals.not_found();
        c.header("Cache-Control", "no-store");
        c.header("X-Robots-Tag", "noindex, nofollow");
        if (!previewArticle) {
          throw new ApiError(404, "preview_not_found", articleMessages.previewUnavailable);
        }
        const path = articlePagePath(article.slug);
        try {
          const body: ArticlePreviewJson = { path, html: await previewArticle(article.id, path) };
          return c.json(body);
        } catch (error) {
          log.error({ path, error: String(error) }, "Article preview not rendered");
          throw new ApiError(422, "preview_failed", articleMessages.previewFailed);
        }
      })
      .get("/admin/articles/:id/revisions", async (c) => {
        const id = readId(c.req.param("id"));
        return c.json({ revisions: await listArticleRevisions(db, id) });
      })
      .post(
        "/admin/articles/:id/revisions/:revision/restore",
        jsonBody(articleVersionSchema, jsonLimit),
        async (c) => {
          const id = readId(c.req.param("id"));
          if (!/^[1-9]\d{0,14}$/.test(c.req.param("revision"))) throw refusals.revision_not_found();
          const { version } = c.req.valid("json");
          const outcome = await restoreArticleRevision(db, {
            id,
            revisionId: Number(c.req.param("revision")),
            version,
            by: editor(c.get("admin")),
            at: clock.now(),
          });
          return c.json(await answer(outcome, restorePhotosMissing));
        },
      )
  );
}
