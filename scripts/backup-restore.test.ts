/**
 * The move the README promises, through the commands and real servers: a
 * backup of the embedded database taken while its server runs (asked of that
 * server), restored into PostgreSQL, and back again, with every row, the
 * material files (files in the data folder on the embedded database, rows on
 * PostgreSQL) and a signed-in browser's session carried over each way.
 */
import { execFile } from "node:child_process";
import { randomBytes, randomUUID } from "node:crypto";
import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Readable } from "node:stream";
import { buffer } from "node:stream/consumers";
import { promisify } from "node:util";
import { AuthClient } from "@supabase/auth-js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DatabaseHandle, openDatabase } from "#database/open-database";
import { materialChunks, materials } from "#database/schema";
import { materialsDir } from "#server/materials/material-files";
import { createDatabaseStore, createFileStore } from "#server/materials/material-store";
import { authStorageKey } from "#shared/auth-storage-key";
import { readEveryRow } from "#testing/database-contents";
import {
  buildServerEnv,
  confirmByMail,
  findFreePort,
  projectDir,
  type ServerProcess,
  startServerProcess,
} from "#testing/server-process";
import { createEmptyPostgresDatabase, postgresUrl } from "#testing/test-databases";

const jwtSecret = "a-shared-secret-of-the-servers-before-and-after-the-move";
const run = promisify(execFile);

/** Runs `npm run <script> -- args` (its tsx entry) with the settings of a server. */
async function runCommand(script: string, args: string[], env: Record<string, string>) {
  try {
    const { stdout } = await run(
      process.execPath,
      ["--import", "tsx", `scripts/${script}.ts`, ...args],
      {
        cwd: projectDir,
        env: { ...process.env, ...env },
      },
    );
    return { code: 0, stdout };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: `${failed.stdout}${failed.stderr}` };
  }
}

function createStorage() {
  const map = new Map<string, string>();
  return {
    map,
    getItem: (key: string) => map.get(key) ?? null,
    setItem: (key: string, value: string) => void map.set(key, value),
    removeItem: (key: string) => void map.delete(key),
  };
}

/** A video of the members' section, its file 600 KiB (two whole chunks and part of a third). */
const video = {
  id: randomUUID(),
  bytes: randomBytes(600 * 1024),
  version: 2,
};

/** Puts the video's row and file into an embedded database that no server holds yet. */
async function addVideo(dataDir: string) {
  const handle = await openDatabase({ dataDir });
  try {
    await handle.db.insert(materials).values({
      id: video.id,
      place: "members",
      kind: "video",
      title: "Večerní rituál",
      fileName: "vecerni-ritual.mp4",
      contentType: "video/mp4",
      size: video.bytes.length,
      fileVersion: video.version,
    });
    await createFileStore(materialsDir(dataDir)).write(
      video.id,
      video.version,
      Readable.from([video.bytes]),
    );
  } finally {
    await handle.close();
  }
}

/** Every row, the material files' chunks aside (the embedded database keeps them as files). */
async function rowsBesideFiles(handle: DatabaseHandle) {
  const { material_chunks: _chunks, ...rest } = await readEveryRow(handle);
  return rest;
}

const storage = createStorage();
/** One browser: its stored session travels with it from server to server. */
function browserOn(server: ServerProcess) {
  return new AuthClient({
    url: `${server.baseUrl}/auth/v1`,
    storageKey: authStorageKey("127"),
    storage,
    persistSession: true,
    autoRefreshToken: false,
    detectSessionInUrl: false,
    headers: { "X-Forwarded-For": "198.51.100.77" },
  });
}

