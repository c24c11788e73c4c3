/**
 * Sending her letters (docs/decisions/0038-newsletter-letters.md). Every server runs
 * `runLetterSending` every few seconds; each step is safe with several servers and after a
 * SIGKILL at any point:
 *
 * 1. A scheduled letter whose time has come starts sending: one guarded UPDATE, and the unique
 *    index `newsletter_letters_one_sending` lets one letter at most be sending.
 * 2. Its deliveries are written, a batch of confirmed subscribers at a time (by id, from where
 *    the last batch stopped), `ON CONFLICT DO NOTHING` on (letter, subscriber): nobody twice.
 * 3. Deliveries are handed to the outbox at her rate: the transaction that locks the one
 *    `newsletter_sending` row takes the slots from `next_slot_at` on, writes each e-mail due at
 *    its own slot, marks each delivery with its e-mail's id, and moves `next_slot_at` on, all
 *    together; so the rate holds across servers, and a crash leaves either all of it or none.
 *    Whether the subscriber is still confirmed is read in that same transaction: someone who
 *    unsubscribed meanwhile is skipped.
 * 4. The outbox's worker sends each e-mail once (its claim); its fate settles the delivery as
 *    sent or failed. A refusal for good (an SMTP 5xx) counts against the address; two make it
 *    undeliverable, and later letters skip it.
 * 5. A letter whose deliveries are all written and settled is sent.
 */
import { and, asc, eq, gt, inArray, isNotNull, isNull, lte, ne, or, sql } from "drizzle-orm";
import { isUniqueViolation } from "#database/database-errors";
import { type Database, rowsOf } from "#database/open-database";
import {
  type NewsletterLetter,
  newsletterDeliveries,
  newsletterLetters,
  newsletterSending,
  newsletterSubscribers,
} from "#database/schema";
import { letterLimits } from "#shared/newsletter-letters";
import { type AuditActor, recordAuditEvent } from "../audit-log";
import type { Clock } from "../clock";
import { log } from "../logger";
import {
  type ComposedMail,
  composeMail,
  deleteMail,
  deleteUnsentMail,
  findMissingMail,
  findSettledMail,
  type MailSettings,
  queueOwnedMail,
  renderMail,
  writeToOutbox,
} from "../mail/outbox";
import { type RepeatingTask, repeatEvery } from "../repeating-task";
import { type LetterAnnouncementData, newsletterLetterMail } from "./letter-email";
import { announcementOf, findAnnouncement, letterRefusals, requireLetter } from "./letter-store";
import {
  newsletterLetterHeaders,
  subscriberMailOwner,
  testLetterToken,
  unsubscribeLink,
  unsubscribeToken,
} from "./subscribers";

/** Two refusals for good by an address's mail server make it undeliverable. */
export const undeliverableAfterRefusals = 2;

export type LetterSendingDependencies = {
  db: Database;
  clock: Clock;
  /** Her inbox (replies and the mailto unsubscribe go there) and the site's address. */
  settings: Pick<MailSettings, "notifyEmail" | "siteUrl">;
  /** Signs the unsubscribe links (the server's secret, as `createSubscribers` has it). */
  secret: string;
  /** Called once letters are in the outbox (wakes the mail worker). */
  onMailQueued?: () => void;
  /** How far ahead of now slots are handed to the outbox (each e-mail is due at its slot). */
  lookaheadMs?: number;
  /** The most deliveries handed over in one transaction. */
  handOverBatch?: number;
  /** Subscribers a fan-out batch writes deliveries for. */
  fanOutBatch?: number;
};

export const letterSendingIntervalMs = 5_000;
const defaultLookaheadMs = 10_000;

export type LetterSendingReport = {
  started: string | null;
  written: number;
  handed: number;
  skipped: number;
  settled: number;
  finished: string[];
};

/** One round of every step; safe to run on every server at once. */
export async function runLetterSending(deps: LetterSendingDependencies) {
  const { db, clock } = deps;
  const report: LetterSendingReport = {
    started: await startDueLetter(db, clock.now()),
    written: 0,
    handed: 0,
    skipped: 0,
    settled: 0,
    finished: [],
  };
  const [letter] = await db
    .select()
    .from(newsletterLetters)
    .where(eq(newsletterLetters.state, "sending"));
  if (letter) {
    report.written = await fanOut(db, letter, clock.now(), deps.fanOutBatch ?? 1000);
    const handed = await handOver(deps, letter);
    report.handed = handed.handed;
    report.skipped = handed.skipped;
    if (handed.handed > 0) deps.onMailQueued?.();
  }
  report.settled = await settleDeliveries(db, clock.now());
  report.finished = await finishLetters(db, clock.now());
  return report;
}

