/**
 * The one way mail leaves the app: every kind of e-mail is composed here,
 * rendered with the same options, and written to the `mail_outbox` table,
 * from which the worker sends it (`send-pending-mail.ts`). Forms, accounts
 * and every later feature queue their mail through this module.
 */
import { plainTextSelectors } from "@react-email/render";
import { compile } from "html-to-text";
import { createElement, type ReactElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import type { Database } from "#database/open-database";
import { mailOutbox } from "#database/schema";
import type { Clock } from "../clock";
import {
  AccessRequestEmail,
  type AccessRequestForMail,
  accessRequestSubject,
} from "./access-request-email";
import { ContactConfirmationEmail, contactConfirmationSubject } from "./contact-confirmation-email";
import { EmailConfirmationEmail, emailConfirmationSubject } from "./email-confirmation-email";
import { GiftEmail, giftContent } from "./gift-email";
import {
  OwnerNotificationEmail,
  ownerNotificationSubject,
  type SubmissionForMail,
} from "./owner-notification-email";
import { PasswordChangedEmail, passwordChangedSubject } from "./password-changed-email";
import { PasswordRecoveryEmail, passwordRecoverySubject } from "./password-recovery-email";
import { SignUpAttemptEmail, signUpAttemptSubject } from "./sign-up-attempt-email";

export type { SubmissionForMail };

/** What the mails need to know about the site. */
export type MailSettings = {
  /** The practitioner's inbox: submissions go there, and answers to every mail. */
  notifyEmail: string;
  siteUrl: string;
  giftLinks: { ritual: string; fragrance: string };
};

export type MailKind =
  | "owner_notification"
  | "gift_delivery"
  | "contact_confirmation"
  | "password_recovery"
  | "email_confirmation"
  | "password_changed"
  | "sign_up_attempt"
  | "access_request";

/**
 * A message ready for the outbox: addresses, subject, and what its template
 * needs (`data`). The worker renders the HTML and plain text when it sends
 * it (`renderStoredMail`): the request that queues it only stores it.
 */
export type ComposedMail = {
  kind: MailKind;
  /** Stored as `waiting`: a gift e-mail held until its gift has a material. */
  waiting?: boolean;
  to: string;
  replyTo: string;
  subject: string;
  data: Record<string, unknown>;
};

/** What a password recovery e-mail needs. */
export type RecoveryMail = { to: string; fullName: string | null; link: string };

/** What a confirmation e-mail needs: the same as a recovery e-mail. */
export type ConfirmationMail = RecoveryMail;

/** What the notice of a sign-up with an address that has an account needs. */
export type SignUpAttemptMail = { to: string; fullName: string | null };

/** What the notice of a changed password needs. */
export type PasswordChangedMail = { to: string; fullName: string | null; changedAt: Date };

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
  }: {
    /** The request's own gift page (`/dar/<token>`); by default `settings.giftLinks`. */
    giftLink?: string;
    /** The gift has no material yet: its e-mail is stored to wait. */
    giftWaits?: boolean;
  } = {},
): Promise<SubmissionMail> {
  // A name is shown in subjects and greetings: one line, no control characters.
  const submission = { ...stored, name: toOneLine(stored.name) };
  const { siteUrl } = settings;
  const toOwner: ComposedMail = {
    kind: "owner_notification",
    to: settings.notifyEmail,
    replyTo: submission.email,
    subject: ownerNotificationSubject(submission),
    data: { submission, siteUrl },
  };
  if (submission.formType === "contact") {
    // Goes to whatever address was typed: it quotes nothing the visitor wrote.
    const toVisitor: ComposedMail = {
      kind: "contact_confirmation",
      to: submission.email,
      replyTo: settings.notifyEmail,
      subject: contactConfirmationSubject,
      data: { siteUrl },
    };
    return { toOwner, toVisitor };
  }
  const link =
    giftLink ??
    (submission.formType === "gift_ritual"
      ? settings.giftLinks.ritual
      : settings.giftLinks.fragrance);
  const toVisitor: ComposedMail = {
    kind: "gift_delivery",
    waiting: giftWaits,
    to: submission.email,
    replyTo: settings.notifyEmail,
    subject: giftContent[submission.formType].subject,
    data: { formType: submission.formType, name: submission.name, link, siteUrl },
  };
  return { toOwner, toVisitor };
}

/** The link to set a new password. */
export async function composeRecoveryMail(
  { to, fullName, link }: RecoveryMail,
  settings: Pick<MailSettings, "notifyEmail" | "siteUrl">,
): Promise<ComposedMail> {
  return {
    kind: "password_recovery",
    to,
    replyTo: settings.notifyEmail,
    subject: passwordRecoverySubject,
    data: {
      fullName: fullName === null ? null : toOneLine(fullName),
      link,
      siteUrl: settings.siteUrl,
    },
  };
}

