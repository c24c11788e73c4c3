import type { Config } from "@react-router/dev/config";
import { publicRoutePaths } from "./shared/routes";

export default {
  appDirectory: "web",
  // BUILD_DIR lets several builds live side by side (the server reads the same setting).
  buildDirectory: process.env.BUILD_DIR ?? "build",
  // Public pages ship as real HTML; sign-in and administration are client-only
  // screens served through the SPA fallback.
  ssr: false,
  prerender: [...publicRoutePaths, "/404"],
} satisfies Config;
