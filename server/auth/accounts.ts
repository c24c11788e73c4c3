/**
 * Accounts, sessions, refresh tokens, recovery links and roles: everything
 * the auth endpoints, the admin guard and the admin CLI do with accounts,
 * composed of one module per reason to change: the account's rows
 * (`account-records.ts`), sessions and their tokens (`account-sessions.ts`),
 * sign-up and confirmation (`account-sign-up.ts`), sign-in
 * (`account-sign-in.ts`), the password's change and recovery
 * (`password-change.ts`), and the user object (`account-json.ts`).
 */
import type { Database } from "#database/open-database";
import { type Clock, systemClock } from "../clock";
import type { UserRow } from "./account-json";
import { createAccountRecords } from "./account-records";
import { createSessions, type SessionDevice } from "./account-sessions";
import { createSignIn } from "./account-sign-in";
import { createSignUp } from "./account-sign-up";
import { createPasswordChange } from "./password-change";
import { accessTokenLifetimeSeconds } from "./tokens";

export {
  type FactorRow,
  type SessionJson,
  toFactorJson,
  toUserJson,
  type UserJson,
  type UserRow,
} from "./account-json";
export { adminRole, normaliseEmail } from "./account-records";
export {
  type Authenticated,
  isOpenedByLink,
  refreshTokenReuseIntervalMs,
  type SessionDevice,
  type SignOutScope,
} from "./account-sessions";
export { confirmationLinkLifetimeMs, type SignUpOutcome } from "./account-sign-up";
export { recoveryLinkLifetimeMs } from "./password-change";

export type AccountsDependencies = {
  db: Database;
  /** Signs access tokens and derives refresh tokens. */
  secret: string;
  /** The `iss` claim: the public address of the auth endpoints. */
  issuer: string;
  clock?: Clock;
  accessTokenLifetime?: number;
};

export function createAccounts({
  db,
  secret,
  issuer,
  clock = systemClock,
  accessTokenLifetime = accessTokenLifetimeSeconds,
}: AccountsDependencies) {
  const context = { db, secret, issuer, now: () => clock.now(), accessTokenLifetime };
  const records = createAccountRecords(db);
  const sessions = createSessions(context, records);
  const signUp = createSignUp(context, records);
  const signIn = createSignIn(context, records, sessions);
  const passwords = createPasswordChange(context, records, sessions, signUp);
  return {
    findUserByEmail: records.findUserByEmail,
    findUserById: records.findUserById,
    listFactors: records.listFactors,
    describeUser: records.describeUser,
    signUp: signUp.signUp,
    signUpAnswer: signUp.signUpAnswer,
    createConfirmationTokenFor: signUp.createConfirmationTokenFor,
    confirmEmail: signUp.confirmEmail,
    /** A session opened by a followed confirmation link (GET /verify, the members' door). */
    startConfirmedSession: (user: UserRow, device?: SessionDevice) =>
      sessions.startSession(user, "email/signup", device),
    raiseSessionToAal2: sessions.raiseSessionToAal2,
    lowerSessionsToAal1: sessions.lowerSessionsToAal1,
    signInWithPassword: signIn.signInWithPassword,
    refreshSession: sessions.refreshSession,
    authenticate: sessions.authenticate,
    signOut: sessions.signOut,
    updateUser: passwords.updateUser,
    createRecoveryToken: passwords.createRecoveryToken,
    redeemRecoveryToken: passwords.redeemRecoveryToken,
    hasRole: records.hasRole,
  };
}

export type Accounts = ReturnType<typeof createAccounts>;
