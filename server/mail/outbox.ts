/**
 * The outbox: the one module that touches the `mail_outbox` table. Every kind
 * of e-mail (`mail-kinds.ts`) is composed and queued here, and the worker
 * (`send-pending-mail.ts`) claims, renders and marks it through the functions
 * below; so do gift mail held and released, the administration's „Odeslat
 * znovu“ and an address's export and erasure. Other modules never query the
 * table themselves (`outbox-owner.test.ts` checks it).
 */
import { plainTextSelectors } from "@react-email/render";
import {
  and,
  asc,
  count,
  eq,
  gt,
  inArray,
  isNotNull,
  isNull,
  lt,
  lte,
  ne,
  notExists,
  or,
  type SQL,
  sql,
} from "drizzle-orm";
import { alias, type PgTable } from "drizzle-orm/pg-core";
import { compile } from "html-to-text";
import { createElement, type ReactElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { z } from "zod";
import { type Database, rowsOf } from "#database/open-database";
import { formSubmissions, type MailJob, mailOutbox } from "#database/schema";
import type { GiftFormType } from "#shared/form-schemas";
import { type OperatorFacts, operatorDefaults } from "#shared/site";
import type { Clock } from "../clock";
import { type AccessRequestForMail, accessRequestMail } from "./access-request-email";
import { contactConfirmationMail } from "./contact-confirmation-email";
import { emailConfirmationMail } from "./email-confirmation-email";
import { SenderContext } from "./email-layout";
import { giftMail } from "./gift-email";
import { giftReminderSubject } from "./gift-reminder-email";
import { giftWaitingMail } from "./gift-waiting-email";
import type { MailAttachment, MailKind } from "./mail-kind";
import { findMailKind, type MailKindName } from "./mail-kinds";
import { memberWelcomeMail } from "./member-welcome-email";
import { ownerNotificationMail, type SubmissionForMail } from "./owner-notification-email";
import { passwordChangedMail } from "./password-changed-email";
import { passwordRecoveryMail } from "./password-recovery-email";
import { signUpAttemptMail } from "./sign-up-attempt-email";

export type { MailJob, SubmissionForMail };

/** What the mails need to know about the site. */
export type MailSettings = {
  /** The practitioner's inbox: submissions go there, and answers to every mail. */
  notifyEmail: string;
  siteUrl: string;
  giftLinks: { ritual: string; fragrance: string };
};

/**
 * A message ready for the outbox: addresses, subject, and what its template
 * needs (`data`). The worker renders the HTML and plain text when it sends
 * it (`renderStoredMail`): the request that queues it only stores it.
 */
export type ComposedMail = {
  kind: MailKindName;
  /** Stored as `waiting`: a gift e-mail held until its gift has a material. */
  waiting?: boolean;
  to: string;
  replyTo: string;
  subject: string;
  data: Record<string, unknown>;
  /** Extra header fields given to the mail server as they are (say, `List-Unsubscribe`). */
  headers?: Record<string, string>;
};

/**
 * A mail of `kind` with its data, checked against the kind's schema (a mistake in the code
 * that composes it fails here, in its tests, not in the worker hours later).
 */
export function composeMail<Name extends MailKindName, Schema extends z.ZodType>(
  kind: MailKind<Name, Schema>,
  {
    data,
    ...mail
  }: Omit<ComposedMail, "kind" | "subject" | "data"> & {
    data: z.input<Schema> & Record<string, unknown>;
  },
): ComposedMail {
  return {
    kind: kind.name,
    ...mail,
    subject: kind.subject(kind.dataSchema.parse(data)),
    data: { ...data },
  };
}

/** What a password recovery e-mail needs. */
export type RecoveryMail = { to: string; fullName: string | null; link: string };

/** What a confirmation e-mail needs: the same as a recovery e-mail. */
export type ConfirmationMail = RecoveryMail;

/** What the notice of a sign-up with an address that has an account needs. */
export type SignUpAttemptMail = { to: string; fullName: string | null };

/** What the notice of a changed password needs. */
export type PasswordChangedMail = { to: string; fullName: string | null; changedAt: Date };

/** What the welcome of a new member needs. */
export type MemberWelcomeMail = { to: string; fullName: string | null };

/**
 * The two e-mails one submission sends, in the order they are sent: one to
 * the practitioner, then one to the address the visitor typed (which the
 * form's statement leaves out when that address has had its hourly limit).
 */
export type SubmissionMail = { toOwner: ComposedMail; toVisitor: ComposedMail };

export async function composeSubmissionMail(
  stored: SubmissionForMail,
  settings: MailSettings,
  {
    giftLink,
    giftWaits = false,
    giftDurationSeconds,
  }: {
    /** The request's own gift page (`/dar/<token>`); by default `settings.giftLinks`. */
    giftLink?: string;
    /** The gift has no material yet: its e-mail is stored to wait. */
    giftWaits?: boolean;
    /** How long the gift's material plays, read from its file (null: not known). */
    giftDurationSeconds?: number | null;
  } = {},
): Promise<SubmissionMail> {
  // A name is shown in subjects and greetings: one line, no control characters.
  const submission = { ...stored, name: toOneLine(stored.name) };
  const { siteUrl } = settings;
  const toOwner = composeMail(ownerNotificationMail, {
    to: settings.notifyEmail,
    replyTo: submission.email,
    data: { submission: { ...submission, createdAt: submission.createdAt.toISOString() }, siteUrl },
  });
  if (submission.formType === "contact") {
    // Goes to whatever address was typed: it quotes nothing the visitor wrote.
    const toVisitor = composeMail(contactConfirmationMail, {
      to: submission.email,
      replyTo: settings.notifyEmail,
      data: { siteUrl },
    });
    return { toOwner, toVisitor };
  }
  const formType: GiftFormType = submission.formType;
  const link =
    giftLink ??
    (formType === "gift_ritual" ? settings.giftLinks.ritual : settings.giftLinks.fragrance);
  const toVisitor = composeMail(giftMail, {
    waiting: giftWaits,
    to: submission.email,
    replyTo: settings.notifyEmail,
    data: {
      formType,
      name: submission.name,
      link,
      siteUrl,
      ...(giftDurationSeconds !== undefined && { durationSeconds: giftDurationSeconds }),
    },
  });
  return { toOwner, toVisitor };
}

/** To the practitioner: `waiting` people wait for `gift`, which has no material yet. */
export function composeGiftWaitingMail(
  gift: GiftFormType,
  waiting: number,
  settings: Pick<MailSettings, "notifyEmail" | "siteUrl">,
): ComposedMail {
  return composeMail(giftWaitingMail, {
    to: settings.notifyEmail,
    replyTo: settings.notifyEmail,
    data: { gift, waiting, siteUrl: settings.siteUrl },
  });
}

/** The link to set a new password. */
export async function composeRecoveryMail(
  { to, fullName, link }: RecoveryMail,
  settings: Pick<MailSettings, "notifyEmail" | "siteUrl">,
): Promise<ComposedMail> {
  return composeMail(passwordRecoveryMail, {
    to,
    replyTo: settings.notifyEmail,
    data: { fullName: oneLineName(fullName), link, siteUrl: settings.siteUrl },
  });
}

/** The link that confirms the address of a new account. */
export async function composeConfirmationMail(
  { to, fullName, link }: ConfirmationMail,
  settings: Pick<MailSettings, "notifyEmail" | "siteUrl">,
): Promise<ComposedMail> {
  return composeMail(emailConfirmationMail, {
    to,
    replyTo: settings.notifyEmail,
    data: { fullName: oneLineName(fullName), link, siteUrl: settings.siteUrl },
  });
}

/** To the account's address: its password has just changed. */
export function composePasswordChangedMail(
  { to, fullName, changedAt }: PasswordChangedMail,
  settings: Pick<MailSettings, "notifyEmail" | "siteUrl">,
): ComposedMail {
  return composeMail(passwordChangedMail, {
    to,
    replyTo: settings.notifyEmail,
    data: {
      fullName: oneLineName(fullName),
      changedAt: changedAt.toISOString(),
      siteUrl: settings.siteUrl,
    },
  });
}

/** To an address that has an account: someone tried to register it. */
export function composeSignUpAttemptMail(
  { to, fullName }: SignUpAttemptMail,
  settings: Pick<MailSettings, "notifyEmail" | "siteUrl">,
): ComposedMail {
  return composeMail(signUpAttemptMail, {
    to,
    replyTo: settings.notifyEmail,
    data: { fullName: oneLineName(fullName), siteUrl: settings.siteUrl },
  });
}

/** To the practitioner: an account without the members' role asks for it. */
export function composeAccessRequestMail(
  request: AccessRequestForMail,
  settings: Pick<MailSettings, "notifyEmail" | "siteUrl">,
): ComposedMail {
  return composeMail(accessRequestMail, {
    to: settings.notifyEmail,
    replyTo: request.email,
    data: {
      email: request.email,
      fullName: request.fullName && toOneLine(request.fullName),
      requestedAt: request.requestedAt.toISOString(),
      siteUrl: settings.siteUrl,
    },
  });
}

/** To an account just given the members' role: the members' section is open to her. */
export function composeMemberWelcomeMail(
  { to, fullName }: MemberWelcomeMail,
  settings: Pick<MailSettings, "notifyEmail" | "siteUrl">,
): ComposedMail {
  return composeMail(memberWelcomeMail, {
    to,
    replyTo: settings.notifyEmail,
    data: { fullName: oneLineName(fullName), siteUrl: settings.siteUrl },
  });
}

/**
 * The record an e-mail belongs to and goes with: a form submission (`submission_id`, deleted with
 * it by the database), or any other record named by its type and id (deleted with
 * `deleteOwnedMail` by the module that deletes the record).
 */
export type MailOwner = { submissionId: string } | { type: string; id: string };

export type EnqueueOptions = { dueAt: Date; owner?: MailOwner };

/** A composed mail as the outbox stores it, due at `dueAt`. */
export function outboxRow(mail: ComposedMail, { dueAt, owner }: EnqueueOptions) {
  return {
    submissionId: owner && "submissionId" in owner ? owner.submissionId : null,
    ownerType: owner && "type" in owner ? owner.type : null,
    ownerId: owner && "type" in owner ? owner.id : null,
    kind: mail.kind,
    status: mail.waiting ? ("waiting" as const) : ("pending" as const),
    to: mail.to,
    replyTo: mail.replyTo,
    subject: mail.subject,
    data: mail.data,
    headers: mail.headers ?? null,
    nextAttemptAt: dueAt,
  } satisfies typeof mailOutbox.$inferInsert;
}

/**
 * Writes composed mails to the outbox, due at once. Pass a transaction as
 * `db` to store them together with what they belong to.
 */
export async function writeToOutbox(db: Database, mails: ComposedMail[], options: EnqueueOptions) {
  if (mails.length === 0) return;
  await db.insert(mailOutbox).values(mails.map((mail) => outboxRow(mail, options)));
}

/**
 * A submission's two e-mails as one write of the form's single statement
 * (`storeTogether` in server/forms/submit-form.ts builds it from the table and the rows).
 */
export function submissionMailWrite(
  { toOwner, toVisitor }: SubmissionMail,
  { dueAt, submissionId }: { dueAt: Date; submissionId: string },
): { table: PgTable; rows: object[] } {
  const options = { dueAt, owner: { submissionId } };
  return { table: mailOutbox, rows: [outboxRow(toOwner, options), outboxRow(toVisitor, options)] };
}

/** Deletes the e-mails of a record that is not a submission, sent or not (its personal data). */
export async function deleteOwnedMail(db: Database, owner: { type: string; id: string }) {
  await db
    .delete(mailOutbox)
    .where(and(eq(mailOutbox.ownerType, owner.type), eq(mailOutbox.ownerId, owner.id)));
}

/** What a module that puts mail in the outbox needs: the database, the time, the worker's bell. */
/** Deletes a record's unsent e-mails of one kind (say, a cancelled booking's reminder). */
export async function deleteUnsentOwnedMail(
  db: Database,
  owner: { type: string; id: string },
  kind: MailKindName,
) {
  await db
    .delete(mailOutbox)
    .where(
      and(
        eq(mailOutbox.ownerType, owner.type),
        eq(mailOutbox.ownerId, owner.id),
        eq(mailOutbox.kind, kind),
        ne(mailOutbox.status, "sent"),
      ),
    );
}

export type QueueingDependencies = {
  db: Database;
  clock: Clock;
  /** Called once mail is in the outbox (wakes the mail worker). */
  onMailQueued?: () => void;
};

export type OutboxDependencies = QueueingDependencies & {
  settings: Pick<MailSettings, "notifyEmail" | "siteUrl">;
};

/** Queues mail that belongs to no submission (password recovery, address confirmation). */
export function createOutbox({ db, clock, settings, onMailQueued }: OutboxDependencies) {
  async function queue(mail: ComposedMail) {
    await writeToOutbox(db, [mail], { dueAt: clock.now() });
    onMailQueued?.();
  }
  return {
    async queueRecoveryMail(mail: RecoveryMail) {
      await queue(await composeRecoveryMail(mail, settings));
    },
    async queueConfirmationMail(mail: ConfirmationMail) {
      await queue(await composeConfirmationMail(mail, settings));
    },
    async queueSignUpAttemptMail(mail: SignUpAttemptMail) {
      await queue(composeSignUpAttemptMail(mail, settings));
    },
    /** Stores the notice in `tx`, the transaction that sets the password; it wakes no one. */
    async storePasswordChangedMail(tx: Database, mail: PasswordChangedMail) {
      await writeToOutbox(tx, [composePasswordChangedMail(mail, settings)], {
        dueAt: mail.changedAt,
      });
    },
    /** Stores the welcome in `tx`, the transaction that gives the role; the caller wakes the worker. */
    async storeMemberWelcomeMail(tx: Database, mail: MemberWelcomeMail) {
      await writeToOutbox(tx, [composeMemberWelcomeMail(mail, settings)], { dueAt: clock.now() });
    },
  };
}

export type Outbox = ReturnType<typeof createOutbox>;

/** What a removed token is replaced with. */
export const removedToken = "[odstraněno]";

/**
 * The token of a link `buildVerifyLink` wrote (base64url, right after `?`), and of a gift
 * request's own page (`giftPageUrl`: `/dar/<token>`). Migrations 0010 and 0012 use the same
 * patterns on e-mails sent before. A booking's cancel link (`/rezervace/zruseni/<token>`) too.
 */
const linkTokens = [
  /(\/auth\/v1\/verify\?token=)[\w-]+/g,
  /(\/dar\/)[\w-]{20,}/g,
  /(\/rezervace\/zruseni\/)[\w-]{20,}/g,
  // An event sign-up's cancel link (`/akce/zruseni/<token>`).
  /(\/akce\/zruseni\/)[\w-]{20,}/g,
  // A letter's unsubscribe link (`/novinky/odhlaseni/<subscriber id>.<its HMAC>`).
  /(\/novinky\/odhlaseni\/)[\w.-]{20,}/g,
];

/**
 * `text` with the token of every confirmation, recovery, gift, cancel or unsubscribe link replaced
 * by `removedToken`.
 */
export function withoutLinkTokens(text: string): string {
  return linkTokens.reduce((result, token) => result.replace(token, `$1${removedToken}`), text);
}

/**
 * What the outbox keeps of an e-mail once it has gone: its HTML and text, unless they were
 * stored when it was queued (rows from before rendering moved to the worker), and for a kind
 * with secret links (`MailKind.secretLinks`: a recovery link signs her in, a confirmation link
 * confirms her address, a gift link opens the gift), everything without the links' tokens, so
 * that neither the database nor a backup of it holds a link that still works once it is delivered.
 */
export function sentCopy(
  mail: {
    kind: string;
    data: Record<string, unknown> | null;
    html: string | null;
    headers?: Record<string, string> | null;
  },
  body: { html: string; text: string },
): {
  html?: string;
  text?: string;
  data?: Record<string, unknown>;
  headers?: Record<string, string>;
} {
  const secretLinks = findMailKind(mail.kind)?.secretLinks ?? [];
  if (secretLinks.length === 0) return mail.html === null ? body : {};
  const data = mail.data && { ...mail.data };
  for (const field of secretLinks) {
    const link = data?.[field];
    if (data && typeof link === "string") data[field] = withoutLinkTokens(link);
  }
  // A letter's `List-Unsubscribe` carries the link of its unsubscribe line.
  const headers =
    mail.headers &&
    Object.fromEntries(
      Object.entries(mail.headers).map(([name, value]) => [name, withoutLinkTokens(value)]),
    );
  return {
    html: withoutLinkTokens(body.html),
    text: withoutLinkTokens(body.text),
    ...(data ? { data } : {}),
    ...(headers ? { headers } : {}),
  };
}

/**
 * The HTML and plain text of a stored e-mail, rendered from its kind and data, which is parsed
 * with the kind's schema first. Throws when no kind has its name or its data does not match:
 * the worker then marks that e-mail failed, with the reason.
 */
export async function renderStoredMail(
  {
    kind: name,
    data,
  }: {
    kind: string;
    data: unknown;
  },
  /** Her „Údaje o provozovateli“ as published now: the signature's name and contacts. */
  sender: OperatorFacts = operatorDefaults,
): Promise<{ html: string; text: string; attachments?: MailAttachment[] }> {
  const kind = findMailKind(name);
  if (!kind) throw new Error(`no template for e-mails of the kind "${name}"`);
  if (typeof data !== "object" || data === null) throw new Error("the e-mail has no data");
  const parsed = kind.dataSchema.safeParse(data);
  if (!parsed.success) {
    throw new Error(
      `the data of the e-mail does not match its kind "${name}": ${z.prettifyError(parsed.error)}`,
    );
  }
  const rendered = await renderMail(
    createElement(SenderContext.Provider, { value: sender }, kind.render(parsed.data)),
  );
  return kind.attachments
    ? { ...rendered, attachments: kind.attachments(parsed.data, sender) }
    : rendered;
}

/**
 * The plain text of an e-mail's HTML, with the options `render(email, { plainText: true })`
 * uses, compiled once: compiling them (html-to-text builds its selector tables) cost more
 * than converting an e-mail. Headings stay as written: upper case would make a Czech name
 * hard to read.
 */
const toPlainText = compile({
  wordwrap: false,
  selectors: [
    ...plainTextSelectors,
    { selector: "h1", options: { uppercase: false } },
    // Her letters' own headings (server/newsletter/letter-email.tsx).
    { selector: "h2", options: { uppercase: false } },
    { selector: "h3", options: { uppercase: false } },
  ],
});

/** The doctype e-mail clients expect, as `@react-email/render` writes it. */
const emailDoctype =
  '<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Transitional//EN" "http://www.w3.org/TR/xhtml1/DTD/xhtml1-transitional.dtd">';

/**
 * Every e-mail's HTML and plain text. The text is made from the HTML, as `@react-email/render`'s
 * `plainText` option would make it, without rendering the e-mail a second time.
 *
 * The HTML is React's static markup: `@react-email/render`'s `render` streams the e-mail
 * through a web stream (4.6 ms an e-mail), leaves React's hydration comments in it (`<!--$-->`,
 * `<!-- -->`), and runs it in an `AsyncLocalStorage`, which turns Node's promise hooks on for
 * every promise of the process from the first e-mail on. The templates suspend on nothing.
 */
export async function renderMail(email: ReactElement): Promise<{ html: string; text: string }> {
  const html = emailDoctype + renderToStaticMarkup(email);
  return { html, text: toPlainText(html) };
}

/** A name for a subject or greeting: one line (see `toOneLine`). */
function oneLineName(fullName: string | null): string | null {
  return fullName === null ? null : toOneLine(fullName);
}

// What the worker does with the table: claim due e-mails, and mark each sent, retried or failed.

/** Another message of the same submission, in `dueJobsClaim`. */
const earlier = alias(mailOutbox, "earlier");

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
export async function claimDueMail(
  db: Database,
  now: Date,
  claimMs: number,
  count: number,
): Promise<MailJob[]> {
  const jobs = await dueJobsClaim(db, now, claimMs, count);
  return jobs.sort((a, b) => a.nextAttemptAt.getTime() - b.nextAttemptAt.getTime() || a.id - b.id);
}

/** `claimDueMail`'s one statement, not yet run (its plan is tested in server/embedded-maintenance.test.ts). */
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
 * The message as this worker claimed it: no other worker has claimed it
 * since (each claim counts an attempt). A failure is recorded only on it, so
 * a worker that overran its claim never undoes the new owner's; a message
 * that went out is marked sent whoever holds it.
 */
function claimedAs(job: MailJob): SQL | undefined {
  return and(eq(mailOutbox.id, job.id), eq(mailOutbox.attempts, job.attempts));
}

/**
 * Extends this worker's claim on a message until `until`, if it still has it: the
 * message is still pending and no other worker has claimed it since (each
 * claim counts an attempt, so the attempts are still those of this claim).
 */
export async function renewClaim(db: Database, job: MailJob, until: Date): Promise<boolean> {
  const renewed = await db
    .update(mailOutbox)
    .set({ claimedUntil: until })
    .where(and(claimedAs(job), eq(mailOutbox.status, "pending")))
    .returning({ id: mailOutbox.id });
  return renewed.length > 0;
}

/** The message went out: kept with what was sent (`sentCopy`), whoever holds its claim now. */
export async function markMailSent(
  db: Database,
  job: MailJob,
  sentAt: Date,
  body: { html: string; text: string },
) {
  await db
    .update(mailOutbox)
    .set({
      status: "sent",
      sentAt,
      lastError: null,
      claimedUntil: null,
      // What was sent, kept with it (the address's data export quotes it), a link's token aside.
      ...sentCopy(job, body),
    })
    .where(eq(mailOutbox.id, job.id));
}

/** The message failed for good, with why (if this worker still has it). */
export async function markMailFailed(db: Database, job: MailJob, lastError: string) {
  await db
    .update(mailOutbox)
    .set({ status: "failed", lastError, claimedUntil: null })
    .where(claimedAs(job));
}

/** The message is tried again at `nextAttemptAt` (if this worker still has it). */
export async function scheduleMailRetry(
  db: Database,
  job: MailJob,
  nextAttemptAt: Date,
  lastError: string,
) {
  await db
    .update(mailOutbox)
    .set({ nextAttemptAt, lastError, claimedUntil: null })
    .where(claimedAs(job));
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

// Held gift mail, the administration's view and „Odeslat znovu“.

/**
 * The gift e-mails of `giftType` that wait for a material, released to be sent at `now`, with
 * how long the material plays (null: not known), and, for a request older than `waitedBefore`,
 * that it waited (the e-mail then says so).
 */
export async function releaseWaitingGiftMail(
  db: Database,
  giftType: GiftFormType,
  now: Date,
  { durationSeconds, waitedBefore }: { durationSeconds: number | null; waitedBefore: Date },
): Promise<number> {
  const requestedAt = db
    .select({ createdAt: formSubmissions.createdAt })
    .from(formSubmissions)
    .where(eq(formSubmissions.id, mailOutbox.submissionId));
  const released = await db
    .update(mailOutbox)
    .set({
      status: "pending",
      nextAttemptAt: now,
      data: sql`coalesce(${mailOutbox.data}, '{}'::jsonb) || jsonb_build_object(
        'durationSeconds', ${durationSeconds}::float8,
        'waited', coalesce((${requestedAt}) <= ${waitedBefore.toISOString()}::timestamptz, false))`,
    })
    .where(
      and(
        eq(mailOutbox.status, "waiting"),
        eq(mailOutbox.kind, giftMail.name),
        inArray(
          mailOutbox.submissionId,
          db
            .select({ id: formSubmissions.id })
            .from(formSubmissions)
            .where(eq(formSubmissions.formType, giftType)),
        ),
      ),
    )
    .returning({ id: mailOutbox.id });
  return released.length;
}

/**
 * Queues the short „Tvůj dárek je na cestě“ to every visitor whose gift e-mail still waits for
 * its material and whose request was made at or before `requestedBefore`: once per request,
 * in one statement whose unique index (`mail_outbox_one_gift_reminder`) refuses a second, so
 * that servers sharing a database may run it together. Returns how many were queued.
 */
export async function queueGiftReminders(
  db: Database,
  now: Date,
  requestedBefore: Date,
): Promise<number> {
  const queued = await rowsOf<{ id: number }>(
    db,
    sql`
    insert into ${mailOutbox} (submission_id, kind, status, to_address, reply_to, subject, data, next_attempt_at)
    select held.submission_id, 'gift_reminder', 'pending', held.to_address, held.reply_to,
      ${giftReminderSubject},
      jsonb_build_object('formType', held.data -> 'formType', 'name', held.data -> 'name',
        'siteUrl', held.data -> 'siteUrl'),
      ${now.toISOString()}::timestamptz
    from ${mailOutbox} held
    join ${formSubmissions} request on request.id = held.submission_id
    where held.status = 'waiting' and held.kind = ${giftMail.name}
      and request.created_at <= ${requestedBefore.toISOString()}::timestamptz
    on conflict do nothing
    returning id`,
  );
  return queued.length;
}

/** How many gift e-mails wait for a material, for each gift. */
export async function countWaitingGiftMail(db: Database): Promise<Record<GiftFormType, number>> {
  const rows = await db
    .select({ formType: formSubmissions.formType, waiting: count() })
    .from(mailOutbox)
    .innerJoin(formSubmissions, eq(formSubmissions.id, mailOutbox.submissionId))
    .where(eq(mailOutbox.status, "waiting"))
    .groupBy(formSubmissions.formType);
  const counts: Record<GiftFormType, number> = { gift_ritual: 0, gift_fragrance: 0 };
  for (const row of rows) {
    if (row.formType === "gift_ritual" || row.formType === "gift_fragrance") {
      counts[row.formType] = Number(row.waiting);
    }
  }
  return counts;
}

/**
 * The worst fate among each submission's e-mails, one row per submission that caused any
 * (a subquery to join the submissions to: one grouped join, not a query per record).
 */
export function submissionMailStates(db: Database) {
  return db
    .select({
      submissionId: mailOutbox.submissionId,
      failed: sql<boolean>`bool_or(${mailOutbox.status} = 'failed')`.as("any_failed"),
      pending: sql<boolean>`bool_or(${mailOutbox.status} in ('pending', 'waiting'))`.as(
        "any_pending",
      ),
    })
    .from(mailOutbox)
    .where(isNotNull(mailOutbox.submissionId))
    .groupBy(mailOutbox.submissionId)
    .as("mail_states");
}

/** Every e-mail a submission caused, oldest first. */
export function mailOfSubmission(db: Database, submissionId: string): Promise<MailJob[]> {
  return db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.submissionId, submissionId))
    .orderBy(mailOutbox.id);
}