/** Runs `runLetterSending` at start and every few seconds, until stopped. */
export function startLetterSending(
  deps: LetterSendingDependencies & { intervalMs?: number },
): RepeatingTask {
  return repeatEvery("Letter sending", deps.intervalMs ?? letterSendingIntervalMs, async () => {
    const report = await runLetterSending(deps);
    if (report.started)
      log.info({ letterId: report.started }, "A scheduled letter started sending");
    for (const letterId of report.finished) log.info({ letterId }, "A letter has gone out");
  });
}

/** The earliest scheduled letter whose time has come, sending now (unless another is). */
async function startDueLetter(db: Database, now: Date): Promise<string | null> {
  const due = db
    .select({ id: newsletterLetters.id })
    .from(newsletterLetters)
    .where(
      and(
        eq(newsletterLetters.state, "scheduled"),
        sql`${newsletterLetters.scheduledAt} <= ${now.toISOString()}::timestamptz`,
      ),
    )
    .orderBy(asc(newsletterLetters.scheduledAt))
    .limit(1);
  try {
    const [started] = await db
      .update(newsletterLetters)
      .set({ state: "sending", sendingStartedAt: now, updatedAt: now })
      .where(
        and(
          inArray(newsletterLetters.id, due),
          eq(newsletterLetters.state, "scheduled"),
          sql`not exists (select 1 from ${newsletterLetters} where state = 'sending')`,
        ),
      )
      .returning({ id: newsletterLetters.id });
    return started?.id ?? null;
  } catch (error) {
    // Another server started one in the same moment: the unique index said no; later, then.
    if (isUniqueViolation(error)) return null;
    throw error;
  }
}

/**
 * Writes the letter's deliveries, a batch of confirmed subscribers at a time, each batch with
 * the letter's cursor in one transaction (another server's batch waits for the letter's row and
 * goes on after it). Returns how many were written.
 */
async function fanOut(db: Database, letter: NewsletterLetter, now: Date, batch: number) {
  if (letter.fannedOutAt) return 0;
  let written = 0;
  for (;;) {
    const done = await db.transaction(async (tx) => {
      const [current] = await tx
        .select({
          fannedOutAfter: newsletterLetters.fannedOutAfter,
          fannedOutAt: newsletterLetters.fannedOutAt,
        })
        .from(newsletterLetters)
        .where(and(eq(newsletterLetters.id, letter.id), eq(newsletterLetters.state, "sending")))
        .for("update");
      if (!current || current.fannedOutAt) return true;
      const ids = await tx
        .select({ id: newsletterSubscribers.id })
        .from(newsletterSubscribers)
        .where(
          and(
            eq(newsletterSubscribers.state, "subscribed"),
            current.fannedOutAfter
              ? gt(newsletterSubscribers.id, current.fannedOutAfter)
              : undefined,
          ),
        )
        .orderBy(asc(newsletterSubscribers.id))
        .limit(batch);
      if (ids.length > 0) {
        const inserted = await tx
          .insert(newsletterDeliveries)
          .values(ids.map(({ id }) => ({ letterId: letter.id, subscriberId: id, createdAt: now })))
          .onConflictDoNothing()
          .returning({ subscriberId: newsletterDeliveries.subscriberId });
        written += inserted.length;
      }
      const last = ids.at(-1)?.id ?? current.fannedOutAfter;
      const finished = ids.length < batch;
      await tx
        .update(newsletterLetters)
        .set({ fannedOutAfter: last, ...(finished ? { fannedOutAt: now } : {}) })
        .where(eq(newsletterLetters.id, letter.id));
      return finished;
    });
    if (done) return written;
  }
}

/**
 * The letter's e-mail to one address, with its unsubscribe token (a subscriber's, or for her
 * test and preview `testToken`, which unsubscribes nobody).
 */
export function composeLetterMail(
  letter: Pick<NewsletterLetter, "subject" | "body">,
  announcement: LetterAnnouncementData | null,
  to: { email: string; token: string },
  settings: LetterSendingDependencies["settings"],
): ComposedMail {
  return composeMail(newsletterLetterMail, {
    to: to.email,
    replyTo: settings.notifyEmail,
    headers: newsletterLetterHeaders({
      siteUrl: settings.siteUrl,
      mailto: settings.notifyEmail,
      token: to.token,
    }),
    data: {
      subject: letter.subject,
      body: letter.body,
      announcement,
      unsubscribeLink: unsubscribeLink(settings.siteUrl, to.token),
      siteUrl: settings.siteUrl,
      test: to.token === testToken,
    },
  });
}

