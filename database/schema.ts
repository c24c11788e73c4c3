/**
 * The one definition of the tables. Types are derived from it, and the
 * migrations in `database/migrations` are generated from it (`npx drizzle-kit generate`).
 * The check constraints repeat the limits of `shared/form-schemas.ts`, so no
 * code path can store what the forms would refuse.
 */
import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  primaryKey,
  real,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { contentLimits } from "#shared/content/content-schemas";
import { formTypes, limits } from "#shared/form-schemas";
import {
  type NewsletterSource,
  type NewsletterState,
  newsletterSources,
  newsletterStates,
} from "#shared/newsletter";
import {
  type LetterDeliveryState,
  type LetterState,
  letterDeliveryStates,
  letterLimits,
  letterStates,
} from "#shared/newsletter-letters";
import { type AccountRole, type AuditAction, accountRoles, auditActions } from "#shared/user-admin";

/** Binary data as a Node Buffer. */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => "bytea",
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});
const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });
const quoted = (values: readonly string[]) =>
  sql.raw(values.map((value) => `'${value}'`).join(", "));
/** `user_id`: the account a row belongs to, deleted with it. */
const accountColumn = () =>
  uuid("user_id")
    .notNull()
    .references(() => users.id, { onDelete: "cascade" });
/** The columns of a link sent by e-mail, kept as its token's digest: single use and short-lived. */
const sentLinkColumns = () => ({
  tokenHash: text("token_hash").primaryKey(),
  userId: accountColumn(),
  createdAt: timestamptz("created_at").notNull().defaultNow(),
  expiresAt: timestamptz("expires_at").notNull(),
  usedAt: timestamptz("used_at"),
});

export const formSubmissions = pgTable(
  "form_submissions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    createdAt: timestamptz("created_at").notNull().defaultNow(),
    formType: text("form_type").notNull(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    phone: text("phone"),
    serviceType: text("service_type"),
    message: text("message"),
    privacyConsent: boolean("privacy_consent").notNull(),
    /** When the owner first opened it (or marked it); null while it is new. */
    readAt: timestamptz("read_at"),
    /** When the owner marked it handled; null while it waits for her. */
    handledAt: timestamptz("handled_at"),
  },
  (table) => [
    index("form_submissions_created_at_idx").on(table.createdAt.desc()),
    check("form_submissions_form_type_known", sql`${table.formType} in (${quoted(formTypes)})`),
    check(
      "form_submissions_name_length",
      sql`char_length(${table.name}) between ${sql.raw(String(limits.nameMin))} and ${sql.raw(String(limits.nameMax))}`,
    ),
    check(
      "form_submissions_email_shape",
      sql`char_length(${table.email}) <= ${sql.raw(String(limits.emailMax))} and ${table.email} like '%_@_%'`,
    ),
    check(
      "form_submissions_phone_length",
      sql`char_length(${table.phone}) <= ${sql.raw(String(limits.phoneMax))}`,
    ),
    check(
      "form_submissions_service_type_length",
      sql`char_length(${table.serviceType}) <= ${sql.raw(String(limits.serviceTypeMax))}`,
    ),
    check(
      "form_submissions_message_length",
      sql`char_length(${table.message}) <= ${sql.raw(String(limits.messageMax))}`,
    ),
    // Phone and service belong to the contact form, which also requires a message.
    check(
      "form_submissions_contact_fields",
      sql`${table.formType} = 'contact' and coalesce(char_length(${table.message}), 0) >= ${sql.raw(String(limits.contactMessageMin))}
        or ${table.formType} <> 'contact' and ${table.phone} is null and ${table.serviceType} is null`,
    ),
    check("form_submissions_privacy_consent_given", sql`${table.privacyConsent}`),
  ],
);
export type FormSubmission = typeof formSubmissions.$inferSelect;

/**
 * The administration's settings, one row (id 1). `retentionMonths`: the
 * server deletes submissions older than that many months, daily; null keeps them.
 */
export const inboxSettings = pgTable(
  "inbox_settings",
  {
    id: integer("id").primaryKey().default(1),
    retentionMonths: integer("retention_months"),
    updatedAt: timestamptz("updated_at").notNull().defaultNow(),
    retentionLastRunAt: timestamptz("retention_last_run_at"),
  },
  (table) => [
    check("inbox_settings_single_row", sql`${table.id} = 1`),
    check(
      "inbox_settings_retention_range",
      sql`${table.retentionMonths} is null or ${table.retentionMonths} between 1 and 120`,
    ),
  ],
);
export type NewFormSubmission = typeof formSubmissions.$inferInsert;

/** `waiting`: a gift e-mail held until its gift has a material (then it becomes `pending`). */
export const mailStatuses = ["pending", "sent", "failed", "waiting"] as const;
export type MailStatus = (typeof mailStatuses)[number];

/**
 * The e-mail outbox: each message is written as its kind, recipient, subject and the data its
 * template needs, in the same transaction as the record it belongs to; the worker renders and
 * sends it later, and keeps the rendered copy once sent.
 */
export const mailOutbox = pgTable(
  "mail_outbox",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    // Deleting a submission deletes its personal data in unsent and sent mail too.
    submissionId: uuid("submission_id").references(() => formSubmissions.id, {
      onDelete: "cascade",
    }),
    /**
     * Any other record the e-mail belongs to (say, a newsletter's subscriber), by its kind and id;
     * the module that deletes the record deletes its e-mails (`deleteOwnedMail`).
     */
    ownerType: text("owner_type"),
    ownerId: text("owner_id"),
    kind: text("kind").notNull(),
    status: text("status").$type<MailStatus>().notNull().default("pending"),
    /** The recipient (`to` in code everywhere; the column keeps its first name). */
    to: text("to_address").notNull(),
    replyTo: text("reply_to"),
    subject: text("subject").notNull(),
    /** What the e-mail's template needs; the worker renders it when it sends the e-mail. */
    data: jsonb("data").$type<Record<string, unknown>>(),
    /** Extra header fields for the mail server (say, `List-Unsubscribe`). */
    headers: jsonb("headers").$type<Record<string, string>>(),
    /** Null until the worker has rendered it from `data` (kept once sent, for the records). */
    html: text("html"),
    text: text("text"),
    attempts: integer("attempts").notNull().default(0),
    /** When the message may next be tried (after a failure: the end of its backoff). */
    nextAttemptAt: timestamptz("next_attempt_at").notNull(),
    /** While a worker sends the message: until when it is that worker's. */
    claimedUntil: timestamptz("claimed_until"),
    lastError: text("last_error"),
    createdAt: timestamptz("created_at").notNull().defaultNow(),
    sentAt: timestamptz("sent_at"),
  },
  (table) => [
    index("mail_outbox_due_idx").on(table.nextAttemptAt).where(sql`${table.status} = 'pending'`),
    index("mail_outbox_submission_idx").on(table.submissionId),
    check("mail_outbox_status_known", sql`${table.status} in (${quoted(mailStatuses)})`),
    check("mail_outbox_attempts_non_negative", sql`${table.attempts} >= 0`),
    // One owner at most, and an owner's kind always with its id.
    check(
      "mail_outbox_one_owner",
      sql`(${table.ownerType} is null) = (${table.ownerId} is null) and (${table.submissionId} is null or ${table.ownerType} is null)`,
    ),
    index("mail_outbox_owner_idx")
      .on(table.ownerType, table.ownerId)
      .where(sql`${table.ownerType} is not null`),
    // A waiting gift's reminder goes once per request, however many servers look for it.
    uniqueIndex("mail_outbox_one_gift_reminder")
      .on(table.submissionId)
      .where(sql`${table.kind} = 'gift_reminder'`),
  ],
);
export type MailJob = typeof mailOutbox.$inferSelect;
export type NewMailJob = typeof mailOutbox.$inferInsert;