export type ResendOutcome = "queued" | "not_found" | "not_failed";

/**
 * „Odeslat znovu“: puts a failed e-mail back in the outbox as if new: pending, due now, its
 * attempts counted afresh (the worker then sends it; `onMailQueued` wakes it).
 */
export async function resendFailedMail(
  db: Database,
  id: string,
  now: Date,
): Promise<ResendOutcome> {
  if (!/^[1-9]\d{0,15}$/.test(id)) return "not_found";
  const mailId = Number(id);
  const updated = await db
    .update(mailOutbox)
    .set({ status: "pending", attempts: 0, nextAttemptAt: now, claimedUntil: null })
    .where(and(eq(mailOutbox.id, mailId), eq(mailOutbox.status, "failed")))
    .returning({ id: mailOutbox.id });
  if (updated.length > 0) return "queued";
  const [existing] = await db
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(eq(mailOutbox.id, mailId));
  return existing ? "not_failed" : "not_found";
}

// What /metrics reports of the outbox.

/** E-mails waiting to be sent (`pending`) and given up on (`failed`). */
export async function countUnsentMail(db: Database): Promise<{ pending: number; failed: number }> {
  const [row] = await db
    .select({
      pending: sql<number>`(count(*) filter (where ${mailOutbox.status} = 'pending'))::int`,
      failed: sql<number>`(count(*) filter (where ${mailOutbox.status} = 'failed'))::int`,
    })
    .from(mailOutbox)
    .where(ne(mailOutbox.status, "sent"));
  return { pending: Number(row?.pending ?? 0), failed: Number(row?.failed ?? 0) };
}

