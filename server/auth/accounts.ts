import { randomUUID } from "node:crypto";
import { and, desc, eq, isNull, ne, sql } from "drizzle-orm";
import type { Database } from "#database/open-database";
import {
  type AssuranceLevel,
  type AuthenticationMethod,
  authSessions,
  emailConfirmationTokens,
  mfaFactors,
  type Role,
  recoveryTokens,
  refreshTokens,
  userRoles,
  users,
} from "#database/schema";
import { recordAuditEvent } from "#server/audit-log";
import { confirmationLinkNotices } from "#shared/confirmation-link";
import { sessionIdleLifetimeMs } from "#shared/session-lifetime";
import { type Clock, systemClock } from "../clock";
import { AuthError } from "./auth-errors";
import { refuseCommonPassword } from "./common-passwords";
import { hashPassword, needsRehash, verifyAgainstNothing, verifyPassword } from "./passwords";
import {
  accessTokenLifetimeSeconds,
  createAccessToken,
  createRandomToken,
  deriveRefreshToken,
  hashToken,
  lowerAssuranceLevel,
  verifyAccessToken,
} from "./tokens";

export type UserRow = typeof users.$inferSelect;
export type FactorRow = typeof mfaFactors.$inferSelect;
type SessionRow = typeof authSessions.$inferSelect;

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

/** What a sign-up did: a new account, a new link for an unconfirmed one, or nothing (confirmed). */
export type SignUpOutcome =
  | { kind: "created" | "renewed"; user: UserRow; confirmationToken: string }
  | { kind: "exists"; user: UserRow };

/** The one role the site checks. */
export const adminRole = "admin";

/** A used refresh token still answers with the current one this long (GoTrue's default). */
export const refreshTokenReuseIntervalMs = 10_000;

/** How long a password recovery link works. */
export const recoveryLinkLifetimeMs = 60 * 60 * 1000;

/** How long the link of a confirmation e-mail works (GoTrue's default). */
export const confirmationLinkLifetimeMs = 24 * 60 * 60 * 1000;

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

/** A factor as GoTrue lists it in the user object (never its secret). */
export function toFactorJson(factor: FactorRow) {
  return {
    id: factor.id,
    friendly_name: factor.friendlyName ?? undefined,
    factor_type: factor.factorType,
    status: factor.status,
    created_at: factor.createdAt.toISOString(),
    updated_at: factor.updatedAt.toISOString(),
  };
}

/**
 * `app_metadata.roles`: the roles the account held when its session was last
 * issued or refreshed, where GoTrue keeps what the user cannot change. The
 * browser keeps the user object with the session, so a public page tells an
 * administrator from its stored session without the session library
 * (web/lib/stored-session.ts); the server checks the role itself on every request.
 */
