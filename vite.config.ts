import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig, type Plugin } from "vite";

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

/**
 * What every page runs at its first input, in one chunk: the modules the root route imports
 * statically (React, React Router, the header, the menu, the site's small helpers). Left to the
 * automatic splitting, they were seventeen files, cut by which other routes share each; every
 * page loads all of them, and each file costs its own gzip frame and the import lines naming it:
 * about 3 KiB gzip of every page's first input (docs/performance.md, "Session 27"). The browser
 * build only (the server's bundle is not downloaded). The modules are found by walking the module
 * graph once it is built, so a new import of the root joins the chunk by itself.
 */
function everyPageChunk(): { plugin: Plugin; test: (id: string) => boolean } {
  const everyPage = new Set<string>();
  const root = /[\\/]web[\\/]root\.tsx$/;
  const plugin: Plugin = {
    name: "every-page-chunk",
    apply: "build",
    buildEnd() {
      const roots = [...this.getModuleIds()].filter((id) => root.test(id));
      for (let pending = [...roots], id = pending.pop(); id; id = pending.pop()) {
        if (everyPage.has(id)) continue;
        everyPage.add(id);
        pending.push(...(this.getModuleInfo(id)?.importedIds ?? []));
      }
      for (const id of roots) everyPage.delete(id);
    },
  };
  // Not lucide-react: a module of the root's imports names its whole index, and its 1,900 icons
  // are left out by tree-shaking only when no group holds them; the root's own icons come in as
  // the dependencies of the modules that use them.
  return { plugin, test: (id) => everyPage.has(id) && !id.includes("lucide-react") };
}

const { plugin: everyPagePlugin, test: isOnEveryPage } = everyPageChunk();

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [tailwindcss(), reactRouter(), ...(isSsrBuild ? [] : [everyPagePlugin])],
  resolve: { tsconfigPaths: true },
  build: {
    rolldownOptions: {
      // Pre-rendering every page runs inside React Router's plugin and is most of
      // the build by design; Rolldown's warning that plugins take the time says
      // nothing to act on.
      checks: { bundlerTimings: false },
      ...(!isSsrBuild && {
        output: { codeSplitting: { groups: [{ name: "site", test: isOnEveryPage }] } },
      }),
    },
    // Fonts stay files, however small: the Content-Security-Policy allows no `data:` fonts, a
    // font inside the page would be parsed with every page, and a file is cached for the next.
    assetsInlineLimit: (file) => (file.endsWith(".woff2") ? false : undefined),
  },
}));