/** How long the oldest e-mail still waiting has waited, in seconds (0 when none waits). */
export async function oldestPendingMailAgeSeconds(db: Database): Promise<number> {
  const [row] = await db
    .select({
      age: sql<number>`coalesce(extract(epoch from now() - min(${mailOutbox.createdAt})), 0)::float8`,
    })
    .from(mailOutbox)
    .where(eq(mailOutbox.status, "pending"));
  return Math.max(0, Number(row?.age ?? 0));
}

// An address's personal data (registered in mail-personal-data.ts).

/** The tables the outbox keeps personal data in (for the personal-data registry). */
export const outboxTables: readonly PgTable[] = [mailOutbox];

/**
 * The e-mails sent to an address and those its submissions caused (the owner's notifications
 * of them included), oldest first.
 */
export function findMailOfAddress(db: Database, email: string): Promise<MailJob[]> {
  return db
    .select()
    .from(mailOutbox)
    .where(
      or(
        sql`lower(${mailOutbox.to}) = ${email.toLowerCase()}`,
        inArray(
          mailOutbox.submissionId,
          db
            .select({ id: formSubmissions.id })
            .from(formSubmissions)
            .where(sql`lower(${formSubmissions.email}) = ${email.toLowerCase()}`),
        ),
      ),
    )
    .orderBy(mailOutbox.id);
}

