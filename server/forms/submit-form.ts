import { randomUUID } from "node:crypto";
import type { Database } from "#database/open-database";
import { formSubmissions, mailOutbox } from "#database/schema";
import {
  type FormSubmission,
  honeypotField,
  isHoneypotFilled,
  messages,
} from "#shared/form-schemas";
import { ApiError } from "../api-error";
import type { Clock } from "../clock";
import { summarizeError } from "../error-summary";
import {
  type ComposedMail,
  composeSubmissionMail,
  type MailSettings,
} from "../mail/compose-submission-mail";
import { enforceRateLimit, rateLimitKeys } from "./rate-limit";

export type SubmitFormDependencies = {
  db: Database;
  clock: Clock;
  mail: MailSettings;
  rateLimitPerHour: number;
  /** Called once the submission and its e-mails are stored (wakes the mail worker). */
  onStored?: () => void;
};

/**
 * Stores a validated submission together with its e-mails, in one
 * transaction: when this returns, the visitor may be told it was sent.
 */
export async function submitForm(
  { db, clock, mail, rateLimitPerHour, onStored }: SubmitFormDependencies,
  submission: FormSubmission,
  { clientAddress }: { clientAddress: string },
): Promise<{ id: string }> {
  if (isHoneypotFilled(submission)) {
    // A bot: it is told what a person would be told, and nothing is kept.
    console.warn(
      `Form submission from ${clientAddress} dropped: the ${honeypotField} field was filled in`,
    );
    return { id: randomUUID() };
  }
  await enforceRateLimit(db, clock, {
    keys: rateLimitKeys(clientAddress, submission.email),
    limitPerHour: rateLimitPerHour,
  });

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
  };
  // Rendered before the transaction, which then only writes.
  const mails = await composeSubmissionMail(record, mail);

  await storeTogether(db, record, mails);
  onStored?.();
  return { id: record.id };
}

/** The record and its e-mails in one transaction: both are stored, or neither. */
export async function storeTogether(
  db: Database,
  record: typeof formSubmissions.$inferInsert & { id: string; createdAt: Date },
  mails: ComposedMail[],
) {
  try {
    await db.transaction(async (tx) => {
      await tx.insert(formSubmissions).values(record);
      await tx.insert(mailOutbox).values(
        mails.map((composed) => ({
          submissionId: record.id,
          kind: composed.kind,
          toAddress: composed.to,
          replyTo: composed.replyTo,
          subject: composed.subject,
          html: composed.html,
          text: composed.text,
          nextAttemptAt: record.createdAt,
        })),
      );
    });
  } catch (error) {
    // The schemas should refuse first; a database constraint is the last line, still a 4xx.
    if (isDataRejection(error)) {
      console.warn(`The database refused a validated submission: ${summarizeError(error)}`);
      throw new ApiError(422, "validation_failed", messages.payloadInvalid);
    }
    throw error;
  }
}

/** A check violation (23514) or invalid data (class 22), as PostgreSQL and PGlite report them. */
function isDataRejection(error: unknown): boolean {
  for (let cause = error; cause instanceof Error; cause = cause.cause) {
    const code = (cause as { code?: unknown }).code;
    if (typeof code === "string" && (code === "23514" || code.startsWith("22"))) return true;
  }
  return false;
}
