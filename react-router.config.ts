import { readdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { Config } from "@react-router/dev/config";
import { publicRoutePaths } from "./shared/routes";
import { siteFilePaths } from "./web/lib/site-files";

export default {
  appDirectory: "web",
  // BUILD_DIR lets several builds live side by side (the server reads the same setting).
  buildDirectory: process.env.BUILD_DIR ?? "build",
  // Public pages ship as real HTML; sign-in and administration are client-only
  // screens served through the SPA fallback. robots.txt, the sitemap and the
  // manifest are resource routes written out as files.
  ssr: false,
  prerender: [...publicRoutePaths, "/404", ...Object.values(siteFilePaths)],
  async buildEnd({ reactRouterConfig }) {
    await dropModulePreloads(join(reactRouterConfig.buildDirectory, "client"));
  },
} satisfies Config;

/**
 * React Router asks for every module of a page at high priority from the
 * head, so on a slow connection the scripts compete with the page's own text
 * and fonts (Lighthouse counted them all before the first paint). Without
 * these hints the module script at the end of the page loads the same files,
 * after the content, and hydration still finds every module. See
 * docs/performance.md.
 */
async function dropModulePreloads(clientDirectory: string) {
  const files = await readdir(clientDirectory, { recursive: true });
  for (const file of files.filter((name) => name.endsWith(".html"))) {
    const path = join(clientDirectory, file);
    const html = (await readFile(path, "utf8")).replace(/<link rel="modulepreload"[^>]*>/g, "");
    if (html.includes("modulepreload")) throw new Error(`${path}: a module preload is left`);
    await writeFile(path, html);
  }
}
