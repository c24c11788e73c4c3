/**
 * Part 3: from spawning `server/main.ts` to the first 200 of /healthz, and the
 * server's resident memory once it answers, on a fresh database (migrations
 * run) and on a second start of the same data.
 */
import { benchDatabaseNames, createBenchDatabase, postgresAdminUrl } from "./databases";
import { startServer } from "./server-process";

export async function benchStartup({ port }: { port: number }): Promise<string> {
  const lines = [
    "## 3. Start-up",
    "",
    "Spawn of `node --import tsx server/main.ts` to the first 200 of `/healthz`; RSS of that process right after, and again after 2 s idle.",
    "",
    "| Database | start | start-up ms | RSS MB at first answer | RSS MB 2 s later |",
    "|---|---|---:|---:|---:|",
  ];
  for (const name of benchDatabaseNames()) {
    const database = await createBenchDatabase(name, `startup-${name.toLowerCase()}`);
    try {
      for (const label of ["fresh (migrations)", "second (existing data)"]) {
        const server = await startServer({
          port,
          dataDir: database.dataDir,
          databaseUrl: database.databaseUrl,
        });
        try {
          const rss = await server.readRssBytes();
          await new Promise((resolve) => setTimeout(resolve, 2000));
          const later = await server.readRssBytes();
          lines.push(
            `| ${name} | ${label} | ${server.startupMs.toFixed(0)} | ${(rss / 2 ** 20).toFixed(0)} | ${(later / 2 ** 20).toFixed(0)} |`,
          );
        } finally {
          await server.stop();
        }
      }
    } finally {
      await database.dispose();
    }
  }
  if (!postgresAdminUrl) {
    lines.push("", "PostgreSQL: skipped (set `BENCH_DATABASE_URL` or `TEST_DATABASE_URL`).");
  }
  return lines.join("\n");
}
