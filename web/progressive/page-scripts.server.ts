/**
 * Build steps (react-router.config.ts's `buildEnd`) that edit the
 * pre-rendered pages so that their scripts wait for their content.
 */
import { createHash } from "node:crypto";
import { readdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";

/**
 * React Router asks for every module of a page at high priority from the
 * head, so on a slow connection the scripts compete with the page's own text
 * and fonts (Lighthouse counted them all before the first paint). Without
 * these hints the module script at the end of the page loads the same files,
 * after the content, and hydration still finds every module. See
 * docs/performance.md.
 */
export async function dropModulePreloads(clientDirectory: string) {
  const files = await readdir(clientDirectory, { recursive: true });
  for (const file of files.filter((name) => name.endsWith(".html"))) {
    const path = join(clientDirectory, file);
    const html = (await readFile(path, "utf8")).replace(/<link rel="modulepreload"[^>]*>/g, "");
    if (html.includes("modulepreload")) throw new Error(`${path}: a module preload is left`);
    await writeFile(path, html);
  }
}

/**
 * On a slow connection the page's own text, fonts and first picture should
 * have the bandwidth to themselves: React Router's module script, which asks
 * for all of a page's ~125 KiB of JavaScript at once, moves into a file of
 * its own that the page imports once it has loaded (the `load` event). The
 * pre-rendered page is readable and its links work meanwhile; it becomes
 * interactive when hydration ends, as before, only later. The new inline
 * script is hashed into the page's Content-Security-Policy like the others.
 * See docs/performance.md.
 */
export async function startScriptsAfterLoad(clientDirectory: string) {
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
    const loader = `(function(){function start(){import(${JSON.stringify(start)})}document.readyState==="complete"?start():addEventListener("load",start,{once:true})})()`;
    await writeFile(path, html.replace(script, `<script>${loader}</script>`));
  }
}
