import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql, TransactionRollbackError } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DatabaseHandle, openDatabase, rowsOf } from "#database/open-database";
import { buildServerEnv, findFreePort, startServerProcess } from "#testing/server-process";
import { openTimeoutMs } from "#testing/test-databases";
import { maintainTables, startEmbeddedMaintenance } from "./embedded-maintenance";
import { dueJobsClaim, mailRetryPolicy } from "./mail/send-pending-mail";

/** The statistics views see a statement's changes once its counters are flushed (at most every second). */
async function flushStatistics(handle: DatabaseHandle) {
  await handle.db.execute(sql`select pg_stat_force_next_flush()`);
  await handle.db.execute(sql`select 1`);
}

/** Contact submissions, each with its two e-mails waiting: a backlog after an SMTP outage. */
async function storeBacklog(handle: DatabaseHandle, submissions = 2000) {
  await handle.db.execute(sql`
    insert into form_submissions (created_at, form_type, name, email, service_type, message, privacy_consent)
    select now() - make_interval(secs => ${submissions + 1} - n), 'contact', 'Návštěvnice ' || n,
      'navstevnice' || n || '@example.cz', 'consultation', 'Dobrý den, prosím o termín.', true
    from generate_series(1, ${submissions}) as n`);
  await handle.db.execute(sql`
    insert into mail_outbox (submission_id, kind, status, to_address, reply_to, subject, data, next_attempt_at)
    select s.id, k.kind, 'pending', s.email, 'majitelka@example.cz', 'Předmět', '{}'::jsonb,
      s.created_at
    from form_submissions s cross join (values ('owner_notification'), ('contact_confirmation')) as k(kind)
    order by s.created_at, k.kind`);
}

type PlanNode = {
  "Relation Name"?: string;
  "Actual Rows"?: number;
  "Actual Loops"?: number;
  "Rows Removed by Filter"?: number;
  "Rows Removed by Index Recheck"?: number;
  Plans?: PlanNode[];
};

/**
 * How many rows of the outbox the mail worker's claim of ten messages reads, as the database
 * plans it now: run with EXPLAIN ANALYZE in a transaction that is then rolled back.
 */
async function outboxRowsReadByClaim(handle: DatabaseHandle): Promise<number> {
  let read = Number.NaN;
  await handle.db
    .transaction(async (tx) => {
      const claim = dueJobsClaim(tx, new Date(), mailRetryPolicy.claimMs, 10);
      const [row] = await rowsOf<{ "QUERY PLAN": unknown }>(
        tx,
        sql`explain (analyze, format json) ${claim.getSQL()}`,
      );
      const output = row?.["QUERY PLAN"];
      const [plan] = (typeof output === "string" ? JSON.parse(output) : output) as {
        Plan: PlanNode;
      }[];
      read = 0;
      const visit = (node: PlanNode) => {
        if (node["Relation Name"] === "mail_outbox") {
          const perLoop =
            (node["Actual Rows"] ?? 0) +
            (node["Rows Removed by Filter"] ?? 0) +
            (node["Rows Removed by Index Recheck"] ?? 0);
          read += perLoop * (node["Actual Loops"] ?? 1);
        }
        for (const child of node.Plans ?? []) visit(child);
      };
      if (plan) visit(plan.Plan);
      tx.rollback();
    })
    .catch((error: unknown) => {
      if (!(error instanceof TransactionRollbackError)) throw error;
    });
  return read;
}