/** Fixed-window counters of the one rate limiter (`server/rate-limit.ts`), for forms and accounts. */
export const rateLimitCounters = pgTable(
  "rate_limit_counters",
  {
    key: text("key").notNull(),
    windowStart: timestamptz("window_start").notNull(),
    hits: integer("hits").notNull(),
  },
  (table) => [primaryKey({ columns: [table.key, table.windowStart] })],
);

/** Accounts. E-mail addresses are stored lower-case, so uniqueness ignores case. */
export const users = pgTable(
  "users",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    email: text("email").notNull().unique(),
    /**
     * argon2id, in its PHC string form; a bcrypt hash (`$2a$`/`$2b$`) for an account
     * imported from the original site until its first sign-in; empty: no password yet.
     */
    passwordHash: text("password_hash").notNull(),
    userMetadata: jsonb("user_metadata")
      .$type<Record<string, unknown>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    createdAt: timestamptz("created_at").notNull().defaultNow(),
    updatedAt: timestamptz("updated_at").notNull().defaultNow(),
    lastSignInAt: timestamptz("last_sign_in_at"),
    /** When the address was proven to be hers; no role is given to an account without it. */
    emailConfirmedAt: timestamptz("email_confirmed_at"),
    /** An administrator's weekly summary of her visits by e-mail (issue 38): on until she turns it off. */
    weeklySummaryEmail: boolean("weekly_summary_email").notNull().default(true),
  },
  (table) => [
    check("users_email_lower_case", sql`${table.email} = lower(${table.email})`),
    check(
      "users_email_shape",
      sql`char_length(${table.email}) <= ${sql.raw(String(limits.emailMax))} and ${table.email} like '%_@_%'`,
    ),
  ],
);
export type User = typeof users.$inferSelect;

/** A signed-in browser. Deleting the row signs that browser out. */
export const authSessions = pgTable(
  "auth_sessions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: accountColumn(),
    createdAt: timestamptz("created_at").notNull().defaultNow(),
    refreshedAt: timestamptz("refreshed_at"),
    /** The browser's User-Agent at sign-in (shortened), so that she can tell her sign-ins apart. */
    userAgent: text("user_agent"),
    /** The address the sign-in came from. */
    ipAddress: text("ip_address"),
    /** GoTrue's assurance level: `aal2` once a second factor was verified in this session. */
    aal: text("aal").$type<AssuranceLevel>().notNull().default("aal1"),
    /** How she proved who she is in this session, newest first (the `amr` claim). */
    amr: jsonb("amr").$type<AuthenticationMethod[]>().notNull().default(sql`'[]'::jsonb`),
  },
  (table) => [
    index("auth_sessions_user_idx").on(table.userId),
    check("auth_sessions_aal_known", sql`${table.aal} in ('aal1', 'aal2')`),
  ],
);

export type AssuranceLevel = "aal1" | "aal2";
/** One entry of the `amr` claim: a method and when it was used, in seconds since the epoch. */
export type AuthenticationMethod = { method: string; timestamp: number };

/** Single-use refresh tokens, stored as digests, each knowing the token it replaced. */
export const refreshTokens = pgTable(
  "refresh_tokens",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    sessionId: uuid("session_id")
      .notNull()
      .references(() => authSessions.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull().unique(),
    parentId: uuid("parent_id"),
    revoked: boolean("revoked").notNull().default(false),
    createdAt: timestamptz("created_at").notNull().defaultNow(),
    /** When it was used; the reuse interval counts from here. */
    revokedAt: timestamptz("revoked_at"),
  },
  (table) => [index("refresh_tokens_session_idx").on(table.sessionId)],
);

export const roles = accountRoles;
export type Role = AccountRole;

/**
 * Roles of accounts: `admin` opens the administration, `member` the members'
 * materials. Registration grants none; `server/auth/roles.ts` gives and takes them.
 */
export const userRoles = pgTable(
  "user_roles",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: accountColumn(),
    role: text("role").notNull(),
    createdAt: timestamptz("created_at").notNull().defaultNow(),
  },
  (table) => [
    unique("user_roles_user_role_unique").on(table.userId, table.role),
    check("user_roles_role_known", sql`${table.role} in (${quoted(roles)})`),
  ],
);

/** Password recovery links, stored as digests: single use and short-lived. */
export const recoveryTokens = pgTable("recovery_tokens", sentLinkColumns(), (table) => [
  index("recovery_tokens_user_idx").on(table.userId),
]);

/**
 * Browsers that signed in to an account: the device cookie's token, stored
 * as a digest. A sign-in attempt with a valid one is trusted for that
 * account (docs/decisions/0007-sign-in-throttling.md).
 */
export const signInDevices = pgTable(
  "sign_in_devices",
  {
    tokenHash: text("token_hash").primaryKey(),
    userId: accountColumn(),
    createdAt: timestamptz("created_at").notNull().defaultNow(),
    lastSignInAt: timestamptz("last_sign_in_at").notNull(),
  },
  (table) => [index("sign_in_devices_user_idx").on(table.userId)],
);

/** Address blocks (an IPv4 address, an IPv6 /64) an account signed in from, and when last. */
export const signInAddresses = pgTable(
  "sign_in_addresses",
  {
    userId: accountColumn(),
    addressBlock: text("address_block").notNull(),
    lastSignInAt: timestamptz("last_sign_in_at").notNull(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.addressBlock] })],
);

export { type AuditAction, auditActions };

