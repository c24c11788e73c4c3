/** Sign-in with an e-mail address and password. */
import { and, eq } from "drizzle-orm";
import { users } from "#database/schema";
import type { SessionJson, UserRow } from "./account-json";
import type { AccountRecords, AccountsContext } from "./account-records";
import type { SessionDevice, Sessions } from "./account-sessions";
import { AuthError } from "./auth-errors";
import { hashPassword, needsRehash, verifyAgainstNothing, verifyPassword } from "./passwords";

export function createSignIn(
  { db }: AccountsContext,
  { findUserByEmail }: AccountRecords,
  { startSession }: Sessions,
) {
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

  return { signInWithPassword };
}
