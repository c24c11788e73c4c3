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
} satisfies Config;