const testToken = testLetterToken;

/** The letter as a subscriber gets it: the same render the worker makes. */
export async function previewLetter(
  db: Database,
  letter: NewsletterLetter,
  settings: LetterSendingDependencies["settings"],
) {
  const announcement = await announcementData(db, letter, settings.siteUrl);
  const mail = composeLetterMail(letter, announcement, { email: "", token: testToken }, settings);
  const data = newsletterLetterMail.dataSchema.parse({ ...mail.data, test: false });
  const { html, text } = await renderMail(newsletterLetterMail.render(data));
  return { subject: letter.subject, html, text };
}

/** „Poslat zkoušku“: the letter to her own address, „[Zkouška]“ in front, counted nowhere. */
export async function sendTestLetter(
  db: Database,
  letter: NewsletterLetter,
  to: string,
  deps: Pick<LetterSendingDependencies, "settings" | "onMailQueued" | "clock">,
) {
  const announcement = await announcementData(db, letter, deps.settings.siteUrl);
  const mail = composeLetterMail(
    letter,
    announcement,
    { email: to, token: testToken },
    deps.settings,
  );
  await writeToOutbox(db, [mail], { dueAt: deps.clock.now() });
  deps.onMailQueued?.();
}

async function announcementData(db: Database, letter: NewsletterLetter, siteUrl: string) {
  const named = announcementOf(letter);
  return (named && (await findAnnouncement(db, named, siteUrl))) ?? null;
}

/**
 * Hands the letter's waiting deliveries to the outbox for the slots of her rate from
 * `next_slot_at` up to `lookaheadMs` ahead, in one transaction with the moved slot.
 */
async function handOver(deps: LetterSendingDependencies, letter: NewsletterLetter) {
  const { db, clock } = deps;
  const now = clock.now();
  const lookaheadMs = deps.lookaheadMs ?? defaultLookaheadMs;
  const maxBatch = deps.handOverBatch ?? 500;
  const announcement = await announcementData(db, letter, deps.settings.siteUrl);
  return db.transaction(async (tx) => {
    // Still sending, and it stays so until this commits: a stop waits for this handover (and then
    // takes its e-mails back), or this waits for the stop and hands nothing over.
    const [still] = await tx
      .select({ id: newsletterLetters.id })
      .from(newsletterLetters)
      .where(and(eq(newsletterLetters.id, letter.id), eq(newsletterLetters.state, "sending")))
      .for("share");
    if (!still) return { handed: 0, skipped: 0 };
    await tx
      .insert(newsletterSending)
      .values({ id: 1, lettersPerHour: letterLimits.defaultPerHour, nextSlotAt: now })
      .onConflictDoNothing();
    const [bucket] = await tx
      .select()
      .from(newsletterSending)
      .where(eq(newsletterSending.id, 1))
      .for("update");
    if (!bucket) return { handed: 0, skipped: 0 };
    const slotMs = 3_600_000 / bucket.lettersPerHour;
    // A bucket idle for a while starts now: her rate, never a burst of the slots it missed.
    const start = Math.max(bucket.nextSlotAt.getTime(), now.getTime());
    const horizon = now.getTime() + lookaheadMs;
    if (start > horizon) return { handed: 0, skipped: 0 };
    const slots = Math.min(maxBatch, Math.floor((horizon - start) / slotMs) + 1);
    const waiting = await tx
      .select({
        subscriberId: newsletterDeliveries.subscriberId,
        email: newsletterSubscribers.email,
        state: newsletterSubscribers.state,
      })
      .from(newsletterDeliveries)
      .innerJoin(
        newsletterSubscribers,
        eq(newsletterSubscribers.id, newsletterDeliveries.subscriberId),
      )
      .where(
        and(
          eq(newsletterDeliveries.letterId, letter.id),
          eq(newsletterDeliveries.state, "queued"),
          isNull(newsletterDeliveries.outboxId),
        ),
      )
      .orderBy(asc(newsletterDeliveries.subscriberId))
      .limit(slots)
      .for("update", { of: newsletterDeliveries, skipLocked: true });
    const gone = waiting.filter((row) => row.state !== "subscribed");
    const going = waiting.filter((row) => row.state === "subscribed");
    if (gone.length > 0) {
      await tx
        .update(newsletterDeliveries)
        .set({ state: "skipped", settledAt: now })
        .where(
          and(
            eq(newsletterDeliveries.letterId, letter.id),
            inArray(
              newsletterDeliveries.subscriberId,
              gone.map((row) => row.subscriberId),
            ),
          ),
        );
    }
    if (going.length === 0) return { handed: 0, skipped: gone.length };
    const ids = await queueOwnedMail(
      tx,
      going.map((row, index) => ({
        mail: composeLetterMail(
          letter,
          announcement,
          { email: row.email, token: unsubscribeToken(deps.secret, row.subscriberId) },
          deps.settings,
        ),
        dueAt: new Date(start + index * slotMs),
        owner: subscriberMailOwner({ id: row.subscriberId }),
      })),
    );
    const handed = going.map((row) => ({
      subscriber_id: row.subscriberId,
      outbox_id: ids.get(row.subscriberId),
    }));
    await tx.execute(sql`
      update ${newsletterDeliveries} d set outbox_id = v.outbox_id, handed_at = ${now.toISOString()}::timestamptz
      from jsonb_to_recordset(${JSON.stringify(handed)}::jsonb) as v(subscriber_id uuid, outbox_id bigint)
      where d.letter_id = ${letter.id} and d.subscriber_id = v.subscriber_id`);
    await tx
      .update(newsletterSending)
      .set({ nextSlotAt: new Date(start + going.length * slotMs) })
      .where(eq(newsletterSending.id, 1));
    return { handed: going.length, skipped: gone.length };
  });
}