/**
 * What administrators did, for the administration's „Záznamy změn“: written by
 * `server/audit-log.ts` in the transaction of the change, never changed after.
 * A trigger refuses UPDATE, DELETE and TRUNCATE. No foreign keys: an entry
 * outlives the account or submission it names (the e-mail is kept as it was).
 */
export const auditLog = pgTable(
  "audit_log",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    at: timestamptz("at").notNull().defaultNow(),
    action: text("action").$type<AuditAction>().notNull(),
    /** The account that acted; null for the server's command line. */
    actorUserId: uuid("actor_user_id"),
    actorEmail: text("actor_email"),
    /** The account acted on, if any. */
    targetUserId: uuid("target_user_id"),
    targetEmail: text("target_email"),
    role: text("role"),
    /** For a deleted submission: when it was sent and which form, never what it said. */
    submissionCreatedAt: timestamptz("submission_created_at"),
    submissionFormType: text("submission_form_type"),
    /** For a publish or restore of her content: which item (`shared/content/content-items.ts`). */
    contentKey: text("content_key"),
    /**
     * What a booking, event, letter, photo or deleted article entry is about, in words as it
     * was then (an offer and time, a title): never a client's name or address.
     */
    subject: text("subject"),
  },
  (table) => [check("audit_log_action_known", sql`${table.action} in (${quoted(auditActions)})`)],
);
export type AuditLogRow = typeof auditLog.$inferSelect;
/** Links of the confirmation e-mail sent at sign-up, stored as digests. */
export const emailConfirmationTokens = pgTable(
  "email_confirmation_tokens",
  {
    ...sentLinkColumns(),
    /**
     * A sign-up again with a not yet confirmed address: its password (hashed) and
     * metadata, which this link's confirmation sets. Whoever confirms the address
     * gets the account, with her own password.
     */
    passwordHash: text("password_hash"),
    userMetadata: jsonb("user_metadata").$type<Record<string, unknown>>(),
  },
  (table) => [index("email_confirmation_tokens_user_idx").on(table.userId)],
);

export const factorStatuses = ["unverified", "verified"] as const;
export type FactorStatus = (typeof factorStatuses)[number];

/**
 * Second factors (TOTP apps), as GoTrue keeps them. A factor is unverified
 * until its first code is accepted; `lastUsedStep` makes each code single use.
 */
export const mfaFactors = pgTable(
  "mfa_factors",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: accountColumn(),
    friendlyName: text("friendly_name"),
    factorType: text("factor_type").notNull().default("totp"),
    status: text("status").$type<FactorStatus>().notNull().default("unverified"),
    /** The shared TOTP secret, sealed with the data key (`server/auth/secret-box.ts`). */
    secret: text("secret").notNull(),
    /** The 30-second step of the last accepted code: a code of that step or older is refused. */
    lastUsedStep: bigint("last_used_step", { mode: "number" }),
    /**
     * The sign-in that began an unverified factor's set-up: only that browser gets its secret
     * again (a reload), no other sign-in with her password alone (`server/auth/factors.ts`).
     */
    enrolledInSession: uuid("enrolled_in_session").references(() => authSessions.id, {
      onDelete: "set null",
    }),
    createdAt: timestamptz("created_at").notNull().defaultNow(),
    updatedAt: timestamptz("updated_at").notNull().defaultNow(),
  },
  (table) => [
    index("mfa_factors_user_idx").on(table.userId),
    unique("mfa_factors_user_friendly_name_unique").on(table.userId, table.friendlyName),
    check("mfa_factors_type_known", sql`${table.factorType} = 'totp'`),
    check("mfa_factors_status_known", sql`${table.status} in (${quoted(factorStatuses)})`),
  ],
);

/** A challenge of a factor: verified once, from the address that asked for it, within minutes. */
export const mfaChallenges = pgTable(
  "mfa_challenges",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    factorId: uuid("factor_id")
      .notNull()
      .references(() => mfaFactors.id, { onDelete: "cascade" }),
    ipAddress: text("ip_address").notNull(),
    createdAt: timestamptz("created_at").notNull().defaultNow(),
    verifiedAt: timestamptz("verified_at"),
  },
  (table) => [index("mfa_challenges_factor_idx").on(table.factorId)],
);

/**
 * One-time recovery codes, shown once when a factor is enrolled, stored as
 * salted, keyed digests; they work only while their factor is verified, each once.
 */
export const mfaRecoveryCodes = pgTable(
  "mfa_recovery_codes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    factorId: uuid("factor_id")
      .notNull()
      .references(() => mfaFactors.id, { onDelete: "cascade" }),
    codeHash: text("code_hash").notNull(),
    usedAt: timestamptz("used_at"),
  },
  (table) => [
    index("mfa_recovery_codes_factor_idx").on(table.factorId),
    unique("mfa_recovery_codes_factor_code_unique").on(table.factorId, table.codeHash),
  ],
);

/**
 * Requests for the members' role, one row per account: asked on the members'
 * page by a signed-in account without the role. The owner is told by e-mail
 * at most once a day per account (`server/members/access-requests.ts`).
 */
export const memberAccessRequests = pgTable("member_access_requests", {
  userId: uuid("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  /** When the owner was last told. */
  requestedAt: timestamptz("requested_at").notNull(),
});
export const materialPlaceValues = ["gift_ritual", "gift_fragrance", "members"] as const;
export const materialKindValues = ["video", "audio", "pdf", "image", "link", "guide"] as const;

/**
 * What the owner offers: a file (its bytes in `material_chunks` on
 * PostgreSQL, in `DATA_DIR/materials` on the embedded database), a YouTube or
 * Vimeo link, or the built-in scent guide. See docs/decisions/0012-material-storage.md.
 */
export const materials = pgTable(
  "materials",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    place: text("place").$type<(typeof materialPlaceValues)[number]>().notNull(),
    /** Null for a file material until its file is uploaded; then from its type. */
    kind: text("kind").$type<(typeof materialKindValues)[number]>(),
    title: text("title").notNull(),
    description: text("description").notNull().default(""),
    position: integer("position").notNull().default(0),
    hidden: boolean("hidden").notNull().default(false),
    linkUrl: text("link_url"),
    embedUrl: text("embed_url"),
    fileName: text("file_name"),
    contentType: text("content_type"),
    size: bigint("size", { mode: "number" }),
    /** Which upload the file is: a replacement writes the next version, then switches to it. */
    fileVersion: integer("file_version").notNull().default(0),
    /** How long the video or recording plays, read from its file; null when not known. */
    durationSeconds: real("duration_seconds"),
    createdAt: timestamptz("created_at").notNull().defaultNow(),
    updatedAt: timestamptz("updated_at").notNull().defaultNow(),
  },
  (table) => [
    index("materials_place_idx").on(table.place, table.position),
    check("materials_place_known", sql`${table.place} in (${quoted(materialPlaceValues)})`),
    check("materials_kind_known", sql`${table.kind} in (${quoted(materialKindValues)})`),
  ],
);
export type MaterialRow = typeof materials.$inferSelect;

