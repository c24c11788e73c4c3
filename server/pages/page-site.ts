/**
 * Serves the site: pages and generated files from the page store's copy in memory (pages.ts),
 * as they were finished at render time (compressed, with their policy and ETag), and the build's
 * own files (hashed assets cached for a year, pictures and icons for an hour). A client-only
 * screen gets its pattern's shell, marked not to be indexed; an unknown address the not-found
 * page with status 404, as its route renders it.
 */
import { stat } from "node:fs/promises";
import { join, sep } from "node:path";
import { serveStatic } from "@hono/node-server/serve-static";
import { type Context, Hono } from "hono";
import { isServiceType } from "#shared/form-schemas";
import { paths, privacyAnchors, serviceQueryParam } from "#shared/routes";
import { plainPage } from "../plain-page";
import type { StoredEntry } from "./page-store";
import type { Pages } from "./pages";
import {
  clientOnlyPatterns,
  homeWithService,
  matchesPattern,
  notFoundKey,
  notFoundPatterns,
  shellKey,
} from "./site-pages";

export function createPageSite({
  clientDir,
  pages,
  findArticleRedirect,
  isDeletedArticleSlug,
  countView,
}: {
  clientDir: string;
  pages: Pages;
  /** An article's address as it is now, for an old or capitalised slug (issue 39). */
  findArticleRedirect?: (slug: string) => Promise<string | undefined>;
  /** Whether the slug was an address of an article she deleted (it answers 410 Gone). */
  isDeletedArticleSlug?: (slug: string) => Promise<boolean>;
  /** Counts a page served as a document (server/stats/): called before it is answered, never throws. */
  countView?: (c: Context, path: string) => void;
}) {
  const site = new Hono();

  site.use("/assets/*", async (c, next) => {
    await next();
    if (c.res.ok) c.header("Cache-Control", "public, max-age=31536000, immutable");
  });
  site.use("*", async (c, next) => {
    await next();
    if (!c.res.headers.has("Cache-Control")) {
      c.header("Cache-Control", c.res.ok ? "public, max-age=3600" : "no-cache");
    }
  });
  site.use("*", async (_c, next) => {
    await pages.whenServing();
    await next();
  });

  // Addresses people guess for the privacy notice lead to it for good.
  site.get("/gdpr", (c) => c.redirect(paths.privacy, 301));
  site.get("/cookies", (c) => c.redirect(`${paths.privacy}#${privacyAnchors.cookies}`, 301));

  // Lazy route discovery: a link's routes, asked for as the browser comes to need them.
  site.get("/__manifest", (c) => pages.answerManifest(c.req.raw));

  site.get("*", async (c, next) => {
    const path = normalPath(c.req.path);
    // A link about one service (`/?sluzba=course#kontakt`) finds it chosen in the contact form,
    // rendered so (site-pages.ts), before the scripts run and without them.
    const service = path === paths.home ? c.req.query(serviceQueryParam) : undefined;
    // An offer she has retired has no variant (any more): the home page as it is.
    const stored =
      (isServiceType(service) ? pages.find(homeWithService(service)) : undefined) ??
      pages.find(path);
    if (stored) {
      if (stored.status === 200 && stored.contentType.startsWith("text/html")) countView?.(c, path);
      return answer(c, stored);
    }
    const pattern = clientOnlyPatterns.find((candidate) => matchesPattern(candidate, path));
    const shell = pattern && pages.find(shellKey(pattern));
    if (shell) return answer(c, shell, { "X-Robots-Tag": "noindex, nofollow" });
    return next();
  });

  site.use(
    "*",
    serveStatic({ root: clientDir, precompressed: true, rewriteRequestPath: normalPath }),
  );

  // A renamed article's old address, moved for good; asked of the database
  // only for an address the store does not have.
  site.get(`${paths.blog}/:slug`, async (c, next) => {
    const slug = decodeURIComponentSafely(c.req.param("slug"));
    const moved = findArticleRedirect && (await findArticleRedirect(slug));
    if (moved) return c.redirect(moved, 301);
    // Gone for good, so search engines drop it sooner than after a 404.
    if (isDeletedArticleSlug && (await isDeletedArticleSlug(slug))) {
      return c.html(
        plainPage(
          "Článek už tu není",
          "Tento článek jsem z\u00a0webu odstranila. Další články najdete na blogu.",
        ),
        410,
      );
    }
    return next();
  });

  // Any other address: the not-found page of the route it falls to, with the status that says so.
  const notFound = (c: Context) => {
    const path = normalPath(c.req.path);
    const data = path.endsWith(".data");
    const asked = data ? path.slice(0, -".data".length) : path;
    const pattern = notFoundPatterns.find((candidate) => matchesPattern(candidate, asked)) ?? "*";
    const page = pages.find(notFoundKey(pattern, data)) ?? pages.find(notFoundKey("*"));
    if (!page) return c.text("Stránka nenalezena", 404);
    return answer(c, page);
  };
  site.get("*", notFound);

  // Pages are only read: a POST or DELETE to one is told so in Czech, with what it takes; to an
  // address that is nothing, the not-found screen.
  const readOnly = (c: Context) =>
    c.html(
      plainPage("Tady se nic neodesílá", "Tuto adresu stačí otevřít v\u00a0prohlížeči."),
      405,
      { Allow: "GET, HEAD" },
    );
  site.all("*", async (c) => {
    const path = normalPath(c.req.path);
    const served =
      pages.has(path) ||
      clientOnlyPatterns.some((pattern) => matchesPattern(pattern, path)) ||
      (await isBuiltFile(clientDir, path));
    return served ? readOnly(c) : notFound(c);
  });
  return site;
}