/** Deletes the e-mails with these ids, sent or not; returns how many there were. */
export async function deleteMail(db: Database, ids: readonly number[]): Promise<number> {
  if (ids.length === 0) return 0;
  const deleted = await db
    .delete(mailOutbox)
    .where(inArray(mailOutbox.id, [...ids]))
    .returning({ id: mailOutbox.id });
  return deleted.length;
}

/** One line, without control characters or invisible format characters (bidi overrides). */
function toOneLine(text: string): string {
  return text
    .replace(/\p{Cf}+/gu, "")
    .replace(/[\s\p{Cc}]+/gu, " ")
    .trim();
}

// Her letters (server/newsletter/letter-sending.ts): each handed to the outbox with its own due
// time, its slot of her sending rate, and each settled from its e-mail's fate.

/**
 * What the worker writes before the reason of an e-mail the mail server refused for good (an
 * SMTP 5xx for the address): a letter counts it against the address; a send that never reached
 * the server (it was down for hours) does not.
 */
export const permanentRefusalMark = "[5xx]";

/**
 * Queues mails, each due at its own time and owned by its record, in one statement; answers each
 * one's id by its owner's id (each owner has one of them).
 */
export async function queueOwnedMail(
  db: Database,
  items: readonly { mail: ComposedMail; dueAt: Date; owner: { type: string; id: string } }[],
): Promise<Map<string, number>> {
  if (items.length === 0) return new Map();
  const rows = await db
    .insert(mailOutbox)
    .values(items.map(({ mail, dueAt, owner }) => outboxRow(mail, { dueAt, owner })))
    .returning({ id: mailOutbox.id, ownerId: mailOutbox.ownerId });
  return new Map(rows.map((row) => [row.ownerId ?? "", row.id]));
}

