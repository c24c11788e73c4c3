/**
 * Her password: changed in a session (with the current one, or in a session a
 * recovery link opened), and the recovery links that open such a session.
 */
import { and, eq, isNull, ne, sql } from "drizzle-orm";
import type { Database } from "#database/open-database";
import { authSessions, recoveryTokens, users } from "#database/schema";
import { recordAuditEvent } from "#server/audit-log";
import type { SessionJson, UserJson, UserRow } from "./account-json";
import type { AccountRecords, AccountsContext } from "./account-records";
import {
  type Authenticated,
  isOpenedByLink,
  type SessionDevice,
  type Sessions,
} from "./account-sessions";
import type { SignUp } from "./account-sign-up";
import { AuthError } from "./auth-errors";
import { refuseCommonPassword } from "./common-passwords";
import { hashPassword, verifyPassword } from "./passwords";
import { createRandomToken, hashToken } from "./tokens";

/** How long a password recovery link works. */
export const recoveryLinkLifetimeMs = 60 * 60 * 1000;

export function createPasswordChange(
  { db, now }: AccountsContext,
  { findUserByEmail, listFactors, describeUser }: AccountRecords,
  { startSession }: Sessions,
  { confirmAccount }: Pick<SignUp, "confirmAccount">,
) {
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

  return { updateUser, createRecoveryToken, redeemRecoveryToken };
}
