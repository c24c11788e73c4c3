import { and, asc, eq } from "drizzle-orm";
import type { Database } from "#database/open-database";
import { userRoles, users } from "#database/schema";
import { adminRole, normaliseEmail } from "./accounts";

export type GrantOutcome = "granted" | "already_admin" | "unknown_email" | "unconfirmed_email";
export type RevokeOutcome = "revoked" | "not_admin" | "unknown_email";

/**
 * Makes an account an administrator (what `npm run admin -- grant` does).
 * Only an account whose address is confirmed gets a role: otherwise a
 * stranger who registered the owner's address first would get her rights.
 */
export async function grantAdmin(db: Database, email: string): Promise<GrantOutcome> {
  const [user] = await db
    .select()
    .from(users)
    .where(eq(users.email, normaliseEmail(email)));
  if (!user) return "unknown_email";
  if (user.emailConfirmedAt === null) return "unconfirmed_email";
  const inserted = await db
    .insert(userRoles)
    .values({ userId: user.id, role: adminRole })
    .onConflictDoNothing()
    .returning({ id: userRoles.id });
  return inserted.length > 0 ? "granted" : "already_admin";
}

/** Takes the administrator role away; her next request to the admin API is refused. */
export async function revokeAdmin(db: Database, email: string): Promise<RevokeOutcome> {
  const [user] = await db
    .select()
    .from(users)
    .where(eq(users.email, normaliseEmail(email)));
  if (!user) return "unknown_email";
  const deleted = await db
    .delete(userRoles)
    .where(and(eq(userRoles.userId, user.id), eq(userRoles.role, adminRole)))
    .returning({ id: userRoles.id });
  return deleted.length > 0 ? "revoked" : "not_admin";
}

/** Every administrator, in the order they were made one. */
export async function listAdmins(db: Database): Promise<{ email: string; since: Date }[]> {
  return db
    .select({ email: users.email, since: userRoles.createdAt })
    .from(userRoles)
    .innerJoin(users, eq(users.id, userRoles.userId))
    .where(eq(userRoles.role, adminRole))
    .orderBy(asc(userRoles.createdAt), asc(users.email));
}
