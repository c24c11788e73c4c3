/**
 * The outbox worker's one step: send every message that is due, each claimed
 * first so that two servers on one PostgreSQL never send the same message.
 */
import type { Database } from "#database/open-database";
import type { OperatorFacts } from "#shared/site";
import type { Clock } from "../clock";
import { createContentReader } from "../content/content-store";
import { summarizeError } from "../error-summary";
import { log } from "../logger";
import type { MailAttachment } from "./mail-kind";
import { type MailTransport, mailSendConcurrency } from "./mail-transport";
import {
  claimDueMail,
  type MailJob,
  markMailFailed,
  markMailSent,
  permanentRefusalMark,
  renderStoredMail,
  renewClaim,
  scheduleMailRetry,
} from "./outbox";

export const mailRetryPolicy = {
  /** After this many failed sends a message is marked failed, with its last error. */
  maxAttempts: 12,
  firstRetryDelayMs: 30_000,
  maxRetryDelayMs: 2 * 60 * 60_000,
  /**
   * How long a claimed message is left to its worker by default (longer than
   * any SMTP timeout); `MAIL_TAKEOVER_SECONDS` sets it.
   */
  claimMs: 5 * 60_000,
};

/**
 * 30 s, 1 min, 2 min, … doubling up to 2 hours: about 8 hours from the first
 * try to the last (`MAIL_RETRY_SECONDS` sets the first wait).
 */
export function retryDelayMs(
  attempts: number,
  firstRetryDelayMs = mailRetryPolicy.firstRetryDelayMs,
): number {
  const delay = firstRetryDelayMs * 2 ** Math.max(0, attempts - 1);
  return Math.min(delay, mailRetryPolicy.maxRetryDelayMs);
}

export type SendReport = {
  sent: number;
  retrying: number;
  failed: number;
  /** Claimed by this worker, but taken over by another before it went out (see `renewClaim`). */
  takenOver: number;
};

/** Messages claimed in one round trip: a few per connection, so the pool stays busy. */
const claimBatchSize = mailSendConcurrency * 2;

/**
 * Sends every due message, claimed in batches of `concurrency` and sent
 * `sendsAtOnce` at a time, until none is due or `limit` have been tried. A
 * submission's e-mails are tried in order (see `claimDueMail`), so sending
 * several at once never reorders them. A message whose claim is half over
 * when its turn comes has its claim renewed first, and one another worker
 * has taken over meanwhile is left to it: a worker slowed down past the
 * takeover time (a starved machine, a slow mail server) then sends nothing
 * twice.
 */