/** A file's bytes on PostgreSQL, in chunks of 256 KiB (stored uncompressed: media does not compress). */
export const materialChunks = pgTable(
  "material_chunks",
  {
    materialId: uuid("material_id")
      .notNull()
      .references(() => materials.id, { onDelete: "cascade" }),
    version: integer("version").notNull(),
    seq: integer("seq").notNull(),
    data: bytea("data").notNull(),
  },
  (table) => [primaryKey({ columns: [table.materialId, table.version, table.seq] })],
);

/**
 * When the owner was last told that people wait for a gift without a material
 * (`server/materials/waiting-gift-mail.ts`): one row per gift, moved forward by
 * a guarded upsert, so that she gets at most one such e-mail a day whichever
 * server stores the request. Deleted when the gift gets its material.
 */
export const giftWaitNotices = pgTable(
  "gift_wait_notices",
  {
    gift: text("gift").$type<"gift_ritual" | "gift_fragrance">().primaryKey(),
    notifiedAt: timestamptz("notified_at").notNull(),
  },
  (table) => [
    check("gift_wait_notices_gift_known", sql`${table.gift} in ('gift_ritual', 'gift_fragrance')`),
  ],
);

/** The link of one gift request, stored as a digest; the owner can revoke it. */
export const giftLinks = pgTable(
  "gift_links",
  {
    tokenHash: text("token_hash").primaryKey(),
    submissionId: uuid("submission_id")
      .notNull()
      .references(() => formSubmissions.id, { onDelete: "cascade" }),
    gift: text("gift").$type<"gift_ritual" | "gift_fragrance">().notNull(),
    createdAt: timestamptz("created_at").notNull().defaultNow(),
    revokedAt: timestamptz("revoked_at"),
  },
  (table) => [
    index("gift_links_submission_idx").on(table.submissionId),
    check("gift_links_gift_known", sql`${table.gift} in ('gift_ritual', 'gift_fragrance')`),
  ],
);

/**
 * The first administrator's set-up links (`server/auth/first-admin.ts`), stored as digests: each
 * server start while no administrator exists prints one in its log. All are deleted once one is
 * used; any server on the same database accepts any of them.
 */
export const firstAdminTokens = pgTable("first_admin_tokens", {
  tokenHash: text("token_hash").primaryKey(),
  createdAt: timestamptz("created_at").notNull(),
  expiresAt: timestamptz("expires_at").notNull(),
});

/**
 * Her content (`shared/content/`): one row an item, the published version the
 * pages read and her draft, if any. `version` grows with every change, so an
 * editor that saves what it read at an older version is refused, not allowed to
 * overwrite another tab's change. A missing row is the item's default
 * (`content-seed.ts`), stored with its first revision on first use. Who changed
 * it is the account's id only (no foreign key: the history outlives an account).
 */
export const contentEntries = pgTable("content_entries", {
  key: text("key").primaryKey(),
  published: jsonb("published").notNull(),
  draft: jsonb("draft"),
  version: integer("version").notNull().default(1),
  updatedAt: timestamptz("updated_at").notNull().defaultNow(),
  /** Null: the defaults of a fresh install. */
  updatedBy: uuid("updated_by"),
  publishedAt: timestamptz("published_at").notNull().defaultNow(),
  publishedBy: uuid("published_by"),
});

/** Every published version of an item, kept for „Obnovit“: the defaults, each publish, each restore. */
export const contentRevisions = pgTable(
  "content_revisions",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    key: text("key")
      .notNull()
      .references(() => contentEntries.key, { onDelete: "cascade" }),
    data: jsonb("data").notNull(),
    publishedAt: timestamptz("published_at").notNull().defaultNow(),
    /** Null: the defaults of a fresh install. */
    publishedBy: uuid("published_by"),
    /** A restore: the revision whose content it published again. */
    restoredFrom: bigint("restored_from", { mode: "number" }),
  },
  (table) => [index("content_revisions_key_idx").on(table.key, table.id)],
);

/**
 * The page store (server/pages/): every public page, its `.data` file for client navigations,
 * its start file and the site's generated files, rendered and finished once, served as stored.
 * Each write takes the next `version`, so a server sees another's publish by asking for the
 * rows newer than the newest it holds.
 */
export const storedPagesVersion = pgSequence("stored_pages_version");

export const storedPages = pgTable(
  "stored_pages",
  {
    /** The address it answers (`/about`, `/about.data`, `/assets/start-….js`), or a shell's key. */
    path: text("path").primaryKey(),
    /** The build it was rendered by (server/pages/page-build.ts). */
    buildId: text("build_id").notNull(),
    version: bigint("version", { mode: "number" })
      .notNull()
      .default(sql`nextval('stored_pages_version')`),
    status: integer("status").notNull(),
    contentType: text("content_type").notNull(),
    /** An HTML page's Content-Security-Policy, with its inline scripts' hashes. */
    contentSecurityPolicy: text("content_security_policy"),
    body: bytea("body").notNull(),
    /** Brotli and gzip of the body, when they save a packet. */
    brotli: bytea("brotli"),
    gzip: bytea("gzip"),
    etag: text("etag").notNull(),
    renderedAt: timestamptz("rendered_at").notNull().defaultNow(),
  },
  (table) => [index("stored_pages_version_idx").on(table.version)],
);

/** The build whose full render the store holds (one row). */
export const pageStoreState = pgTable("page_store_state", {
  id: integer("id").primaryKey().default(1),
  buildId: text("build_id").notNull(),
  renderedAt: timestamptz("rendered_at").notNull().defaultNow(),
});

/**
 * Her articles (server/articles/, issue 34): one row an article, with what the blog shows of it.
 * `state` says whether it is live: a draft never is, a scheduled one becomes published when
 * `publish_at` comes (housekeeping), a published one is. Its body is HTML that the server's
 * sanitizer wrote (server/articles/article-html.ts), never what a browser sent. `version` grows
 * with every change (a change from an older version is refused), as her other content's.
 */
