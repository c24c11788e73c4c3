/**
 * Part 1: POST /api/form-submissions under 50 concurrent connections, next to
 * the same submissions stored straight through `submitForm` (no HTTP)
 * and the request's transaction alone, next to a bare node:http hello-world;
 * then every acknowledged id is looked up in the database. The three take
 * turns for a few rounds, and the report gives the median round: on a shared
 * machine a burst of other work then falls on one round, not on one side of
 * the ratio.
 */
import { randomUUID } from "node:crypto";
import { inArray, sql } from "drizzle-orm";
import type { DatabaseHandle } from "#database/open-database";
import { formSubmissions } from "#database/schema";
import { systemClock } from "#server/clock";
import { loadConfig } from "#server/config";
import { storeTogether, submitForm } from "#server/forms/submit-form";
import { composeSubmissionMail, renderStoredMail } from "#server/mail/outbox";
import { createRateLimiter } from "#server/rate-limit";
import type { FormSubmission } from "#shared/form-schemas";
import { benchDatabaseNames, createBenchDatabase, postgresAdminUrl } from "./databases";
import { keepAliveAgent, type LoadResult, request, runLoop } from "./load";
import { benchRateLimit, startServer } from "./server-process";

export type FormsOptions = {
  durationMs: number;
  concurrency: number;
  /** Rounds of the endpoint, the raw inserts and the transaction only, in turn; the report gives the median round. */
  rounds: number;
  port: number;
};

/** The endpoint's load before it is measured (measureEndpoint). */
const warmUpMs = 2000;

const submission = (n: number) => ({
  formType: "contact" as const,
  name: `Jana Nová ${n}`,
  email: `jana.${n}@example.cz`,
  phone: "+420 777 123 456",
  serviceType: "consultation" as const,
  message: "Dobrý den, ráda bych se objednala na harmonizační setkání v lese. Děkuji.",
  privacyConsent: true as const,
});

/** Each request from an address of its own, so that no per-address limit is shared. */
const forwardedFor = (n: number) => `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;

/** One round: the endpoint, then the raw inserts, then the transaction only, one after another. */
type Round = { endpoint: LoadResult; raw: LoadResult; transactionOnly: LoadResult };

type DatabaseFigures = {
  name: string;
  /** The round with the median endpoint ÷ transaction only, the aim's ratio. */
  median: Round;
  rounds: Round[];
  renderingOnly: LoadResult;
  acknowledged: number;
  missing: number;
  storedRows: number;
};

export async function benchForms(options: FormsOptions): Promise<string> {
  const lines: string[] = [];
  const hello = await measureHello(options);
  const figures: DatabaseFigures[] = [];
  for (const name of benchDatabaseNames()) {
    figures.push(await measureDatabase(name, options));
  }

  lines.push(
    `## 1. Form submissions (${options.concurrency} connections, ${options.durationMs / 1000} s each, ${options.rounds} round${options.rounds === 1 ? "" : "s"})`,
    "",
    `Rate limit for the bench: \`FORM_RATE_LIMIT_PER_HOUR=${benchRateLimit}\` and \`TRUST_PROXY=true\` with a different \`X-Forwarded-For\` on every request (the limit is still checked and counted on every request, as in production). Mail goes to the data folder (no \`SMTP_URL\`), so the mail worker writes two .eml files per submission while the load runs. Each endpoint round starts a server of its own and sends it the same load for ${warmUpMs / 1000} s before measuring (not counted: a fresh server's first wave met unoptimised code). "Raw inserts" call \`submitForm\` (composing the two e-mails' addresses, subjects and data, then one statement that counts both rate limits and stores the record and its two outbox rows: an implicit transaction) from ${options.concurrency} concurrent loops in the bench process, without HTTP; "the transaction only" is that statement alone (\`storeTogether\`, limits counted), with the e-mails composed once beforehand; "rendering only" is what the mail worker now spends on a submission's two e-mails when it sends them (\`renderStoredMail\`), no longer in the request. Aims: endpoint ÷ transaction only ≥ 0.5 and endpoint p99 ≤ 150 ms. The endpoint, the raw inserts and the transaction only take turns for ${options.rounds} round${options.rounds === 1 ? "" : "s"}, so that a burst of other work on the machine falls on one round rather than on one side of the ratio; the rows are the round with the median endpoint ÷ transaction only, and every round's ratio and p99 are listed.`,
    "",
    "| Target | req/s | p50 ms | p99 ms | statuses |",
    "|---|---:|---:|---:|---|",
    row("node:http hello-world", hello),
  );
  for (const figure of figures) {
    lines.push(row(`${figure.name}: POST /api/form-submissions`, figure.median.endpoint));
    lines.push(row(`${figure.name}: raw inserts (submitForm)`, figure.median.raw));
    lines.push(row(`${figure.name}: the transaction only`, figure.median.transactionOnly));
    lines.push(row("rendering the two e-mails (now in the worker)", figure.renderingOnly));
  }
  lines.push(
    "",
    "| Database | endpoint ÷ transaction only | each round | endpoint p99 ms, each round | endpoint ÷ raw inserts | endpoint ÷ hello-world | acknowledged (201) | rows stored | acknowledged but missing |",
    "|---|---:|---|---|---:|---:|---:|---:|---:|",
  );
  for (const { name, median, rounds, acknowledged, storedRows, missing } of figures) {
    const each = (value: (round: Round) => number, digits: number) =>
      rounds.map((round) => value(round).toFixed(digits)).join(", ");
    lines.push(
      `| ${name} | ${ratio(median.endpoint, median.transactionOnly)} | ${each(aimRatio, 2)} | ${each((round) => round.endpoint.p99Ms, 0)} | ${ratio(median.endpoint, median.raw)} | ${ratio(median.endpoint, hello)} | ${acknowledged} | ${storedRows} | ${missing} |`,
    );
  }
  if (!postgresAdminUrl) {
    lines.push("", "PostgreSQL: skipped (set `BENCH_DATABASE_URL` or `TEST_DATABASE_URL`).");
  }
  return lines.join("\n");
}

