/**
 * The finishing step of every rendered page (server/pages/render-page.ts): its
 * scripts wait for the visitor's first input.
 */
import { createHash } from "node:crypto";
import { siteFilePaths } from "../lib/site-files";
import { pageStarterScript, type WarmUpFile } from "./page-starter";

/** A page whose module script moved into a start file of its own. */
export type StartedPage = { html: string; start: { path: string; body: string } };

/**
 * React Router asks for every module of a page at high priority from the
 * head and starts them from a module script at the end of the page. This
 * step takes both out of the page:
 * - the module script moves into a file of its own (`/assets/start-<hash>.js`),
 *   which the page's starter (page-starter.ts) imports at the first input;
 * - the starter's list of files to ask for once the page has loaded is the
 *   web app manifest (linked from the head, Chromium fetched it and its icon
 *   in the moments of the first paint, and only installing the site needs
 *   them), the start file, the modules that were preloaded, and the web fonts
 *   the page's stylesheet names.
 * Hydration still finds every module. The starter is hashed into the page's
 * Content-Security-Policy like the other inline scripts. See
 * docs/performance.md, "Session 22".
 *
 * `atOnce`: the page is nothing without its scripts (a client-only screen's
 * shell, with its spinner) or must log at once (the not-found page, which logs
 * the missing address to the console as the specification asks), so they
 * start as soon as it has loaded.
 */
export function startOnFirstInput(html: string, { atOnce }: { atOnce: boolean }): StartedPage {
  const scripts = [...html.matchAll(moduleScript)];
  if (scripts.length !== 1 || !scripts[0]?.[1]?.includes("__reactRouterRouteModules")) {
    throw new Error(`expected React Router's one module script, found ${scripts.length}`);
  }
  const [script, body = ""] = scripts[0];
  const hash = createHash("sha256").update(body).digest("base64url").slice(0, 10);
  const start = `/assets/start-${hash}.js`;
  const modules = [...html.matchAll(modulePreload)].map((match) => match[1] ?? "");
  const warmUp: WarmUpFile[] = [
    { href: siteFilePaths.manifest, as: "manifest" },
    { href: start, as: "script" },
    ...modules.map((href) => ({ href, as: "script" as const })),
    ...everydayFontFiles(html).map((href) => ({ href, as: "font" as const })),
  ];
  const edited = html
    .replace(modulePreload, "")
    .replace(script, () => `<script>${pageStarterScript({ start, warmUp, atOnce })}</script>`);
  if (edited.includes("modulepreload")) throw new Error("a module preload is left");
  if (edited.includes('<link rel="manifest"')) throw new Error("the manifest is linked twice");
  return { html: edited, start: { path: start, body } };
}

const moduleScript = /<script type="module" async="">([\s\S]*?)<\/script>/g;
const modulePreload = /<link rel="modulepreload" href="([^"]+)"[^>]*>/g;

/**
 * The font files a page's inline stylesheet names, but for the latin-ext
 * ones, which only rarer letters than Czech ones need, and the first-visit
 * ones, which the page preloads itself (web/app.css).
 */
function everydayFontFiles(html: string): string[] {
  const urls = [...html.matchAll(/url\((\/assets\/[^)]+\.woff2)\)/g)].map(
    (match) => match[1] ?? "",
  );
  return [...new Set(urls)].filter(
    (url) => !url.includes("latin-ext") && !url.includes("first-visit"),
  );
}
