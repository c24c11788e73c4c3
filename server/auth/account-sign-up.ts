/** Sign-up and the confirmation of her address by the link of its e-mail. */
import { and, desc, eq, isNull, sql } from "drizzle-orm";
import type { Database } from "#database/open-database";
import { authSessions, emailConfirmationTokens, mfaFactors, users } from "#database/schema";
import { confirmationLinkNotices } from "#shared/confirmation-link";
import { toUserJson, type UserJson, type UserRow } from "./account-json";
import { type AccountRecords, type AccountsContext, normaliseEmail } from "./account-records";
import { AuthError } from "./auth-errors";
import { refuseCommonPassword } from "./common-passwords";
import { hashPassword } from "./passwords";
import { createRandomToken, hashToken } from "./tokens";

/** What a sign-up did: a new account, a new link for an unconfirmed one, or nothing (confirmed). */
export type SignUpOutcome =
  | { kind: "created" | "renewed"; user: UserRow; confirmationToken: string }
  | { kind: "exists"; user: UserRow };

/** How long the link of a confirmation e-mail works (GoTrue's default). */
export const confirmationLinkLifetimeMs = 24 * 60 * 60 * 1000;

const confirmationLinkInvalidMessage = confirmationLinkNotices.invalid;

export function createSignUp({ db, now }: AccountsContext, { findUserByEmail }: AccountRecords) {
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
      weeklySummaryEmail: true,
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

  return { signUp, signUpAnswer, createConfirmationTokenFor, confirmEmail, confirmAccount };
}

export type SignUp = ReturnType<typeof createSignUp>;