/** Whether the outbox holds an e-mail of this owner, in any state (a once-only mail's guard). */
export async function hasOwnedMail(
  db: Database,
  owner: { type: string; id: string },
): Promise<boolean> {
  const [found] = await db
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(and(eq(mailOutbox.ownerType, owner.type), eq(mailOutbox.ownerId, owner.id)))
    .limit(1);
  return found !== undefined;
}

/** An e-mail's fate as a letter's delivery reads it: sent, failed (refused or not), or on its way. */
export type MailFate = {
  id: number;
  status: MailJob["status"];
  attempts: number;
  sentAt: Date | null;
  lastError: string | null;
  /** Failed because the mail server refused the address for good (see `permanentRefusalMark`). */
  refused: boolean;
};

/** The fates of the e-mails of `ids` that are settled (sent or failed); others are left out. */
export async function findSettledMail(db: Database, ids: readonly number[]): Promise<MailFate[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({
      id: mailOutbox.id,
      status: mailOutbox.status,
      attempts: mailOutbox.attempts,
      sentAt: mailOutbox.sentAt,
      lastError: mailOutbox.lastError,
    })
    .from(mailOutbox)
    .where(and(inArray(mailOutbox.id, [...ids]), inArray(mailOutbox.status, ["sent", "failed"])));
  return rows.map((row) => ({
    ...row,
    refused: row.status === "failed" && (row.lastError ?? "").startsWith(permanentRefusalMark),
  }));
}

/**
 * Deletes the e-mails of `ids` not sent yet (a stopped letter's), claimed by a worker or not;
 * answers the ids deleted. One a worker is handing to the mail server at that moment may still go.
 */
export async function deleteUnsentMail(db: Database, ids: readonly number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const deleted = await db
    .delete(mailOutbox)
    .where(and(inArray(mailOutbox.id, [...ids]), eq(mailOutbox.status, "pending")))
    .returning({ id: mailOutbox.id });
  return deleted.map((row) => row.id);
}

/** Of `ids`, those no longer in the outbox (deleted with their address's data). */
export async function findMissingMail(db: Database, ids: readonly number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(inArray(mailOutbox.id, [...ids]));
  const present = new Set(rows.map((row) => row.id));
  return ids.filter((id) => !present.has(id));
}