describe.skipIf(!postgresUrl)("moving from the embedded database to PostgreSQL and back", () => {
  let directory: string;
  const servers: ServerProcess[] = [];
  let postgres: Awaited<ReturnType<typeof createEmptyPostgresDatabase>>;

  async function startServer(settings: { dataDir: string; databaseUrl?: string }) {
    const port = await findFreePort();
    const server = await startServerProcess({
      seedDatabase: true,
      env: buildServerEnv({
        port,
        host: "127.0.0.1",
        buildDir: join(directory, "no-build"),
        ...settings,
        settings: { JWT_SECRET: jwtSecret, TRUST_PROXY: "true" },
      }),
    });
    servers.push(server);
    return server;
  }

  beforeAll(async () => {
    directory = await mkdtemp(join(tmpdir(), "move-test-"));
    postgres = await createEmptyPostgresDatabase(postgresUrl as string);
  });
  afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop()));
    await postgres?.drop();
    await rm(directory, { recursive: true, force: true });
  });

  it("carries every row and a signed-in session over, with the backup taken while each server runs", async () => {
    const embedded = join(directory, "embedded");
    await addVideo(embedded);
    const first = await startServer({ dataDir: embedded });
    const signedUp = await browserOn(first).signUp({
      email: "katerina@example.cz",
      password: "heslo-123",
      options: { data: { full_name: "Kateřina" } },
    });
    expect(signedUp.error).toBeNull();
    await confirmByMail(first, join(embedded, "mail"), "katerina@example.cz");
    const signedIn = await browserOn(first).signInWithPassword({
      email: "katerina@example.cz",
      password: "heslo-123",
    });
    expect(signedIn.error).toBeNull();
    const form = await fetch(`${first.baseUrl}/api/form-submissions`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-Forwarded-For": "203.0.113.9" },
      body: JSON.stringify({
        formType: "gift_ritual",
        name: "Šárka Dvořáková",
        email: "sarka@example.cz",
        privacyConsent: true,
        website: "",
      }),
    });
    expect(form.status).toBe(201);

    // The server holds the folder: the command asks it for the backup.
    const toPostgres = join(directory, "embedded.jsonl.gz");
    const backup = await runCommand("backup", [toPostgres], {
      DATA_DIR: embedded,
      DATABASE_URL: "",
    });
    expect(backup.stdout).toMatch(
      /^Backup written to .*embedded\.jsonl\.gz: \d+ rows of \d+ tables/,
    );
    expect(backup.code).toBe(0);
    await first.stop();

    const restore = await runCommand("restore", [toPostgres], {
      DATA_DIR: join(directory, "unused"),
      DATABASE_URL: postgres.url,
    });
    expect(restore.stdout).toMatch(/^Restored \d+ rows from the backup taken at /);
    expect(restore.code).toBe(0);
    const embeddedHandle = await openDatabase({ dataDir: embedded });
    const postgresHandle = await openDatabase({ databaseUrl: postgres.url });
    try {
      expect(await rowsBesideFiles(postgresHandle)).toEqual(await rowsBesideFiles(embeddedHandle));
      // The file is in PostgreSQL now, as the rows its store reads.
      const chunks = await postgresHandle.db
        .select({ seq: materialChunks.seq })
        .from(materialChunks);
      expect(chunks.map((chunk) => chunk.seq).sort()).toEqual([0, 1, 2]);
      const read = createDatabaseStore(postgresHandle.db).read(
        video.id,
        video.version,
        0,
        video.bytes.length - 1,
      );
      expect((await buffer(read)).equals(video.bytes)).toBe(true);
    } finally {
      await embeddedHandle.close();
      await postgresHandle.close();
    }

    const second = await startServer({
      dataDir: join(directory, "pg-server"),
      databaseUrl: postgres.url,
    });
    const onPostgres = await browserOn(second).getUser();
    expect(onPostgres.error).toBeNull();
    expect(onPostgres.data.user?.email).toBe("katerina@example.cz");

    // And back, the backup taken from PostgreSQL while its server runs.
    const toEmbedded = join(directory, "postgres.jsonl.gz");
    expect(
      (
        await runCommand("backup", [toEmbedded], {
          DATA_DIR: join(directory, "unused"),
          DATABASE_URL: postgres.url,
        })
      ).code,
    ).toBe(0);
    await second.stop();
    const embeddedAgain = join(directory, "embedded-again");
    const refused = await runCommand("restore", [toEmbedded], {
      DATA_DIR: embedded,
      DATABASE_URL: "",
    });
    expect(refused.code).toBe(1);
    expect(refused.stdout).toMatch(/^Nothing was restored: The database is not empty/);
    const restoredBack = await runCommand("restore", [toEmbedded], {
      DATA_DIR: embeddedAgain,
      DATABASE_URL: "",
    });
    expect(restoredBack.stdout).toMatch(/ and wrote 1 material file\.$/m);
    expect(restoredBack.code).toBe(0);
    // Back in the data folder as a file, and out of the embedded database.
    expect(await readdir(materialsDir(embeddedAgain))).toEqual([`${video.id}.${video.version}`]);
    expect(
      (await readFile(join(materialsDir(embeddedAgain), `${video.id}.${video.version}`))).equals(
        video.bytes,
      ),
    ).toBe(true);
    const embeddedAgainHandle = await openDatabase({ dataDir: embeddedAgain });
    try {
      expect(await embeddedAgainHandle.db.select().from(materialChunks)).toEqual([]);
    } finally {
      await embeddedAgainHandle.close();
    }

    const third = await startServer({ dataDir: embeddedAgain });
    const back = await browserOn(third).getUser();
    expect(back.error).toBeNull();
    expect(back.data.user?.email).toBe("katerina@example.cz");
    const refreshed = await browserOn(third).refreshSession();
    expect(refreshed.error).toBeNull();
  }, 600_000);
});
