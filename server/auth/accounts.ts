import { randomUUID } from "node:crypto";
import { and, desc, eq, ne, sql } from "drizzle-orm";
import type { Database } from "#database/open-database";
import { authSessions, recoveryTokens, refreshTokens, userRoles, users } from "#database/schema";
import { type Clock, systemClock } from "../clock";
import { AuthError } from "./auth-errors";
import { hashPassword, needsRehash, verifyAgainstNothing, verifyPassword } from "./passwords";
import {
  accessTokenLifetimeSeconds,
  createAccessToken,
  createRandomToken,
  deriveRefreshToken,
  hashToken,
  verifyAccessToken,
} from "./tokens";

export type UserRow = typeof users.$inferSelect;

/** The user as GoTrue describes one; the browser library keeps it in the session. */
export type UserJson = ReturnType<typeof toUserJson>;

/** A session as GoTrue answers it. */
export type SessionJson = {
  access_token: string;
  token_type: "bearer";
  expires_in: number;
  expires_at: number;
  refresh_token: string;
  user: UserJson;
};

export type SignOutScope = "global" | "local" | "others";

/** The one role the site checks. */
export const adminRole = "admin";

/** A used refresh token still answers with the current one this long (GoTrue's default). */
export const refreshTokenReuseIntervalMs = 10_000;

/** How long a password recovery link works. */
export const recoveryLinkLifetimeMs = 60 * 60 * 1000;

export type AccountsDependencies = {
  db: Database;
  /** Signs access tokens and derives refresh tokens. */
  secret: string;
  /** The `iss` claim: the public address of the auth endpoints. */
  issuer: string;
  clock?: Clock;
  accessTokenLifetime?: number;
};

export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

export function toUserJson(user: UserRow) {
  const created = user.createdAt.toISOString();
  return {
    id: user.id,
    aud: "authenticated",
    role: "authenticated",
    email: user.email,
    email_confirmed_at: user.emailConfirmedAt?.toISOString() ?? null,
    confirmed_at: user.emailConfirmedAt?.toISOString() ?? null,
    phone: "",
    last_sign_in_at: user.lastSignInAt?.toISOString() ?? null,
    app_metadata: { provider: "email", providers: ["email"] },
    user_metadata: user.userMetadata,
    identities: [],
    created_at: created,
    updated_at: user.updatedAt.toISOString(),
    is_anonymous: false,
  };
}

/** Who made a request, as proved by a valid access token of a live session. */
export type Authenticated = { user: UserRow; sessionId: string };

/**
 * Accounts, sessions, refresh tokens, recovery links and roles: everything
 * the auth endpoints, the admin guard and the admin CLI do with accounts.
 */
