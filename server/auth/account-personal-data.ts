/**
 * The personal data of accounts: the account (its address, its name in `user_metadata`) and
 * everything that hangs off it, deleted with it by the foreign keys' cascade: roles, sign-ins
 * (each with its browser and address) and their refresh tokens, the address blocks and devices
 * trusted for sign-in, the authenticator apps with their challenges and recovery codes, recovery
 * and confirmation links, and the request for the members' section. Housekeeping forgets what
 * the privacy notice says is forgotten (idle sessions, old sign-in addresses…) on time.
 */
import { eq, sql } from "drizzle-orm";
import { type Database, deleteCounting } from "#database/open-database";
import {
  authSessions,
  emailConfirmationTokens,
  memberAccessRequests,
  mfaChallenges,
  mfaFactors,
  mfaRecoveryCodes,
  recoveryTokens,
  refreshTokens,
  signInAddresses,
  signInDevices,
  type User,
  userRoles,
  users,
} from "#database/schema";
import { sessionIdleLifetimeMs } from "#shared/session-lifetime";
import { declareAddressPart, type PersonalDataRegistration } from "../personal-data";
import { deviceLifetimeMs, knownAddressTrustMs } from "./throttling";

const hour = 60 * 60_000;
const day = 24 * hour;

/** The moment `ms` before `now`, as a timestamp a statement compares with. */
const before = (now: Date, ms: number) =>
  sql`${new Date(now.getTime() - ms).toISOString()}::timestamptz`;

/**
 * What an account keeps besides itself: its sign-ins (each with its browser and address), the
 * address blocks and devices trusted for sign-in, its authenticator apps (never a secret) and
 * its request for the members' section.
 */
async function accountRecords(db: Database, userId: string) {
  const [roles, sessions, addresses, devices, factors, requests] = await Promise.all([
    db.select().from(userRoles).where(eq(userRoles.userId, userId)),
    db
      .select()
      .from(authSessions)
      .where(eq(authSessions.userId, userId))
      .orderBy(authSessions.createdAt),
    db.select().from(signInAddresses).where(eq(signInAddresses.userId, userId)),
    db.select().from(signInDevices).where(eq(signInDevices.userId, userId)),
    db.select().from(mfaFactors).where(eq(mfaFactors.userId, userId)),
    db.select().from(memberAccessRequests).where(eq(memberAccessRequests.userId, userId)),
  ]);
  return {
    roles: roles.map((role) => role.role),
    sign_ins: sessions.map((session) => ({
      created_at: session.createdAt.toISOString(),
      refreshed_at: session.refreshedAt?.toISOString() ?? null,
      user_agent: session.userAgent,
      ip_address: session.ipAddress,
    })),
    trusted_address_blocks: addresses.map((address) => ({
      address_block: address.addressBlock,
      last_sign_in_at: address.lastSignInAt.toISOString(),
    })),
    trusted_devices: devices.map((device) => ({
      created_at: device.createdAt.toISOString(),
      last_sign_in_at: device.lastSignInAt.toISOString(),
    })),
    authenticator_apps: factors.map((factor) => ({
      name: factor.friendlyName,
      status: factor.status,
      created_at: factor.createdAt.toISOString(),
    })),
    members_access_requested_at: requests[0]?.requestedAt.toISOString() ?? null,
  };
}

/** Password recovery or confirmation links a day after they expired or were used. */
const forgetSpentLinks = (
  db: Database,
  now: Date,
  table: typeof recoveryTokens | typeof emailConfirmationTokens,
) =>
  deleteCounting(
    db,
    table,
    sql`${table.expiresAt} < ${before(now, day)} or ${table.usedAt} < ${before(now, day)}`,
  );

export const accountPersonalData: PersonalDataRegistration = {
  module: "server/auth/accounts.ts",
  tables: [
    users,
    userRoles,
    authSessions,
    refreshTokens,
    signInAddresses,
    signInDevices,
    recoveryTokens,
    emailConfirmationTokens,
    mfaFactors,
    mfaChallenges,
    mfaRecoveryCodes,
    memberAccessRequests,
  ],
  address: declareAddressPart<User | undefined>({
    find: async (db, email) =>
      (await db.select().from(users).where(eq(users.email, email.toLowerCase())))[0],
    summarize: (account) => ({ account: Boolean(account) }),
    export: async (db, account) => ({
      account: account
        ? {
            id: account.id,
            email: account.email,
            user_metadata: account.userMetadata,
            created_at: account.createdAt.toISOString(),
            email_confirmed_at: account.emailConfirmedAt?.toISOString() ?? null,
            last_sign_in_at: account.lastSignInAt?.toISOString() ?? null,
            ...(await accountRecords(db, account.id)),
          }
        : null,
    }),
    // Everything the account keeps goes with it (the foreign keys' cascade).
    erase: async (tx, account) => {
      if (account) await tx.delete(users).where(eq(users.id, account.id));
    },
  }),
  housekeeping: {
    /** Sessions unused for `sessionIdleDays`, with the browser and address they kept (and their refresh tokens). */
    idleSessions: {
      forget: (db, now) =>
        deleteCounting(
          db,
          authSessions,
          sql`coalesce(${authSessions.refreshedAt}, ${authSessions.createdAt}) < ${before(now, sessionIdleLifetimeMs)}`,
        ),
    },
    /** Refresh tokens used more than a day ago (GoTrue's rule): a session keeps only its recent ones. */
    usedRefreshTokens: {
      forget: (db, now) =>
        deleteCounting(
          db,
          refreshTokens,
          sql`${refreshTokens.revoked} and ${refreshTokens.revokedAt} < ${before(now, day)}`,
        ),
    },
    /** Address blocks an account signed in from, once no longer trusted. */
    signInAddresses: {
      forget: (db, now) =>
        deleteCounting(
          db,
          signInAddresses,
          sql`${signInAddresses.lastSignInAt} < ${before(now, knownAddressTrustMs)}`,
        ),
    },
    /** Device cookies' digests a year after their last sign-in. */
    signInDevices: {
      forget: (db, now) =>
        deleteCounting(
          db,
          signInDevices,
          sql`${signInDevices.lastSignInAt} < ${before(now, deviceLifetimeMs)}`,
        ),
    },
    /**
     * Second-factor challenges an hour old (each keeps the address that asked). Past their five
     * minutes they are only kept so that a late code is told it came too late.
     */
    mfaChallenges: {
      forget: (db, now) =>
        deleteCounting(db, mfaChallenges, sql`${mfaChallenges.createdAt} < ${before(now, hour)}`),
    },
    /** Factors enrolled and never verified, after a day (GoTrue's rule); their secrets with them. */
    unverifiedFactors: {
      forget: (db, now) =>
        deleteCounting(
          db,
          mfaFactors,
          sql`${mfaFactors.status} = 'unverified' and ${mfaFactors.createdAt} < ${before(now, day)}`,
        ),
    },
    /** Password recovery and confirmation links a day after they expired or were used. */
    spentLinks: {
      forget: async (db, now) =>
        (await forgetSpentLinks(db, now, recoveryTokens)) +
        (await forgetSpentLinks(db, now, emailConfirmationTokens)),
    },
  },
};
