/**
 * Opens the database the server runs on and brings its tables up to date:
 * PostgreSQL when a connection URL is given, otherwise the embedded PGlite in
 * a folder (locked against a second server) or, for tests, in memory.
 */
import { mkdir } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { PGlite } from "@electric-sql/pglite";
import { type SQL, sql } from "drizzle-orm";
import { drizzle as drizzleNodePostgres } from "drizzle-orm/node-postgres";
import { migrate as migrateNodePostgres } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT, PgTable } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { acquireFolderLock, type FolderLock } from "./folder-lock";
import { PGliteThread } from "./pglite-thread";
import * as schema from "./schema";

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export type DatabaseHandle = {
  db: Database;
  kind: "pglite" | "postgresql";
  /** Where the data lives, for the start-up log (never includes a password). */
  location: string;
  /** True when the database answers a trivial query. */
  isHealthy(): Promise<boolean>;
  /** This process's connections: all, idle, and queries waiting for one (the metrics). */
  poolStatus(): { total: number; idle: number; waiting: number };
  close(): Promise<void>;
};

export type DatabaseOptions =
  | { databaseUrl: string }
  /** The data folder of the embedded database, or "memory" for a throwaway one. */
  | { dataDir: string };

const migrationsFolder = fileURLToPath(new URL("./migrations", import.meta.url));
/** Serialises migrations of several servers starting at once on one PostgreSQL. */
const migrationLockKey = 4_630_117_021;

export type OpenOptions = {
  /** An error of an idle PostgreSQL connection (the server logs it; the pool replaces it). */
  onConnectionError?: (error: Error) => void;
  /**
   * The embedded database's thread stopped other than by `close()`: every statement fails from
   * then on (the server exits, to be started again). PostgreSQL's connections are replaced instead.
   */
  onLost?: (error: Error) => void;
  /**
   * How long a PostgreSQL query waits for one of the pool's connections before it fails (and
   * the API answers 503 with `Retry-After`). Tests shorten it.
   */
  poolWaitMs?: number;
};

/**
 * A burst (two hundred sign-ups the minute a workshop opens, on a busy machine) waits its turn
 * for one of the ten connections: after 5 s, a quarter of such a burst was answered 500.
 */
const defaultPoolWaitMs = 30_000;

/** The rows a raw statement answers: both drivers answer with `rows`, which the shared type does not say. */
export async function rowsOf<T>(db: Pick<Database, "execute">, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** Deletes the rows of `table` that `where` matches and says how many, in one statement on both drivers. */
export async function deleteCounting(
  db: Pick<Database, "execute">,
  table: PgTable,
  where: SQL,
): Promise<number> {
  const [row] = await rowsOf<{ deleted: number }>(
    db,
    sql`with gone as (delete from ${table} where ${where} returning 1) select count(*)::int as deleted from gone`,
  );
  return row?.deleted ?? 0;
}

export async function openDatabase(
  options: DatabaseOptions,
  {
    onConnectionError = (error) => console.error("PostgreSQL connection error:", error.message),
    onLost,
    poolWaitMs = defaultPoolWaitMs,
  }: OpenOptions = {},
): Promise<DatabaseHandle> {
  return "databaseUrl" in options
    ? openPostgres(options.databaseUrl, onConnectionError, poolWaitMs)
    : openPglite(options.dataDir, onLost);
}

async function openPglite(dir: string, onLost: OpenOptions["onLost"]): Promise<DatabaseHandle> {
  let lock: FolderLock | undefined;
  let dataDir: string | undefined;
  if (dir !== "memory") {
    await mkdir(dir, { recursive: true });
    lock = await acquireFolderLock(join(dir, "server.lock"));
    dataDir = join(dir, "pglite");
  }
  try {
    const client = dataDir ? await PGliteThread.start({ dataDir }) : await createInMemory();
    if (onLost) client.onLost(onLost);
    const db = drizzleOnThread(client);
    await migratePglite(db, { migrationsFolder });
    return {
      db,
      kind: "pglite",
      location: dataDir ?? "memory",
      isHealthy: () => answers(db),
      // One connection, inside the process.
      poolStatus: () => ({ total: 1, idle: 1, waiting: 0 }),
      async close() {
        await client.close();
        await lock?.release();
      },
    };
  } catch (error) {
    await lock?.release();
    throw error;
  }
}

/**
 * A database in memory (the tests') is a copy of one created and migrated once
 * in this process: creating PGlite's cluster takes 2.6 s of processor time,
 * loading a copy of one 0.65 s, and the suite opens dozens.
 */
let memoryTemplate: Promise<ArrayBuffer> | undefined;

async function createInMemory(): Promise<PGliteThread> {
  memoryTemplate ??= (async () => {
    const client = await PGliteThread.start({ fresh: true });
    try {
      await migratePglite(drizzleOnThread(client), { migrationsFolder });
      return await client.dumpDataDir();
    } finally {
      await client.close();
    }
  })();
  const template = await memoryTemplate.catch((error: unknown) => {
    memoryTemplate = undefined;
    throw error;
  });
  return PGliteThread.start({ template });
}

/** Drizzle's PGlite driver on the database's thread, which answers the calls it makes of a `PGlite`. */
function drizzleOnThread(client: PGliteThread) {
  return drizzlePglite({ client: client as unknown as PGlite, schema });
}

async function openPostgres(
  databaseUrl: string,
  onConnectionError: (error: Error) => void,
  poolWaitMs: number,
): Promise<DatabaseHandle> {
  const url = new URL(databaseUrl);
  const location = `${url.hostname}:${url.port || 5432}${url.pathname}`;
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    max: 10,
    connectionTimeoutMillis: poolWaitMs,
  });
  // An idle connection dropped by the server must not crash the process.
  pool.on("error", onConnectionError);
  try {
    const client = await pool.connect();
    try {
      // Limits count characters; in another encoding char_length would count bytes.
      const { rows } = await client.query<{ encoding: string }>(
        "select pg_encoding_to_char(encoding) as encoding from pg_database where datname = current_database()",
      );
      if (rows[0]?.encoding !== "UTF8") {
        throw new Error(`the database's encoding is ${rows[0]?.encoding}; create it with UTF8`);
      }
      await client.query("select pg_advisory_lock($1)", [migrationLockKey]);
      await migrateNodePostgres(drizzleNodePostgres({ client, schema }), { migrationsFolder });
    } finally {
      await client.query("select pg_advisory_unlock($1)", [migrationLockKey]).catch(() => {});
      client.release();
    }
  } catch (error) {
    await pool.end();
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`Cannot use the PostgreSQL database of DATABASE_URL (${location}): ${reason}`, {
      cause: error,
    });
  }
  const db = drizzleNodePostgres({ client: pool, schema });
  return {
    db,
    kind: "postgresql",
    location,
    isHealthy: () => answers(db),
    poolStatus: () => ({
      total: pool.totalCount,
      idle: pool.idleCount,
      waiting: pool.waitingCount,
    }),
    close: () => pool.end(),
  };
}

async function answers(db: Database): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}
