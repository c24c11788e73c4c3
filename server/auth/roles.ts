/**
 * The one module that gives and takes roles: the administration page and the
 * command line (`npm run admin`) both call it. Each change is written with
 * its audit log entry in one transaction.
 */
import { and, asc, eq, lt } from "drizzle-orm";
import type { Database } from "#database/open-database";
import { authSessions, mfaFactors, type Role, type User, userRoles, users } from "#database/schema";
import { type AuditActor, recordAuditEvent } from "#server/audit-log";
import type { MemberWelcomeMail } from "#server/mail/outbox";
import { normaliseEmail } from "./accounts";

export type GrantOutcome =
  | "granted"
  | "already_granted"
  | "unknown_account"
  | "email_not_confirmed"
  | "predates_confirmation";
export type RevokeOutcome = "revoked" | "not_granted" | "unknown_account" | "last_admin";

/** An account named by its e-mail (the command line) or its id (the page). */
export type AccountReference = { email: string } | { userId: string };

export type RoleChange = {
  account: AccountReference;
  role: Role;
  actor: AuditActor;
  /** The app's clock, for the audit log entry. */
  at?: Date;
};

/** A grant's one side effect beyond the audit log: the new member's welcome e-mail. */
export type GrantEffects = {
  /** Stores the e-mail in the grant's transaction (the outbox), so it goes exactly when the role is given. */
  storeMemberWelcome: (tx: Database, mail: MemberWelcomeMail) => Promise<void>;
};

/**
 * The one check before any role is given: only an account whose address is
 * proven may hold one, so that nobody can register someone else's address
 * and be given her rights.
 */
export function mayHoldRoles(user: Pick<User, "emailConfirmedAt">): boolean {
  return user.emailConfirmedAt !== null;
}

/** The account, locked until the transaction ends, so two changes of one account run one after the other. */
async function lockAccount(tx: Database, account: AccountReference): Promise<User | undefined> {
  const condition =
    "email" in account
      ? eq(users.email, normaliseEmail(account.email))
      : eq(users.id, account.userId);
  const [user] = await tx.select().from(users).where(condition).for("update");
  return user;
}

/**
 * What an account holds from before its address was confirmed: until then
 * anyone could have made it with her address, and an authenticator app or a
 * sign-in of theirs would outlast her confirmation. Her confirmation removes
 * them now; accounts confirmed before it did may still hold some.
 */
export async function findPreConfirmationLeftovers(
  db: Database,
  user: Pick<User, "id" | "emailConfirmedAt">,
): Promise<{ factors: number; sessions: number }> {
  const confirmedAt = user.emailConfirmedAt;
  if (confirmedAt === null) return { factors: 0, sessions: 0 };
  const factors = await db
    .select({ id: mfaFactors.id })
    .from(mfaFactors)
    .where(and(eq(mfaFactors.userId, user.id), lt(mfaFactors.createdAt, confirmedAt)));
  const sessions = await db
    .select({ id: authSessions.id })
    .from(authSessions)
    .where(and(eq(authSessions.userId, user.id), lt(authSessions.createdAt, confirmedAt)));
  return { factors: factors.length, sessions: sessions.length };
}

/**
 * Gives an account a role; refused for an account whose address is not
 * confirmed, or that has an authenticator app or a sign-in from before it was
 * (`findPreConfirmationLeftovers`: they go first). A new member is told by
 * e-mail (`effects`); a refused or repeated grant tells nobody.
 */
export async function grantRole(
  db: Database,
  { account, role, actor, at }: RoleChange,
  effects?: GrantEffects,
): Promise<GrantOutcome> {
  return db.transaction(async (tx) => {
    const user = await lockAccount(tx, account);
    if (!user) return "unknown_account";
    if (!mayHoldRoles(user)) return "email_not_confirmed";
    const leftovers = await findPreConfirmationLeftovers(tx, user);
    if (leftovers.factors > 0 || leftovers.sessions > 0) return "predates_confirmation";
    const inserted = await tx
      .insert(userRoles)
      .values({ userId: user.id, role, ...(at && { createdAt: at }) })
      .onConflictDoNothing()
      .returning({ id: userRoles.id });
    if (inserted.length === 0) return "already_granted";
    await recordAuditEvent(
      tx,
      { action: "role_granted", actor, target: { userId: user.id, email: user.email }, role },
      at,
    );
    if (role === "member" && effects) {
      const fullName = user.userMetadata.full_name;
      await effects.storeMemberWelcome(tx, {
        to: user.email,
        fullName: typeof fullName === "string" ? fullName : null,
      });
    }
    return "granted";
  });
}

/**
 * Takes a role away; the administration refuses a former administrator from
 * her next request. The last administrator keeps the role: every admin role
 * row is locked first, so two administrators taking it from each other at
 * once cannot both succeed (the second one finds herself the last).
 */
export async function revokeRole(
  db: Database,
  { account, role, actor, at }: RoleChange,
): Promise<RevokeOutcome> {
  return db.transaction(async (tx) => {
    const user = await lockAccount(tx, account);
    if (!user) return "unknown_account";
    if (role === "admin") {
      const admins = await tx
        .select({ userId: userRoles.userId })
        .from(userRoles)
        .where(eq(userRoles.role, "admin"))
        .orderBy(asc(userRoles.id))
        .for("update");
      if (!admins.some((admin) => admin.userId === user.id)) return "not_granted";
      if (admins.length === 1) return "last_admin";
    }
    const deleted = await tx
      .delete(userRoles)
      .where(and(eq(userRoles.userId, user.id), eq(userRoles.role, role)))
      .returning({ id: userRoles.id });
    if (deleted.length === 0) return "not_granted";
    await recordAuditEvent(
      tx,
      { action: "role_revoked", actor, target: { userId: user.id, email: user.email }, role },
      at,
    );
    return "revoked";
  });
}

/** Makes an account an administrator from the command line (tests and seeds use it too). */
export function grantAdmin(db: Database, email: string): Promise<GrantOutcome> {
  return grantRole(db, { account: { email }, role: "admin", actor: { kind: "command_line" } });
}

/**
 * What `npm run admin -- sign-out` does: every session of the account ends
 * (with its refresh tokens). Returns how many, or null for an unknown e-mail.
 */
export async function signOutEverywhere(db: Database, email: string): Promise<number | null> {
  const [user] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, normaliseEmail(email)));
  if (!user) return null;
  const ended = await db
    .delete(authSessions)
    .where(eq(authSessions.userId, user.id))
    .returning({ id: authSessions.id });
  return ended.length;
}

/** Takes the administrator role away from the command line. */
export function revokeAdmin(db: Database, email: string): Promise<RevokeOutcome> {
  return revokeRole(db, { account: { email }, role: "admin", actor: { kind: "command_line" } });
}

/** Every holder of a role, in the order they were given it. */
export async function listRoleHolders(
  db: Database,
  role: Role,
): Promise<{ email: string; since: Date }[]> {
  return db
    .select({ email: users.email, since: userRoles.createdAt })
    .from(userRoles)
    .innerJoin(users, eq(users.id, userRoles.userId))
    .where(eq(userRoles.role, role))
    .orderBy(asc(userRoles.createdAt), asc(users.email));
}