export function createAccounts({
  db,
  secret,
  issuer,
  clock = systemClock,
  accessTokenLifetime = accessTokenLifetimeSeconds,
}: AccountsDependencies) {
  const now = () => clock.now();
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

  async function issueSession(
    user: UserRow,
    sessionId: string,
    refreshTokenId: string,
    method: "password" | "otp",
  ): Promise<SessionJson> {
    const access = await createAccessToken(secret, {
      userId: user.id,
      sessionId,
      email: user.email,
      userMetadata: user.userMetadata,
      method,
      issuedAt: Math.floor(now().getTime() / 1000),
      lifetimeSeconds: accessTokenLifetime,
      issuer,
    });
    return {
      access_token: access.token,
      token_type: "bearer",
      expires_in: access.expiresIn,
      expires_at: access.expiresAt,
      refresh_token: deriveRefreshToken(secret, refreshTokenId),
      user: toUserJson(user),
    };
  }

  /** Opens a new session for a user who has just proved who she is. */
  async function startSession(user: UserRow, method: "password" | "otp"): Promise<SessionJson> {
    const signedInAt = now();
    const sessionId = randomUUID();
    const refreshTokenId = randomUUID();
    const updatedUser = await db.transaction(async (tx) => {
      await tx
        .insert(authSessions)
        .values({ id: sessionId, userId: user.id, createdAt: signedInAt });
      await tx.insert(refreshTokens).values({
        id: refreshTokenId,
        sessionId,
        tokenHash: hashToken(deriveRefreshToken(secret, refreshTokenId)),
        createdAt: signedInAt,
      });
      const [updated] = await tx
        .update(users)
        .set({ lastSignInAt: signedInAt })
        .where(eq(users.id, user.id))
        .returning();
      return updated ?? user;
    });
    return issueSession(updatedUser, sessionId, refreshTokenId, method);
  }

  /** Creates an account; it may sign in at once. */
  async function signUp(input: {
    email: string;
    password: string;
    fullName: string;
  }): Promise<SessionJson> {
    const email = normaliseEmail(input.email);
    if (await findUserByEmail(email)) throw new AuthError("user_already_exists");
    const passwordHash = await hashPassword(input.password);
    const createdAt = now();
    const [user] = await db
      .insert(users)
      .values({
        email,
        passwordHash,
        userMetadata: { full_name: input.fullName },
        // She may sign in at once, as before addresses were confirmed by e-mail.
        emailConfirmedAt: createdAt,
        createdAt,
        updatedAt: createdAt,
      })
      .onConflictDoNothing({ target: users.email })
      .returning();
    // Two sign-ups of one address at once: the second finds the first's row.
    if (!user) throw new AuthError("user_already_exists");
    return startSession(user, "password");
  }

  /** Checks an e-mail address and password; the same answer for an unknown address and a wrong password. */
  async function signInWithPassword(email: string, password: string): Promise<SessionJson> {
    const user = await findUserByEmail(email);
    const matches = user
      ? await verifyPassword(user.passwordHash, password)
      : await verifyAgainstNothing(password);
    if (!user || !matches) throw new AuthError("invalid_credentials");
    if (needsRehash(user.passwordHash)) await rehashPassword(user, password);
    return startSession(user, "password");
  }

  /**
   * Replaces an imported bcrypt hash by argon2id once the password is known.
   * Only if unchanged meanwhile: a password set at the same moment wins.
   */
  async function rehashPassword(user: UserRow, password: string): Promise<void> {
    await db
      .update(users)
      .set({ passwordHash: await hashPassword(password) })
      .where(and(eq(users.id, user.id), eq(users.passwordHash, user.passwordHash)));
  }

  /**
   * Swaps a refresh token for a new pair. Refreshes of one session are
   * serialised by a row lock. A used token is answered with the session's
   * current token when it is that token's parent or was used within the
   * reuse interval (two tabs refreshing at once); any other reuse means the
   * token leaked, and the whole session ends.
   */
  async function refreshSession(presentedToken: string): Promise<SessionJson> {
    const tokenHash = hashToken(presentedToken);
    const outcome = await db.transaction(async (tx) => {
      const [found] = await tx
        .select({ sessionId: refreshTokens.sessionId })
        .from(refreshTokens)
        .where(eq(refreshTokens.tokenHash, tokenHash));
      if (!found) return { kind: "not_found" } as const;
      const [session] = await tx
        .select()
        .from(authSessions)
        .where(eq(authSessions.id, found.sessionId))
        .for("update");
      if (!session) return { kind: "not_found" } as const;
      // Read again under the lock: a concurrent refresh may have used it meanwhile.
      const [token] = await tx
        .select()
        .from(refreshTokens)
        .where(eq(refreshTokens.tokenHash, tokenHash));
      if (!token) return { kind: "not_found" } as const;

      const refreshedAt = now();
      let issuedId: string;
      if (token.revoked) {
        const [active] = await tx
          .select()
          .from(refreshTokens)
          .where(and(eq(refreshTokens.sessionId, session.id), eq(refreshTokens.revoked, false)))
          .orderBy(desc(refreshTokens.createdAt))
          .limit(1);
        const usedRecently =
          token.revokedAt !== null &&
          refreshedAt.getTime() - token.revokedAt.getTime() <= refreshTokenReuseIntervalMs;
        if (!active || (active.parentId !== token.id && !usedRecently)) {
          await tx.delete(authSessions).where(eq(authSessions.id, session.id));
          return { kind: "reused" } as const;
        }
        issuedId = active.id;
      } else {
        issuedId = randomUUID();
        await tx
          .update(refreshTokens)
          .set({ revoked: true, revokedAt: refreshedAt })
          .where(eq(refreshTokens.id, token.id));
        await tx.insert(refreshTokens).values({
          id: issuedId,
          sessionId: session.id,
          parentId: token.id,
          tokenHash: hashToken(deriveRefreshToken(secret, issuedId)),
          createdAt: refreshedAt,
        });
      }
      await tx.update(authSessions).set({ refreshedAt }).where(eq(authSessions.id, session.id));
      const [user] = await tx.select().from(users).where(eq(users.id, session.userId));
      if (!user) return { kind: "not_found" } as const;
      return { kind: "issued", user, sessionId: session.id, issuedId } as const;
    });
    if (outcome.kind === "not_found") throw new AuthError("refresh_token_not_found");
    if (outcome.kind === "reused") throw new AuthError("refresh_token_already_used");
    return issueSession(outcome.user, outcome.sessionId, outcome.issuedId, "password");
  }

  /**
   * Who sent a request: a valid access token whose session still exists.
   * Errors as GoTrue answers them: 401 without a token, 403 otherwise.
   */
  async function authenticate(authorization: string | undefined): Promise<Authenticated> {
    const match = authorization?.match(/^Bearer\s+(\S+)\s*$/i);
    if (!match?.[1]) throw new AuthError("no_authorization");
    const check = await verifyAccessToken(secret, match[1], now());
    if (!check.valid) throw new AuthError("bad_jwt");
    const [row] = await db
      .select({ session: authSessions, user: users })
      .from(authSessions)
      .innerJoin(users, eq(users.id, authSessions.userId))
      .where(
        and(
          eq(authSessions.id, check.claims.session_id),
          eq(authSessions.userId, check.claims.sub),
        ),
      );
    if (!row) throw new AuthError("session_not_found");
    return { user: row.user, sessionId: row.session.id };
  }

  /** Ends this session, every session of the user, or all but this one. */
  async function signOut({ user, sessionId }: Authenticated, scope: SignOutScope): Promise<void> {
    const condition =
      scope === "local"
        ? eq(authSessions.id, sessionId)
        : scope === "others"
          ? and(eq(authSessions.userId, user.id), ne(authSessions.id, sessionId))
          : eq(authSessions.userId, user.id);
    await db.delete(authSessions).where(condition);
  }

  /**
   * Changes the password or the metadata. A new password ends every other
   * session: whoever knew the old one is signed out.
   */
  async function updateUser(
    { user, sessionId }: Authenticated,
    changes: { password?: string; data?: Record<string, unknown> },
  ): Promise<UserJson> {
    const set: Partial<typeof users.$inferInsert> = { updatedAt: now() };
    if (changes.password !== undefined) {
      if (await verifyPassword(user.passwordHash, changes.password)) {
        throw new AuthError("same_password");
      }
      set.passwordHash = await hashPassword(changes.password);
    }
    if (changes.data) set.userMetadata = { ...user.userMetadata, ...changes.data };
    const updated = await db.transaction(async (tx) => {
      const [row] = await tx.update(users).set(set).where(eq(users.id, user.id)).returning();
      if (changes.password !== undefined) {
        await tx
          .delete(authSessions)
          .where(and(eq(authSessions.userId, user.id), ne(authSessions.id, sessionId)));
      }
      return row;
    });
    if (!updated) throw new AuthError("user_not_found");
    return toUserJson(updated);
  }

  /**
   * Creates a recovery link token for an existing account, or returns null
   * for an unknown address (the caller answers the same either way).
   */
  async function createRecoveryToken(
    email: string,
  ): Promise<{ user: UserRow; token: string } | null> {
    const user = await findUserByEmail(email);
    if (!user) return null;
    const token = createRandomToken();
    const createdAt = now();
    await db.insert(recoveryTokens).values({
      tokenHash: hashToken(token),
      userId: user.id,
      createdAt,
      expiresAt: new Date(createdAt.getTime() + recoveryLinkLifetimeMs),
    });
    return { user, token };
  }

  /** Uses a recovery link once: it opens a session in which she sets a new password. */
  async function redeemRecoveryToken(token: string): Promise<SessionJson> {
    const usedAt = now();
    const user = await db.transaction(async (tx) => {
      const [row] = await tx
        .select()
        .from(recoveryTokens)
        .where(eq(recoveryTokens.tokenHash, hashToken(token)))
        .for("update");
      if (!row || row.usedAt !== null || row.expiresAt.getTime() <= usedAt.getTime()) return null;
      // One link works, and it retires every other link sent to her.
      await tx
        .update(recoveryTokens)
        .set({ usedAt })
        .where(and(eq(recoveryTokens.userId, row.userId), sql`${recoveryTokens.usedAt} is null`));
      const [found] = await tx.select().from(users).where(eq(users.id, row.userId));
      return found ?? null;
    });
    if (!user) throw new AuthError("otp_expired");
    return startSession(user, "otp");
  }

  async function hasRole(userId: string, role: string): Promise<boolean> {
    const [row] = await db
      .select({ id: userRoles.id })
      .from(userRoles)
      .where(and(eq(userRoles.userId, userId), eq(userRoles.role, role)));
    return row !== undefined;
  }

  return {
    findUserByEmail,
    findUserById,
    signUp,
    signInWithPassword,
    refreshSession,
    authenticate,
    signOut,
    updateUser,
    createRecoveryToken,
    redeemRecoveryToken,
    hasRole,
  };
}

export type Accounts = ReturnType<typeof createAccounts>;
