import { randomUUID } from "node:crypto";
import { type SQL, sql } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import type { Database } from "#database/open-database";
import { insertedValues, insertRowsWhere, preparedStatement } from "#database/prepared-statement";
import { formSubmissions, giftLinks } from "#database/schema";
import { isServiceChoice, serviceLabel } from "#shared/content/service-choices";
import {
  type FormSubmission,
  honeypotField,
  isHoneypotFilled,
  messages,
  rateLimitedMessageFor,
} from "#shared/form-schemas";
import { ApiError, retryAfter } from "../api-error";
import type { Clock } from "../clock";
import { createContentReader } from "../content/content-store";
import { summarizeError } from "../error-summary";
import { log } from "../logger";
import {
  composeSubmissionMail,
  type MailSettings,
  type SubmissionForMail,
  type SubmissionMail,
  submissionMailWrite,
} from "../mail/outbox";
import { type GiftPlace, giftPageUrl, newGiftToken } from "../materials/gift-links";
import type { SignUp as NewsletterSignUp } from "../newsletter/subscribers";
import {
  addressBlock,
  type CountedInTurn,
  type CountInTurn,
  type CountRow,
  type RateLimiter,
  type RateLimitRule,
} from "../rate-limit";

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
  /** A gift form's ticked newsletter box: the sign-up (server/newsletter, double opt-in). */
  signUpToNewsletter?: (signUp: NewsletterSignUp) => Promise<void>;
};

export type GiftDelivery = {
  /** A gift whose e-mail links to a fixed address set by the owner (no own link, no waiting). */
  fixedLink(gift: GiftPlace): string | undefined;
  /** The gift's first offered material (its length is said in the e-mail), or undefined. */
  firstOffered(gift: GiftPlace): Promise<{ durationSeconds: number | null } | undefined>;
  releaseWaitingMail(gift: GiftPlace): Promise<number>;
  /** Tells the owner that people wait for the gift (at once, then at most once a day). */
  noticeOwner(gift: GiftPlace): Promise<boolean>;
};

/**
 * The contact form's „Služba“ checked against her published offers (decision 0042): an offer on
 * the site or „Ostatní“; an offer she has retired or hidden is refused as any unknown choice.
 * Its name goes with the e-mail to her.
 */
async function checkServiceChoice(db: Database, submission: FormSubmission) {
  if (submission.formType !== "contact" || !submission.serviceType) return undefined;
  const published = await createContentReader(db).read("offers");
  if (!isServiceChoice(published.offers, submission.serviceType)) {
    throw new ApiError(422, "validation_failed", messages.serviceTypeInvalid, {
      serviceType: messages.serviceTypeInvalid,
    });
  }
  return { label: serviceLabel(published, submission.serviceType) };
}

/**
 * Stores a validated submission together with its e-mails, in one
 * statement: when this returns, the visitor may be told it was sent.
 *
 * Two limits, per hour: submissions from one client address (refused with
 * 429), and e-mails to one typed-in address. The second never refuses: a
 * stranger typing someone's address ten times must not block her own
 * submission, so over it the submission is stored and the practitioner
 * told, and only the e-mail to that address is left out.
 */
export async function submitForm(
  {
    db,
    clock,
    rateLimiter,
    mail,
    rateLimitPerHour,
    onMailQueued,
    gifts,
    signUpToNewsletter,
  }: SubmitFormDependencies,
  submission: FormSubmission,
  { clientAddress }: { clientAddress: string },
): Promise<{ id: string; giftWaits: boolean }> {
  if (isHoneypotFilled(submission)) {
    // A bot: it is told what a person would be told, and nothing is kept.
    log.warn(
      { clientAddress },
      `Form submission dropped: the ${honeypotField} field was filled in`,
    );
    return { id: randomUUID(), giftWaits: false };
  }
  const service = await checkServiceChoice(db, submission);
  const rule: RateLimitRule = { limit: rateLimitPerHour, windowMs: 60 * 60_000 };
  // A submission refused for its address counts no e-mail, and stores nothing.
  const counting = rateLimiter.countInTurn(
    { key: `form-address:${addressBlock(clientAddress)}`, rule },
    { key: `form-recipient:${submission.email.toLowerCase()}`, rule },
  );

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
  const material = gift && ownLink && gifts ? await gifts.firstOffered(gift) : undefined;
  const waiting = Boolean(gift && ownLink && gifts && !material);
  // Composed before the statement, which then only writes: the practitioner's
  // e-mail first, then the visitor's, which the statement leaves out when her
  // address has had its hourly limit.
  const mails = await composeSubmissionMail({ ...record, serviceLabel: service?.label }, mail, {
    ...(ownLink && { giftLink: giftPageUrl(mail.siteUrl, ownLink.token) }),
    giftWaits: waiting,
    ...(material && { giftDurationSeconds: material.durationSeconds }),
  });

  const counted = await storeTogether(
    db,
    {
      record,
      mails,
      ...(gift && ownLink && { giftLink: { tokenHash: ownLink.tokenHash, gift } }),
    },
    counting,
  );
  if (!counted.first.allowed || !counted.second) {
    throw new ApiError(
      429,
      "rate_limited",
      rateLimitedMessageFor(submission.formType),
      undefined,
      retryAfter(counted.first.retryAfterSeconds),
    );
  }
  if (!counted.second.allowed) {
    log.warn(
      { recipient: maskAddress(submission.email) },
      `Form submission stored without its e-mail to ${maskAddress(submission.email)}: ` +
        "that address has had its hourly limit of e-mails",
    );
  }
  if (gift && "newsletter" in submission && submission.newsletter && counted.second.allowed) {
    // After the gift is stored, on its own: a failure here must not take the gift back.
    try {
      await signUpToNewsletter?.({
        email: submission.email,
        name: submission.name,
        source: gift,
        clientAddress,
      });
    } catch (error) {
      log.error({ error: summarizeError(error) }, "A gift form's newsletter sign-up failed");
    }
  }
  if (waiting && gift && gifts) {
    // A material added while this was stored: its release may have run before this e-mail was there.
    const released = await gifts.releaseWaitingMail(gift);
    // Else she hears at once that someone waits (a guarded statement keeps it to one a day).
    if (released === 0) await gifts.noticeOwner(gift);
  }
  onMailQueued?.();
  return { id: record.id, giftWaits: waiting };
}

