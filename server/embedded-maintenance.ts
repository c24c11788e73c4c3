/**
 * PostgreSQL's autovacuum for the embedded database, which has none: without
 * it, its tables never get statistics and never lose their dead rows. Without
 * statistics the planner guesses, and guesses badly once a table grows: with
 * 60,000 e-mails waiting, the mail worker's claim read the whole outbox for
 * every message it checked (300 ms a claim, and the embedded database runs
 * one statement at a time, so every request waited too); with statistics it
 * takes a millisecond. The thresholds are autovacuum's defaults.
 */
import { sql } from "drizzle-orm";
import { type Database, rowsOf } from "#database/open-database";
import { summarizeError } from "./error-summary";
import { log } from "./logger";

/** A table is analysed once more than this many rows, plus a share of its rows, have changed. */
const analyzeThreshold = { rows: 50, share: 0.1 };
/** A table is vacuumed (and analysed) once it holds more than this many dead rows, plus a share. */
const vacuumThreshold = { rows: 50, share: 0.2 };

export type MaintenanceReport = { analyzed: string[]; vacuumed: string[] };

type TableActivity = {
  schema: string;
  table: string;
  live: number;
  dead: number;
  modified: number;
  neverAnalyzed: boolean;
};

/**
 * Analyses the tables that changed enough since they were last analysed (or
 * never were), and vacuums those with enough dead rows; says which.
 */
export async function maintainTables(db: Database): Promise<MaintenanceReport> {
  const rows = await rowsOf<TableActivity>(
    db,
    sql`
    select s.schemaname as "schema", s.relname as "table", s.n_live_tup::int as "live",
      s.n_dead_tup::int as "dead", s.n_mod_since_analyze::int as "modified",
      c.reltuples < 0 as "neverAnalyzed"
    from pg_stat_user_tables s join pg_class c on c.oid = s.relid
    order by s.schemaname, s.relname`,
  );
  const report: MaintenanceReport = { analyzed: [], vacuumed: [] };
  for (const activity of rows) {
    const name = sql`${sql.identifier(activity.schema)}.${sql.identifier(activity.table)}`;
    const label = `${activity.schema}.${activity.table}`;
    if (activity.dead > vacuumThreshold.rows + vacuumThreshold.share * activity.live) {
      await db.execute(sql`vacuum (analyze) ${name}`);
      report.vacuumed.push(label);
    } else if (
      activity.neverAnalyzed ||
      activity.modified > analyzeThreshold.rows + analyzeThreshold.share * activity.live
    ) {
      await db.execute(sql`analyze ${name}`);
      report.analyzed.push(label);
    }
  }
  return report;
}

/**
 * Runs `maintainTables` at once and then every `intervalMs` (a look at the
 * statistics views costs about a millisecond; the work itself only what a
 * table's changes call for). The embedded database runs one statement at a
 * time, so an analysis of a large table holds every request meanwhile: each
 * run first awaits `beforeRun` (a moment without requests, as the mail worker
 * does, but waiting up to a minute).
 */
export function startEmbeddedMaintenance({
  db,
  intervalMs = 10_000,
  beforeRun,
}: {
  db: Database;
  intervalMs?: number;
  beforeRun?: () => Promise<void>;
}) {
  let running = Promise.resolve();
  let pending = false;
  let stopped = false;
  const run = () => {
    // A run still waiting for its moment covers this one too.
    if (pending) return;
    pending = true;
    running = running.then(async () => {
      try {
        await beforeRun?.();
        // The moment may come from the server closing: no work then.
        if (stopped) return;
        const { analyzed, vacuumed } = await maintainTables(db);
        if (analyzed.length + vacuumed.length > 0) {
          log.debug({ analyzed, vacuumed }, "Embedded database: tables maintained");
        }
      } catch (error) {
        log.warn(
          { error: summarizeError(error) },
          "Embedded database: maintenance failed; trying again later",
        );
      } finally {
        pending = false;
      }
    });
  };
  run();
  const timer = setInterval(run, intervalMs);
  timer.unref();
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