export async function sendPendingMail(
  db: Database,
  transport: MailTransport,
  clock: Clock,
  {
    limit = 100,
    claimMs = mailRetryPolicy.claimMs,
    firstRetryDelayMs = mailRetryPolicy.firstRetryDelayMs,
    concurrency = claimBatchSize,
    sendsAtOnce = mailSendConcurrency,
    beforeBatch,
  }: {
    limit?: number;
    /** How long a claim lasts: after it, another worker takes over the message. */
    claimMs?: number;
    /** The wait before the second try; it doubles with each further one. */
    firstRetryDelayMs?: number;
    /** Messages claimed together. */
    concurrency?: number;
    /** Messages being sent at one time: as many as the transport's pool has connections. */
    sendsAtOnce?: number;
    /** Awaited before each batch is claimed: the server's requests go first (`RequestActivity`). */
    beforeBatch?: () => Promise<void>;
  } = {},
): Promise<SendReport> {
  const report: SendReport = { sent: 0, retrying: 0, failed: 0, takenOver: 0 };
  let claimed = 0;
  // Her facts as published when this run sends (docs/decisions/0036): read once, at the first
  // e-mail that is rendered, and the same for every e-mail of the run.
  let published: Promise<OperatorFacts> | undefined;
  const sender = () => {
    published ??= createContentReader(db).read("operator");
    return published;
  };
  while (claimed < limit) {
    await beforeBatch?.();
    // One round trip claims a batch; its messages are sent side by side.
    const batch = await claimDueMail(
      db,
      clock.now(),
      claimMs,
      Math.min(concurrency, limit - claimed),
    );
    if (batch.length === 0) break;
    claimed += batch.length;
    // Each message starts when a connection is free, not before: its claim is renewed then.
    const queue = [...batch];
    await Promise.all(
      Array.from({ length: Math.min(sendsAtOnce, queue.length) }, async () => {
        for (let job = queue.shift(); job; job = queue.shift()) await sendOne(job);
      }),
    );
  }

  async function sendOne(job: MailJob) {
    let body: Awaited<ReturnType<typeof bodyOf>>;
    try {
      body = await bodyOf(job, sender);
    } catch (error) {
      // A template that cannot render this e-mail will not on a retry either: failed, with why.
      const lastError = `The e-mail could not be rendered: ${describeError(error)}`;
      await markMailFailed(db, job, lastError);
      log.error({ outboxId: job.id, kind: job.kind, error: lastError }, "Mail failed for good");
      report.failed++;
      return;
    }
    if (!(await stillClaimed(job))) {
      log.warn(
        { outboxId: job.id, attempts: job.attempts },
        "Mail left to another worker, which took it over before it was sent",
      );
      report.takenOver++;
      return;
    }
    try {
      await transport.send({ ...job, ...body });
    } catch (error) {
      await recordFailedSend(job, error);
      return;
    }
    report.sent++;
    try {
      await markMailSent(db, job, clock.now(), { html: body.html, text: body.text });
    } catch (error) {
      // Not the error's message, in the log or on the e-mail: drizzle's quotes the statement's
      // parameters, which are the e-mail's whole text. Not a failed send either: it went out.
      log.error(
        { outboxId: job.id, error: summarizeError(error) },
        "Mail sent, but not marked as sent: it goes out again when its claim runs out",
      );
    }
  }

  /** A send the mail server refused or that did not reach it: retried later, or failed for good. */
  async function recordFailedSend(job: MailJob, error: unknown) {
    const refused = isPermanentRefusal(error);
    // Marked, so that a letter counts it against the address (server/newsletter/letter-sending.ts).
    const lastError = `${refused ? `${permanentRefusalMark} ` : ""}${describeError(error)}`;
    // A mail server's 5xx is its final word (say, no such mailbox): retrying cannot help.
    if (job.attempts >= mailRetryPolicy.maxAttempts || refused) {
      await markMailFailed(db, job, lastError);
      log.error(
        { outboxId: job.id, attempts: job.attempts, error: lastError },
        "Mail failed for good",
      );
      report.failed++;
    } else {
      const nextAttemptAt = new Date(
        clock.now().getTime() + retryDelayMs(job.attempts, firstRetryDelayMs),
      );
      await scheduleMailRetry(db, job, nextAttemptAt, lastError);
      log.warn(
        {
          outboxId: job.id,
          attempts: job.attempts,
          retryAt: nextAttemptAt.toISOString(),
          error: lastError,
        },
        "Mail not sent; retrying later",
      );
      report.retrying++;
    }
  }

  /**
   * Whether this worker may send `job` now. Within the first half of its
   * claim, nothing needs asking (no other worker may take it before the claim
   * runs out); later, the claim is renewed, if this worker still has it.
   */
  async function stillClaimed(job: MailJob): Promise<boolean> {
    const halfway = (job.claimedUntil?.getTime() ?? 0) - claimMs / 2;
    const now = clock.now().getTime();
    return now < halfway || renewClaim(db, job, new Date(now + claimMs));
  }

  return report;
}

/**
 * The e-mail's HTML and text: rendered now from its data, signed with her „Údaje o
 * provozovateli“ as published now, or as stored before rendering moved here.
 */
async function bodyOf(
  job: MailJob,
  sender: () => Promise<OperatorFacts>,
): Promise<{ html: string; text: string; attachments?: MailAttachment[] }> {
  if (job.html !== null && job.text !== null) return { html: job.html, text: job.text };
  return renderStoredMail(job, await sender());
}

/** True for an SMTP reply in the 5xx range (nodemailer's `responseCode`), the server's permanent refusal. */
export function isPermanentRefusal(error: unknown): boolean {
  const code = (error as { responseCode?: unknown } | null)?.responseCode;
  return typeof code === "number" && code >= 500 && code < 600;
}

function describeError(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.slice(0, 1000);
}