export const articles = pgTable(
  "articles",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    title: text("title").notNull(),
    perex: text("perex").notNull(),
    body: text("body").notNull(),
    topic: text("topic").notNull(),
    author: text("author").notNull(),
    /** A photo of the photo library (its id); null: no cover. */
    coverPhotoId: text("cover_photo_id"),
    state: text("state").$type<"draft" | "scheduled" | "published">().notNull(),
    /** The article's date: when it went live, or, scheduled, when it goes. */
    publishAt: timestamptz("publish_at"),
    version: integer("version").notNull().default(1),
    createdAt: timestamptz("created_at").notNull().defaultNow(),
    updatedAt: timestamptz("updated_at").notNull().defaultNow(),
    /** Null: the seed of a fresh install, or the server's own schedule. */
    updatedBy: uuid("updated_by"),
    /**
     * When she deleted it: the row stays as a tombstone (its texts emptied, a draft) so that its
     * addresses answer 410 Gone and are never given to another article.
     */
    deletedAt: timestamptz("deleted_at"),
  },
  (table) => [
    check("articles_state_known", sql`${table.state} in ('draft', 'scheduled', 'published')`),
    check(
      "articles_live_has_date",
      sql`${table.state} = 'draft' or ${table.publishAt} is not null`,
    ),
    index("articles_due_idx").on(table.state, table.publishAt),
  ],
);

/**
 * Every address an article has had: its current slug and the old ones, which redirect to it
 * (issue 39). One table, so that a slug is unique across current and old ones by its key.
 */
export const articleSlugs = pgTable(
  "article_slugs",
  {
    slug: text("slug").primaryKey(),
    articleId: uuid("article_id")
      .notNull()
      .references(() => articles.id, { onDelete: "cascade" }),
    current: boolean("current").notNull(),
  },
  (table) => [
    uniqueIndex("article_slugs_one_current").on(table.articleId).where(sql`${table.current}`),
    check("article_slugs_form", sql`${table.slug} ~ '^[a-z0-9]+(-[a-z0-9]+)*$'`),
  ],
);

/** Every published version of an article (its fields and slug), kept for „Obnovit“. */
export const articleRevisions = pgTable(
  "article_revisions",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    articleId: uuid("article_id")
      .notNull()
      .references(() => articles.id, { onDelete: "cascade" }),
    data: jsonb("data").notNull(),
    publishedAt: timestamptz("published_at").notNull().defaultNow(),
    /** Null: the seed, or published by the schedule. */
    publishedBy: uuid("published_by"),
    restoredFrom: bigint("restored_from", { mode: "number" }),
  },
  (table) => [index("article_revisions_article_idx").on(table.articleId, table.id)],
);

/**
 * Her photo library (server/photos/, docs/decisions/0024-photo-library.md): what each photo
 * shows (its alt text, required), where its focal point is, and its size after it was turned
 * upright. Who uploaded it is the account's id only, as for her content.
 */
export const photos = pgTable(
  "photos",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    originalName: text("original_name"),
    alt: text("alt").notNull(),
    focusX: real("focus_x").notNull().default(0.5),
    focusY: real("focus_y").notNull().default(0.5),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    createdAt: timestamptz("created_at").notNull().defaultNow(),
    createdBy: uuid("created_by"),
  },
  (table) => [
    check("photos_alt_given", sql`length(btrim(${table.alt})) > 0`),
    check(
      "photos_focus_inside",
      sql`${table.focusX} between 0 and 1 and ${table.focusY} between 0 and 1`,
    ),
    check("photos_size_positive", sql`${table.width} > 0 and ${table.height} > 0`),
  ],
);

/**
 * Each photo's variants, one row a width and format. Their bytes are in `data` on PostgreSQL,
 * so that every server serves them; on the embedded database `data` is null and the file is in
 * `DATA_DIR/photos` (as material files are, decision 0012), and a backup carries it in `data`.
 */
export const photoVariants = pgTable(
  "photo_variants",
  {
    photoId: uuid("photo_id")
      .notNull()
      .references(() => photos.id, { onDelete: "cascade" }),
    width: integer("width").notNull(),
    format: text("format").$type<"avif" | "webp" | "jpeg">().notNull(),
    size: integer("size").notNull(),
    data: bytea("data"),
  },
  (table) => [
    primaryKey({ columns: [table.photoId, table.width, table.format] }),
    check("photo_variants_format_known", sql`${table.format} in ('avif', 'webp', 'jpeg')`),
  ],
);
// Booking a session (issue 35; docs/decisions/0027-booking.md).

export const bookingStates = ["pending", "confirmed", "declined", "cancelled"] as const;
export type BookingState = (typeof bookingStates)[number];
/** The states that hold a time: the exclusion constraint keeps these apart. */
export const activeBookingStates = ["pending", "confirmed"] as const;

/**
 * Her booking settings, one row (id 1), in the shape `shared/booking-settings.ts`
 * checks on every write. No row: the defaults there.
 */
export const bookingSettings = pgTable(
  "booking_settings",
  {
    id: integer("id").primaryKey().default(1),
    settings: jsonb("settings").notNull(),
    updatedAt: timestamptz("updated_at").notNull().defaultNow(),
  },
  (table) => [check("booking_settings_single_row", sql`${table.id} = 1`)],
);

/**
 * Her private calendar feed's key, one row (id 1): the feed's address is an HMAC of it under
 * the data key (`server/booking/booking-feed.ts`), so she can copy the address again while the
 * database alone does not give it away. A new key („Vytvořit novou adresu“) ends the old address.
 */
export const calendarFeed = pgTable(
  "calendar_feed",
  {
    id: integer("id").primaryKey().default(1),
    key: text("key").notNull(),
    createdAt: timestamptz("created_at").notNull().defaultNow(),
  },
  (table) => [check("calendar_feed_single_row", sql`${table.id} = 1`)],
);

/**
 * A visitor's booking of one of her offers. `blockedUntil` is the end with her
 * pause after it, as it was when booked: the migration's exclusion constraint
 * (`bookings_no_overlap`, which drizzle-kit cannot express) refuses a pending
 * or confirmed booking whose [start, blockedUntil) meets another's, so two
 * visitors never hold one time whatever the servers do. The cancel link's
 * token is kept only as its digest.
 */
