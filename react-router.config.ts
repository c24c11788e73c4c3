import { join } from "node:path";
import type { Config } from "@react-router/dev/config";
import { precompressFiles } from "./server/precompress";

export default {
  appDirectory: "web",
  // BUILD_DIR lets several builds live side by side (the server reads the same setting).
  buildDirectory: process.env.BUILD_DIR ?? "build",
  // The server renders every page, once per build and at each publish, into the
  // page store it serves them from (server/pages/, docs/decisions/0020-page-renderer-and-store.md):
  // never per request. Sign-in and administration are client-only screens, each
  // rendered once as its shell; robots.txt, the sitemap, the feed and the
  // manifest are resource routes rendered into the store too.
  ssr: true,
  // Lazy route discovery (React Router's default): a page's manifest holds only its own routes,
  // and the browser asks `/__manifest` (server/pages/page-site.ts) for a link's, once its
  // scripts run. The whole site's manifest was about 3 KiB gzip of every page's first input.
  routeDiscovery: { mode: "lazy" },
  // React Router 8's changes, each to be tried with the whole test suite when
  // upgrading (some change the rendered pages, which the renderer edits).
  // Set, not left out, so that the build does not remind us of them each time.
  future: {
    v8_middleware: false,
    v8_splitRouteModules: false,
    v8_viteEnvironmentApi: false,
    v8_passThroughRequests: false,
    v8_trailingSlashAwareDataRequests: false,
  },
  async buildEnd({ reactRouterConfig }) {
    const clientDirectory = join(reactRouterConfig.buildDirectory, "client");
    // The scripts and styles compressed once (server/precompress.ts); pages are compressed as they are rendered.
    await precompressFiles(clientDirectory);
  },
} satisfies Config;
