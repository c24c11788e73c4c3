/**
 * What the administration shows about accounts: the list of users with their
 * roles, and the signed-in administrator's own sign-ins. Roles change only
 * through `server/auth/roles.ts`.
 */
import { and, asc, count, desc, eq, ilike, inArray, or, sql } from "drizzle-orm";
import type { Database } from "#database/open-database";
import { authSessions, mfaFactors, type User, userRoles, users } from "#database/schema";
import type { AccountRole, SessionSummary, UserListJson, UserSummary } from "#shared/user-admin";

/** The list shows at most this many accounts; a search finds the others. */
export const userListLimit = 200;

/** The accounts among `userIds` with a verified authenticator app. */
export async function findAccountsWithTwoFactor(
  db: Database,
  userIds: readonly string[],
): Promise<Set<string>> {
  const rows = await db
    .selectDistinct({ userId: mfaFactors.userId })
    .from(mfaFactors)
    .where(and(inArray(mfaFactors.userId, [...userIds]), eq(mfaFactors.status, "verified")));
  return new Set(rows.map((row) => row.userId));
}

/** `%` and `_` typed in the search are letters, not wildcards. */
function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

async function summarise(db: Database, rows: User[]): Promise<UserSummary[]> {
  const ids = rows.map((row) => row.id);
  if (ids.length === 0) return [];
  const [roleRows, withTwoFactor] = await Promise.all([
    db
      .select({ userId: userRoles.userId, role: userRoles.role })
      .from(userRoles)
      .where(inArray(userRoles.userId, ids))
      .orderBy(asc(userRoles.role)),
    findAccountsWithTwoFactor(db, ids),
  ]);
  return rows.map((row) => {
    const fullName = row.userMetadata.full_name;
    return {
      id: row.id,
      email: row.email,
      full_name: typeof fullName === "string" ? fullName : null,
      created_at: row.createdAt.toISOString(),
      last_sign_in_at: row.lastSignInAt?.toISOString() ?? null,
      email_confirmed_at: row.emailConfirmedAt?.toISOString() ?? null,
      roles: roleRows
        .filter((role) => role.userId === row.id)
        .map((role) => role.role as AccountRole),
      two_factor: withTwoFactor.has(row.id),
    };
  });
}

/**
 * Accounts whose e-mail or name contains `search` (any letter case), the
 * newest first, with how many match in all.
 */
export async function listUsers(db: Database, search = ""): Promise<UserListJson> {
  const pattern = likePattern(search);
  const matches = search
    ? or(ilike(users.email, pattern), ilike(sql`${users.userMetadata}->>'full_name'`, pattern))
    : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(users)
      .where(matches)
      .orderBy(desc(users.createdAt), asc(users.email))
      .limit(userListLimit),
    db.select({ value: count() }).from(users).where(matches),
  ]);
  return { users: await summarise(db, rows), total: total?.value ?? 0 };
}

/** One account as the list shows it, or undefined when there is none with that id. */
export async function findUserSummary(db: Database, id: string): Promise<UserSummary | undefined> {
  const rows = await db.select().from(users).where(eq(users.id, id));
  return (await summarise(db, rows))[0];
}

/** Her live sessions, the one of this request first, then the most recently used. */
export async function listOwnSessions(
  db: Database,
  userId: string,
  currentSessionId: string,
): Promise<SessionSummary[]> {
  const rows = await db
    .select()
    .from(authSessions)
    .where(eq(authSessions.userId, userId))
    .orderBy(desc(sql`coalesce(${authSessions.refreshedAt}, ${authSessions.createdAt})`));
  return rows
    .map((row) => ({
      id: row.id,
      current: row.id === currentSessionId,
      user_agent: row.userAgent,
      ip_address: row.ipAddress,
      created_at: row.createdAt.toISOString(),
      refreshed_at: row.refreshedAt?.toISOString() ?? null,
    }))
    .sort((a, b) => Number(b.current) - Number(a.current));
}