export const bookings = pgTable(
  "bookings",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    offerId: text("offer_id").notNull(),
    startsAt: timestamptz("starts_at").notNull(),
    endsAt: timestamptz("ends_at").notNull(),
    blockedUntil: timestamptz("blocked_until").notNull(),
    state: text("state").$type<BookingState>().notNull(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    phone: text("phone"),
    note: text("note"),
    privacyConsent: boolean("privacy_consent").notNull(),
    cancelTokenHash: text("cancel_token_hash").notNull().unique(),
    createdAt: timestamptz("created_at").notNull().defaultNow(),
    /** When it left the calendar (declined or cancelled). */
    endedAt: timestamptz("ended_at"),
    /** When she first opened it: until then it is new in her inbox, as a submission is. */
    handledAt: timestamptz("handled_at"),
    /** Her reason for declining or cancelling it, as the client's e-mail quoted it. */
    reason: text("reason"),
    /**
     * The calendar file's SEQUENCE: raised by every change the client is told of (a move, a
     * confirmation, a cancellation), so her calendar replaces the event of the same UID.
     */
    sequence: integer("sequence").notNull().default(0),
  },
  (table) => [
    index("bookings_starts_at_idx").on(table.startsAt),
    // Her offers are a list she edits (docs/decisions/0042): the API checks the offer is published
    // and bookable; the database only that it names one.
    check(
      "bookings_offer_named",
      sql`char_length(${table.offerId}) between 1 and ${sql.raw(String(contentLimits.offerId))}`,
    ),
    check("bookings_state_known", sql`${table.state} in (${quoted(bookingStates)})`),
    check(
      "bookings_times_in_order",
      sql`${table.endsAt} > ${table.startsAt} and ${table.blockedUntil} >= ${table.endsAt}`,
    ),
    check(
      "bookings_name_length",
      sql`char_length(${table.name}) between ${sql.raw(String(limits.nameMin))} and ${sql.raw(String(limits.nameMax))}`,
    ),
    check(
      "bookings_email_shape",
      sql`char_length(${table.email}) <= ${sql.raw(String(limits.emailMax))} and ${table.email} like '%_@_%'`,
    ),
    check(
      "bookings_phone_length",
      sql`char_length(${table.phone}) <= ${sql.raw(String(limits.phoneMax))}`,
    ),
    check(
      "bookings_note_length",
      sql`char_length(${table.note}) <= ${sql.raw(String(limits.messageMax))}`,
    ),
    check("bookings_privacy_consent_given", sql`${table.privacyConsent}`),
    check("bookings_reason_length", sql`char_length(${table.reason}) <= 500`),
  ],
);
export type Booking = typeof bookings.$inferSelect;
// The newsletter's subscribers (issue 37; docs/decisions/0035-newsletter-subscribing.md).

/**
 * One address on her list, at most once whatever its capitals. The proof of
 * consent is kept with it: the words she showed, their version, when, and the
 * block of the address it came from (a /24 or a /48, never the full address).
 * The confirmation link is kept as its digest, single use until it expires;
 * the letters' unsubscribe link is an HMAC of the id (server/newsletter), so
 * nothing of it is stored.
 */
export const newsletterSubscribers = pgTable(
  "newsletter_subscribers",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    email: text("email").notNull(),
    /** The name typed in a gift form (the blog's form asks none). */
    name: text("name"),
    state: text("state").$type<NewsletterState>().notNull(),
    source: text("source").$type<NewsletterSource>().notNull(),
    consentText: text("consent_text").notNull(),
    consentVersion: text("consent_version").notNull(),
    consentedAt: timestamptz("consented_at").notNull(),
    consentAddressBlock: text("consent_address_block").notNull(),
    confirmTokenHash: text("confirm_token_hash").unique(),
    confirmExpiresAt: timestamptz("confirm_expires_at"),
    /** When the last confirmation e-mail was queued: another waits a while (no flood, no tell). */
    confirmationSentAt: timestamptz("confirmation_sent_at"),
    confirmedAt: timestamptz("confirmed_at"),
    unsubscribedAt: timestamptz("unsubscribed_at"),
    /** Permanent refusals by the address's mail server; two make it undeliverable. */
    bounceCount: integer("bounce_count").notNull().default(0),
    createdAt: timestamptz("created_at").notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("newsletter_subscribers_email_unique").on(sql`lower(${table.email})`),
    index("newsletter_subscribers_state_idx").on(table.state),
    check(
      "newsletter_subscribers_state_known",
      sql`${table.state} in (${quoted(newsletterStates)})`,
    ),
    check(
      "newsletter_subscribers_source_known",
      sql`${table.source} in (${quoted(newsletterSources)})`,
    ),
    check(
      "newsletter_subscribers_email_shape",
      sql`char_length(${table.email}) <= ${sql.raw(String(limits.emailMax))} and ${table.email} like '%_@_%'`,
    ),
    check(
      "newsletter_subscribers_name_length",
      sql`char_length(${table.name}) <= ${sql.raw(String(limits.nameMax))}`,
    ),
    check("newsletter_subscribers_bounces", sql`${table.bounceCount} >= 0`),
  ],
);
export type NewsletterSubscriber = typeof newsletterSubscribers.$inferSelect;
// Events: workshops and live meetings with places, sign-ups and a waiting list (issue 36;
// docs/decisions/0033-events.md).

export const eventStates = ["draft", "published", "cancelled"] as const;
export type EventState = (typeof eventStates)[number];
export const eventPlaceKinds = ["address", "online"] as const;
export type EventPlaceKind = (typeof eventPlaceKinds)[number];
export const eventSignupStates = ["confirmed", "waitlisted", "cancelled"] as const;
export type EventSignupState = (typeof eventSignupStates)[number];
/** The states that count as someone's sign-up: one of these per address per event. */
export const activeEventSignupStates = ["confirmed", "waitlisted"] as const;

/**
 * Her events. `takenPlaces` is the sum of the places of the confirmed sign-ups, kept by the
 * statements that confirm or cancel one (server/events/event-signups.ts), and
 * `events_places_within_capacity` is what keeps it at most `capacity`: a sign-up that would
 * overfill the event fails in the database whatever the servers do. Its description is HTML
 * that the articles' sanitizer wrote. `seriesId` ties the occurrences of a repeated event,
 * each of which she may change on its own. `version` grows with every change of hers.
 */
