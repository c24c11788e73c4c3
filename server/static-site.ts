import { readdir, readFile } from "node:fs/promises";
import { join, relative, sep } from "node:path";
import { serveStatic } from "@hono/node-server/serve-static";
import { type Context, Hono } from "hono";
import { isServiceType } from "#shared/form-schemas";
import { paths, privacyAnchors, serviceQueryParam } from "#shared/routes";
import { plainPage } from "./plain-page";

/** Screens that exist only in the browser, served through the SPA fallback page. */
const clientOnlyPaths = [
  paths.signIn,
  paths.admin,
  paths.adminUsers,
  paths.adminAuditLog,
  paths.adminAccount,
  `${paths.adminRecord}/:id`,
  paths.adminMaterials,
  paths.adminPrivacy,
  paths.firstAdmin,
  `${paths.giftDelivery}/:token`,
];

/**
 * Serves the built web app: hashed assets cached for a year, other files
 * (icons, pictures, robots.txt, the sitemap) for an hour, pre-rendered pages
 * revalidated on every visit, client-only screens through the SPA fallback
 * and marked not to be indexed, and the not-found page with HTTP status 404.
 */

export function createStaticSite(clientDir: string) {
  const site = new Hono();
  const readPage = (file: string) => readFile(join(clientDir, file), "utf8");
  const notFoundPage = async (c: Context) => c.html(await readPage("404/index.html"), 404);

  site.use("/assets/*", async (c, next) => {
    await next();
    if (c.res.ok) c.header("Cache-Control", "public, max-age=31536000, immutable");
  });
  site.use("*", async (c, next) => {
    await next();
    if (c.res.headers.get("Content-Type")?.startsWith("text/html")) {
      c.header("Cache-Control", "no-cache");
    } else if (c.res.ok && !c.res.headers.has("Cache-Control")) {
      c.header("Cache-Control", "public, max-age=3600");
    }
  });

  // The fallback and the 404 page are templates, not addresses of their own.
  site.get("/__spa-fallback.html", notFoundPage);
  site.get("/404/*", notFoundPage);

  // Addresses people guess for the privacy notice lead to it for good.
  site.get("/gdpr", (c) => c.redirect(paths.privacy, 301));
  site.get("/cookies", (c) => c.redirect(`${paths.privacy}#${privacyAnchors.cookies}`, 301));

  // A link about one service (`/?sluzba=course#kontakt`) finds it chosen in the
  // contact form before the scripts run, and without them.
  site.get(paths.home, async (c, next) => {
    const service = c.req.query(serviceQueryParam);
    if (!isServiceType(service)) return next();
    const page = await readPage("index.html");
    const select = page.indexOf('name="serviceType"');
    const option = `<option value="${service}">`;
    const at = page.indexOf(option, select);
    if (select < 0 || at < 0) return next();
    return c.html(
      `${page.slice(0, at)}<option value="${service}" selected="">${page.slice(at + option.length)}`,
    );
  });

  for (const path of clientOnlyPaths) {
    site.get(path, async (c) => {
      c.header("X-Robots-Tag", "noindex, nofollow");
      return c.html(await readPage("__spa-fallback.html"));
    });
  }

  site.use(
    "*",
    serveStatic({
      root: clientDir,
      // The `.br` and `.gz` written at build time (server/precompress.ts), when the browser takes them.
      precompressed: true,
      // "/about/" and "/about" are the same page.
      rewriteRequestPath: normalPath,
    }),
  );

  // Any other page: the not-found screen, with the status that says so.
  site.get("*", notFoundPage);
  // Pages are only read: a POST or DELETE to one is told so in Czech, with what it takes; to an
  // address that is nothing, the not-found screen.
  const readOnly = (c: Context) =>
    c.html(
      plainPage("Tady se nic neodesílá", "Tuto adresu stačí otevřít v\u00a0prohlížeči."),
      405,
      { Allow: "GET, HEAD" },
    );
  for (const path of clientOnlyPaths) site.all(path, readOnly);
  const servedPaths = listServedPaths(clientDir);
  site.all("*", async (c) =>
    (await servedPaths).has(normalPath(c.req.path)) ? readOnly(c) : notFoundPage(c),
  );
  return site;
}

/** "/about/" and "/about" are the same page. */
function normalPath(path: string): string {
  return path.length > 1 ? path.replace(/\/+$/, "") : path;
}

/**
 * The addresses the build serves: each page (`about/index.html` is `/about`) and each file. Read
 * once, as the app is built: the build does not change while the server runs.
 */
async function listServedPaths(clientDir: string): Promise<Set<string>> {
  const served = new Set<string>(["/"]);
  try {
    for (const entry of await readdir(clientDir, { recursive: true, withFileTypes: true })) {
      if (!entry.isFile()) continue;
      const file = relative(clientDir, join(entry.parentPath, entry.name));
      const path = `/${file.split(sep).join("/")}`;
      served.add(path.endsWith("/index.html") ? path.slice(0, -"/index.html".length) : path);
    }
  } catch {
    // No build (tests of the API alone): only the home address.
  }
  return served;
}
