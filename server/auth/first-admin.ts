/**
 * The first administrator in one step. While no account has the admin role,
 * each server start makes a set-up link (a random token, valid for an hour)
 * and prints it in its log, the only place it exists in clear: the database
 * keeps its digest, so that any server on the same PostgreSQL accepts it.
 * Whoever opens it runs the server, so the account it makes is confirmed and
 * made an administrator at once, and she is signed in. Every link dies once
 * one is used or an administrator exists; `npm run admin` stays for later.
 */
import { asc, eq, lte } from "drizzle-orm";
import { type Context, Hono } from "hono";
import type { Database } from "#database/open-database";
import {
  authSessions,
  emailConfirmationTokens,
  firstAdminTokens,
  mfaFactors,
  recoveryTokens,
  signInDevices,
  userRoles,
  users,
} from "#database/schema";
import {
  firstAdminLinkLifetimeMs,
  firstAdminMessages,
  firstAdminRequestSchema,
} from "#shared/first-admin";
import { paths } from "#shared/routes";
import { ApiError } from "../api-error";
import { recordAuditEvent } from "../audit-log";
import type { Clock } from "../clock";
import { jsonBody, refuseOtherMethods } from "../json-route";
import { type Accounts, adminRole, normaliseEmail, type SessionJson } from "./accounts";
import { AuthError } from "./auth-errors";
import { refuseCommonPassword } from "./common-passwords";
import { hashPassword } from "./passwords";
import { createRandomToken, hashToken } from "./tokens";

/** True once any account holds the admin role. */
export async function hasAdministrator(db: Database): Promise<boolean> {
  const [row] = await db
    .select({ id: userRoles.id })
    .from(userRoles)
    .where(eq(userRoles.role, adminRole))
    .limit(1);
  return row !== undefined;
}

/**
 * At start-up: a new set-up token while no administrator exists (its digest
 * stored, expired ones removed), or null (and no token left). Links printed
 * by other starts keep working until their hour is over.
 */
export async function createFirstAdminToken(db: Database, clock: Clock): Promise<string | null> {
  if (await hasAdministrator(db)) {
    // Made another way (`npm run admin`) while a link still had time: that one goes too.
    await db.delete(firstAdminTokens);
    return null;
  }
  const token = createRandomToken();
  const createdAt = clock.now();
  await db.delete(firstAdminTokens).where(lte(firstAdminTokens.expiresAt, createdAt));
  await db.insert(firstAdminTokens).values({
    tokenHash: hashToken(token),
    createdAt,
    expiresAt: new Date(createdAt.getTime() + firstAdminLinkLifetimeMs),
  });
  return token;
}

/** The link the log shows: the token in the fragment, which the browser never sends to a server. */
export function firstAdminLink(siteUrl: string, token: string): string {
  return `${siteUrl.replace(/\/+$/, "")}${paths.firstAdmin}#${token}`;
}

const linkInvalid = () => new ApiError(403, "setup_link_invalid", firstAdminMessages.linkInvalid);
const adminExists = () => new ApiError(409, "admin_exists", firstAdminMessages.adminExists);

type NewOwner = { token: string; email: string; password: string; fullName: string };

/**
 * Makes the owner's account an administrator with a set-up token. An account
 * with her address may exist already (registered before, or by someone else
 * to take her address): it becomes hers, with her password and name, and
 * loses whatever sessions, authenticator apps and links it had. One
 * transaction, which locks every token first: two requests at once (on one
 * server or several) make one administrator, the other is refused.
 */
export async function createFirstAdmin(
  db: Database,
  clock: Clock,
  owner: NewOwner,
): Promise<{ email: string }> {
  const tokenHash = hashToken(owner.token);
  // Cheap checks first: a wrong link costs no password hash.
  const [found] = await db
    .select()
    .from(firstAdminTokens)
    .where(eq(firstAdminTokens.tokenHash, tokenHash));
  if (!found || found.expiresAt.getTime() <= clock.now().getTime()) throw linkInvalid();
  if (await hasAdministrator(db)) throw adminExists();
  refuseCommonPassword(owner.password);
  const passwordHash = await hashPassword(owner.password);

  return db.transaction(async (tx) => {
    const now = clock.now();
    const tokens = await tx
      .select()
      .from(firstAdminTokens)
      .orderBy(asc(firstAdminTokens.tokenHash))
      .for("update");
    const token = tokens.find((row) => row.tokenHash === tokenHash);
    if (!token || token.expiresAt.getTime() <= now.getTime()) throw linkInvalid();
    if (await hasAdministrator(tx)) throw adminExists();

    const email = normaliseEmail(owner.email);
    const account = {
      passwordHash,
      userMetadata: { full_name: owner.fullName },
      emailConfirmedAt: now,
      updatedAt: now,
    };
    const [existing] = await tx.select().from(users).where(eq(users.email, email)).for("update");
    let userId: string;
    if (existing) {
      userId = existing.id;
      await tx.update(users).set(account).where(eq(users.id, userId));
      await tx.delete(authSessions).where(eq(authSessions.userId, userId));
      await tx.delete(mfaFactors).where(eq(mfaFactors.userId, userId));
      await tx.delete(signInDevices).where(eq(signInDevices.userId, userId));
      await tx.delete(recoveryTokens).where(eq(recoveryTokens.userId, userId));
      await tx.delete(emailConfirmationTokens).where(eq(emailConfirmationTokens.userId, userId));
    } else {
      const [created] = await tx
        .insert(users)
        .values({ email, ...account, createdAt: now })
        .returning({ id: users.id });
      if (!created) throw new Error("The new account was not stored");
      userId = created.id;
    }
    await tx.insert(userRoles).values({ userId, role: adminRole, createdAt: now });
    const subject = { userId, email };
    await recordAuditEvent(
      tx,
      { action: "first_admin_created", actor: { kind: "account", ...subject }, target: subject },
      now,
    );
    await tx.delete(firstAdminTokens);
    return { email };
  });
}

/** `POST /api/first-admin`: the page's one call; it answers with a signed-in session. */
export function createFirstAdminRoute({
  db,
  clock,
  accounts,
  clientAddress,
}: {
  db: Database;
  clock: Clock;
  accounts: Accounts;
  clientAddress: (c: Context) => string;
}) {
  const route = new Hono();
  route.post("/", jsonBody(firstAdminRequestSchema, { maxBytes: 8 * 1024 }), async (c) => {
    const body = c.req.valid("json");
    let email: string;
    try {
      ({ email } = await createFirstAdmin(db, clock, body));
    } catch (error) {
      // The password rule's refusal, under the field it is about.
      if (error instanceof AuthError && error.code === "weak_password") {
        throw new ApiError(422, "weak_password", error.message, { password: error.message });
      }
      throw error;
    }
    const session: SessionJson = await accounts.signInWithPassword(email, body.password, {
      userAgent: c.req.header("User-Agent"),
      ipAddress: clientAddress(c),
    });
    c.header("Cache-Control", "no-store");
    return c.json(session, 201);
  });
  route.all("/", refuseOtherMethods("POST"));
  return route;
}