/**
 * Settles the deliveries whose e-mails the outbox has sent or given up on, and counts a refusal
 * for good against the address (two: undeliverable), in one transaction: each counted once.
 */
async function settleDeliveries(db: Database, now: Date): Promise<number> {
  let settled = 0;
  for (;;) {
    const inOutbox = await db
      .select({
        letterId: newsletterDeliveries.letterId,
        subscriberId: newsletterDeliveries.subscriberId,
        outboxId: newsletterDeliveries.outboxId,
      })
      .from(newsletterDeliveries)
      .where(
        and(eq(newsletterDeliveries.state, "queued"), isNotNull(newsletterDeliveries.outboxId)),
      )
      .orderBy(asc(newsletterDeliveries.outboxId))
      .limit(2000);
    if (inOutbox.length === 0) return settled;
    const outboxIds = inOutbox.map((row) => row.outboxId ?? 0);
    const fates = new Map((await findSettledMail(db, outboxIds)).map((fate) => [fate.id, fate]));
    const missing = new Set(await findMissingMail(db, outboxIds));
    const outcomes = inOutbox.flatMap((row) => {
      const fate = fates.get(row.outboxId ?? 0);
      if (fate) {
        return [
          {
            letter_id: row.letterId,
            subscriber_id: row.subscriberId,
            state: fate.status === "sent" ? "sent" : "failed",
            attempts: fate.attempts,
            settled_at: (fate.sentAt ?? now).toISOString(),
            last_error: fate.status === "sent" ? null : fate.lastError,
            refused: fate.refused,
          },
        ];
      }
      if (!missing.has(row.outboxId ?? 0)) return [];
      return [
        {
          letter_id: row.letterId,
          subscriber_id: row.subscriberId,
          state: "failed",
          attempts: 0,
          settled_at: now.toISOString(),
          last_error: "The e-mail was deleted before it was sent.",
          refused: false,
        },
      ];
    });
    if (outcomes.length === 0) return settled;
    await db.transaction(async (tx) => {
      const changed = await rowsOf<{ subscriber_id: string; refused: boolean }>(
        tx,
        sql`
        update ${newsletterDeliveries} d
        set state = v.state, attempts = v.attempts, settled_at = v.settled_at, last_error = v.last_error
        from jsonb_to_recordset(${JSON.stringify(outcomes)}::jsonb)
          as v(letter_id uuid, subscriber_id uuid, state text, attempts int, settled_at timestamptz, last_error text, refused boolean)
        where d.letter_id = v.letter_id and d.subscriber_id = v.subscriber_id and d.state = 'queued'
        returning d.subscriber_id, v.refused`,
      );
      const refused = changed.filter((row) => row.refused).map((row) => row.subscriber_id);
      if (refused.length > 0) {
        await tx
          .update(newsletterSubscribers)
          .set({
            bounceCount: sql`${newsletterSubscribers.bounceCount} + 1`,
            state: sql`case when ${newsletterSubscribers.bounceCount} + 1 >= ${undeliverableAfterRefusals}
              and ${newsletterSubscribers.state} = 'subscribed' then 'undeliverable'
              else ${newsletterSubscribers.state} end`,
          })
          .where(inArray(newsletterSubscribers.id, refused));
      }
      settled += changed.length;
    });
    if (outcomes.length < inOutbox.length) return settled;
  }
}

