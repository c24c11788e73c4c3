/**
 * What the page store holds for a build: every page the sitemap lists and its `.data` file,
 * the site's generated files, the home page with each service chosen (`?sluzba=`), one shell
 * per client-only screen, and the not-found page as each kind of unknown address gets it.
 */
import { paths, serviceQueryParam } from "#shared/routes";
import { siteFilePaths } from "~/lib/site-files";
import type { PageTarget } from "./render-page";

/** Screens that exist only in the browser: one shell each, their scripts started at once. */
export const clientOnlyPatterns = [
  paths.signIn,
  paths.admin,
  paths.adminUsers,
  paths.adminAuditLog,
  paths.adminAccount,
  `${paths.adminRecord}/:id`,
  paths.adminMaterials,
  paths.adminPrivacy,
  paths.adminContent,
  // Before the content items' patterns, which would take them too.
  paths.adminArticles,
  `${paths.adminArticles}/:id`,
  `${paths.adminContent}/:item`,
  `${paths.adminContent}/:item/:offer`,
  // Her booking rules: before any pattern of her bookings (`/admin/rezervace/:id`) would take it.
  paths.adminBookingSettings,
  // Her bookings: the day and week view, and each booking.
  paths.adminBookings,
  `${paths.adminBookings}/:id`,
  paths.firstAdmin,
  `${paths.giftDelivery}/:token`,
  // Her newsletter's subscribers.
  paths.adminNewsletter,
  // Her letters to the subscribers: the list, and each letter (/novy: a new one).
  paths.adminLetters,
  `${paths.adminLetters}/:id`,
  // Her events (issue 36): the list, and each event (/nova: a new one).
  paths.adminEvents,
  `${paths.adminEvents}/:id`,
  // „Přehled“: how her site is doing (issue 38).
  paths.adminOverview,
] as const;

/**
 * The not-found page, by the route an unknown address falls to: an article's address keeps the
 * article's route, whose error it shows, so that hydration finds the same page (an unknown
 * article once turned into the error screen at the first tap); any other the catch-all route.
 * The most specific first.
 */
export const notFoundPatterns = [`${paths.blog}/:slug`, `${paths.events}/:slug`, "*"] as const;

export const shellKey = (pattern: string) => `shell ${pattern}`;
export const notFoundKey = (pattern: string, data = false) =>
  `404 ${pattern}${data ? " .data" : ""}`;

/** The address of a page's data for client-side navigations, as React Router asks for it. */
export function dataPath(path: string): string {
  return path === paths.home ? "/_root.data" : `${path}.data`;
}

/** A page's address with a placeholder for each parameter: the render of its pattern. */
function patternExample(pattern: string): string {
  return pattern === "*" ? "/404" : pattern.replace(/:[^/]+/g, "-");
}

/** The home page with a service chosen in its contact form. */
export function homeWithService(service: string): string {
  return `${paths.home}?${serviceQueryParam}=${service}`;
}

/** Every HTML page an address renders to, with its `.data` file and its variants. */
export function pageTargets(path: string, services: readonly string[]): PageTarget[] {
  const targets: PageTarget[] = [{ key: path, url: path }];
  if (isPage(path)) targets.push({ key: dataPath(path), url: dataPath(path) });
  return [...targets, ...pageVariants(path, services)];
}

/**
 * The same page with a render input: the home page with each of the contact form's current
 * choices chosen (`?sluzba=`, her published offers and „Ostatní“: decision 0042).
 */
export function pageVariants(path: string, services: readonly string[]): PageTarget[] {
  if (path !== paths.home) return [];
  return services.map((service) => ({
    key: homeWithService(service),
    url: homeWithService(service),
  }));
}

/** Whether a stored key is a variant of the home page with a service chosen. */
export function isServiceVariant(key: string): boolean {
  return key.startsWith(homeWithService(""));
}

/** An address of a page, not of a file (`/blog`, not `/blog/feed.xml`). */
export function isPage(path: string): boolean {
  return !/\.[a-z]+$/.test(path);
}

/** The files whose content follows from the pages: rendered again at every publish. */
export const dependentFiles = [siteFilePaths.sitemap, siteFilePaths.feed];

/** Everything but the sitemap's pages (read from the sitemap itself, `listedPages`). */
export function fixedTargets(): PageTarget[] {
  return [
    ...Object.values(siteFilePaths).map((path) => ({ key: path, url: path })),
    ...clientOnlyPatterns.map((pattern) => ({
      key: shellKey(pattern),
      url: patternExample(pattern),
      startsAtOnce: true,
    })),
    ...notFoundPatterns.flatMap((pattern) => [
      { key: notFoundKey(pattern), url: patternExample(pattern), status: 404, startsAtOnce: true },
      {
        key: notFoundKey(pattern, true),
        url: dataPath(patternExample(pattern)),
        status: pattern === "*" ? 200 : 404,
      },
    ]),
  ];
}

/** The pages a sitemap lists, as paths. */
export function listedPages(sitemap: string): string[] {
  return [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map(
    (match) => new URL(match[1] ?? "/").pathname,
  );
}

/** Whether `path` falls under `pattern` (`:name` takes one segment, `*` anything). */
export function matchesPattern(pattern: string, path: string): boolean {
  if (pattern === "*") return true;
  const segments = pattern.split("/");
  const asked = path.split("/");
  return (
    segments.length === asked.length &&
    segments.every(
      (segment, at) => segment === asked[at] || (segment.startsWith(":") && asked[at] !== ""),
    )
  );
}
