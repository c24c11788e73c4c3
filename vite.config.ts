import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

// React Router 7 passes Vite 8 the deprecated `envFile: false` in its own
// internal Vite servers, which prints "The `envFile` option is deprecated"
// several times a build; harmless, fixed in React Router 8
// (remix-run/react-router#15230). This drops that one line and nothing else
// (React Router prints it once before this file is read).
const warn = console.warn;
console.warn = (...args: unknown[]) => {
  if (typeof args[0] === "string" && args[0].includes("The `envFile` option is deprecated")) return;
  warn(...args);
};

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  resolve: { tsconfigPaths: true },
  build: {
    // Pre-rendering every page runs inside React Router's plugin and is most of
    // the build by design; Rolldown's warning that plugins take the time says
    // nothing to act on.
    rolldownOptions: { checks: { bundlerTimings: false } },
    // Fonts stay files, however small: the Content-Security-Policy allows no `data:` fonts, a
    // font inside the page would be parsed with every page, and a file is cached for the next.
    assetsInlineLimit: (file) => (file.endsWith(".woff2") ? false : undefined),
  },
});
