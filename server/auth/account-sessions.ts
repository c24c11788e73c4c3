/**
 * Sessions: opened when she has proved who she is, their access tokens
 * checked, refreshed with single-use refresh tokens, raised to aal2 after a
 * second factor, and ended.
 */
import { randomUUID } from "node:crypto";
import { and, desc, eq, ne } from "drizzle-orm";
import {
  type AssuranceLevel,
  type AuthenticationMethod,
  authSessions,
  refreshTokens,
  users,
} from "#database/schema";
import { sessionIdleLifetimeMs } from "#shared/session-lifetime";
import type { SessionJson, UserRow } from "./account-json";
import type { AccountRecords, AccountsContext } from "./account-records";
import { AuthError } from "./auth-errors";
import {
  createAccessToken,
  deriveRefreshToken,
  hashToken,
  lowerAssuranceLevel,
  verifyAccessToken,
} from "./tokens";

type SessionRow = typeof authSessions.$inferSelect;

export type SignOutScope = "global" | "local" | "others";

/** A used refresh token still answers with the current one this long (GoTrue's default). */
export const refreshTokenReuseIntervalMs = 10_000;

/** The browser a session was opened from, as its sign-ins list shows it. */
export type SessionDevice = { userAgent: string | undefined; ipAddress: string };

/** A User-Agent is kept this long at most: enough to tell browsers apart. */
const userAgentMax = 300;

/** Who made a request, as proved by a valid access token of a live session. */
export type Authenticated = {
  user: UserRow;
  sessionId: string;
  aal: AssuranceLevel;
  /** How the session was opened, the first method first (GoTrue's `amr`). */
  amr: AuthenticationMethod[];
};

/**
 * A session opened by a link from her mailbox (a recovery or confirmation link; GoTrue's
 * `otp` method), not by her password: setting a new password is what such a session is for.
 */
export function isOpenedByLink(amr: AuthenticationMethod[]): boolean {
  return amr.some((entry) => entry.method === "otp");
}

export function createSessions(
  { db, secret, issuer, now, accessTokenLifetime }: AccountsContext,
  { describeUser }: AccountRecords,
) {
  async function issueSession(
    user: UserRow,
    session: Pick<SessionRow, "id" | "aal" | "amr">,
    refreshTokenId: string,
  ): Promise<SessionJson> {
    const access = await createAccessToken(secret, {
      userId: user.id,
      sessionId: session.id,
      email: user.email,
      userMetadata: user.userMetadata,
      aal: session.aal,
      amr: session.amr,
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
      user: await describeUser(user),
    };
  }

  /**
   * Opens a new session for a user who has just proved who she is: her password, a recovery
   * link (`otp`: it may set a new password without the old one) or a confirmation link
   * (`email/signup`, as GoTrue names it: it may not).
   */
  async function startSession(
    user: UserRow,
    method: "password" | "otp" | "email/signup",
    device?: SessionDevice,
  ): Promise<SessionJson> {
    const signedInAt = now();
    const sessionId = randomUUID();
    const refreshTokenId = randomUUID();
    const amr: AuthenticationMethod[] = [
      { method, timestamp: Math.floor(signedInAt.getTime() / 1000) },
    ];
    const updatedUser = await db.transaction(async (tx) => {
      await tx.insert(authSessions).values({
        id: sessionId,
        userId: user.id,
        createdAt: signedInAt,
        userAgent: device?.userAgent?.slice(0, userAgentMax) ?? null,
        ipAddress: device?.ipAddress ?? null,
        amr,
      });
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
    return issueSession(updatedUser, { id: sessionId, aal: "aal1", amr }, refreshTokenId);
  }

  /**
   * Swaps a refresh token for a new pair. Refreshes of one session are
   * serialised by a row lock. A used token is answered with the session's
   * current token when it is that token's parent or was used within the
   * reuse interval (two tabs refreshing at once); any other reuse means the
   * token leaked, and the whole session ends. So does a session unused for
   * `sessionIdleDays` (GoTrue's `session_expired`).
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
      // Unused for too long: the session ends here, whichever of its tokens comes back.
      const lastUsedAt = session.refreshedAt ?? session.createdAt;
      if (refreshedAt.getTime() - lastUsedAt.getTime() > sessionIdleLifetimeMs) {
        await tx.delete(authSessions).where(eq(authSessions.id, session.id));
        return { kind: "expired" } as const;
      }
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
      return { kind: "issued", user, session, issuedId } as const;
    });
    if (outcome.kind === "not_found") throw new AuthError("refresh_token_not_found");
    if (outcome.kind === "reused") throw new AuthError("refresh_token_already_used");
    if (outcome.kind === "expired") throw new AuthError("session_expired");
    return issueSession(outcome.user, outcome.session, outcome.issuedId);
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
    return {
      user: row.user,
      sessionId: row.session.id,
      aal: lowerAssuranceLevel(check.claims.aal, row.session.aal),
      amr: row.session.amr,
    };
  }

  /**
   * After a second factor was verified: the session becomes aal2 with the
   * method first in its `amr`, gets a fresh refresh token (the old ones
   * still answer within the reuse rule), and her other sessions below aal2
   * end, as GoTrue does.
   */
  async function raiseSessionToAal2(
    { user, sessionId }: Authenticated,
    method: "totp" | "recovery_code",
  ): Promise<SessionJson> {
    const raisedAt = now();
    const refreshTokenId = randomUUID();
    const session = await db.transaction(async (tx) => {
      const [current] = await tx
        .select()
        .from(authSessions)
        .where(eq(authSessions.id, sessionId))
        .for("update");
      if (!current) return null;
      const amr = [
        { method, timestamp: Math.floor(raisedAt.getTime() / 1000) },
        ...current.amr.filter((entry) => entry.method !== method),
      ];
      const [updated] = await tx
        .update(authSessions)
        .set({ aal: "aal2", amr, refreshedAt: raisedAt })
        .where(eq(authSessions.id, sessionId))
        .returning();
      await tx
        .update(refreshTokens)
        .set({ revoked: true, revokedAt: raisedAt })
        .where(and(eq(refreshTokens.sessionId, sessionId), eq(refreshTokens.revoked, false)));
      await tx.insert(refreshTokens).values({
        id: refreshTokenId,
        sessionId,
        tokenHash: hashToken(deriveRefreshToken(secret, refreshTokenId)),
        createdAt: raisedAt,
      });
      await tx
        .delete(authSessions)
        .where(
          and(
            eq(authSessions.userId, user.id),
            ne(authSessions.id, sessionId),
            eq(authSessions.aal, "aal1"),
          ),
        );
      return updated ?? null;
    });
    if (!session) throw new AuthError("session_not_found");
    const [fresh] = await db.select().from(users).where(eq(users.id, user.id));
    return issueSession(fresh ?? user, session, refreshTokenId);
  }

  /** After a verified factor is removed, her sessions fall back to aal1 (GoTrue's downgrade). */
  async function lowerSessionsToAal1(userId: string): Promise<void> {
    await db.update(authSessions).set({ aal: "aal1" }).where(eq(authSessions.userId, userId));
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

  return {
    startSession,
    refreshSession,
    authenticate,
    raiseSessionToAal2,
    lowerSessionsToAal1,
    signOut,
  };
}

export type Sessions = ReturnType<typeof createSessions>;
