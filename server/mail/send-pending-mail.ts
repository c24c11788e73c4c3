/**
 * The outbox worker's one step: send every message that is due, each claimed
 * first so that two servers on one PostgreSQL never send the same message.
 */
import { and, asc, eq, inArray, isNotNull, isNull, lte, or, sql } from "drizzle-orm";
import type { Database } from "#database/open-database";
import { mailOutbox } from "#database/schema";
import type { Clock } from "../clock";
import { log } from "../logger";
import type { MailTransport } from "./mail-transport";

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

export type SendReport = { sent: number; retrying: number; failed: number };

export async function sendPendingMail(
  db: Database,
  transport: MailTransport,
  clock: Clock,
  {
    limit = 100,
    claimMs = mailRetryPolicy.claimMs,
    firstRetryDelayMs = mailRetryPolicy.firstRetryDelayMs,
  }: {
    limit?: number;
    /** How long a claim lasts: after it, another worker takes over the message. */
    claimMs?: number;
    /** The wait before the second try; it doubles with each further one. */
    firstRetryDelayMs?: number;
  } = {},
): Promise<SendReport> {
  const report: SendReport = { sent: 0, retrying: 0, failed: 0 };
  for (let handled = 0; handled < limit; handled++) {
    const job = await claimNextJob(db, clock, claimMs);
    if (!job) break;
    try {
      await transport.send(job);
      await db
        .update(mailOutbox)
        .set({ status: "sent", sentAt: clock.now(), lastError: null, claimedUntil: null })
        .where(eq(mailOutbox.id, job.id));
      report.sent++;
    } catch (error) {
      const lastError = describeError(error);
      // A mail server's 5xx is its final word (say, no such mailbox): retrying cannot help.
      if (job.attempts >= mailRetryPolicy.maxAttempts || isPermanentRefusal(error)) {
        await db
          .update(mailOutbox)
          .set({ status: "failed", lastError, claimedUntil: null })
          .where(eq(mailOutbox.id, job.id));
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
          .where(eq(mailOutbox.id, job.id));
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
  }
  return report;
}

/**
 * Takes the oldest due message and marks it as this worker's for a while, in
 * one statement (one round trip): the subquery locks the row, other workers
 * skip it, and once the statement commits they see the claim. A worker that
 * dies mid-send leaves it to be retried when the claim runs out (or at once,
 * see `releaseAbandonedClaims`).
 */
async function claimNextJob(db: Database, clock: Clock, claimMs: number) {
  const now = clock.now();
  const due = db
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(
      and(
        eq(mailOutbox.status, "pending"),
        lte(mailOutbox.nextAttemptAt, now),
        or(isNull(mailOutbox.claimedUntil), lte(mailOutbox.claimedUntil, now)),
      ),
    )
    .orderBy(asc(mailOutbox.nextAttemptAt), asc(mailOutbox.id))
    .limit(1)
    .for("update", { skipLocked: true });
  const [job] = await db
    .update(mailOutbox)
    .set({
      attempts: sql`${mailOutbox.attempts} + 1`,
      claimedUntil: new Date(now.getTime() + claimMs),
    })
    .where(inArray(mailOutbox.id, due))
    .returning();
  return job;
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
