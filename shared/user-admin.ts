/**
 * Users, roles, sign-ins and the audit log as the administration API sends
 * them and the administration page reads them: the shapes, the role names and
 * their Czech labels, the rules of the requests and the Czech messages.
 */
import * as z from "zod/mini";
import { limits } from "./form-schemas";

/** Every role an account can hold: `admin` opens the administration, `member` the members' materials. */
export const accountRoles = ["admin", "member"] as const;
export type AccountRole = (typeof accountRoles)[number];

/** What each role opens, as the page names it (a place, not a person: no gender to choose). */
export const roleLabels: Record<AccountRole, string> = {
  admin: "administrace",
  member: "členská sekce",
};

/** One account in the administration's list of users. */
export type UserSummary = {
  id: string;
  email: string;
  full_name: string | null;
  created_at: string;
  last_sign_in_at: string | null;
  /** Null: the address has not been confirmed, and the account cannot be given a role. */
  email_confirmed_at: string | null;
  roles: AccountRole[];
  two_factor: boolean;
};

/** The answer to „Poslat potvrzení znovu“: the e-mail is in the outbox, to this address. */
export type ConfirmationResendJson = { sent: true; email: string };

export type UserListJson = { users: UserSummary[]; total: number };

/** The answer to a role change: what happened and the account as it is now. */
export type RoleChangeJson = { outcome: "changed" | "unchanged"; user: UserSummary };

/** One of the signed-in administrator's own sign-ins (a live session). */
export type SessionSummary = {
  id: string;
  current: boolean;
  user_agent: string | null;
  ip_address: string | null;
  created_at: string;
  /** The last time the browser renewed its sign-in; null when it has not yet. */
  refreshed_at: string | null;
};

export type SessionListJson = { sessions: SessionSummary[] };

/** Everything the audit log records (`audit_log.action`). */
export const auditActions = [
  "role_granted",
  "role_revoked",
  "two_factor_enrolled",
  "two_factor_reset",
  /** Another authenticator app (a second phone) verified by the account itself, or one removed. */
  "two_factor_app_added",
  "two_factor_app_removed",
  /** New recovery codes: every earlier one stopped working. */
  "recovery_codes_regenerated",
  /** A new password: by the account itself, or through a recovery link. */
  "password_changed",
  /** The owner's account made an administrator with the set-up link from the server's log. */
  "first_admin_created",
  "submission_deleted",
  /** Deleted with everything stored about one address (the GDPR erasure). */
  "submission_erased",
  /** Deleted by the owner's retention rule, older than the months she set. */
  "submission_expired",
  /** Her content published (a draft made live), or an earlier version of it published again. */
  "content_published",
  "content_restored",
  /** An article made live (at once or by its schedule), an earlier version of it published again, or taken off the site. */
  "article_published",
  "article_restored",
  "article_unpublished",
  /** An article deleted for good (its page then answers 410). */
  "article_deleted",
  /** A photo added to her library, or deleted from it. */
  "photo_uploaded",
  "photo_deleted",
  /** Her booking rules changed (hours, exceptions, pause, notice, horizon), or her calendar feed's address replaced. */
  "booking_settings_changed",
  "booking_feed_rotated",
  /** A booking confirmed, declined, moved or cancelled by her; or deleted by the retention rule. */
  "booking_confirmed",
  "booking_declined",
  "booking_moved",
  "booking_cancelled",
  "booking_expired",
  /** An event made public, changed, cancelled (everyone signed up is told), or a draft deleted. */
  "event_published",
  "event_changed",
  "event_cancelled",
  "event_deleted",
  /** A message to everyone signed up for an event; its list downloaded; one sign-up cancelled by her. */
  "event_message_sent",
  "event_signups_exported",
  "event_signup_cancelled",
  /** A draft's dated copy made by „Opakovat“ (a published event's copies are each `event_published`). */
  "event_created",
  /** A letter sent (or scheduled) to the subscribers; their list downloaded; one removed by her. */
  "newsletter_letter_sent",
  "newsletter_letter_scheduled",
  /** A letter's sending stopped by her before everyone had it. */
  "newsletter_letter_stopped",
  "newsletter_subscribers_exported",
  "newsletter_subscriber_removed",
] as const;
export type AuditAction = (typeof auditActions)[number];

/** One entry of the audit log as the administration API sends it. */
export type AuditEntry = {
  id: number;
  at: string;
  action: AuditAction;
  /** Null: the server's command line. */
  actor_email: string | null;
  target_email: string | null;
  role: string | null;
  /** A deleted submission: when it was sent and which form, never what it said. */
  submission: { created_at: string; form_type: string } | null;
  /** A publish or restore of her content: which item. */
  content_key: string | null;
  /**
   * What a booking, event, letter, photo or deleted article entry is about, in words as it was
   * („Harmonizační setkání 3. 12. 2026 v\u00a010:00“, an event's title): never a client's name or e-mail.
   */
  subject: string | null;
};

/** A page of entries, newest first; `next_before` asks for the page after it (null at the end). */
export type AuditPage = { entries: AuditEntry[]; next_before: number | null };

export const userAdminMessages = {
  unknownRole: "Takový přístup neexistuje. Lze dát přístup do administrace nebo do členské sekce.",
  userNotFound: "Takový účet neexistuje.",
  emailNotConfirmed:
    "Tento účet zatím nemá potvrzenou e-mailovou adresu, a tak mu nelze přidělit roli. Jakmile adresu potvrdí odkazem z e-mailu, půjde to.",
  predatesConfirmation:
    "Tento účet má aplikaci pro ověření nebo přihlášení z\u00a0doby před potvrzením adresy (mohl je založit kdokoli, kdo adresu zadal). Přístup mu dáte, až je odstraní ten, kdo spravuje server (příkazy npm run admin -- reset-2fa a\u00a0npm run admin -- sign-out).",
  lastAdmin:
    "Toto je poslední účet s rolí administrátora. Aby se do administrace stále dalo dostat, přidělte nejdřív tuto roli jinému účtu.",
  emailAlreadyConfirmed: "Adresa tohoto účtu už je potvrzená, potvrzovací e-mail není potřeba.",
  confirmationSentRecently:
    "Potvrzovací e-mail na tuto adresu odešel před chvílí. Další půjde poslat za minutu.",
  searchTooLong: `Hledaný text může mít nejvýše ${limits.emailMax} znaků.`,
  pageInvalid: "Neplatné pokračování seznamu.",
} as const;

/** The query of the users list: an optional search in e-mails and names. */
export const userSearchSchema = z.object({
  q: z.optional(
    z.string().check(z.trim(), z.maxLength(limits.emailMax, userAdminMessages.searchTooLong)),
  ),
});

/** A role named in a request's path. */
export const roleSchema = z.enum(accountRoles, userAdminMessages.unknownRole);

/** The query of the audit log: `before` continues from the entry with that id. */
export const auditPageSchema = z.object({
  before: z.optional(
    z.pipe(
      z.string().check(z.regex(/^[1-9]\d{0,14}$/, userAdminMessages.pageInvalid)),
      z.transform((value) => Number(value)),
    ),
  ),
});
