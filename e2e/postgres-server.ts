/**
 * A test server on PostgreSQL, for the browser tests that must hold on both databases (the
 * others' servers use the embedded one): started by the test file that needs it, only when
 * TEST_DATABASE_URL names a role that may create databases (CI sets it: .ci/run). It gets a
 * database of its own, seeded with the accounts of seed-accounts.ts and dropped when it stops,
 * so nothing else on that PostgreSQL is disturbed. Administrators there must set up an
 * authenticator app, as on the two-factor server.
 */
import { execFile } from "node:child_process";
import { rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { buildServerEnv, projectDir, startServerProcess } from "#testing/server-process";
import { createEmptyPostgresDatabase } from "#testing/test-databases";
import { twoFactorServerSettings } from "./accounts-server";

// Tests are not the app: the setting they read is the test database's.
export const postgresUrl = process.env.TEST_DATABASE_URL;

// +50 to +53 are the accounts, two-factor, last-administrator and members' servers.
export const postgresPort = Number(process.env.E2E_PORT ?? 3100) + 54;
export const postgresBaseUrl = `http://localhost:${postgresPort}`;
const dataDir = join(tmpdir(), `e2e-postgres-${postgresPort}`);

/** Starts the server (its first start renders the site into its page store) and says how to stop it. */
export async function startPostgresServer(): Promise<{ stop(): Promise<void> }> {
  if (!postgresUrl) throw new Error("TEST_DATABASE_URL is not set");
  const database = await createEmptyPostgresDatabase(postgresUrl);
  try {
    await promisify(execFile)(
      process.execPath,
      ["--import", "tsx", "e2e/seed-accounts.ts", dataDir, postgresBaseUrl, database.url],
      { cwd: projectDir },
    );
    const server = await startServerProcess({
      env: buildServerEnv({
        port: postgresPort,
        dataDir,
        databaseUrl: database.url,
        settings: { ...twoFactorServerSettings, LOG_LEVEL: "warn" },
      }),
    });
    return {
      async stop() {
        await server.stop();
        await database.drop();
        await rm(dataDir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await database.drop();
    throw error;
  }
}