/**
 * A stored answer as it is: its bytes in the encoding the browser takes (Brotli, gzip, or
 * none), its ETag (a revalidation is answered 304) and its policy.
 */
function answer(c: Context, entry: StoredEntry, extraHeaders: Record<string, string> = {}) {
  const accepted = c.req.header("Accept-Encoding") ?? "";
  const [encoding, body] =
    entry.brotli && /\bbr\b/.test(accepted)
      ? ["br", entry.brotli]
      : entry.gzip && /\bgzip\b/.test(accepted)
        ? ["gzip", entry.gzip]
        : [undefined, entry.body];
  const headers: Record<string, string> = {
    "Content-Type": entry.contentType,
    // Also keeps compress() from compressing again what is small enough to go as it is.
    "Content-Length": String(body.length),
    ETag: entry.etag,
    ...extraHeaders,
  };
  if (entry.brotli || entry.gzip) headers.Vary = "Accept-Encoding";
  if (encoding) headers["Content-Encoding"] = encoding;
  if (entry.contentSecurityPolicy) headers["Content-Security-Policy"] = entry.contentSecurityPolicy;
  // React Router's client tells its own data answers (a 404 among them) from a server's error page.
  if (entry.contentType.startsWith("text/x-script")) headers["X-Remix-Response"] = "yes";
  // A page and its data are asked again at every visit (a publish changes them at once); the
  // site's files (robots.txt, the sitemap, the feed) are kept an hour, as any file without a
  // fingerprint; a start file's name changes with its content (cached a year, above).
  if (entry.contentType.startsWith("text/html") || entry.contentType.startsWith("text/x-script")) {
    headers["Cache-Control"] = "no-cache";
  }
  if (c.req.header("If-None-Match") === entry.etag && entry.status === 200) {
    return c.body(null, 304, headers);
  }
  return c.body(new Uint8Array(body), entry.status as never, headers);
}

/** Whether `path` names a file of the build (a script, a picture), never outside its folder. */
async function isBuiltFile(clientDir: string, path: string): Promise<boolean> {
  const file = join(clientDir, decodeURIComponentSafely(path));
  if (!file.startsWith(`${clientDir}${sep}`)) return false;
  return (await stat(file).catch(() => undefined))?.isFile() ?? false;
}

function decodeURIComponentSafely(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

/** "/about/" and "/about" are the same page. */
function normalPath(path: string): string {
  return path.length > 1 ? path.replace(/\/+$/, "") : path;
}
