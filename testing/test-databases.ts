/**
 * The databases the integration tests run against: the embedded PGlite
 * always, and a real PostgreSQL when TEST_DATABASE_URL is set (CI sets it,
 * and in CI its absence is an error, never a silent skip). Each PostgreSQL
 * handle gets a database of its own, so test files can run in parallel; it
 * is dropped on close.
 */
import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import pg from "pg";
import { type DatabaseHandle, openDatabase } from "#database/open-database";

export type TestDatabase = {
  name: "PGlite" | "PostgreSQL";
  /** A fresh, migrated database. */
  open(): Promise<TestDatabaseHandle>;
};

export type TestDatabaseHandle = DatabaseHandle & {
  /** A second handle on the same data, as a second server would have it (PostgreSQL only). */
  openAnother?: () => Promise<DatabaseHandle>;
};

/** Opening PGlite takes seconds, far more on a busy machine: a hook timeout for it. */
export const openTimeoutMs = 180_000;
/** A test of a few queries and an SMTP exchange, with room for a machine busy with other tests. */
export const testTimeoutMs = 30_000;

/**
 * PGlite, and PostgreSQL when `TEST_DATABASE_URL` names one. In CI a missing
 * URL throws: the PostgreSQL half of the suite must fail there, not vanish.
 */
export function listTestDatabases(
  env: Partial<Record<"CI" | "TEST_DATABASE_URL", string>>,
): TestDatabase[] {
  const url = env.TEST_DATABASE_URL;
  if (!url && env.CI) {
    throw new Error(
      "CI is set but TEST_DATABASE_URL is not: the tests would skip PostgreSQL. " +
        "Run them through .ci/run (it starts PostgreSQL and sets TEST_DATABASE_URL), " +
        "or set TEST_DATABASE_URL to a role with CREATEDB.",
    );
  }
  return [
    { name: "PGlite", open: () => openDatabase({ dataDir: "memory" }) },
    ...(url ? [{ name: "PostgreSQL" as const, open: () => openFreshPostgres(url) }] : []),
  ];
}

// Tests are not the app: the settings they read are the test database and CI.
export const postgresUrl = process.env.TEST_DATABASE_URL;

export const testDatabases: TestDatabase[] = listTestDatabases(process.env);

export async function openFreshPostgres(adminUrl: string): Promise<TestDatabaseHandle> {
  const empty = await createEmptyPostgresDatabase(adminUrl);
  const handle = await openDatabase({ databaseUrl: empty.url });
  return {
    ...handle,
    openAnother: () => openDatabase({ databaseUrl: empty.url }),
    async close() {
      await handle.close();
      await empty.drop();
    },
  };
}

/** A new, empty PostgreSQL database (no tables yet), and a way to drop it. */
export async function createEmptyPostgresDatabase(adminUrl: string) {
  const name = `test_${randomUUID().replaceAll("-", "")}`;
  // Whatever the cluster's default, the tests need UTF-8, as production does.
  await runAsAdmin(
    adminUrl,
    `create database ${name} template template0 encoding 'UTF8' lc_collate 'C' lc_ctype 'C'`,
  );
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.href,
    drop: () => dropDatabase(adminUrl, name),
  };
}

/**
 * Drops a test database, its connections ended. An autovacuum worker (a
 * superuser's process) on it cannot be ended by the test role: it finishes
 * within moments, so the drop is tried again.
 */
async function dropDatabase(adminUrl: string, name: string) {
  for (let attempt = 1; ; attempt += 1) {
    try {
      await runAsAdmin(adminUrl, `drop database if exists ${name} with (force)`);
      return;
    } catch (error) {
      const insufficientPrivilege = (error as { code?: string }).code === "42501";
      if (!insufficientPrivilege || attempt >= 20) throw error;
      await new Promise((wait) => setTimeout(wait, 500));
    }
  }
}

async function runAsAdmin(adminUrl: string, statement: string) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** Empties every table, between tests that share one database. */
export async function emptyTables(handle: DatabaseHandle) {
  await handle.db.execute(
    sql`truncate table mail_outbox, form_submissions, rate_limit_counters, gift_wait_notices restart identity cascade`,
  );
}
