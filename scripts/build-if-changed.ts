/**
 * `npm start` (scripts/start.ts) builds the site only when its inputs changed
 * since the last build it made: a second start takes seconds, not a build. The
 * inputs' contents (not their modification times, which a checkout or a copy
 * changes) are hashed and the hash is kept next to the build. Anything
 * unusual (no hash, another hash, a build that failed half-way) builds
 * again; `npm run build` always builds.
 */
import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { readdir, readFile, rm, writeFile } from "node:fs/promises";
import { join, relative, sep } from "node:path";

/**
 * What the build reads: the web app, what it shares with the server, static files, the blog's
 * articles, the one server module the build runs (it compresses the files), the build's
 * configuration and the dependencies' versions.
 */
export const buildInputs = [
  "web",
  "shared",
  "public",
  "content",
  "server/precompress.ts",
  "package.json",
  "package-lock.json",
  "react-router.config.ts",
  "vite.config.ts",
  "tsconfig.json",
];

/** The file in the build folder that holds the hash of the inputs it was built from. */
export const stampFile = "build-inputs.sha256";

async function listFiles(path: string): Promise<string[]> {
  if (!existsSync(path)) return [];
  const entries = await readdir(path, { withFileTypes: true, recursive: true }).catch(
    (error: NodeJS.ErrnoException) => {
      if (error.code === "ENOTDIR") return null; // a file, not a folder
      throw error;
    },
  );
  if (entries === null) return [path];
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name));
}

/** One hash over the names and contents of every input file, in a fixed order. */
export async function hashBuildInputs(root: string): Promise<string> {
  const files = (await Promise.all(buildInputs.map((input) => listFiles(join(root, input)))))
    .flat()
    .map((file) => relative(root, file).split(sep).join("/"))
    .sort();
  const hash = createHash("sha256");
  for (const file of files) {
    hash.update(`${file}\0`);
    hash.update(await readFile(join(root, file)));
    hash.update("\0");
  }
  return hash.digest("hex");
}

/** Whether `buildDir` holds a build made from inputs with this hash. */
export async function isBuildCurrent(buildDir: string, inputsHash: string): Promise<boolean> {
  const stamp = await readFile(join(buildDir, stampFile), "utf8").catch(() => "");
  return stamp.trim() === inputsHash && existsSync(join(buildDir, "server", "index.js"));
}

/** Builds unless the build is current; false when a build was needed and failed. */
export async function buildIfChanged(
  root: string,
  buildDir: string,
  build: () => boolean | Promise<boolean>,
): Promise<"current" | "built" | "failed"> {
  // Hashed before building: a file edited during the build makes the next start build again.
  const inputsHash = await hashBuildInputs(root);
  if (await isBuildCurrent(buildDir, inputsHash)) return "current";
  // A build that stops half-way must not leave the old stamp on a broken build.
  await rm(join(buildDir, stampFile), { force: true });
  if (!(await build())) return "failed";
  await writeFile(join(buildDir, stampFile), `${inputsHash}\n`);
  return "built";
}
