import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql, TransactionRollbackError } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DatabaseHandle, openDatabase, rowsOf } from "#database/open-database";
import { buildServerEnv, findFreePort, startServerProcess } from "#testing/server-process";
import { openTimeoutMs } from "#testing/test-databases";
import { maintainTables, startEmbeddedMaintenance } from "./embedded-maintenance";
import { dueJobsClaim } from "./mail/outbox";
import { mailRetryPolicy } from "./mail/send-pending-mail";

/** The statistics views see a statement's changes once its counters are flushed (at most every second). */
async function flushStatistics(handle: DatabaseHandle) {
  await handle.db.execute(sql`select pg_stat_force_next_flush()`);
  await handle.db.execute(sql`select 1`);
}

/** How many bounds the statistics' histogram of a column keeps (its statistics target, plus one). */
async function histogramSize(handle: DatabaseHandle, table: string, column: string) {
  const [row] = await rowsOf<{ bounds: number }>(
    handle.db,
    sql`select coalesce(array_length(histogram_bounds::text::text[], 1), 0)::int as bounds
      from pg_stats where tablename = ${table} and attname = ${column}`,
  );
  return row?.bounds ?? 0;
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

  it("leaves small tables never analysed, analyses those that changed enough, and vacuums dead rows", async () => {
    // A new site's tables, empty: the planner's own floor (ten pages) serves them better.
    expect(await maintainTables(handle.db)).toEqual({ analyzed: [], vacuumed: [] });
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
    // They had outgrown their statistics (none): analysed at once, with a quick sample.
    const quick = await histogramSize(handle, "form_submissions", "created_at");
    expect(quick).toBeGreaterThan(1);
    expect(quick).toBeLessThanOrEqual(11);

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
    // A vacuum waits for a pause, and its analysis takes the full sample.
    expect(await histogramSize(handle, "mail_outbox", "id")).toBeGreaterThan(11);
  });

  it("keeps the plans cached while the tables were small from reading them whole once they have grown", async () => {
    /** Rows of the submissions read by the foreign key checks of 100 e-mails stored one by one. */
    async function submissionsReadByCheckingEmails(statisticsOfEmptyTables: boolean) {
      const fresh = await openDatabase({ dataDir: "memory" });
      try {
        if (statisticsOfEmptyTables) await fresh.db.execute(sql`analyze`);
        else expect(await maintainTables(fresh.db)).toEqual({ analyzed: [], vacuumed: [] });
        const storeEmailOf = (submission: string) =>
          fresh.db.execute(sql`
            insert into mail_outbox (submission_id, kind, status, to_address, subject, data, next_attempt_at)
            values (${submission}, 'owner_notification', 'pending', 'majitelka@example.cz', 'Předmět', '{}'::jsonb, now())`);
        // The first submissions of a new site, each stored with its e-mail: the check's plan is
        // made and kept now.
        for (let n = 0; n < 10; n++) {
          const [stored] = await rowsOf<{ id: string }>(
            fresh.db,
            sql`insert into form_submissions (form_type, name, email, service_type, message, privacy_consent)
              values ('contact', 'První', 'prvni@example.cz', 'consultation', 'Dobrý den.', true) returning id`,
          );
          await storeEmailOf(stored?.id ?? "");
        }
        // Then 5,000 more, and the e-mails of the newest 100 (the check stops at the row it
        // looks for: reading the table whole, it reads every older one first).
        const later = await rowsOf<{ id: string }>(
          fresh.db,
          sql`insert into form_submissions (form_type, name, email, service_type, message, privacy_consent)
            select 'contact', 'Návštěvnice ' || n, 'navstevnice' || n || '@example.cz', 'consultation',
              'Dobrý den, prosím o termín.', true
            from generate_series(1, 5000) as n returning id`,
        );
        const readBefore = await submissionRowsRead(fresh);
        for (const { id } of later.slice(-100)) await storeEmailOf(id);
        return (await submissionRowsRead(fresh)) - readBefore;
      } finally {
        await fresh.close();
      }
    }
    async function submissionRowsRead(fresh: DatabaseHandle) {
      await flushStatistics(fresh);
      const [table] = await rowsOf<{ read: number }>(
        fresh.db,
        sql`select seq_tup_read::int as "read" from pg_stat_user_tables where relname = 'form_submissions'`,
      );
      return table?.read ?? Number.NaN;
    }

    // Statistics that said "empty": each check read every submission older than its own.
    expect(await submissionsReadByCheckingEmails(true)).toBeGreaterThan(100 * 4900);
    // Never analysed while small, as the maintenance leaves them: each check looks one up by its key.
    expect(await submissionsReadByCheckingEmails(false)).toBeLessThan(100);
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
    // 200 e-mails: enough changes for an analysis, not enough to skip the wait for a pause.
    await storeBacklog(fresh, 100);
    await flushStatistics(fresh);
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
      await expect.poll(outboxRows, { timeout: 10_000 }).toBe(200);
    } finally {
      await maintenance.stop();
      await fresh.close();
    }
  });

  it("analyses a table that outgrew its statistics at once, and waits for a pause for the rest", async () => {
    const fresh = await openDatabase({ dataDir: "memory" });
    const outbox = async () =>
      (
        await rowsOf<{ rows: number; modified: number }>(
          fresh.db,
          sql`select c.reltuples::int as "rows", s.n_mod_since_analyze::int as "modified"
            from pg_class c join pg_stat_user_tables s on s.relid = c.oid
            where c.relname = 'mail_outbox'`,
        )
      )[0];
    let asked = 0;
    // A load that never pauses.
    const beforeRun = () => {
      asked += 1;
      return new Promise<void>(() => {});
    };
    let maintenance: { stop(): Promise<void> } | undefined;
    try {
      // The outbox analysed while it was empty (by hand, or by an earlier version of this
      // maintenance); then a burst: 60,000 e-mails waiting.
      await fresh.db.execute(sql`analyze mail_outbox`);
      await storeBacklog(fresh, 30_000);
      await flushStatistics(fresh);
      expect(await outbox()).toEqual({ rows: 0, modified: 60_000 });
      // Planned from the statistics of an empty outbox, the claim sorts the whole backlog.
      expect(await outboxRowsReadByClaim(fresh)).toBeGreaterThanOrEqual(60_000);

      maintenance = startEmbeddedMaintenance({ db: fresh.db, intervalMs: 20, beforeRun });
      await expect.poll(async () => (await outbox())?.rows, { timeout: 10_000 }).toBe(60_000);
      expect(asked).toBe(0);
      expect(await outboxRowsReadByClaim(fresh)).toBeLessThan(1000);
      // Amid requests, a quick sample: ten values kept of each column, not a hundred.
      const bounds = await histogramSize(fresh, "mail_outbox", "id");
      expect(bounds).toBeGreaterThan(1);
      expect(bounds).toBeLessThanOrEqual(11);

      // A quarter of the e-mails claimed: worth a vacuum, but the statistics still fit. It waits.
      await fresh.db.execute(sql`update mail_outbox set attempts = 1 where id <= 15000`);
      await flushStatistics(fresh);
      await expect.poll(() => asked, { timeout: 10_000 }).toBe(1);
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(await outbox()).toEqual({ rows: 60_000, modified: 15_000 });
    } finally {
      // The run still waiting for its pause never ends: stop without awaiting it.
      void maintenance?.stop();
      await fresh.close();
    }
  });

  it("does no work once stopped, even when its moment comes after", async () => {
    const fresh = await openDatabase({ dataDir: "memory" });
    await storeBacklog(fresh, 100);
    await flushStatistics(fresh);
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
      // Its start leaves the empty tables never analysed (-1).
      let server = await startServerProcess({ env });
      await server.stop();
      expect(await analysedRows()).toEqual([
        { table: "form_submissions", rows: -1 },
        { table: "mail_outbox", rows: -1 },
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