function row(label: string, result: LoadResult) {
  const statuses = Object.entries(result.statuses)
    .map(([status, count]) => `${status}×${count}`)
    .join(", ");
  return `| ${label} | ${result.requestsPerSecond.toFixed(0)} | ${result.p50Ms.toFixed(1)} | ${result.p99Ms.toFixed(1)} | ${statuses} |`;
}

function ratio(a: LoadResult, b: LoadResult) {
  return (a.requestsPerSecond / b.requestsPerSecond).toFixed(
    a.requestsPerSecond < b.requestsPerSecond / 100 ? 4 : 2,
  );
}

async function measureHello({ durationMs, concurrency, port }: FormsOptions) {
  const server = await startServer({
    port,
    dataDir: "/tmp/bench-hello",
    entry: "bench/hello-server.ts",
  });
  try {
    const agent = keepAliveAgent(concurrency);
    const body = JSON.stringify(submission(0));
    const result = await runLoop({ concurrency, durationMs }, async () => {
      const answer = await request(agent, `${server.baseUrl}/`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body,
      });
      return String(answer.status);
    });
    agent.destroy();
    return result;
  } finally {
    await server.stop();
  }
}

async function measureDatabase(
  name: "PGlite" | "PostgreSQL",
  { durationMs, concurrency, rounds: roundCount, port }: FormsOptions,
): Promise<DatabaseFigures> {
  const database = await createBenchDatabase(name, `forms-${name.toLowerCase()}`);
  try {
    const acknowledged: string[] = [];
    const rounds: Round[] = [];
    for (let round = 0; round < roundCount; round++) {
      const endpoint = await measureEndpoint(
        database,
        { durationMs, concurrency, port },
        acknowledged,
      );
      const handle = await database.open();
      try {
        const raw = await measureRawInserts(handle, { durationMs, concurrency });
        const transactionOnly = await measureTransactionOnly(handle, { durationMs, concurrency });
        rounds.push({ endpoint, raw, transactionOnly });
      } finally {
        await handle.close();
      }
    }
    const median = [...rounds].sort((a, b) => aimRatio(a) - aimRatio(b))[
      Math.floor((rounds.length - 1) / 2)
    ];
    if (!median) throw new Error("forms bench: no rounds");

    const handle = await database.open();
    try {
      const missing = await countMissing(handle, acknowledged);
      const renderingOnly = await measureRenderingOnly({ durationMs, concurrency });
      const [counted] = await handle.db
        .select({ rows: sql<number>`count(*)::int` })
        .from(formSubmissions);
      const notFromTheEndpoint = rounds.reduce(
        (sum, { raw, transactionOnly }) =>
          sum + (raw.statuses.stored ?? 0) + (transactionOnly.statuses.stored ?? 0),
        0,
      );
      return {
        name,
        median,
        rounds,
        renderingOnly,
        acknowledged: acknowledged.length,
        missing,
        storedRows: (counted?.rows ?? 0) - notFromTheEndpoint,
      };
    } finally {
      await handle.close();
    }
  } finally {
    await database.dispose();
  }
}

