/**
 * The build step (react-router.config.ts's `buildEnd`) that edits the
 * pre-rendered pages so that their scripts wait for the visitor's first input.
 */
import { createHash } from "node:crypto";
import { readdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { siteFilePaths } from "../lib/site-files";
import { pageStarterScript, type WarmUpFile } from "./page-starter";

/**
 * React Router asks for every module of a page at high priority from the
 * head and starts them from a module script at the end of the page. This
 * step takes both out of every pre-rendered page:
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
 */
export async function startScriptsOnFirstInput(clientDirectory: string) {
  const moduleScript = /<script type="module" async="">([\s\S]*?)<\/script>/g;
  const files = await readdir(clientDirectory, { recursive: true });
  for (const file of files.filter((name) => name.endsWith(".html"))) {
    const path = join(clientDirectory, file);
    const html = await readFile(path, "utf8");
    const scripts = [...html.matchAll(moduleScript)];
    if (scripts.length !== 1 || !scripts[0]?.[1]?.includes("__reactRouterRouteModules")) {
      throw new Error(
        `${path}: expected React Router's one module script, found ${scripts.length}`,
      );
    }
    const [script, body = ""] = scripts[0];
    const hash = createHash("sha256").update(body).digest("base64url").slice(0, 10);
    const start = `/assets/start-${hash}.js`;
    await writeFile(join(clientDirectory, start), body);
    const modules = [...html.matchAll(modulePreload)].map((match) => match[1] ?? "");
    const warmUp: WarmUpFile[] = [
      { href: siteFilePaths.manifest, as: "manifest" },
      { href: start, as: "script" },
      ...modules.map((href) => ({ href, as: "script" as const })),
      ...everydayFontFiles(html).map((href) => ({ href, as: "font" as const })),
    ];
    const edited = html
      .replace(modulePreload, "")
      .replace(
        script,
        `<script>${pageStarterScript({ start, warmUp, atOnce: pagesStartingAtOnce.includes(file) })}</script>`,
      );
    if (edited.includes("modulepreload")) throw new Error(`${path}: a module preload is left`);
    if (edited.includes('<link rel="manifest"'))
      throw new Error(`${path}: the manifest is linked twice`);
    await writeFile(path, edited);
  }
}

const modulePreload = /<link rel="modulepreload" href="([^"]+)"[^>]*>/g;

/**
 * The pages whose scripts start as soon as they have loaded: the one React Router writes for the
 * client-only screens (sign-in, administration, a gift's page), nothing without them, and the
 * not-found page, which logs the missing address to the console (the specification asks for it)
 * with no input to wait for.
 */
const pagesStartingAtOnce = ["__spa-fallback.html", join("404", "index.html")];

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