export function toUserJson(user: UserRow, factors: FactorRow[] = [], roles: Role[] = []) {
  const created = user.createdAt.toISOString();
  const confirmed = user.emailConfirmedAt?.toISOString() ?? null;
  return {
    id: user.id,
    aud: "authenticated",
    role: "authenticated",
    email: user.email,
    email_confirmed_at: confirmed,
    confirmed_at: confirmed,
    phone: "",
    last_sign_in_at: user.lastSignInAt?.toISOString() ?? null,
    app_metadata: { provider: "email", providers: ["email"], roles },
    user_metadata: user.userMetadata,
    identities: [],
    created_at: created,
    updated_at: user.updatedAt.toISOString(),
    is_anonymous: false,
    // GoTrue leaves the key out when there are none.
    ...(factors.length > 0 && { factors: factors.map(toFactorJson) }),
  };
}

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

  /** Opens a new session for a user who has just proved who she is. */
  async function startSession(
    user: UserRow,
    method: "password" | "otp",
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
   * A sign-up, whatever the address: a new address gets an account that may
   * sign in once the link of the confirmation e-mail is followed
   * (`confirmationToken`, for the caller to send). An address whose account
   * is not confirmed yet gets a new link that carries this sign-up's password
   * and name: whoever confirms the address has the account, with her own
   * password (an earlier sign-up by someone else with her address loses it).
   * A confirmed address changes nothing (`exists`: the caller tells its owner).
   * The password is hashed in every case, so each takes as long.
   */
  async function signUp(input: {
    /** The id a new account gets (the answer named it before this ran). */
    id?: string;
    email: string;
    password: string;
    fullName: string;
  }): Promise<SignUpOutcome> {
    const email = normaliseEmail(input.email);
    refuseCommonPassword(input.password);
    const passwordHash = await hashPassword(input.password);
    const userMetadata = { full_name: input.fullName };
    const createdAt = now();
    let existing = await findUserByEmail(email);
    if (!existing) {
      const [user] = await db
        .insert(users)
        .values({
          ...(input.id && { id: input.id }),
          email,
          passwordHash,
          userMetadata,
          createdAt,
          updatedAt: createdAt,
        })
        .onConflictDoNothing({ target: users.email })
        .returning();
      if (user) {
        return { kind: "created", user, confirmationToken: await createConfirmationToken(user.id) };
      }
      // Two sign-ups of one address at once: the second finds the first's row.
      existing = await findUserByEmail(email);
      if (!existing) throw new Error("The account was neither created nor found");
    }
    if (existing.emailConfirmedAt !== null) return { kind: "exists", user: existing };
    // Only the newest sign-up's link confirms: an earlier one (say, the one who registered
    // her address first) would set an earlier password.
    await db
      .update(emailConfirmationTokens)
      .set({ usedAt: createdAt })
      .where(
        and(
          eq(emailConfirmationTokens.userId, existing.id),
          isNull(emailConfirmationTokens.usedAt),
        ),
      );
    return {
      kind: "renewed",
      user: existing,
      confirmationToken: await createConfirmationToken(existing.id, { passwordHash, userMetadata }),
    };
  }

  /**
   * What `/signup` answers, the same for every address (GoTrue's user object,
   * no session: the address is not confirmed): the sign-up as sent, under the
   * id a new account would get.
   */
  function signUpAnswer(input: { id: string; email: string; fullName: string }): UserJson {
    const at = now();
    return toUserJson({
      id: input.id,
      email: normaliseEmail(input.email),
      passwordHash: "",
      userMetadata: { full_name: input.fullName },
      emailConfirmedAt: null,
      lastSignInAt: null,
      createdAt: at,
      updatedAt: at,
    });
  }

  async function createConfirmationToken(
    userId: string,
    pending?: { passwordHash: string; userMetadata: Record<string, unknown> },
  ): Promise<string> {
    const token = createRandomToken();
    const createdAt = now();
    await db.insert(emailConfirmationTokens).values({
      tokenHash: hashToken(token),
      userId,
      createdAt,
      expiresAt: new Date(createdAt.getTime() + confirmationLinkLifetimeMs),
      ...pending,
    });
    return token;
  }

  /**
   * A new confirmation link for an account whose address is not confirmed
   * yet; null for an unknown or already confirmed address (the caller
   * answers the same either way). It carries what the newest link still
   * valid carries (a sign-up's password), so that a link sent again sets
   * the same password as the sign-up's own would.
   */
  async function createConfirmationTokenFor(
    email: string,
  ): Promise<{ user: UserRow; token: string } | null> {
    const user = await findUserByEmail(email);
    if (!user || user.emailConfirmedAt !== null) return null;
    const [newest] = await db
      .select()
      .from(emailConfirmationTokens)
      .where(
        and(eq(emailConfirmationTokens.userId, user.id), isNull(emailConfirmationTokens.usedAt)),
      )
      .orderBy(desc(emailConfirmationTokens.createdAt))
      .limit(1);
    const pending =
      newest?.passwordHash && newest.expiresAt.getTime() > now().getTime()
        ? {
            passwordHash: newest.passwordHash,
            userMetadata: newest.userMetadata ?? user.userMetadata,
          }
        : undefined;
    return { user, token: await createConfirmationToken(user.id, pending) };
  }

  /**
   * Follows a confirmation link: the address is confirmed, and every link sent
   * for it retires. The account is now hers, whoever made it: the password of
   * the sign-up that sent this link is set, and every session, refresh token
   * and factor made before goes (`confirmAccount`).
   */
  async function confirmEmail(token: string): Promise<UserRow> {
    const confirmedAt = now();
    const user = await db.transaction(async (tx) => {
      const [row] = await tx
        .select()
        .from(emailConfirmationTokens)
        .where(eq(emailConfirmationTokens.tokenHash, hashToken(token)))
        .for("update");
      if (!row || row.usedAt !== null || row.expiresAt.getTime() <= confirmedAt.getTime()) {
        return null;
      }
      await tx
        .update(emailConfirmationTokens)
        .set({ usedAt: confirmedAt })
        .where(
          and(
            eq(emailConfirmationTokens.userId, row.userId),
            sql`${emailConfirmationTokens.usedAt} is null`,
          ),
        );
      return confirmAccount(tx, row.userId, confirmedAt, row);
    });
    if (!user) throw new AuthError("otp_expired", {}, confirmationLinkInvalidMessage);
    return user;
  }

  /**
   * Confirms an account's address, once: with the password and metadata of
   * the sign-up whose link was followed (if it carried them), and without
   * anything made before, since until now anyone could have made the account
   * with her address: her sessions (with their refresh tokens) and factors
   * (with their recovery codes) go. An already confirmed account is returned
   * unchanged.
   */
  async function confirmAccount(
    tx: Database,
    userId: string,
    confirmedAt: Date,
    pending: { passwordHash: string | null; userMetadata: Record<string, unknown> | null } = {
      passwordHash: null,
      userMetadata: null,
    },
  ): Promise<UserRow | null> {
    const [user] = await tx.select().from(users).where(eq(users.id, userId)).for("update");
    if (!user || user.emailConfirmedAt !== null) return user ?? null;
    const [updated] = await tx
      .update(users)
      .set({
        emailConfirmedAt: confirmedAt,
        ...(pending.passwordHash !== null && { passwordHash: pending.passwordHash }),
        ...(pending.userMetadata !== null && { userMetadata: pending.userMetadata }),
        updatedAt: confirmedAt,
      })
      .where(eq(users.id, userId))
      .returning();
    await tx.delete(authSessions).where(eq(authSessions.userId, userId));
    await tx.delete(mfaFactors).where(eq(mfaFactors.userId, userId));
    return updated ?? null;
  }

  /** Checks an e-mail address and password; the same answer for an unknown address and a wrong password. */
  async function signInWithPassword(
    email: string,
    password: string,
    device?: SessionDevice,
  ): Promise<SessionJson> {
    const user = await findUserByEmail(email);
    const matches = user
      ? await verifyPassword(user.passwordHash, password)
      : await verifyAgainstNothing(password);
    if (!user || !matches) throw new AuthError("invalid_credentials");
    // As GoTrue, told only to whoever knows the password.
    if (user.emailConfirmedAt === null) throw new AuthError("email_not_confirmed");
    if (needsRehash(user.passwordHash)) await rehashPassword(user, password);
    return startSession(user, "password", device);
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

  /**
   * Changes the password or the metadata. A new password ends every other
   * session, and retires every recovery link not yet used: whoever knew the
   * old password, or holds an older link, is out. With an authenticator app,
   * only a session that has passed its code may set one (GoTrue's rule): her
   * password alone, or her mailbox alone, cannot lock her out.
   *
   * A session she opened with her password must also give that password
   * (`currentPassword`; GoTrue's `update_password_require_current_password`):
   * a browser left signed in, or a stolen token, cannot take the account
   * over. A session opened by a link from her mailbox needs none: that is the
   * recovery. Once it has set a password, it counts as opened by that
   * password (stricter than GoTrue), so it cannot set another without it.
   *
   * `onPasswordSet` runs in the same transaction, with the account as it is
   * now (the notice to her address is stored there: both or neither).
   */
  async function updateUser(
    { user, sessionId, aal, amr }: Authenticated,
    changes: { password?: string; currentPassword?: string; data?: Record<string, unknown> },
    onPasswordSet?: (tx: Database, user: UserRow, at: Date) => Promise<void>,
  ): Promise<UserJson> {
    const changedAt = now();
    const set: Partial<typeof users.$inferInsert> = { updatedAt: changedAt };
    const settingPassword = changes.password !== undefined;
    if (changes.password !== undefined) {
      if (aal !== "aal2") {
        const factors = await listFactors(user.id);
        if (factors.some((factor) => factor.status === "verified")) {
          throw new AuthError("insufficient_aal");
        }
      }
      if (!isOpenedByLink(amr)) {
        if (!changes.currentPassword) throw new AuthError("current_password_required");
        if (!(await verifyPassword(user.passwordHash, changes.currentPassword))) {
          throw new AuthError("current_password_invalid");
        }
      }
      refuseCommonPassword(changes.password);
      if (await verifyPassword(user.passwordHash, changes.password)) {
        throw new AuthError("same_password");
      }
      set.passwordHash = await hashPassword(changes.password);
    }
    if (changes.data) set.userMetadata = { ...user.userMetadata, ...changes.data };
    const updated = await db.transaction(async (tx) => {
      if (!settingPassword) {
        const [row] = await tx.update(users).set(set).where(eq(users.id, user.id)).returning();
        return row;
      }
      // Another password set meanwhile ended this session: this request, checked against
      // the old password, must not undo that.
      const [session] = await tx
        .select({ id: authSessions.id })
        .from(authSessions)
        .where(eq(authSessions.id, sessionId))
        .for("update");
      if (!session) throw new AuthError("session_not_found");
      const [row] = await tx
        .update(users)
        .set(set)
        .where(and(eq(users.id, user.id), eq(users.passwordHash, user.passwordHash)))
        .returning();
      // Set by a request of this session just before: the password it checked is no longer hers.
      if (!row) {
        throw new AuthError(isOpenedByLink(amr) ? "session_not_found" : "current_password_invalid");
      }
      const account = { userId: user.id, email: user.email };
      await recordAuditEvent(
        tx,
        { action: "password_changed", actor: { kind: "account", ...account }, target: account },
        changedAt,
      );
      if (isOpenedByLink(amr)) {
        const timestamp = Math.floor(changedAt.getTime() / 1000);
        await tx
          .update(authSessions)
          .set({
            // Newest first, as every `amr` here.
            amr: [{ method: "password", timestamp }, ...amr.filter((e) => e.method !== "otp")],
          })
          .where(eq(authSessions.id, sessionId));
      }
      await tx
        .delete(authSessions)
        .where(and(eq(authSessions.userId, user.id), ne(authSessions.id, sessionId)));
      await tx
        .update(recoveryTokens)
        .set({ usedAt: changedAt })
        .where(and(eq(recoveryTokens.userId, user.id), isNull(recoveryTokens.usedAt)));
      await onPasswordSet?.(tx, row, changedAt);
      return row;
    });
    if (!updated) throw new AuthError("user_not_found");
    return describeUser(updated);
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

  /**
   * Uses a recovery link once: it opens a session in which she sets a new
   * password. The link came to her mailbox, so it confirms her address too,
   * as GoTrue's does (and as a confirmation link would: nothing made before
   * stays, and the password of an unconfirmed account no longer signs in).
   */
  async function redeemRecoveryToken(token: string, device?: SessionDevice): Promise<SessionJson> {
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
      // A password set before the address was hers is nobody's: she sets hers in this session.
      return confirmAccount(tx, row.userId, usedAt, { passwordHash: "", userMetadata: null });
    });
    if (!user) throw new AuthError("otp_expired");
    return startSession(user, "otp", device);
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
    listFactors,
    describeUser,
    signUp,
    signUpAnswer,
    createConfirmationTokenFor,
    confirmEmail,
    raiseSessionToAal2,
    lowerSessionsToAal1,
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

const confirmationLinkInvalidMessage = confirmationLinkNotices.invalid;