describe("the embedded database's maintenance", { timeout: 120_000 }, () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await openDatabase({ dataDir: "memory" });
  }, openTimeoutMs);
  afterAll(async () => {
    await handle?.close();
  });

  it("analyses the tables never analysed, then only those that changed enough, and vacuums dead rows", async () => {
    const first = await maintainTables(handle.db);
    expect(first.analyzed).toEqual(
      expect.arrayContaining(["public.form_submissions", "public.mail_outbox"]),
    );
    expect(first.vacuumed).toEqual([]);
    await flushStatistics(handle);
    expect(await maintainTables(handle.db)).toEqual({ analyzed: [], vacuumed: [] });

    // A few rows change nothing; a backlog of 4,000 e-mails is analysed.
    await handle.db.execute(sql`
      insert into rate_limit_counters (key, window_start, hits)
      select 'zkouska:' || n, now(), 1 from generate_series(1, 20) as n`);
    await storeBacklog(handle);
    await flushStatistics(handle);
    const second = await maintainTables(handle.db);
    expect(second.analyzed).toEqual(["public.form_submissions", "public.mail_outbox"]);
    expect(second.vacuumed).toEqual([]);

    // Every e-mail claimed once leaves 4,000 dead rows: vacuumed (and analysed with it).
    await handle.db.execute(sql`update mail_outbox set attempts = attempts + 1`);
    await flushStatistics(handle);
    expect(await maintainTables(handle.db)).toEqual({
      analyzed: [],
      vacuumed: ["public.mail_outbox"],
    });
    await flushStatistics(handle);
    const [outbox] = await rowsOf<{ dead: number; live: number }>(
      handle.db,
      sql`select n_dead_tup::int as dead, n_live_tup::int as live from pg_stat_user_tables where relname = 'mail_outbox'`,
    );
    expect(outbox).toEqual({ dead: 0, live: 4000 });
  });

  it("gives the mail worker's claim a plan that reads the oldest due e-mails, not the whole backlog", async () => {
    const fresh = await openDatabase({ dataDir: "memory" });
    try {
      // 60,000 e-mails waiting: about a day of a busy week's mail held by a mail server outage.
      await storeBacklog(fresh, 30_000);
      // Never analysed, the planner guesses a row or two: it sorts every waiting e-mail to find
      // the oldest fifty, and reads the whole outbox again for the messages it checks.
      expect(await outboxRowsReadByClaim(fresh)).toBeGreaterThan(100_000);

      await flushStatistics(fresh);
      await maintainTables(fresh.db);
      // Analysed: the oldest fifty through the index of due e-mails, then one look each.
      expect(await outboxRowsReadByClaim(fresh)).toBeLessThan(1000);
    } finally {
      await fresh.close();
    }
  });

  it("works only once its moment has come, and one run waiting covers every tick meanwhile", async () => {
    const fresh = await openDatabase({ dataDir: "memory" });
    const outboxRows = async () =>
      (
        await rowsOf<{ rows: number }>(
          fresh.db,
          sql`select reltuples::int as "rows" from pg_class where relname = 'mail_outbox'`,
        )
      )[0]?.rows;
    let release = () => {};
    const moment = new Promise<void>((resolve) => {
      release = resolve;
    });
    let asked = 0;
    const maintenance = startEmbeddedMaintenance({
      db: fresh.db,
      intervalMs: 20,
      beforeRun: () => {
        asked += 1;
        return moment;
      },
    });
    try {
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(asked).toBe(1);
      expect(await outboxRows()).toBe(-1);
      release();
      await expect.poll(outboxRows, { timeout: 10_000 }).toBe(0);
    } finally {
      await maintenance.stop();
      await fresh.close();
    }
  });

  it("does no work once stopped, even when its moment comes after", async () => {
    const fresh = await openDatabase({ dataDir: "memory" });
    let release = () => {};
    const moment = new Promise<void>((resolve) => {
      release = resolve;
    });
    const maintenance = startEmbeddedMaintenance({ db: fresh.db, beforeRun: () => moment });
    try {
      // The server closing lets the waiting run go on; the maintenance is stopped first.
      const stopping = maintenance.stop();
      release();
      await stopping;
      const [outbox] = await rowsOf<{ rows: number }>(
        fresh.db,
        sql`select reltuples::int as "rows" from pg_class where relname = 'mail_outbox'`,
      );
      expect(outbox?.rows).toBe(-1);
    } finally {
      await fresh.close();
    }
  });

  it("runs in the server on the embedded database: at its start, then while submissions arrive", async () => {
    const dataDir = await mkdtemp(join(tmpdir(), "embedded-maintenance-"));
    const port = await findFreePort();
    const analysedRows = async () => {
      const reopened = await openDatabase({ dataDir });
      try {
        return await rowsOf<{ table: string; rows: number }>(
          reopened.db,
          sql`select relname as "table", reltuples::int as "rows" from pg_class
            where relname in ('form_submissions', 'mail_outbox') order by relname`,
        );
      } finally {
        await reopened.close();
      }
    };
    const env = buildServerEnv({
      port,
      host: "127.0.0.1",
      dataDir,
      buildDir: join(dataDir, "no-build"),
      settings: { FORM_RATE_LIMIT_PER_HOUR: "100000", TRUST_PROXY: "true" },
    });
    try {
      // Its start analyses the tables no one has analysed (-1: never), empty as they are.
      let server = await startServerProcess({ env });
      await server.stop();
      expect(await analysedRows()).toEqual([
        { table: "form_submissions", rows: 0 },
        { table: "mail_outbox", rows: 0 },
      ]);

      server = await startServerProcess({ env });
      try {
        for (let n = 0; n < 120; n++) {
          const response = await fetch(`http://127.0.0.1:${port}/api/form-submissions`, {
            method: "POST",
            headers: { "Content-Type": "application/json", "X-Forwarded-For": `10.7.0.${n}` },
            body: JSON.stringify({
              formType: "contact",
              name: `Návštěvnice ${n}`,
              email: `navstevnice${n}@example.cz`,
              serviceType: "consultation",
              message: "Dobrý den, prosím o termín.",
              privacyConsent: true,
            }),
          });
          expect(response.status).toBe(201);
        }
        // The next look, ten seconds on, finds 120 new submissions: more than 50 changed rows.
        await new Promise((resolve) => setTimeout(resolve, 11_000));
      } finally {
        await server.stop();
      }
      // Analysed while they arrived (all of them, unless a look fell amid the 120 and saw
      // fewer changes since than its threshold afterwards).
      const [submissions, outbox] = await analysedRows();
      expect(submissions?.rows).toBeGreaterThan(50);
      expect(outbox?.rows).toBeGreaterThan(100);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
