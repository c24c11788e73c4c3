import type { Database } from "#database/open-database";
import type { Clock } from "../clock";
import { summarizeError } from "../error-summary";
import { log } from "../logger";
import type { MailTransport } from "./mail-transport";
import { releaseAbandonedClaims } from "./outbox";
import { sendPendingMail } from "./send-pending-mail";

/** Messages per pass; after a full pass the worker goes on at once. */
const batchLimit = 100;

export type MailWorker = {
  /** Send now rather than at the next tick (a submission has just been stored). */
  wake(): void;
  /** Stops the loop after the message in hand. */
  stop(): Promise<void>;
};

/** Runs `sendPendingMail` every `intervalMs`, at once when woken, and on without a pause while a backlog lasts. */
export function startMailWorker({
  db,
  transport,
  clock,
  intervalMs = 10_000,
  claimMs,
  firstRetryDelayMs,
  soleWorker = false,
  beforeBatch,
}: {
  db: Database;
  transport: MailTransport;
  clock: Clock;
  intervalMs?: number;
  /** How long this server's claim on a message lasts (`MAIL_TAKEOVER_SECONDS`). */
  claimMs?: number;
  /** The wait before a failed message's second try (`MAIL_RETRY_SECONDS`). */
  firstRetryDelayMs?: number;
  /** True when no other server can share the outbox (the embedded database). */
  soleWorker?: boolean;
  /** Awaited before each batch: `RequestActivity.whenIdle`, so that requests go first. */
  beforeBatch?: () => Promise<void>;
}): MailWorker {
  let stopped = false;
  let wakeUp: (() => void) | undefined;
  let wokenEarly = false;

  const nap = () =>
    new Promise<void>((resolve) => {
      if (wokenEarly || stopped) {
        wokenEarly = false;
        resolve();
        return;
      }
      const timer = setTimeout(done, intervalMs);
      function done() {
        clearTimeout(timer);
        wakeUp = undefined;
        resolve();
      }
      wakeUp = done;
    });

  const loop = (async () => {
    if (soleWorker) {
      // Messages the previous run was sending when it died: they go out now, not after the claim.
      const released = await releaseAbandonedClaims(db).catch(() => 0);
      if (released) log.info({ released }, "Mail worker: retrying messages left by an earlier run");
    }
    while (!stopped) {
      try {
        const report = await sendPendingMail(db, transport, clock, {
          limit: batchLimit,
          claimMs,
          firstRetryDelayMs,
          beforeBatch,
        });
        // A backlog: on at once, not after the interval.
        if (report.sent + report.retrying + report.failed + report.takenOver >= batchLimit)
          continue;
      } catch (error) {
        // The database may be briefly unreachable; the next tick tries again.
        // Not error.message: drizzle's holds the query's parameters (the e-mails' text).
        log.error(
          { error: summarizeError(error) },
          "Mail worker failed; trying again at the next tick",
        );
      }
      await nap();
    }
  })();

  return {
    wake() {
      if (wakeUp) wakeUp();
      else wokenEarly = true;
    },
    async stop() {
      stopped = true;
      wakeUp?.();
      await loop;
    },
  };
}
