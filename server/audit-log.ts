/**
 * The audit log: who changed what in the administration, and when. Every
 * change writes its entry with `recordAuditEvent` inside the transaction that
 * makes the change, so there is never a change without its entry or an entry
 * without its change. The application only appends (there is no function to
 * change or remove an entry) and the database refuses UPDATE, DELETE and
 * TRUNCATE on the table (migration 0005). Entries never hold a secret or the
 * content of a submission.
 */
import { desc, lt } from "drizzle-orm";
import type { Database } from "#database/open-database";
import { auditLog, type Role } from "#database/schema";
import type { AuditPage } from "#shared/user-admin";

/** Who acted: a signed-in account, or the server's command line (`npm run admin`). */
export type AuditActor =
  | { kind: "account"; userId: string; email: string }
  | { kind: "command_line" }
  /** The server's own daily rule (retention): no person acted. */
  | { kind: "server" };

/** An account an event is about, as it was at that moment. */
export type AuditSubject = { userId: string; email: string };

export type AuditEvent =
  | { action: "role_granted" | "role_revoked"; actor: AuditActor; target: AuditSubject; role: Role }
  /**
   * Two-factor set up by the account itself (its first app; another app added or removed; new
   * recovery codes), or reset (the actor is then whoever reset it); the
   * first administrator made with the set-up link from the server's log (she is her own actor).
   */
  | {
      action:
        | "two_factor_enrolled"
        | "two_factor_reset"
        | "two_factor_app_added"
        | "two_factor_app_removed"
        | "recovery_codes_regenerated"
        | "password_changed"
        | "first_admin_created";
      actor: AuditActor;
      target: AuditSubject;
    }
  /** A deleted submission, by when it was sent and which form: never its content. */
  | {
      action: "submission_deleted" | "submission_erased" | "submission_expired";
      actor: AuditActor;
      submission: { createdAt: Date; formType: string };
    }
  /** Her content made live: a draft published, or an earlier revision published again. */
  | { action: "content_published" | "content_restored"; actor: AuditActor; contentKey: string }
  /** An article put on the site, an earlier version of it again, or taken off: its address. */
  | {
      action: "article_published" | "article_restored" | "article_unpublished";
      actor: AuditActor;
      contentKey: string;
    }
  /**
   * Everything since the articles (a deleted article, photos, bookings, events, letters): what it
   * was about in words (`subject`), never a client's name or address. Booking rules, the calendar
   * feed and the subscribers' list are about nothing more than the action says (a removed
   * subscriber's address is personal data: it is not kept here).
   */
  | {
      action:
        | "article_deleted"
        | "photo_uploaded"
        | "photo_deleted"
        | "booking_confirmed"
        | "booking_declined"
        | "booking_moved"
        | "booking_cancelled"
        | "booking_expired"
        | "event_published"
        | "event_changed"
        | "event_cancelled"
        | "event_deleted"
        | "event_message_sent"
        | "event_signups_exported"
        | "event_signup_cancelled"
        | "event_created"
        | "newsletter_letter_sent"
        | "newsletter_letter_scheduled"
        | "newsletter_letter_stopped";
      actor: AuditActor;
      subject: string;
    }
  | {
      action:
        | "booking_settings_changed"
        | "booking_feed_rotated"
        | "newsletter_subscribers_exported"
        | "newsletter_subscriber_removed";
      actor: AuditActor;
    };

/**
 * Appends one entry. Pass the transaction of the change as `db`; `at` is the
 * app's clock (the database's own time when left out).
 */
export async function recordAuditEvent(db: Database, event: AuditEvent, at?: Date): Promise<void> {
  await recordAuditEvents(db, [event], at);
}

/** Appends several entries at once (thousands of deleted submissions), in slices. */
export async function recordAuditEvents(
  db: Database,
  events: readonly AuditEvent[],
  at?: Date,
): Promise<void> {
  // 11 columns a row: well under the 65,535 parameters of one statement.
  for (let start = 0; start < events.length; start += 5_000) {
    await db
      .insert(auditLog)
      .values(events.slice(start, start + 5_000).map((event) => row(event, at)));
  }
}

function row(event: AuditEvent, at: Date | undefined) {
  const actor =
    event.actor.kind === "account"
      ? { actorUserId: event.actor.userId, actorEmail: event.actor.email }
      : { actorUserId: null, actorEmail: null };
  return {
    ...(at && { at }),
    action: event.action,
    ...actor,
    ...("target" in event && {
      targetUserId: event.target.userId,
      targetEmail: event.target.email,
    }),
    ...("role" in event && { role: event.role }),
    ...("submission" in event && {
      submissionCreatedAt: event.submission.createdAt,
      submissionFormType: event.submission.formType,
    }),
    ...("contentKey" in event && { contentKey: event.contentKey }),
    ...("subject" in event && { subject: event.subject }),
  };
}

export const auditPageSize = 50;

/** Entries older than the entry `before` (the newest when left out), newest first. */
export async function listAuditEntries(
  db: Database,
  { before, limit = auditPageSize }: { before?: number; limit?: number } = {},
): Promise<AuditPage> {
  const rows = await db
    .select()
    .from(auditLog)
    .where(before === undefined ? undefined : lt(auditLog.id, before))
    .orderBy(desc(auditLog.id))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  return {
    entries: page.map((row) => ({
      id: row.id,
      at: row.at.toISOString(),
      action: row.action,
      actor_email: row.actorEmail,
      target_email: row.targetEmail,
      role: row.role,
      submission:
        row.submissionCreatedAt && row.submissionFormType
          ? {
              created_at: row.submissionCreatedAt.toISOString(),
              form_type: row.submissionFormType,
            }
          : null,
      content_key: row.contentKey,
      subject: row.subject,
    })),
    next_before: rows.length > limit ? (page.at(-1)?.id ?? null) : null,
  };
}
