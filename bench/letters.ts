/**
 * Her letters to many subscribers (issue 37; docs/decisions/0038-newsletter-letters.md): a letter
 * already sending to N confirmed subscribers is stored, then real servers send it to a local SMTP
 * peer. Three runs a database at a high rate: one server; one server SIGKILLed halfway and started
 * again; on PostgreSQL, two servers at once. And one at a low rate, whose pace is compared with the
 * rate set. What is counted at the peer: each address's e-mails (every address must have had
 * exactly one outbox row, and every row must have arrived), and copies of one e-mail arriving
 * twice (possible only for an e-mail the killed server had handed to the peer and not yet marked
 * sent: the outbox's at-least-once edge, which the soak measures too).
 *
 * `runLetterDrain` is also run at 500 subscribers by server/newsletter/letter-drain.test.ts.
 */
import { randomUUID } from "node:crypto";
import { inArray } from "drizzle-orm";
import {
  mailOutbox,
  newsletterLetters,
  newsletterSending,
  newsletterSubscribers,
} from "#database/schema";
import { startTestSmtpServer } from "#testing/test-smtp-server";
import { type BenchDatabase, benchDatabaseNames, createBenchDatabase } from "./databases";
import { type RunningServer, startServer } from "./server-process";

export type LetterDrainOptions = {
  database: BenchDatabase;
  subscribers: number;
  lettersPerHour: number;
  /** The first server's port; a second server takes the next. */
  port: number;
  servers?: 1 | 2;
  /** SIGKILL the first server once this share (0–1) of the letters has arrived, then start it again. */
  killAt?: number;
  timeoutMs?: number;
};

export type LetterDrainFigures = {
  subscribers: number;
  lettersPerHour: number;
  servers: number;
  kills: number;
  seconds: number;
  /** Accepted by the peer, copies included. */
  accepted: number;
  /** Addresses that received the letter (at least once). */
  addresses: number;
  /** Addresses with more than one outbox row (the engine's promise: none, ever). */
  addressesWithTwoRows: number;
  /** Outbox rows never accepted by the peer. */
  missing: number;
  /** Second copies of one e-mail (one outbox row) at the peer. */
  copies: number;
  /** Seconds from the first e-mail to the last, and the e-mails an hour that makes. */
  paceSeconds: number;
  perHour: number;
  /**
   * E-mails that arrived sooner after the first than their slots allow: the i-th no sooner than
   * i slots after the first, less the worker's tick (10 s) the first may have waited. Never any.
   */
  arrivalsAheadOfRate: number;
};

/** How long the first e-mail may wait for the mail worker's next tick (server/mail/mail-worker.ts), with a margin. */
const workerTickMs = 11_000;

/** Stores N confirmed subscribers and a letter to them already sending, at `lettersPerHour`. */
async function seed(database: BenchDatabase, subscribers: number, lettersPerHour: number) {
  const handle = await database.open();
  try {
    const now = new Date();
    for (let start = 0; start < subscribers; start += 1000) {
      await handle.db.insert(newsletterSubscribers).values(
        Array.from({ length: Math.min(1000, subscribers - start) }, (_, k) => ({
          email: `ctenarka-${start + k}@example.cz`,
          state: "subscribed" as const,
          source: "blog" as const,
          consentText: "Přihlásit se k odběru novinek e-mailem.",
          consentVersion: "bench",
          consentedAt: now,
          consentAddressBlock: "203.0.113.0/24",
          confirmedAt: now,
        })),
      );
    }
    await handle.db
      .insert(newsletterSending)
      .values({ id: 1, lettersPerHour, nextSlotAt: now, updatedAt: now });
    await handle.db.insert(newsletterLetters).values({
      id: randomUUID(),
      subject: "Jarní novinky",
      body: "<h2>Jaro je tady</h2><p>Milí přátelé, posílám vám pár řádků o tom, co nového u mě roste a kvete. Přeji krásné dny.</p><ul><li>nový článek na blogu</li><li>termíny setkání</li></ul>",
      state: "sending",
      scheduledAt: now,
      sendingStartedAt: now,
    });
  } finally {
    await handle.close();
  }
}

export async function runLetterDrain({
  database,
  subscribers,
  lettersPerHour,
  port,
  servers: serverCount = 1,
  killAt,
  timeoutMs = 30 * 60_000,
}: LetterDrainOptions): Promise<LetterDrainFigures> {
  await seed(database, subscribers, lettersPerHour);
  const smtp = await startTestSmtpServer({ keepMails: false });
  const start = (index: number) =>
    startServer({
      port: port + index,
      dataDir: `${database.dataDir}-${index}`,
      databaseUrl: database.databaseUrl,
      smtpUrl: smtp.url,
      settings: {
        // A killed server's claimed e-mails go to the other (or to it, restarted) after this.
        MAIL_TAKEOVER_SECONDS: "20",
        // The embedded database lives in the first server's folder.
        ...(database.databaseUrl ? {} : { DATA_DIR: database.dataDir }),
      },
    });
  let kills = 0;
  const running: RunningServer[] = [];
  const began = performance.now();
  try {
    for (let index = 0; index < serverCount; index++) running.push(await start(index));
    const deadline = performance.now() + timeoutMs;
    while (distinctAccepted(smtp.deliveries) < subscribers && performance.now() < deadline) {
      if (killAt !== undefined && kills === 0 && smtp.deliveries.length >= subscribers * killAt) {
        running[0]?.kill("SIGKILL");
        await running[0]?.exited;
        kills++;
        running[0] = await start(0);
      }
      await new Promise((wait) => setTimeout(wait, 50));
    }
    // Copies that a takeover would still send arrive within the claim; wait a little for them.
    await new Promise((wait) => setTimeout(wait, 2_000));
  } finally {
    await Promise.all(running.map((server) => server.stop()));
  }
  const seconds = (performance.now() - began) / 1000;
  try {
    return {
      subscribers,
      lettersPerHour,
      servers: serverCount,
      kills,
      seconds,
      ...(await tally(database, smtp.deliveries)),
      arrivalsAheadOfRate: aheadOfRate(smtp.deliveries, lettersPerHour),
    };
  } finally {
    await smtp.close();
  }
}

