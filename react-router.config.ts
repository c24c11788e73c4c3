import { join } from "node:path";
import type { Config } from "@react-router/dev/config";
import { precompressFiles } from "./server/precompress";
import { paths, publicRoutePaths } from "./shared/routes";
import { listArticlePaths } from "./web/lib/article-files";
import { writeScentGuidePdf } from "./web/lib/scent-guide-pdf.server";
import { siteFilePaths } from "./web/lib/site-files";
import { startScriptsOnFirstInput } from "./web/progressive/page-scripts.server";

export default {
  appDirectory: "web",
  // BUILD_DIR lets several builds live side by side (the server reads the same setting).
  buildDirectory: process.env.BUILD_DIR ?? "build",
  // Public pages ship as real HTML; sign-in and administration are client-only
  // screens served through the SPA fallback. robots.txt, the sitemap and the
  // manifest are resource routes written out as files.
  ssr: false,
  prerender: [
    ...publicRoutePaths,
    // A gift: pre-rendered like every page, but neither indexed nor in the sitemap.
    paths.scentGuide,
    "/404",
    ...Object.values(siteFilePaths),
    // The blog's articles, one per file in content/blog.
    ...listArticlePaths(),
  ],
  // React Router 8's changes, each to be tried with the whole test suite when
  // upgrading (some change the build's output, which buildEnd below edits).
  // Set, not left out, so that the build does not remind us of them each time.
  future: {
    v8_middleware: false,
    v8_splitRouteModules: false,
    v8_viteEnvironmentApi: false,
    v8_passThroughRequests: false,
    v8_trailingSlashAwareDataRequests: false,
  },
  // The page's scripts wait for the visitor's first input (web/progressive/page-scripts.server.ts).
  async buildEnd({ reactRouterConfig }) {
    const clientDirectory = join(reactRouterConfig.buildDirectory, "client");
    await startScriptsOnFirstInput(clientDirectory);
    await writeScentGuidePdf(clientDirectory);
    // Last, once every file is final: each text file compressed once (server/precompress.ts).
    await precompressFiles(clientDirectory);
  },
} satisfies Config;
