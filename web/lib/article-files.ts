import { readdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { paths } from "#shared/routes";

/*
 * Which articles exist, read from the folder, for the build's page list, the
 * performance runner and the tests (they run from the sources, not the
 * build). No `~` imports: React Router reads react-router.config.ts, which
 * imports this file, without Vite's aliases.
 */

/** The owner's guide in the folder is not an article. */
export const articleGuideFile = "README.md";

// A variable, not a literal: Vite would otherwise take `new URL(…, import.meta.url)` for an asset.
const articleFolder = "../../content/blog/";

/** The slug of every article file. */
export function listArticleSlugs(): string[] {
  return readdirSync(fileURLToPath(new URL(articleFolder, import.meta.url)))
    .filter((file) => file.endsWith(".md") && file !== articleGuideFile)
    .map((file) => file.slice(0, -".md".length))
    .sort();
}

/** The address of every article, as `articlePath` in web/lib/blog-paths.ts writes it. */
export function listArticlePaths(): string[] {
  return listArticleSlugs().map((slug) => `${paths.blog}/${slug}`);
}