export const events = pgTable(
  "events",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    slug: text("slug").notNull().unique(),
    title: text("title").notNull(),
    description: text("description").notNull(),
    /** A photo of the photo library (its id); null: none. */
    photoId: text("photo_id"),
    startsAt: timestamptz("starts_at").notNull(),
    endsAt: timestamptz("ends_at").notNull(),
    placeKind: text("place_kind").$type<EventPlaceKind>().notNull(),
    /** The address (place: address), from which the map link is made. */
    address: text("address"),
    /** How to join, said on the page (place: online); the link itself goes by e-mail. */
    onlineNote: text("online_note"),
    /** Whole CZK; null: free of charge. */
    priceCzk: integer("price_czk"),
    capacity: integer("capacity").notNull(),
    /** How many places one sign-up may take (1: each person signs up alone). */
    maxPlacesPerSignup: integer("max_places_per_signup").notNull().default(1),
    takenPlaces: integer("taken_places").notNull().default(0),
    signupDeadline: timestamptz("signup_deadline").notNull(),
    waitingList: boolean("waiting_list").notNull().default(true),
    state: text("state").$type<EventState>().notNull().default("draft"),
    seriesId: uuid("series_id"),
    version: integer("version").notNull().default(1),
    createdAt: timestamptz("created_at").notNull().defaultNow(),
    updatedAt: timestamptz("updated_at").notNull().defaultNow(),
    updatedBy: uuid("updated_by"),
  },
  (table) => [
    index("events_starts_at_idx").on(table.state, table.startsAt),
    index("events_series_idx").on(table.seriesId),
    check("events_slug_form", sql`${table.slug} ~ '^[a-z0-9]+(-[a-z0-9]+)*$'`),
    check("events_title_given", sql`length(btrim(${table.title})) between 1 and 200`),
    check("events_state_known", sql`${table.state} in (${quoted(eventStates)})`),
    check("events_times_in_order", sql`${table.endsAt} > ${table.startsAt}`),
    check("events_deadline_before_end", sql`${table.signupDeadline} <= ${table.endsAt}`),
    check(
      "events_place_given",
      sql`(${table.placeKind} = 'address' and length(btrim(${table.address})) > 0) or ${table.placeKind} = 'online'`,
    ),
    check("events_place_kind_known", sql`${table.placeKind} in (${quoted(eventPlaceKinds)})`),
    check("events_price_not_negative", sql`${table.priceCzk} >= 0`),
    check("events_capacity_positive", sql`${table.capacity} > 0`),
    check(
      "events_places_per_signup",
      sql`${table.maxPlacesPerSignup} between 1 and ${table.capacity}`,
    ),
    check(
      "events_places_within_capacity",
      sql`${table.takenPlaces} between 0 and ${table.capacity}`,
    ),
  ],
);
export type Event = typeof events.$inferSelect;

/**
 * A visitor's sign-up for an event. Confirmed ones hold `places` of the event's
 * `takenPlaces`; waitlisted ones wait in the order they came (`arrival`).
 * `event_signups_one_per_address` lets an address hold one active sign-up an event. The
 * cancel link's token is kept only as its digest.
 */
export const eventSignups = pgTable(
  "event_signups",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** The order they came in, without ties (the waiting list's order). */
    arrival: bigint("arrival", { mode: "number" }).notNull().generatedAlwaysAsIdentity(),
    eventId: uuid("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    state: text("state").$type<EventSignupState>().notNull(),
    places: integer("places").notNull().default(1),
    name: text("name").notNull(),
    email: text("email").notNull(),
    phone: text("phone"),
    note: text("note"),
    privacyConsent: boolean("privacy_consent").notNull(),
    cancelTokenHash: text("cancel_token_hash").notNull().unique(),
    createdAt: timestamptz("created_at").notNull().defaultNow(),
    /** When a waitlisted sign-up got its place. */
    confirmedAt: timestamptz("confirmed_at"),
    cancelledAt: timestamptz("cancelled_at"),
  },
  (table) => [
    index("event_signups_event_idx").on(table.eventId, table.state, table.arrival),
    uniqueIndex("event_signups_one_per_address")
      .on(table.eventId, sql`lower(${table.email})`)
      .where(sql`${table.state} in (${quoted(activeEventSignupStates)})`),
    check("event_signups_state_known", sql`${table.state} in (${quoted(eventSignupStates)})`),
    check("event_signups_places_positive", sql`${table.places} > 0`),
    check(
      "event_signups_name_length",
      sql`char_length(${table.name}) between ${sql.raw(String(limits.nameMin))} and ${sql.raw(String(limits.nameMax))}`,
    ),
    check(
      "event_signups_email_shape",
      sql`char_length(${table.email}) <= ${sql.raw(String(limits.emailMax))} and ${table.email} like '%_@_%'`,
    ),
    check(
      "event_signups_phone_length",
      sql`char_length(${table.phone}) <= ${sql.raw(String(limits.phoneMax))}`,
    ),
    check(
      "event_signups_note_length",
      sql`char_length(${table.note}) <= ${sql.raw(String(limits.messageMax))}`,
    ),
    check("event_signups_privacy_consent_given", sql`${table.privacyConsent}`),
  ],
);
export type EventSignup = typeof eventSignups.$inferSelect;
// Visits, counted first-party and without cookies (issue 38; docs/decisions/0039-counting-visits.md).
// Only day counts stay: no address, no user agent, and no visitor's hash outlives its day's salt.

/** The counts' days are Prague's calendar days (`date`, YYYY-MM-DD). */
const visitDay = () => date("day", { mode: "string" }).notNull();

/** A day's unique visitors, added to as the day's hashes first appear (by every server). */
export const visitDays = pgTable(
  "visit_days",
  {
    day: date("day", { mode: "string" }).primaryKey(),
    visitors: integer("visitors").notNull().default(0),
  },
  (table) => [check("visit_days_visitors_not_negative", sql`${table.visitors} >= 0`)],
);

/** Page views per day and path (the path only: no query, no fragment). */
export const visitPages = pgTable(
  "visit_pages",
  { day: visitDay(), path: text("path").notNull(), views: integer("views").notNull() },
  (table) => [
    primaryKey({ columns: [table.day, table.path] }),
    check(
      "visit_pages_path_shape",
      sql`${table.path} like '/%' and char_length(${table.path}) <= 300`,
    ),
    check("visit_pages_views_not_negative", sql`${table.views} >= 0`),
  ],
);

/** Views that came from another site, per day and its domain (never the address's rest). */
export const visitReferrers = pgTable(
  "visit_referrers",
  { day: visitDay(), domain: text("domain").notNull(), views: integer("views").notNull() },
  (table) => [
    primaryKey({ columns: [table.day, table.domain] }),
    check("visit_referrers_domain_length", sql`char_length(${table.domain}) between 1 and 253`),
    check("visit_referrers_views_not_negative", sql`${table.views} >= 0`),
  ],
);

/** Views whose address carried `utm_*`, per day and campaign; an absent part is "". */
export const visitCampaigns = pgTable(
  "visit_campaigns",
  {
    day: visitDay(),
    source: text("source").notNull(),
    medium: text("medium").notNull(),
    campaign: text("campaign").notNull(),
    views: integer("views").notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.day, table.source, table.medium, table.campaign] }),
    check(
      "visit_campaigns_lengths",
      sql`char_length(${table.source}) <= 100 and char_length(${table.medium}) <= 100 and char_length(${table.campaign}) <= 100`,
    ),
    check("visit_campaigns_views_not_negative", sql`${table.views} >= 0`),
  ],
);

