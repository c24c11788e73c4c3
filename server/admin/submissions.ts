import { and, desc, eq, inArray, sql } from "drizzle-orm";
import type { Database } from "#database/open-database";
import { formSubmissions } from "#database/schema";
import { isUuid } from "#shared/auth-schemas";
import { serviceLabel } from "#shared/content/service-choices";
import type {
  MailState,
  Submission,
  SubmissionDetail,
  SubmissionStateChange,
} from "#shared/submission";
import type { AuditAction } from "#shared/user-admin";
import { type AuditActor, recordAuditEvents } from "../audit-log";
import { createContentReader } from "../content/content-store";
import { mailOfSubmission, submissionMailStates } from "../mail/outbox";

function toMailState(failed: boolean | null, pending: boolean | null): MailState | null {
  if (failed === null && pending === null) return null;
  return failed ? "failed" : pending ? "pending" : "sent";
}

export type SubmissionRow = typeof formSubmissions.$inferSelect;

/** A stored submission with the field names the administration and its exports use. */
export function toSubmission(row: SubmissionRow, mailState: MailState | null): Submission {
  return {
    id: row.id,
    created_at: row.createdAt.toISOString(),
    form_type: row.formType,
    name: row.name,
    email: row.email,
    phone: row.phone,
    service_type: row.serviceType,
    message: row.message,
    privacy_consent: row.privacyConsent,
    read_at: row.readAt?.toISOString() ?? null,
    handled_at: row.handledAt?.toISOString() ?? null,
    mail_state: mailState,
  };
}

/** Names each submission's chosen offer by her published list, retired offers included. */
async function serviceLabeller(db: Database) {
  const offers = await createContentReader(db).read("offers");
  return (submission: Submission): Submission => ({
    ...submission,
    service_label: submission.service_type ? serviceLabel(offers, submission.service_type) : null,
  });
}

/**
 * Every submission, newest first, with the field names the administration
 * page reads, its state and how its e-mails fared (one grouped join, not a
 * query per record: the list holds at 100,000).
 */
export async function listSubmissions(db: Database): Promise<Submission[]> {
  const states = submissionMailStates(db);
  const rows = await db
    .select({ submission: formSubmissions, failed: states.failed, pending: states.pending })
    .from(formSubmissions)
    .leftJoin(states, eq(states.submissionId, formSubmissions.id))
    .orderBy(desc(formSubmissions.createdAt), desc(formSubmissions.id));
  const label = await serviceLabeller(db);
  return rows.map((row) =>
    label(toSubmission(row.submission, toMailState(row.failed, row.pending))),
  );
}

/** One submission with every e-mail it caused (oldest first); undefined when there is none. */
export async function getSubmissionDetail(
  db: Database,
  id: string,
): Promise<SubmissionDetail | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await db.select().from(formSubmissions).where(eq(formSubmissions.id, id));
  if (!row) return undefined;
  const mails = await mailOfSubmission(db, id);
  const failed = mails.some((mail) => mail.status === "failed");
  const pending = mails.some((mail) => mail.status === "pending" || mail.status === "waiting");
  return {
    submission: (await serviceLabeller(db))(
      toSubmission(row, mails.length ? toMailState(failed, pending) : null),
    ),
    mails: mails.map((mail) => ({
      id: mail.id,
      kind: mail.kind,
      to: mail.to,
      subject: mail.subject,
      status: mail.status,
      attempts: mail.attempts,
      last_error: mail.lastError,
      created_at: mail.createdAt.toISOString(),
      sent_at: mail.sentAt?.toISOString() ?? null,
    })),
  };
}

/**
 * Opened (`read`: no longer new, kept if it was already), `handled`, or
 * `new` again (both cleared). False when there is no such submission.
 */
export async function setSubmissionState(
  db: Database,
  id: string,
  state: SubmissionStateChange,
  now: Date,
): Promise<boolean> {
  if (!isUuid(id)) return false;
  const values =
    state === "new"
      ? { readAt: null, handledAt: null }
      : state === "handled"
        ? { readAt: sql`coalesce(${formSubmissions.readAt}, ${now})`, handledAt: now }
        : // „read“: read and not handled, which also takes a handled record back among the open ones.
          { readAt: sql`coalesce(${formSubmissions.readAt}, ${now})`, handledAt: null };
  const updated = await db
    .update(formSubmissions)
    .set(values)
    .where(eq(formSubmissions.id, id))
    .returning({ id: formSubmissions.id });
  return updated.length > 0;
}

/** Why submissions were deleted: by hand, by an erasure of an address, or by the retention rule. */
export type DeletionReason = "single" | "gdpr_erase" | "retention";

const auditActionOf = {
  single: "submission_deleted",
  gdpr_erase: "submission_erased",
  retention: "submission_expired",
} as const satisfies Record<DeletionReason, AuditAction>;

/** What is kept of a deleted submission for the record: never its content. */
export type DeletedSubmission = { id: string; formType: string; createdAt: Date };

/**
 * The one way submissions are deleted (one by hand, an address's erasure,
 * the retention rule): their e-mails go with them by cascade. Pass a
 * transaction to delete together with other changes.
 */
export async function deleteSubmissions(
  db: Database,
  ids: readonly string[],
  reason: DeletionReason,
  /** Who deleted: an administrator, or the server's own retention rule. */
  by: AuditActor,
  at?: Date,
): Promise<DeletedSubmission[]> {
  const valid = ids.filter(isUuid);
  const deleted: DeletedSubmission[] = [];
  // In slices: a statement takes at most 65,535 parameters.
  for (let start = 0; start < valid.length; start += 10_000) {
    const slice = valid.slice(start, start + 10_000);
    deleted.push(
      ...(await db.delete(formSubmissions).where(inArray(formSubmissions.id, slice)).returning({
        id: formSubmissions.id,
        formType: formSubmissions.formType,
        createdAt: formSubmissions.createdAt,
      })),
    );
  }
  // Each one in the audit log by its form and date, never its content, in the
  // caller's transaction when there is one.
  await recordAuditEvents(
    db,
    deleted.map((submission) => ({
      action: auditActionOf[reason],
      actor: by,
      submission: { createdAt: submission.createdAt, formType: submission.formType },
    })),
    at,
  );
  return deleted;
}

/** Deletes one submission (and, by cascade, its e-mails); false when there is none with that id. */
export async function deleteSubmission(
  db: Database,
  id: string,
  by: AuditActor,
  at?: Date,
): Promise<boolean> {
  const deleted = await db.transaction((tx) => deleteSubmissions(tx, [id], "single", by, at));
  return deleted.length > 0;
}

/** Ids of every submission sent from `email` (compared without regard to case). */
export async function submissionIdsOf(db: Database, email: string): Promise<string[]> {
  const rows = await db
    .select({ id: formSubmissions.id })
    .from(formSubmissions)
    .where(and(sql`lower(${formSubmissions.email}) = ${email.toLowerCase()}`));
  return rows.map((row) => row.id);
}
