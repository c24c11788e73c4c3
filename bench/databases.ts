/**
 * The two databases the bench compares: the embedded PGlite in a data folder
 * of its own, and PostgreSQL in a fresh database of its own (dropped after),
 * when BENCH_DATABASE_URL or TEST_DATABASE_URL names a server.
 */
import { rm } from "node:fs/promises";
import { type DatabaseHandle, openDatabase } from "#database/open-database";
import { createEmptyPostgresDatabase } from "#testing/test-databases";

// The bench is not the app: like the tests, it reads only its own settings.
export const postgresAdminUrl = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL;

export type BenchDatabase = {
  name: "PGlite" | "PostgreSQL";
  /** What the server is given: DATA_DIR, and DATABASE_URL for PostgreSQL. */
  dataDir: string;
  databaseUrl?: string;
  /** Opens the same data in this process (PGlite: only while no server holds it). */
  open(): Promise<DatabaseHandle>;
  dispose(): Promise<void>;
};

export async function createBenchDatabase(
  name: BenchDatabase["name"],
  label: string,
): Promise<BenchDatabase> {
  const dataDir = `/tmp/bench-${label}-${process.pid}`;
  await rm(dataDir, { recursive: true, force: true });
  if (name === "PGlite") {
    return {
      name,
      dataDir,
      open: () => openDatabase({ dataDir }),
      dispose: () => rm(dataDir, { recursive: true, force: true }),
    };
  }
  if (!postgresAdminUrl) throw new Error("No PostgreSQL URL given");
  const empty = await createEmptyPostgresDatabase(postgresAdminUrl);
  return {
    name,
    dataDir,
    databaseUrl: empty.url,
    open: () => openDatabase({ databaseUrl: empty.url }),
    async dispose() {
      await empty.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

export function benchDatabaseNames(): BenchDatabase["name"][] {
  return postgresAdminUrl ? ["PGlite", "PostgreSQL"] : ["PGlite"];
}
