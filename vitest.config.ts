import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    include: ["{web,server,shared,database,scripts,perf,testing}/**/*.test.{ts,tsx}"],
    environment: "node",
  },
});
