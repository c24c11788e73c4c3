import { Suspense, useEffect, useLayoutEffect, useRef } from "react";
import {
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLocation,
  useMatches,
} from "react-router";
import { isAdministrationPath, paths } from "#shared/routes";
import appStyles from "~/app.css?inline";
import { ErrorScreen } from "~/components/error-screen";
import { firstScreenEndId } from "~/components/first-screen-end";
import { FlashNotice } from "~/components/flash-notice";
import { SiteHeader } from "~/components/site-header";
import { PageSpinner } from "~/components/ui/spinner";
import loraFirstVisit from "~/fonts/lora-first-visit-600.woff2?url";
import publicSansFirstVisit from "~/fonts/public-sans-first-visit-400.woff2?url";
import { isPhotoLed } from "~/lib/photo-led";
import { loadRoot } from "~/lib/root.server";
import { iconPaths, siteFilePaths, themeColour } from "~/lib/site-files";
import { holdSubmissionsScript, markLive } from "~/progressive/held-submissions";
import { fontsScript, webFontFamilies } from "~/progressive/page-starter";
import { deferredPart, StaticPart } from "~/progressive/static-part";
import type { Route } from "./+types/root";

/**
 * The whole stylesheet (about 13 KiB gzip) is written into each page's head:
 * a separate file would block the first paint for one more round trip. The
 * browser bundle leaves it out: hydration keeps the pre-rendered <style>.
 */
const inlineStyles = import.meta.env.SSR || import.meta.env.DEV ? appStyles : "";

/**
 * The first-visit files of Lora and Public Sans (web/app.css), asked for with the document: with
 * `font-display: optional`, Chromium holds the first paint a moment for fonts
 * that are preloaded, so on a fast enough connection the first page shows
 * them from its first frame, and on a slow one it keeps the local fonts.
 * A page opened from another page finds them in the cache. Lora's comes first:
 * the larger, it gets the document's connection, already open, so on slow 4G
 * both arrive one round trip after the document
 * (docs/decisions/0023-brand-fonts-on-the-first-page.md).
 */
const firstVisitFonts = [loraFirstVisit, publicSansFirstVisit];

/**
 * Her published „Údaje o provozovateli“ for the footer and the contact section
 * (web/lib/site-operator.ts), read when a page is rendered, never in the browser
 * (web/lib/root.server.ts).
 */
export const loader = (args: Route.LoaderArgs) => loadRoot(args);

/**
 * The facts came with the first page of the visit and stay for it: asking again would fetch a
 * `.data` file the store does not hold for every address (a client-only screen with a query).
 */
export const shouldRevalidate = () => false;

export const links: Route.LinksFunction = () => [
  // `sizes` keeps browsers that understand SVG from picking the .ico instead.
  { rel: "icon", href: iconPaths.ico, sizes: "32x32" },
  { rel: "icon", href: iconPaths.svg, type: "image/svg+xml" },
  { rel: "apple-touch-icon", href: iconPaths.appleTouch },
  // The web app manifest is linked by the page's starter once the page has loaded
  // (web/progressive/page-starter.ts).
  {
    rel: "alternate",
    type: "application/rss+xml",
    title: "Harmonie přírody – blog",
    href: siteFilePaths.feed,
  },
];

export function Layout({ children }: { children: React.ReactNode }) {
  // A page led by a photo keeps the local fonts on a first visit (web/lib/photo-led.ts).
  const photoLed = isPhotoLed(useMatches());
  return (
    <html lang="cs" data-first-page-fonts={photoLed ? "local" : undefined}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content={themeColour} />
        <script
          // biome-ignore lint/security/noDangerouslySetInnerHtml: a constant script of ours
          dangerouslySetInnerHTML={{ __html: holdSubmissionsScript }}
        />
        <script
          // biome-ignore lint/security/noDangerouslySetInnerHtml: a constant script of ours
          dangerouslySetInnerHTML={{ __html: fontsScript }}
        />
        {(photoLed ? [] : firstVisitFonts).map((href) => (
          <link
            key={href}
            rel="preload"
            href={href}
            as="font"
            type="font/woff2"
            crossOrigin="anonymous"
          />
        ))}
        <Meta />
        <style
          // biome-ignore lint/security/noDangerouslySetInnerHtml: our own stylesheet, from the build
          dangerouslySetInnerHTML={{ __html: inlineStyles }}
          suppressHydrationWarning
        />
        {/* No first paint before the page's opening is parsed whole (components/first-screen-end.tsx). */}
        <link rel="expect" href={`#${firstScreenEndId}`} blocking="render" />
        <Links />
      </head>
      <body>
        {children}
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

/**
 * The footer is text and links only: on a pre-rendered page it stays that
 * markup and its code never loads (see StaticPart); a screen rendered in the
 * browser (the sign-in) loads it after its own content. The administration shows neither.
 */
const siteFooter = deferredPart(() =>
  import("~/components/site-footer").then((module) => module.SiteFooter),
);

export default function App() {
  // Marks the moment the page became interactive (browser tests wait for it)
  // and sends the forms sent before (web/progressive/held-submissions.ts).
  useEffect(() => {
    markLive();
    // The web fonts, from the cache the page filled (page-starter.ts), made ready for the next
    // page: set in them from its first paint, it does not move once a jump to a section is made.
    for (const family of webFontFamilies)
      void document.fonts.load(`1em "${family}"`, "Řř").catch(() => {});
  }, []);
  // A page reached within the site is set in the web fonts; the first page of a visit stays in
  // the local ones, a jump to one of its sections included (web/progressive/page-starter.ts).
  const { pathname, search } = useLocation();
  const firstPathname = useRef(pathname);
  useLayoutEffect(() => {
    if (pathname !== firstPathname.current) document.documentElement.dataset.fonts = "web";
  }, [pathname]);
  // The administration has its own header (the specification's „Administrace“ with the
  // signed-in address) and menu: the site's would only double the page on a phone.
  const administration = isAdministrationPath(pathname);
  // A page reached within the site is counted by a beacon; the visit's first page was counted
  // as the server sent it (docs/decisions/0039-counting-visits.md). No cookie, nothing stored.
  const countedPathname = useRef(pathname);
  useEffect(() => {
    if (pathname === countedPathname.current) return;
    countedPathname.current = pathname;
    if (!administration) navigator.sendBeacon?.(paths.statsBeacon, pathname + search);
  }, [pathname, search, administration]);
  return (
    <>
      {administration ? null : <SiteHeader />}
      <FlashNotice />
      <Outlet />
      {administration ? null : (
        <Suspense fallback={null}>
          <StaticPart name="footer" part={siteFooter} />
        </Suspense>
      )}
    </>
  );
}

/**
 * What the client-only screens (sign-in, administration) show until they
 * know who is signed in; pre-rendered into their fallback HTML.
 */
export function HydrateFallback() {
  return <PageSpinner label="Ověřuji přihlášení…" />;
}

/** The router's generic error screen, for errors while rendering. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorScreen error={error} />;
}