function aheadOfRate(deliveries: readonly { at: number }[], lettersPerHour: number): number {
  const slotMs = 3_600_000 / lettersPerHour;
  const times = deliveries.map((delivery) => delivery.at).sort((a, b) => a - b);
  const first = times[0] ?? 0;
  return times.filter((at, index) => at - first < index * slotMs - workerTickMs).length;
}

function distinctAccepted(deliveries: readonly { messageId: string }[]): number {
  return new Set(deliveries.map((delivery) => delivery.messageId)).size;
}

/** The peer's deliveries against the outbox's rows: by row (Message-ID) and by address. */
async function tally(
  database: BenchDatabase,
  deliveries: readonly { messageId: string; at: number }[],
) {
  const rowOf = (messageId: string) => Number(/outbox-(\d+)@/.exec(messageId)?.[1]);
  const perRow = new Map<number, number>();
  for (const delivery of deliveries) {
    const row = rowOf(delivery.messageId);
    perRow.set(row, (perRow.get(row) ?? 0) + 1);
  }
  const handle = await database.open();
  try {
    const rows = await handle.db
      .select({ id: mailOutbox.id, to: mailOutbox.to })
      .from(mailOutbox)
      .where(inArray(mailOutbox.kind, ["newsletter_letter"]));
    const perAddress = new Map<string, number>();
    for (const row of rows) perAddress.set(row.to, (perAddress.get(row.to) ?? 0) + 1);
    const times = deliveries.map((delivery) => delivery.at).sort((a, b) => a - b);
    const paceSeconds = ((times.at(-1) ?? 0) - (times[0] ?? 0)) / 1000;
    return {
      accepted: deliveries.length,
      addresses: new Set(rows.filter((row) => perRow.has(row.id)).map((row) => row.to)).size,
      addressesWithTwoRows: [...perAddress.values()].filter((n) => n > 1).length,
      missing: rows.filter((row) => !perRow.has(row.id)).length,
      copies: [...perRow.values()].reduce((sum, n) => sum + n - 1, 0),
      paceSeconds,
      perHour: paceSeconds > 0 ? ((deliveries.length - 1) / paceSeconds) * 3600 : 0,
    };
  } finally {
    await handle.close();
  }
}

export type LettersBenchOptions = {
  subscribers: number;
  highRate: number;
  lowRate: number;
  lowRateSubscribers: number;
  port: number;
};

/** The bench's part: each run on each database, as a markdown table. */
export async function benchLetters(options: LettersBenchOptions): Promise<string> {
  const runs: (LetterDrainFigures & { database: string; run: string })[] = [];
  for (const name of benchDatabaseNames()) {
    const scenarios: { run: string; servers: 1 | 2; killAt?: number; low?: boolean }[] = [
      { run: "one server", servers: 1 },
      { run: "SIGKILL halfway, restarted", servers: 1, killAt: 0.5 },
      ...(name === "PostgreSQL" ? [{ run: "two servers", servers: 2 as const }] : []),
      { run: "low rate", servers: 1, low: true },
    ];
    for (const scenario of scenarios) {
      const database = await createBenchDatabase(name, `letters-${runs.length}`);
      try {
        const figures = await runLetterDrain({
          database,
          subscribers: scenario.low ? options.lowRateSubscribers : options.subscribers,
          lettersPerHour: scenario.low ? options.lowRate : options.highRate,
          port: options.port,
          servers: scenario.servers,
          killAt: scenario.killAt,
        });
        runs.push({ ...figures, database: name, run: scenario.run });
        console.error(`… letters: ${name}, ${scenario.run}: ${JSON.stringify(figures)}`);
      } finally {
        await database.dispose();
      }
    }
  }
  return [
    `## Letters to subscribers (${options.subscribers} confirmed, the real server, a local SMTP peer)`,
    "",
    "A letter already sending is stored with its subscribers; the time runs from the first server's start until the peer has every e-mail. „Rows per address > 1“ is the engine's promise (never); „copies“ are second arrivals of one e-mail, possible only for e-mails in flight at a SIGKILL. The pace is the e-mails an hour between the first and the last arrival.",
    "",
    "| Database | run | subscribers | rate set (an hour) | servers | kills | seconds | accepted | addresses reached | rows per address > 1 | never arrived | copies | pace (an hour) |",
    "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
    ...runs.map(
      (run) =>
        `| ${run.database} | ${run.run} | ${run.subscribers} | ${run.lettersPerHour} | ${run.servers} | ${run.kills} | ${run.seconds.toFixed(1)} | ${run.accepted} | ${run.addresses} | ${run.addressesWithTwoRows} | ${run.missing} | ${run.copies} | ${run.perHour.toFixed(0)} |`,
    ),
  ].join("\n");
}