/**
 * „Zastavit odesílání“: the sending letter stops, in one transaction with its e-mails the outbox
 * has not sent yet (deleted) and its deliveries not sent (`stopped`, never handed over again), and
 * the audit entry. A handover on another server at that moment either commits first (its e-mails
 * are then taken back here) or finds the letter stopped. E-mails already sent, or failed, settle
 * their deliveries as before. Refused for a letter that is not sending.
 */
export async function stopLetter(db: Database, id: string, actor: AuditActor, now: Date) {
  const letter = await requireLetter(db, id);
  const stopped = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(newsletterLetters)
      .set({ state: "stopped", sentAt: now, updatedAt: now })
      .where(and(eq(newsletterLetters.id, letter.id), eq(newsletterLetters.state, "sending")))
      .returning();
    if (!row) return undefined;
    const inOutbox = await tx
      .select({ outboxId: newsletterDeliveries.outboxId })
      .from(newsletterDeliveries)
      .where(
        and(
          eq(newsletterDeliveries.letterId, letter.id),
          eq(newsletterDeliveries.state, "queued"),
          isNotNull(newsletterDeliveries.outboxId),
        ),
      );
    const taken = await deleteUnsentMail(
      tx,
      inOutbox.map((delivery) => delivery.outboxId ?? 0),
    );
    await tx
      .update(newsletterDeliveries)
      .set({ state: "stopped", settledAt: now })
      .where(
        and(
          eq(newsletterDeliveries.letterId, letter.id),
          eq(newsletterDeliveries.state, "queued"),
          or(isNull(newsletterDeliveries.outboxId), inArray(newsletterDeliveries.outboxId, taken)),
        ),
      );
    await recordAuditEvent(
      tx,
      { action: "newsletter_letter_stopped", actor, subject: row.subject },
      now,
    );
    return row;
  });
  if (!stopped) throw letterRefusals.notSending();
  return stopped;
}

/** Letters whose deliveries are all written and settled: sent. */
async function finishLetters(db: Database, now: Date): Promise<string[]> {
  const finished = await db
    .update(newsletterLetters)
    .set({ state: "sent", sentAt: now, updatedAt: now })
    .where(
      and(
        eq(newsletterLetters.state, "sending"),
        isNotNull(newsletterLetters.fannedOutAt),
        sql`not exists (select 1 from ${newsletterDeliveries} d
          where d.letter_id = ${newsletterLetters.id} and d.state = 'queued')`,
      ),
    )
    .returning({ id: newsletterLetters.id });
  return finished.map((row) => row.id);
}

/**
 * How long the outbox keeps a sent letter's e-mails (each about 15 KB with its rendering): long
 * enough for a reader's „it did not come“ to be looked into, not for ever. Its figures and the
 * „nedoručitelný“ rule read the deliveries, settled within seconds of each e-mail's fate.
 */
export const sentLetterMailRetentionMs = 30 * 24 * 60 * 60_000;

/**
 * Housekeeping: the e-mails of letters sent (or stopped) more than `sentLetterMailRetentionMs` ago leave the
 * outbox, a batch at a time, each batch with its deliveries' outbox ids in one transaction (the
 * deliveries stay, settled, for the figures and the address's export). Returns how many went.
 */
export async function forgetSentLetterMail(db: Database, now: Date, batch = 2000) {
  const before = new Date(now.getTime() - sentLetterMailRetentionMs);
  let forgotten = 0;
  for (;;) {
    const done = await db.transaction(async (tx) => {
      const kept = await tx
        .select({ outboxId: newsletterDeliveries.outboxId })
        .from(newsletterDeliveries)
        .innerJoin(newsletterLetters, eq(newsletterLetters.id, newsletterDeliveries.letterId))
        .where(
          and(
            inArray(newsletterLetters.state, ["sent", "stopped"]),
            lte(newsletterLetters.sentAt, before),
            ne(newsletterDeliveries.state, "queued"),
            isNotNull(newsletterDeliveries.outboxId),
          ),
        )
        .limit(batch)
        .for("update", { of: newsletterDeliveries, skipLocked: true });
      const ids = kept.map((row) => row.outboxId ?? 0);
      if (ids.length === 0) return true;
      forgotten += await deleteMail(tx, ids);
      await tx
        .update(newsletterDeliveries)
        .set({ outboxId: null })
        .where(inArray(newsletterDeliveries.outboxId, ids));
      return ids.length < batch;
    });
    if (done) return forgotten;
  }
}
