import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  resolve: { tsconfigPaths: true },
  build: {
    // Pre-rendering every page runs inside React Router's plugin and is most of
    // the build by design; Rolldown's warning that plugins take the time says
    // nothing to act on.
    rolldownOptions: { checks: { bundlerTimings: false } },
  },
});