/** The aim's ratio: the endpoint's rate ÷ that of the transaction only, in one round. */
function aimRatio({ endpoint, transactionOnly }: Round) {
  return endpoint.requestsPerSecond / transactionOnly.requestsPerSecond;
}

/** One round of POST /api/form-submissions against a server of its own; acknowledged ids are collected. */
async function measureEndpoint(
  database: Awaited<ReturnType<typeof createBenchDatabase>>,
  { durationMs, concurrency, port }: { durationMs: number; concurrency: number; port: number },
  acknowledged: string[],
) {
  const server = await startServer({
    port,
    dataDir: database.dataDir,
    databaseUrl: database.databaseUrl,
  });
  try {
    const agent = keepAliveAgent(concurrency);
    let sequence = 0;
    const send = async () => {
      const n = sequence++;
      const answer = await request(agent, `${server.baseUrl}/api/form-submissions`, {
        method: "POST",
        headers: { "Content-Type": "application/json", "X-Forwarded-For": forwardedFor(n) },
        body: JSON.stringify(submission(n)),
      });
      if (answer.status === 201) acknowledged.push((JSON.parse(answer.body) as { id: string }).id);
      return String(answer.status);
    };
    // A fresh server's first wave of 50 requests meets code not yet optimised (V8's JIT, the
    // embedded database's WebAssembly): on PGlite it took seconds and alone made the p99. The
    // same load for a while first, not counted; its submissions are checked like the others.
    await runLoop({ concurrency, durationMs: warmUpMs }, send);
    const result = await runLoop({ concurrency, durationMs }, send);
    agent.destroy();
    return result;
  } finally {
    await server.stop();
  }
}

async function countMissing(handle: DatabaseHandle, ids: string[]) {
  let found = 0;
  for (let start = 0; start < ids.length; start += 5000) {
    const chunk = ids.slice(start, start + 5000);
    const rows = await handle.db
      .select({ id: formSubmissions.id })
      .from(formSubmissions)
      .where(inArray(formSubmissions.id, chunk));
    found += rows.length;
  }
  return ids.length - found;
}

async function measureRawInserts(
  handle: DatabaseHandle,
  { durationMs, concurrency }: { durationMs: number; concurrency: number },
) {
  const config = loadConfig({});
  const deps = {
    db: handle.db,
    clock: systemClock,
    rateLimiter: createRateLimiter({ db: handle.db, clock: systemClock }),
    mail: config,
    rateLimitPerHour: Number(benchRateLimit),
  };
  return runLoop({ concurrency, durationMs }, async (_, n) => {
    await submitForm(deps, submission(n) as FormSubmission, { clientAddress: forwardedFor(n) });
    return "stored";
  });
}

/**
 * The request's own transaction alone: `storeTogether`, the one statement
 * that counts both rate limits and stores the record with its two outbox
 * rows, with the e-mails composed once beforehand. Shows what the database
 * costs apart from the rest of the request.
 */
async function measureTransactionOnly(
  handle: DatabaseHandle,
  { durationMs, concurrency }: { durationMs: number; concurrency: number },
) {
  const config = loadConfig({});
  const rateLimiter = createRateLimiter({ db: handle.db, clock: systemClock });
  const rule = { limit: Number(benchRateLimit), windowMs: 60 * 60_000 };
  const template = submission(0);
  const mails = await composeSubmissionMail(
    {
      id: randomUUID(),
      createdAt: new Date(),
      ...template,
    },
    config,
  );
  return runLoop({ concurrency, durationMs }, async (_, n) => {
    const record = { ...submission(n), id: randomUUID(), createdAt: new Date() };
    const counting = rateLimiter.countInTurn(
      { key: `form-address:${forwardedFor(n)}`, rule },
      { key: `form-recipient:${record.email}`, rule },
    );
    await storeTogether(handle.db, { record, mails }, counting);
    return "stored";
  });
}

/** `renderStoredMail` of a submission's two e-mails: the CPU the mail worker spends on them. */
async function measureRenderingOnly({
  durationMs,
  concurrency,
}: {
  durationMs: number;
  concurrency: number;
}) {
  const config = loadConfig({});
  return runLoop({ concurrency, durationMs }, async (_, n) => {
    const mails = await composeSubmissionMail(
      { ...submission(n), id: randomUUID(), createdAt: new Date() },
      config,
    );
    await Promise.all([mails.toOwner, mails.toVisitor].map((mail) => renderStoredMail(mail)));
    return "rendered";
  });
}