/** The link that confirms the address of a new account. */
export async function composeConfirmationMail(
  { to, fullName, link }: ConfirmationMail,
  settings: Pick<MailSettings, "notifyEmail" | "siteUrl">,
): Promise<ComposedMail> {
  return {
    kind: "email_confirmation",
    to,
    replyTo: settings.notifyEmail,
    subject: emailConfirmationSubject,
    data: {
      fullName: fullName === null ? null : toOneLine(fullName),
      link,
      siteUrl: settings.siteUrl,
    },
  };
}

/** To the account's address: its password has just changed. */
export function composePasswordChangedMail(
  { to, fullName, changedAt }: PasswordChangedMail,
  settings: Pick<MailSettings, "notifyEmail" | "siteUrl">,
): ComposedMail {
  return {
    kind: "password_changed",
    to,
    replyTo: settings.notifyEmail,
    subject: passwordChangedSubject,
    data: {
      fullName: fullName === null ? null : toOneLine(fullName),
      changedAt: changedAt.toISOString(),
      siteUrl: settings.siteUrl,
    },
  };
}

/** To an address that has an account: someone tried to register it. */
export function composeSignUpAttemptMail(
  { to, fullName }: SignUpAttemptMail,
  settings: Pick<MailSettings, "notifyEmail" | "siteUrl">,
): ComposedMail {
  return {
    kind: "sign_up_attempt",
    to,
    replyTo: settings.notifyEmail,
    subject: signUpAttemptSubject,
    data: { fullName: fullName === null ? null : toOneLine(fullName), siteUrl: settings.siteUrl },
  };
}

/** To the practitioner: an account without the members' role asks for it. */
export function composeAccessRequestMail(
  request: AccessRequestForMail,
  settings: Pick<MailSettings, "notifyEmail" | "siteUrl">,
): ComposedMail {
  const oneLine = { ...request, fullName: request.fullName && toOneLine(request.fullName) };
  return {
    kind: "access_request",
    to: settings.notifyEmail,
    replyTo: request.email,
    subject: accessRequestSubject(oneLine),
    data: {
      email: oneLine.email,
      fullName: oneLine.fullName,
      requestedAt: oneLine.requestedAt.toISOString(),
      siteUrl: settings.siteUrl,
    },
  };
}

/** A composed mail as the outbox stores it, due at `dueAt`. */
export function outboxRow(
  mail: ComposedMail,
  { dueAt, submissionId = null }: { dueAt: Date; submissionId?: string | null },
) {
  return {
    submissionId,
    kind: mail.kind,
    status: mail.waiting ? ("waiting" as const) : ("pending" as const),
    to: mail.to,
    replyTo: mail.replyTo,
    subject: mail.subject,
    data: mail.data,
    nextAttemptAt: dueAt,
  } satisfies typeof mailOutbox.$inferInsert;
}

/**
 * Writes composed mails to the outbox, due at once. Pass a transaction as
 * `db` to store them together with what they belong to.
 */
export async function writeToOutbox(
  db: Database,
  mails: ComposedMail[],
  options: { dueAt: Date; submissionId?: string | null },
) {
  if (mails.length === 0) return;
  await db.insert(mailOutbox).values(mails.map((mail) => outboxRow(mail, options)));
}

export type OutboxDependencies = {
  db: Database;
  clock: Clock;
  settings: Pick<MailSettings, "notifyEmail" | "siteUrl">;
  /** Called once mail is in the outbox (wakes the mail worker). */
  onMailQueued?: () => void;
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
  };
}

export type Outbox = ReturnType<typeof createOutbox>;

/**
 * The kinds whose link is a credential: a recovery link signs her in, a confirmation link
 * confirms her address, a gift link opens the gift. The token is stored only as long as the
 * e-mail waits to be sent: the copy kept of what was sent (`sentCopy`) and a data export
 * (`withoutLinkTokens`) show the link without it, so that neither the database nor a backup of
 * it holds a link that still works once it is delivered.
 */
const kindsWithSecretLinks: ReadonlySet<string> = new Set<MailKind>([
  "password_recovery",
  "email_confirmation",
  "gift_delivery",
]);

/** What a removed token is replaced with. */
export const removedToken = "[odstraněno]";

/**
 * The token of a link `buildVerifyLink` wrote (base64url, right after `?`), and of a gift
 * request's own page (`giftPageUrl`: `/dar/<token>`). Migrations 0010 and 0014 use the same
 * patterns on e-mails sent before.
 */
