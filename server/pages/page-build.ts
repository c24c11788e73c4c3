/**
 * React Router's server build (`npm run build` writes it to BUILD_DIR/server), loaded once
 * per process, and the id that says whether the page store holds its pages.
 */
import { createHash } from "node:crypto";
import { readdir, readFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { pathToFileURL } from "node:url";
import type { ServerBuild } from "react-router";

export type PageBuild = {
  build: ServerBuild;
  /** A digest of every file of the server build: any change of code or text gives a new id. */
  id: string;
};

const loaded = new Map<string, Promise<PageBuild>>();

/** The server build in `serverBuildFile`, loaded once per process (a build does not change under a running server). */
export function loadPageBuild(serverBuildFile: string): Promise<PageBuild> {
  let build = loaded.get(serverBuildFile);
  if (!build) {
    build = readPageBuild(serverBuildFile);
    loaded.set(serverBuildFile, build);
    build.catch(() => loaded.delete(serverBuildFile));
  }
  return build;
}

async function readPageBuild(serverBuildFile: string): Promise<PageBuild> {
  const folder = dirname(serverBuildFile);
  const hash = createHash("sha256");
  const files = (await readdir(folder, { recursive: true, withFileTypes: true }))
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name))
    .sort();
  for (const file of files) {
    hash.update(file.slice(folder.length));
    hash.update(await readFile(file));
  }
  const build = (await import(pathToFileURL(serverBuildFile).href)) as ServerBuild;
  return { build, id: hash.digest("base64url").slice(0, 16) };
}
