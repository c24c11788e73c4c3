/**
 * A page store holding the given pages as they are, for tests of what serves pages or reads
 * them (the page site's headers, the form post's answer) without rendering the whole site. The
 * entries are finished by the renderer's own `finish` (compression, ETag); the store itself is
 * tested in server/pages/pages.test.ts.
 */

import type { StoredEntry } from "#server/pages/page-store";
import type { Pages } from "#server/pages/pages";
import { finish } from "#server/pages/render-page";

/** Store keys (`/about`, `shell /prihlaseni`, `404 *`) with their HTML, or a file with its type. */
export async function createFixedPages(
  pages: Record<string, string | { body: string; contentType: string; status?: number }>,
): Promise<Pages> {
  const entries = new Map<string, StoredEntry>();
  for (const [path, page] of Object.entries(pages)) {
    const { body, contentType, status } =
      typeof page === "string"
        ? { body: page, contentType: "text/html; charset=UTF-8", status: undefined }
        : page;
    const entry = await finish({
      path,
      status: status ?? (path.startsWith("404 ") ? 404 : 200),
      contentType,
      body: Buffer.from(body),
    });
    entries.set(path, { ...entry, version: 1 });
  }
  return {
    ensureRendered: async () => {},
    whenServing: async () => {},
    find: (key) => entries.get(key),
    has: (key) => entries.has(key),
    publish: () => Promise.reject(new Error("fixed pages are not published")),
    whenPolished: async () => {},
    renderPreview: () => Promise.reject(new Error("fixed pages are not rendered")),
    answerManifest: async () => new Response(null, { status: 404 }),
    watch: () => undefined,
  };
}