const linkTokens = [/(\/auth\/v1\/verify\?token=)[\w-]+/g, /(\/dar\/)[\w-]{20,}/g];

/** `text` with the token of every confirmation, recovery or gift link replaced by `removedToken`. */
export function withoutLinkTokens(text: string): string {
  return linkTokens.reduce((result, token) => result.replace(token, `$1${removedToken}`), text);
}

/**
 * What the outbox keeps of an e-mail once it has gone: its HTML and text, unless they were
 * stored when it was queued (rows from before rendering moved to the worker), and for a kind
 * whose link is a credential, everything without the link's token.
 */
export function sentCopy(
  mail: { kind: string; data: unknown; html: string | null },
  body: { html: string; text: string },
): { html?: string; text?: string; data?: Record<string, unknown> } {
  if (!kindsWithSecretLinks.has(mail.kind)) return mail.html === null ? body : {};
  const data = mail.data as Record<string, unknown> | null;
  return {
    html: withoutLinkTokens(body.html),
    text: withoutLinkTokens(body.text),
    ...(data && typeof data.link === "string"
      ? { data: { ...data, link: withoutLinkTokens(data.link) } }
      : {}),
  };
}

/** Each kind of e-mail's template, given the `data` stored with it. */
const templates: Record<MailKind, (data: Record<string, unknown>) => ReactElement> = {
  owner_notification: (data) => {
    const { submission, siteUrl } = data as {
      submission: SubmissionForMail & { createdAt: string | Date };
      siteUrl: string;
    };
    // Stored as JSON: the date comes back as text.
    const createdAt = new Date(submission.createdAt);
    if (Number.isNaN(createdAt.getTime())) throw new Error("the submission's date is missing");
    return createElement(OwnerNotificationEmail, {
      submission: { ...submission, createdAt },
      siteUrl,
    });
  },
  contact_confirmation: (data) =>
    createElement(ContactConfirmationEmail, data as { siteUrl: string }),
  gift_delivery: (data) => createElement(GiftEmail, data as Parameters<typeof GiftEmail>[0]),
  password_recovery: (data) =>
    createElement(PasswordRecoveryEmail, data as Parameters<typeof PasswordRecoveryEmail>[0]),
  email_confirmation: (data) =>
    createElement(EmailConfirmationEmail, data as Parameters<typeof EmailConfirmationEmail>[0]),
  password_changed: (data) => {
    const { fullName, changedAt, siteUrl } = data as {
      fullName: string | null;
      changedAt: string;
      siteUrl: string;
    };
    const when = new Date(changedAt);
    if (Number.isNaN(when.getTime())) throw new Error("the change's date is missing");
    return createElement(PasswordChangedEmail, { fullName, changedAt: when, siteUrl });
  },
  sign_up_attempt: (data) =>
    createElement(SignUpAttemptEmail, data as Parameters<typeof SignUpAttemptEmail>[0]),
  access_request: (data) => {
    const { email, fullName, requestedAt, siteUrl } = data as {
      email: string;
      fullName: string | null;
      requestedAt: string;
      siteUrl: string;
    };
    return createElement(AccessRequestEmail, {
      request: { email, fullName, requestedAt: new Date(requestedAt) },
      siteUrl,
    });
  },
};

/**
 * The HTML and plain text of a stored e-mail, rendered from its kind and
 * data. Throws when its kind has no template or the template fails on the
 * data: the worker then marks that e-mail failed, with the reason.
 */
export async function renderStoredMail({
  kind,
  data,
}: {
  kind: string;
  data: unknown;
}): Promise<{ html: string; text: string }> {
  const template = Object.hasOwn(templates, kind) ? templates[kind as MailKind] : undefined;
  if (!template) throw new Error(`no template for e-mails of the kind "${kind}"`);
  if (typeof data !== "object" || data === null) throw new Error("the e-mail has no data");
  return renderMail(template(data as Record<string, unknown>));
}

/**
 * The plain text of an e-mail's HTML, with the options `render(email, { plainText: true })`
 * uses, compiled once: compiling them (html-to-text builds its selector tables) cost more
 * than converting an e-mail. Headings stay as written: upper case would make a Czech name
 * hard to read.
 */
const toPlainText = compile({
  wordwrap: false,
  selectors: [...plainTextSelectors, { selector: "h1", options: { uppercase: false } }],
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

/** One line, without control characters or invisible format characters (bidi overrides). */
function toOneLine(text: string): string {
  return text
    .replace(/\p{Cf}+/gu, "")
    .replace(/[\s\p{Cc}]+/gu, " ")
    .trim();
}
