import { randomUUID } from "node:crypto";
import { type SQL, sql } from "drizzle-orm";
import type { Database } from "#database/open-database";
import { formSubmissions, giftLinks } from "#database/schema";
import {
  type FormSubmission,
  honeypotField,
  isHoneypotFilled,
  messages,
  rateLimitedMessage,
} from "#shared/form-schemas";
import { ApiError } from "../api-error";
import type { Clock } from "../clock";
import { summarizeError } from "../error-summary";
import { log } from "../logger";
import {
  type ComposedMail,
  composeSubmissionMail,
  type MailSettings,
  outboxInsert,
  type SubmissionForMail,
} from "../mail/outbox";
import { type GiftPlace, giftPageUrl, newGiftToken } from "../materials/gift-links";
import { addressBlock, type RateLimiter, type RateLimitRule } from "../rate-limit";

export type SubmitFormDependencies = {
  db: Database;
  clock: Clock;
  rateLimiter: RateLimiter;
  mail: MailSettings;
  rateLimitPerHour: number;
  /** Called once the submission and its e-mails are stored (wakes the mail worker). */
  onMailQueued?: () => void;
  /**
   * The gifts' materials: each gift request gets its own link, and its e-mail
   * waits while the gift has no material. Without it (or for a gift whose link
   * is fixed by `GIFT_*_URL`), the e-mail links to `mail.giftLinks` at once.
   */
  gifts?: GiftDelivery;
};

export type GiftDelivery = {
  /** A gift whose e-mail links to a fixed address set by the owner (no own link, no waiting). */
  fixedLink(gift: GiftPlace): string | undefined;
  hasOffered(gift: GiftPlace): Promise<boolean>;
  releaseWaitingMail(gift: GiftPlace): Promise<number>;
};

/**
 * Stores a validated submission together with its e-mails, in one
 * transaction: when this returns, the visitor may be told it was sent.
 *
 * Two limits, per hour: submissions from one client address (refused with
 * 429), and e-mails to one typed-in address. The second never refuses: a
 * stranger typing someone's address ten times must not block her own
 * submission, so over it the submission is stored and the practitioner
 * told, and only the e-mail to that address is left out.
 */
export async function submitForm(
  { db, clock, rateLimiter, mail, rateLimitPerHour, onMailQueued, gifts }: SubmitFormDependencies,
  submission: FormSubmission,
  { clientAddress }: { clientAddress: string },
): Promise<{ id: string }> {
  if (isHoneypotFilled(submission)) {
    // A bot: it is told what a person would be told, and nothing is kept.
    log.warn(
      { clientAddress },
      `Form submission dropped: the ${honeypotField} field was filled in`,
    );
    return { id: randomUUID() };
  }
  const rule: RateLimitRule = { limit: rateLimitPerHour, windowMs: 60 * 60_000 };
  // Both limits in one round trip; a submission refused for its address counts no e-mail.
  const counted = await rateLimiter.hitInTurn(
    { key: `form-address:${addressBlock(clientAddress)}`, rule },
    { key: `form-recipient:${submission.email.toLowerCase()}`, rule },
  );
  if (!counted.first.allowed || !counted.second) {
    throw new ApiError(429, "rate_limited", rateLimitedMessage, undefined, {
      "Retry-After": String(counted.first.retryAfterSeconds),
    });
  }
  const toVisitor = counted.second;
  if (!toVisitor.allowed) {
    log.warn(
      { recipient: maskAddress(submission.email) },
      `Form submission stored without its e-mail to ${maskAddress(submission.email)}: ` +
        "that address has had its hourly limit of e-mails",
    );
  }

  const record = {
    id: randomUUID(),
    createdAt: clock.now(),
    formType: submission.formType,
    name: submission.name,
    email: submission.email,
    phone: "phone" in submission ? (submission.phone ?? null) : null,
    serviceType: "serviceType" in submission ? (submission.serviceType ?? null) : null,
    message: submission.message ?? null,
    privacyConsent: submission.privacyConsent,
  } satisfies SubmissionForMail;
  // A gift's own link, and whether its e-mail waits for the gift's material.
  const gift = submission.formType === "contact" ? undefined : submission.formType;
  const ownLink = gift && gifts && !gifts.fixedLink(gift) ? newGiftToken() : undefined;
  const waiting = gift && ownLink && gifts ? !(await gifts.hasOffered(gift)) : false;
  // Rendered before the transaction, which then only writes.
  const mails = await composeSubmissionMail(record, mail, {
    toVisitor: toVisitor.allowed,
    ...(ownLink && { giftLink: giftPageUrl(mail.siteUrl, ownLink.token) }),
    giftWaits: waiting,
  });

  await storeTogether(
    db,
    record,
    mails,
    gift && ownLink ? { tokenHash: ownLink.tokenHash, gift } : undefined,
  );
  // A material added while this was stored: its release may have run before this e-mail was there.
  if (waiting && gift && gifts) await gifts.releaseWaitingMail(gift);
  onMailQueued?.();
  return { id: record.id };
}

/**
 * The record, its gift link and its e-mails in one statement: one INSERT
 * whose other inserts are data-modifying WITH queries. A statement is atomic
 * on its own (all are stored, or none), and it takes one round trip to the
 * database where a transaction took four (BEGIN, two inserts, COMMIT).
 */
export async function storeTogether(
  db: Database,
  record: typeof formSubmissions.$inferInsert & { id: string; createdAt: Date },
  mails: ComposedMail[],
  giftLink?: { tokenHash: string; gift: GiftPlace },
) {
  // Their SQL, not the builders themselves: a builder inside `sql` comes wrapped in parentheses.
  const writes: SQL[] = [db.insert(formSubmissions).values(record).getSQL()];
  if (giftLink) {
    writes.push(
      db
        .insert(giftLinks)
        .values({ ...giftLink, submissionId: record.id, createdAt: record.createdAt })
        .getSQL(),
    );
  }
  if (mails.length > 0) {
    writes.push(
      outboxInsert(db, mails, { dueAt: record.createdAt, submissionId: record.id }).getSQL(),
    );
  }
  const main = writes.pop() as SQL;
  const before = writes.map(
    (write, index) => sql`${sql.identifier(`write_${index}`)} as (${write})`,
  );
  try {
    await db.execute(before.length > 0 ? sql`with ${sql.join(before, sql`, `)} ${main}` : main);
  } catch (error) {
    // The schemas should refuse first; a database constraint is the last line, still a 4xx.
    if (isDataRejection(error)) {
      log.warn({ error: summarizeError(error) }, "The database refused a validated submission");
      throw new ApiError(422, "validation_failed", messages.payloadInvalid);
    }
    throw error;
  }
}

/** `jana.novakova@example.cz` → `j…@example.cz`: enough to follow a log, not to harvest it. */
function maskAddress(email: string): string {
  const at = email.lastIndexOf("@");
  return at > 0 ? `${email[0]}…${email.slice(at)}` : "…";
}

/** The SQLSTATE of a database error, or of its cause, as PostgreSQL and PGlite report them. */
function databaseErrorCode(error: unknown): string | undefined {
  for (let cause = error; cause instanceof Error; cause = cause.cause) {
    const code = (cause as { code?: unknown }).code;
    if (typeof code === "string") return code;
  }
  return undefined;
}

/** A check violation (23514) or invalid data (class 22). */
function isDataRejection(error: unknown): boolean {
  const code = databaseErrorCode(error);
  return code !== undefined && (code === "23514" || code.startsWith("22"));
}
