/**
 * A migrated, empty embedded database, copied into a test server's data folder
 * before it starts: the server (or a seeding script) then opens it instead of
 * creating one. A server then starts in 2.6 s and 4.3 s of processor time
 * instead of 7.1 s and 11.5 s (PGlite's initdb); the browser tests alone start
 * seven. Made once per machine and set of migrations, in the system's temporary
 * folder. The server's own first start on an empty folder stays tested where it
 * is the subject (database/open-database.test.ts, the bench's start-up figures).
 *
 * When a build is there (BUILD_DIR, `build` by default), the template's page store holds its
 * rendered pages too, so a server started on a copy does not render the site again (about 20 s
 * of processor time each; server/pages/).
 *
 * Two ways in: `startServerProcess({ seedDatabase: true })` when the server is
 * the first to open the folder, `seedEmbeddedDatabase` when a test writes to the
 * database before the server starts.
 */
import { execFile } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdir, mkdtemp, readdir, readFile, rename, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { promisify } from "node:util";
import { openDatabase } from "#database/open-database";
import { loadPageBuild } from "#server/pages/page-build";

const projectDir = resolve(import.meta.dirname, "..");
const serverBuildFile = resolve(projectDir, process.env.BUILD_DIR ?? "build", "server", "index.js");

/** Copies the template into `dataDir` unless it already holds a database. */
export async function seedEmbeddedDatabase(dataDir: string): Promise<void> {
  const target = join(dataDir, "pglite");
  if (existsSync(target)) return;
  const template = await templateDir();
  await mkdir(dataDir, { recursive: true });
  // cp(1): 50 ms for its 1,100 files, where Node's fs.cp took 700 ms.
  await promisify(execFile)("cp", ["-r", template, target]);
}

let made: Promise<string> | undefined;

function templateDir(): Promise<string> {
  made ??= makeTemplate().catch((error: unknown) => {
    made = undefined;
    throw error;
  });
  return made;
}

async function makeTemplate(): Promise<string> {
  const dir = join(tmpdir(), `harmonie-pglite-template-${await templateKey()}`);
  if (existsSync(join(dir, "PG_VERSION"))) return dir;
  // Built aside and renamed into place, so a process that finds it finds it whole.
  const building = await mkdtemp(join(tmpdir(), "harmonie-pglite-template-building-"));
  try {
    const handle = await openDatabase({ dataDir: building });
    await handle.close();
    if (existsSync(serverBuildFile)) {
      await promisify(execFile)(
        process.execPath,
        ["--import", "tsx", "testing/render-template-pages.ts", building, serverBuildFile],
        { cwd: projectDir, env: { ...process.env, NODE_ENV: "production" } },
      );
    }
    await rename(join(building, "pglite"), dir).catch((error: unknown) => {
      // Another test process put its copy there first: the same migrations, so either will do.
      if (!existsSync(join(dir, "PG_VERSION"))) throw error;
    });
  } finally {
    await rm(building, { recursive: true, force: true });
  }
  return dir;
}

/**
 * The migrations, PGlite's version, the build and the server's, shared and web sources (which pages
 * the store holds, the seeded content): a template made by other ones is never used. A screen
 * added to the client-only list once kept being served from an older template's store.
 */
async function templateKey(): Promise<string> {
  const hash = createHash("sha256");
  const pglite = JSON.parse(
    await readFile(join(projectDir, "node_modules/@electric-sql/pglite/package.json"), "utf8"),
  ) as { version: string };
  hash.update(pglite.version);
  if (existsSync(serverBuildFile)) hash.update((await loadPageBuild(serverBuildFile)).id);
  const migrations = join(projectDir, "database/migrations");
  const files = (await readdir(migrations, { recursive: true })).sort();
  for (const file of files) {
    if (!file.endsWith(".sql") && !file.endsWith(".json")) continue;
    hash.update(file);
    hash.update(await readFile(join(migrations, file)));
  }
  // web/ too: the page finishing the store's pages went through lives there
  // (web/progressive/*.server.ts), outside the build; a template made before a change to it
  // kept serving the pages and stylesheet files it had made.
  for (const folder of ["server", "shared", "web"]) {
    const sources = (await readdir(join(projectDir, folder), { recursive: true })).sort();
    for (const file of sources) {
      if (!/\.tsx?$/.test(file) || /\.test\.tsx?$/.test(file)) continue;
      hash.update(file);
      hash.update(await readFile(join(projectDir, folder, file)));
    }
  }
  return hash.digest("hex").slice(0, 16);
}