/** What one submission stores: the record, its e-mails, and a gift's own link. */
export type SubmissionWrites = {
  record: typeof formSubmissions.$inferInsert & { id: string; createdAt: Date };
  /** The practitioner's e-mail is stored with the record; the visitor's only while her address is within its limit. */
  mails: SubmissionMail;
  giftLink?: { tokenHash: string; gift: GiftPlace };
};

/**
 * Counts the request's two rate limits and stores the record, its gift link
 * and its e-mails, in one statement whose inserts are data-modifying WITH
 * queries, built and prepared once (`database/prepared-statement.ts`). A
 * statement is atomic on its own (all are stored, or none), and it takes one
 * round trip to the database where a transaction took four (BEGIN, two
 * inserts, COMMIT) and the limits one more. Nothing is stored when the
 * client address is over its limit; the visitor's e-mail is left out when
 * her address is over its own.
 */
export async function storeTogether(
  db: Database,
  { record, mails, giftLink }: SubmissionWrites,
  counting: CountInTurn,
): Promise<CountedInTurn> {
  const writes: Write[] = [
    { table: formSubmissions, name: "record", rows: [record], when: [counting.firstAllowed] },
    ...(giftLink
      ? [
          {
            table: giftLinks,
            name: "gift_link",
            rows: [{ ...giftLink, submissionId: record.id, createdAt: record.createdAt }],
            when: [counting.firstAllowed],
          },
        ]
      : []),
    {
      ...submissionMailWrite(mails, { dueAt: record.createdAt, submissionId: record.id }),
      name: "mail",
      when: [counting.firstAllowed, counting.secondAllowed],
    },
  ];
  const shaped = writes.map((write) => ({ ...write, keys: Object.keys(write.rows[0] ?? {}) }));
  const values = shaped.map(({ table, name, keys, rows }) =>
    insertedValues(table, name, keys, rows),
  );
  try {
    const [row] = await storeStatement(shaped, counting)(
      db,
      Object.assign({}, counting.values, ...values),
    );
    return await counting.settle(row);
  } catch (error) {
    // The schemas should refuse first; a database constraint is the last line, still a 4xx.
    if (isDataRejection(error)) {
      log.warn({ error: summarizeError(error) }, "The database refused a validated submission");
      throw new ApiError(422, "validation_failed", messages.payloadInvalid);
    }
    throw error;
  }
}

/** One insert of `storeTogether`'s statement: its rows, each stored when its condition holds. */
type Write = { table: PgTable; name: string; rows: object[]; when: SQL[] };

/**
 * `storeTogether`'s statement for writes of one shape (which tables, which
 * columns, how many rows), built and prepared once: the counting's SQL is the
 * same for every request, and every value is a placeholder.
 */
const storeStatements = new Map<string, ReturnType<typeof preparedStatement<CountRow>>>();

function storeStatement(writes: (Write & { keys: string[] })[], counting: CountInTurn) {
  const shape = JSON.stringify(writes.map(({ name, keys, rows }) => [name, keys, rows.length]));
  let statement = storeStatements.get(shape);
  if (!statement) {
    statement = preparedStatement<CountRow>(() => {
      const named = writes.map(
        ({ table, name, keys, when }, index) =>
          sql`${sql.identifier(`write_${index}`)} as (${insertRowsWhere(table, name, keys, when)})`,
      );
      return sql`with ${counting.queries}, ${sql.join(named, sql`, `)} select ${counting.counts}`;
    });
    storeStatements.set(shape, statement);
  }
  return statement;
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