/**
 * A day's salt, one for every server (the first to need it makes it), so a visitor's hash is
 * the same whichever server she reaches. Housekeeping deletes every salt but today's, and the
 * day's hashes go with it (the foreign key's cascade): after that nothing links two visits.
 */
export const visitSalts = pgTable("visit_salts", {
  day: date("day", { mode: "string" }).primaryKey(),
  salt: text("salt").notNull(),
  createdAt: timestamptz("created_at").notNull().defaultNow(),
});

/** The day's visitors seen so far, each a salted hash (address block, browser, host); see above. */
export const visitHashes = pgTable(
  "visit_hashes",
  {
    day: date("day", { mode: "string" })
      .notNull()
      .references(() => visitSalts.day, { onDelete: "cascade" }),
    hash: text("hash").notNull(),
  },
  (table) => [primaryKey({ columns: [table.day, table.hash] })],
);

/** Her counting settings, one row (id 1): how many months the day counts are kept. */
export const visitSettings = pgTable(
  "visit_settings",
  {
    id: integer("id").primaryKey().default(1),
    keepMonths: integer("keep_months").notNull().default(25),
    updatedAt: timestamptz("updated_at").notNull().defaultNow(),
  },
  (table) => [
    check("visit_settings_single_row", sql`${table.id} = 1`),
    check("visit_settings_keep_months", sql`${table.keepMonths} between 1 and 60`),
  ],
);

// Her letters to the subscribers (issue 37; docs/decisions/0038-newsletter-letters.md).

/**
 * One letter of hers. Its body is HTML that the articles' sanitizer wrote (library photos as
 * `<img>` with absolute addresses), never what a browser sent. It may announce one article or
 * one event. `newsletter_letters_one_sending` lets one letter at most be sending, whatever the
 * servers do; `fannedOutAfter` is how far (by subscriber id) its deliveries have been written,
 * so that a restarted server goes on where the last stopped.
 */
export const newsletterLetters = pgTable(
  "newsletter_letters",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    subject: text("subject").notNull(),
    body: text("body").notNull(),
    articleId: uuid("article_id").references(() => articles.id, { onDelete: "set null" }),
    eventId: uuid("event_id").references(() => events.id, { onDelete: "set null" }),
    state: text("state").$type<LetterState>().notNull().default("draft"),
    /** When a scheduled letter starts sending (its start, once it has started). */
    scheduledAt: timestamptz("scheduled_at"),
    version: integer("version").notNull().default(1),
    createdAt: timestamptz("created_at").notNull().defaultNow(),
    updatedAt: timestamptz("updated_at").notNull().defaultNow(),
    /** The account that sent or scheduled it (null: not yet). */
    sentBy: uuid("sent_by"),
    sendingStartedAt: timestamptz("sending_started_at"),
    /** The last subscriber (by id) the fan-out has written a delivery for. */
    fannedOutAfter: uuid("fanned_out_after"),
    fannedOutAt: timestamptz("fanned_out_at"),
    /** When its last delivery was settled. */
    sentAt: timestamptz("sent_at"),
  },
  (table) => [
    check("newsletter_letters_state_known", sql`${table.state} in (${quoted(letterStates)})`),
    check("newsletter_letters_subject_length", sql`char_length(${table.subject}) <= 150`),
    check("newsletter_letters_body_length", sql`char_length(${table.body}) <= 200000`),
    check(
      "newsletter_letters_one_announcement",
      sql`${table.articleId} is null or ${table.eventId} is null`,
    ),
    check(
      "newsletter_letters_scheduled_has_time",
      sql`${table.state} <> 'scheduled' or ${table.scheduledAt} is not null`,
    ),
    uniqueIndex("newsletter_letters_one_sending")
      .on(table.state)
      .where(sql`${table.state} = 'sending'`),
    index("newsletter_letters_due_idx").on(table.state, table.scheduledAt),
  ],
);
export type NewsletterLetter = typeof newsletterLetters.$inferSelect;

/**
 * A letter to one subscriber: written once per letter and subscriber (its key), so nobody gets a
 * letter twice. `queued` with no `outboxId` waits for its slot of the sending rate; with one, it
 * is in the outbox (written in the same transaction), and the outbox's fate settles it as
 * `sent` or `failed`. `skipped`: the subscriber was no longer confirmed when its turn came.
 */
export const newsletterDeliveries = pgTable(
  "newsletter_deliveries",
  {
    letterId: uuid("letter_id")
      .notNull()
      .references(() => newsletterLetters.id, { onDelete: "cascade" }),
    subscriberId: uuid("subscriber_id")
      .notNull()
      .references(() => newsletterSubscribers.id, { onDelete: "cascade" }),
    state: text("state").$type<LetterDeliveryState>().notNull().default("queued"),
    outboxId: bigint("outbox_id", { mode: "number" }),
    attempts: integer("attempts").notNull().default(0),
    createdAt: timestamptz("created_at").notNull().defaultNow(),
    handedAt: timestamptz("handed_at"),
    settledAt: timestamptz("settled_at"),
    lastError: text("last_error"),
  },
  (table) => [
    primaryKey({ columns: [table.letterId, table.subscriberId] }),
    check(
      "newsletter_deliveries_state_known",
      sql`${table.state} in (${quoted(letterDeliveryStates)})`,
    ),
    index("newsletter_deliveries_waiting_idx")
      .on(table.letterId, table.subscriberId)
      .where(sql`${table.state} = 'queued' and ${table.outboxId} is null`),
    index("newsletter_deliveries_in_outbox_idx")
      .on(table.outboxId)
      .where(sql`${table.state} = 'queued' and ${table.outboxId} is not null`),
    index("newsletter_deliveries_subscriber_idx").on(table.subscriberId),
  ],
);
export type NewsletterDelivery = typeof newsletterDeliveries.$inferSelect;

/**
 * Her sending rate, one row (id 1), and the rate's token bucket shared by every server: a
 * server hands letters to the outbox only for slots at or after `nextSlotAt`, and moves it on by
 * one slot a letter in the statement that takes them.
 */
export const newsletterSending = pgTable(
  "newsletter_sending",
  {
    id: integer("id").primaryKey().default(1),
    lettersPerHour: integer("letters_per_hour").notNull().default(200),
    nextSlotAt: timestamptz("next_slot_at").notNull().defaultNow(),
    updatedAt: timestamptz("updated_at").notNull().defaultNow(),
  },
  (table) => [
    check("newsletter_sending_single_row", sql`${table.id} = 1`),
    check(
      "newsletter_sending_rate_range",
      sql`${table.lettersPerHour} between ${sql.raw(String(letterLimits.minPerHour))} and ${sql.raw(String(letterLimits.maxPerHour))}`,
    ),
  ],
);
