/**
 * The data folder is the server's user's alone: a folder left open to others (the embedded
 * database as PGlite writes it, 0666) is closed at start, and what the server writes later
 * (the database's files, a mail's .eml) is never open to others.
 */

import { execFile } from "node:child_process";
import { chmod, lstat, mkdir, mkdtemp, readdir, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";
import { seedEmbeddedDatabase } from "#testing/embedded-database-template";
import { sampleContact } from "#testing/sample-submissions";
import {
  buildServerEnv,
  findFreePort,
  projectDir,
  spawnServerProcess,
  waitUntilAnswering,
} from "#testing/server-process";
import { makeFolderPrivate } from "./private-files";

/** Every file and folder under `dir` (itself included) with its permission bits, symbolic links aside. */
async function listModes(dir: string): Promise<Map<string, number>> {
  const modes = new Map<string, number>();
  const visit = async (path: string) => {
    const stats = await lstat(path);
    if (stats.isSymbolicLink()) return;
    modes.set(path, stats.mode & 0o777);
    if (stats.isDirectory()) {
      for (const name of await readdir(path)) await visit(join(path, name));
    }
  };
  await visit(dir);
  return modes;
}

/** The paths under `dir` that grant the group or other users anything, with their modes. */
async function openToOthers(dir: string): Promise<string[]> {
  return [...(await listModes(dir))]
    .filter(([, mode]) => (mode & 0o077) !== 0)
    .map(([path, mode]) => `${path.slice(dir.length)} ${mode.toString(8)}`);
}

/** Opens every file (0666) and folder (0777) under `dir` to everyone. */
async function openToEveryone(dir: string) {
  for (const [path] of await listModes(dir)) {
    await chmod(path, (await lstat(path)).isDirectory() ? 0o777 : 0o666);
  }
}

const folders: string[] = [];
afterAll(async () => {
  for (const folder of folders) await rm(folder, { recursive: true, force: true });
});

async function newFolder(prefix: string) {
  const folder = await mkdtemp(join(tmpdir(), prefix));
  folders.push(folder);
  return folder;
}

describe("makeFolderPrivate", () => {
  it("takes the group's and others' bits off every file and folder, keeps the owner's, leaves links alone", async () => {
    const dir = await newFolder("private-files-");
    const outside = await newFolder("private-files-outside-");
    await mkdir(join(dir, "a/b"), { recursive: true });
    await writeFile(join(dir, "a/b/data"), "x");
    await writeFile(join(dir, "a/tool"), "x");
    await writeFile(join(outside, "theirs"), "x");
    await symlink(join(outside, "theirs"), join(dir, "a/link"));
    await openToEveryone(dir);
    await chmod(join(dir, "a/tool"), 0o755);
    await chmod(join(outside, "theirs"), 0o644);

    expect(makeFolderPrivate(dir)).toEqual({ fixed: 5, failed: [] });
    const modes = await listModes(dir);
    expect(
      Object.fromEntries([...modes].map(([path, mode]) => [path.slice(dir.length), mode])),
    ).toEqual({
      "": 0o700,
      "/a": 0o700,
      "/a/b": 0o700,
      "/a/b/data": 0o600,
      "/a/tool": 0o700,
    });
    // Not followed: what a link points to is not the data folder's.
    expect((await lstat(join(outside, "theirs"))).mode & 0o777).toBe(0o644);
    // A second run finds nothing; a missing folder has nothing to fix.
    expect(makeFolderPrivate(dir)).toEqual({ fixed: 0, failed: [] });
    expect(makeFolderPrivate(join(dir, "missing"))).toEqual({ fixed: 0, failed: [] });
  });
});

describe("the server's data folder", () => {
  it("is closed to other users at start, with one line in the log, and stays so for what the server writes", async () => {
    const dataDir = await newFolder("private-data-");
    await seedEmbeddedDatabase(dataDir);
    await mkdir(join(dataDir, "mail"));
    await writeFile(join(dataDir, "mail", "earlier.eml"), "Subject: earlier\r\n\r\nearlier\r\n");
    await mkdir(join(dataDir, "materials"));
    await openToEveryone(dataDir);
    const before = (await openToOthers(dataDir)).length;
    expect(before).toBeGreaterThan(100);

    const server = spawnServerProcess({
      env: buildServerEnv({
        port: await findFreePort(),
        host: "127.0.0.1",
        dataDir,
        buildDir: join(dataDir, "no-build"),
      }),
    });
    try {
      await waitUntilAnswering(server, "/healthz", 150_000);
      const lines = server
        .output()
        .split("\n")
        .filter((line) => line.includes("made readable by this user only"));
      expect(lines).toHaveLength(1);
      expect(lines[0]).toContain(`${before} files and folders made readable by this user only`);
      expect(await openToOthers(dataDir)).toEqual([]);

      // A mail written as an .eml file, and the database's writes, while the server runs.
      const response = await fetch(`${server.baseUrl}/api/form-submissions`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify(sampleContact),
      });
      expect(response.status).toBe(201);
      const mailDir = join(dataDir, "mail");
      const deadline = Date.now() + 30_000;
      let written: string[] = [];
      while (Date.now() < deadline && written.length < 3) {
        written = (await readdir(mailDir)).filter((name) => name.endsWith(".eml"));
        await new Promise((wait) => setTimeout(wait, 100));
      }
      expect(written).toHaveLength(3);
      for (const name of written) {
        expect((await lstat(join(mailDir, name))).mode & 0o777).toBe(0o600);
      }
      expect(await openToOthers(dataDir)).toEqual([]);
    } finally {
      await server.stop();
    }
    // Nor after it stopped (its last checkpoint, the lock released).
    expect(await openToOthers(dataDir)).toEqual([]);
  }, 200_000);
});

describe("a command that opens the database", () => {
  it("closes the data folder too, and writes a backup and its new folder for its user only", async () => {
    const dataDir = await newFolder("private-cli-");
    await seedEmbeddedDatabase(dataDir);
    await openToEveryone(dataDir);
    const output = join(await newFolder("private-backup-"), "new-folder", "site.backup");

    const { stdout } = await promisify(execFile)(
      process.execPath,
      ["--import", "tsx", "scripts/backup.ts", output],
      { cwd: projectDir, env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "" } },
    );
    expect(stdout).toMatch(/^Backup written to /);
    expect((await lstat(output)).mode & 0o777).toBe(0o600);
    expect((await lstat(join(output, ".."))).mode & 0o777).toBe(0o700);
    expect(await openToOthers(dataDir)).toEqual([]);
  }, 120_000);
});
