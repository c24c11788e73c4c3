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

/** A table never analysed is analysed once it takes this many pages (the planner's own floor). */
const neverAnalyzedPages = 10;

/**
 * A table whose statistics describe under a third of the rows it holds (and it holds more than
 * this many) is analysed at once, even amid requests: the planner then misjudges it by more than
 * threefold. A table analysed while small and then filled by a burst is the case: the mail
 * worker's claim, planned for a small outbox, sorted the whole backlog until the next analysis
 * (20–30 ms a claim with 20,000 e-mails waiting).
 */
const outgrownStatistics = { rows: 1000, share: 3 };

/**
 * The statistics target of an analysis amid requests (PostgreSQL's default is 100): it samples
 * 3,000 rows instead of 30,000 and keeps ten values of each column instead of a hundred. Enough
 * for the plans this app makes (keys, a status, dates in order); the next analysis at a pause,
 * once the table has changed enough again, takes the full sample. Analysing three tables of
 * 12,000 rows at the default held the embedded database for about 300 ms under the bench's load.
 */
const quickStatisticsTarget = 10;

export type MaintenanceReport = { analyzed: string[]; vacuumed: string[] };

type TableActivity = {
  schema: string;
  table: string;
  live: number;
  dead: number;
  modified: number;
  /** The rows the statistics describe; -1 when the table has never been analysed. */
  analyzedRows: number;
  /** Its size on disk, in pages (the statistics views start empty at every start; this does not). */
  pages: number;
};

/** A table whose changes call for work, and whether that work should wait for a pause. */
type DueTable = { label: string; vacuum: boolean; urgent: boolean; activity: TableActivity };

/** The tables that changed enough since they were last analysed (or never were), or hold enough dead rows. */
async function dueTables(db: Database): Promise<DueTable[]> {
  const rows = await rowsOf<TableActivity>(
    db,
    sql`
    select s.schemaname as "schema", s.relname as "table", s.n_live_tup::int as "live",
      s.n_dead_tup::int as "dead", s.n_mod_since_analyze::int as "modified",
      c.reltuples::bigint::int as "analyzedRows", (pg_relation_size(c.oid) / current_setting('block_size')::int)::int as "pages"
    from pg_stat_user_tables s join pg_class c on c.oid = s.relid
    order by s.schemaname, s.relname`,
  );
  const due: DueTable[] = [];
  for (const activity of rows) {
    const vacuum = activity.dead > vacuumThreshold.rows + vacuumThreshold.share * activity.live;
    // A small table never analysed stays so until it changes enough: the planner counts it as
    // ten pages at least. Statistics that say "empty" make it choose reading the table whole (the
    // cheapest way through nothing), and a plan cached then stays until the next analysis: the
    // foreign key check of each stored e-mail read every submission that way, ever slower as
    // they came in. A large table never analysed (restored, or the counts lost at a restart) is.
    const analyze =
      (activity.analyzedRows < 0 && activity.pages >= neverAnalyzedPages) ||
      activity.modified > analyzeThreshold.rows + analyzeThreshold.share * activity.live;
    if (!vacuum && !analyze) continue;
    const urgent =
      activity.live > outgrownStatistics.rows &&
      Math.max(activity.analyzedRows, 0) * outgrownStatistics.share < activity.live;
    due.push({ label: `${activity.schema}.${activity.table}`, vacuum, urgent, activity });
  }
  return due;
}

async function maintain(db: Database, due: DueTable[]): Promise<MaintenanceReport> {
  const report: MaintenanceReport = { analyzed: [], vacuumed: [] };
  for (const { label, vacuum, urgent, activity } of due) {
    const name = sql`${sql.identifier(activity.schema)}.${sql.identifier(activity.table)}`;
    if (vacuum) {
      await db.execute(sql`vacuum (analyze) ${name}`);
      report.vacuumed.push(label);
    } else if (urgent) {
      await db.transaction(async (tx) => {
        await tx.execute(sql.raw(`set local default_statistics_target = ${quickStatisticsTarget}`));
        await tx.execute(sql`analyze ${name}`);
      });
      report.analyzed.push(label);
    } else {
      await db.execute(sql`analyze ${name}`);
      report.analyzed.push(label);
    }
  }
  return report;
}

/**
 * Analyses the tables that changed enough since they were last analysed (or
 * never were, and are not small), and vacuums those with enough dead rows; says which.
 */
export async function maintainTables(db: Database): Promise<MaintenanceReport> {
  return maintain(db, await dueTables(db));
}

/**
 * Runs `maintainTables` at once and then every `intervalMs` (a look at the
 * statistics views costs about a millisecond; the work itself only what a
 * table's changes call for). The embedded database runs one statement at a
 * time, so an analysis of a large table holds every request meanwhile: a run
 * with work to do first awaits `beforeRun` (a pause in the requests, as the
 * mail worker does, but waiting up to a minute), unless a table has outgrown
 * its statistics (`outgrownStatistics`), when a pause would come too late.
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
        let due = await dueTables(db);
        if (due.length === 0) return;
        if (!due.some((table) => table.urgent)) {
          await beforeRun?.();
          // The moment may come from the server closing: no work then.
          if (stopped) return;
          due = await dueTables(db);
        }
        const { analyzed, vacuumed } = await maintain(db, due);
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
