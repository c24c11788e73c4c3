/**
 * The outbox worker's one step: send every message that is due, each claimed
 * first so that two servers on one PostgreSQL never send the same message.
 */
import {
  and,
  asc,
  eq,
  gt,
  inArray,
  isNotNull,
  isNull,
  lt,
  lte,
  notExists,
  or,
  sql,
} from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Database } from "#database/open-database";
import { type MailJob, mailOutbox } from "#database/schema";
import type { Clock } from "../clock";
import { summarizeError } from "../error-summary";
import { log } from "../logger";
import { type MailTransport, mailSendConcurrency } from "./mail-transport";
import { renderStoredMail, sentCopy } from "./outbox";

/** Another message of the same submission, in `claimNextJob`. */
const earlier = alias(mailOutbox, "earlier");

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
 * submission's e-mails are tried in order (see `claimDueJobs`), so sending
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
  while (claimed < limit) {
    await beforeBatch?.();
    // One round trip claims a batch; its messages are sent side by side.
    const batch = await claimDueJobs(db, clock, claimMs, Math.min(concurrency, limit - claimed));
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
    let body: { html: string; text: string };
    try {
      body = await bodyOf(job);
    } catch (error) {
      // A template that cannot render this e-mail will not on a retry either: failed, with why.
      const lastError = `The e-mail could not be rendered: ${describeError(error)}`;
      await db
        .update(mailOutbox)
        .set({ status: "failed", lastError, claimedUntil: null })
        .where(ours(job));
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
      await db
        .update(mailOutbox)
        .set({
          status: "sent",
          sentAt: clock.now(),
          lastError: null,
          claimedUntil: null,
          // What was sent, kept with it (the address's data export quotes it), a link's token aside.
          ...sentCopy(job, body),
        })
        .where(eq(mailOutbox.id, job.id));
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
    const lastError = describeError(error);
    // A mail server's 5xx is its final word (say, no such mailbox): retrying cannot help.
    if (job.attempts >= mailRetryPolicy.maxAttempts || isPermanentRefusal(error)) {
      await db
        .update(mailOutbox)
        .set({ status: "failed", lastError, claimedUntil: null })
        .where(ours(job));
      log.error(
        { outboxId: job.id, attempts: job.attempts, error: lastError },
        "Mail failed for good",
      );
      report.failed++;
    } else {
      const nextAttemptAt = new Date(
        clock.now().getTime() + retryDelayMs(job.attempts, firstRetryDelayMs),
      );
      await db
        .update(mailOutbox)
        .set({ nextAttemptAt, lastError, claimedUntil: null })
        .where(ours(job));
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
    return clock.now().getTime() < halfway || renewClaim(db, clock, job, claimMs);
  }

  return report;
}

/**
 * The message as this worker claimed it: no other worker has claimed it
 * since (each claim counts an attempt). A failure is recorded only on it, so
 * a worker that overran its claim never undoes the new owner's; a message
 * that went out is marked sent whoever holds it.
 */
function ours(job: MailJob) {
  return and(eq(mailOutbox.id, job.id), eq(mailOutbox.attempts, job.attempts));
}

/**
 * Extends this worker's claim on a message from now, if it still has it: the
 * message is still pending and no other worker has claimed it since (each
 * claim counts an attempt, so the attempts are still those of this claim).
 */
async function renewClaim(
  db: Database,
  clock: Clock,
  job: MailJob,
  claimMs: number,
): Promise<boolean> {
  const renewed = await db
    .update(mailOutbox)
    .set({ claimedUntil: new Date(clock.now().getTime() + claimMs) })
    .where(and(ours(job), eq(mailOutbox.status, "pending")))
    .returning({ id: mailOutbox.id });
  return renewed.length > 0;
}

/** The e-mail's HTML and text: rendered now from its data, or as stored before rendering moved here. */
async function bodyOf(job: MailJob): Promise<{ html: string; text: string }> {
  if (job.html !== null && job.text !== null) return { html: job.html, text: job.text };
  return renderStoredMail(job);
}

/**
 * Takes the oldest due messages (up to `count`) and marks them as this
 * worker's for a while, in one statement (one round trip): the subquery locks
 * the rows, other workers skip them, and once the statement commits they see
 * the claim. A worker that
 * dies mid-send leaves it to be retried when the claim runs out (or at once,
 * see `releaseAbandonedClaims`).
 *
 * A submission's e-mails are tried in order, by every worker together: one
 * waits while an earlier one of its submission is being sent or, due, has
 * never been tried. (Not until it is sent: a mailbox that refuses for now
 * must not hold up the other e-mail for hours.)
 *
 * The ordering rule is checked on a window of the oldest due messages only,
 * so that a claim costs the same with ten messages waiting or ten thousand.
 * The embedded database has no autovacuum of its own (server/embedded-maintenance.ts
 * analyses its tables); planned without statistics, the rule checked over the
 * whole backlog took 2.3 s a claim with 8,000 messages waiting, and even on
 * the window it read the whole outbox once per message checked (300 ms with
 * 60,000 waiting; 1 ms with statistics). The rule's own lookup must not use
 * the partial index of due messages (its `status` is compared as an
 * expression): without statistics the planner combined it with the
 * submission's index and read the whole index once for every message it checked.
 */
async function claimDueJobs(
  db: Database,
  clock: Clock,
  claimMs: number,
  count: number,
): Promise<MailJob[]> {
  const jobs = await dueJobsClaim(db, clock.now(), claimMs, count);
  return jobs.sort((a, b) => a.nextAttemptAt.getTime() - b.nextAttemptAt.getTime() || a.id - b.id);
}

/** `claimDueJobs`'s one statement, not yet run (its plan is tested in server/embedded-maintenance.test.ts). */
export function dueJobsClaim(db: Database, now: Date, claimMs: number, count: number) {
  const window = db
    .select({
      id: mailOutbox.id,
      submissionId: mailOutbox.submissionId,
      nextAttemptAt: mailOutbox.nextAttemptAt,
    })
    .from(mailOutbox)
    .where(
      and(
        eq(mailOutbox.status, "pending"),
        lte(mailOutbox.nextAttemptAt, now),
        or(isNull(mailOutbox.claimedUntil), lte(mailOutbox.claimedUntil, now)),
      ),
    )
    .orderBy(asc(mailOutbox.nextAttemptAt), asc(mailOutbox.id))
    // Wide enough that the rule (which holds back at most one message in two) leaves a full batch.
    .limit(count * 5)
    .for("update", { skipLocked: true })
    .as("due_window");
  const due = db
    .select({ id: window.id })
    .from(window)
    .where(
      notExists(
        db
          .select({ id: earlier.id })
          .from(earlier)
          .where(
            and(
              eq(earlier.submissionId, window.submissionId),
              lt(earlier.id, window.id),
              sql`(${earlier.status} || '') = 'pending'`,
              or(
                and(eq(earlier.attempts, 0), lte(earlier.nextAttemptAt, now)),
                gt(earlier.claimedUntil, now),
              ),
            ),
          ),
      ),
    )
    .orderBy(asc(window.nextAttemptAt), asc(window.id))
    .limit(count);
  return db
    .update(mailOutbox)
    .set({
      attempts: sql`${mailOutbox.attempts} + 1`,
      claimedUntil: new Date(now.getTime() + claimMs),
    })
    .where(inArray(mailOutbox.id, due))
    .returning();
}

/**
 * Frees the claims of workers that are gone. Only safe when no other worker
 * can be running: the embedded database, which one server holds alone, after
 * a crash of the previous one.
 */
export async function releaseAbandonedClaims(db: Database): Promise<number> {
  const released = await db
    .update(mailOutbox)
    .set({ claimedUntil: null })
    .where(and(eq(mailOutbox.status, "pending"), isNotNull(mailOutbox.claimedUntil)))
    .returning({ id: mailOutbox.id });
  return released.length;
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
