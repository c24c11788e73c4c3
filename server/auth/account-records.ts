/**
 * The account's rows as the other account modules read them: the user by
 * address or id, her factors and roles, and her user object.
 */
import { and, eq } from "drizzle-orm";
import type { Database } from "#database/open-database";
import { mfaFactors, type Role, userRoles, users } from "#database/schema";
import { type FactorRow, toUserJson, type UserJson, type UserRow } from "./account-json";

/** What every part of the accounts works with (see `createAccounts`). */
export type AccountsContext = {
  db: Database;
  /** Signs access tokens and derives refresh tokens. */
  secret: string;
  /** The `iss` claim: the public address of the auth endpoints. */
  issuer: string;
  now: () => Date;
  accessTokenLifetime: number;
};

/** The one role the site checks. */
export const adminRole = "admin";

export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

export function createAccountRecords(db: Database) {
  async function findUserByEmail(email: string): Promise<UserRow | undefined> {
    const [user] = await db
      .select()
      .from(users)
      .where(eq(users.email, normaliseEmail(email)));
    return user;
  }

  async function findUserById(id: string): Promise<UserRow | undefined> {
    const [user] = await db.select().from(users).where(eq(users.id, id));
    return user;
  }

  async function listFactors(userId: string): Promise<FactorRow[]> {
    return db
      .select()
      .from(mfaFactors)
      .where(eq(mfaFactors.userId, userId))
      .orderBy(mfaFactors.createdAt);
  }

  async function listRoles(userId: string): Promise<Role[]> {
    const rows = await db
      .select({ role: userRoles.role })
      .from(userRoles)
      .where(eq(userRoles.userId, userId))
      .orderBy(userRoles.role);
    return rows.map((row) => row.role as Role);
  }

  /** The user object of the API, with her factors and roles. */
  async function describeUser(user: UserRow): Promise<UserJson> {
    const [factors, roles] = await Promise.all([listFactors(user.id), listRoles(user.id)]);
    return toUserJson(user, factors, roles);
  }

  async function hasRole(userId: string, role: string): Promise<boolean> {
    const [row] = await db
      .select({ id: userRoles.id })
      .from(userRoles)
      .where(and(eq(userRoles.userId, userId), eq(userRoles.role, role)));
    return row !== undefined;
  }

  return { findUserByEmail, findUserById, listFactors, listRoles, describeUser, hasRole };
}

export type AccountRecords = ReturnType<typeof createAccountRecords>;
