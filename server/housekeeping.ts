/**
 * What the privacy notice says the site forgets, forgotten on time. Every
 * server runs it at start and then every minute (the notice says "within an
 * hour" of some records); each step is one delete that a second run finds
 * nothing for, so several servers on one PostgreSQL may run it together.
 */
import { sql } from "drizzle-orm";
import { type Database, deleteCounting } from "#database/open-database";
import {
  authSessions,
  emailConfirmationTokens,
  mfaChallenges,
  mfaFactors,
  recoveryTokens,
  refreshTokens,
  signInAddresses,
  signInDevices,
} from "#database/schema";
import { sessionIdleLifetimeMs } from "#shared/session-lifetime";
import { deviceLifetimeMs, knownAddressTrustMs } from "./auth/throttling";
import type { Clock } from "./clock";
import { log } from "./logger";
import { deleteFinishedWindows } from "./rate-limit";
import { repeatEvery } from "./repeating-task";

const hour = 60 * 60_000;
const day = 24 * hour;

/** How many rows each step deleted. */
export type Forgotten = {
  /** Sessions unused for `sessionIdleDays`, with the browser and address they kept (and their refresh tokens). */
  idleSessions: number;
  /** Address blocks an account signed in from, once no longer trusted. */
  signInAddresses: number;
  /** Device cookies' digests a year after their last sign-in. */
  signInDevices: number;
  /** Rate-limit windows that have ended (their keys hold address blocks and e-mails). */
  rateLimitWindows: number;
  /** Refresh tokens used more than a day ago (GoTrue's rule): a session keeps only its recent ones. */
  usedRefreshTokens: number;
  /**
   * Second-factor challenges an hour old (each keeps the address that asked). Past their five
   * minutes they are only kept so that a late code is told it came too late.
   */
  mfaChallenges: number;
  /** Factors enrolled and never verified, after a day (GoTrue's rule); their secrets with them. */
  unverifiedFactors: number;
  /** Password recovery and confirmation links a day after they expired or were used. */
  spentLinks: number;
};

export async function forgetExpired(db: Database, now: Date): Promise<Forgotten> {
  /** The moment `ms` before now, as a timestamp the statement compares with. */
  const before = (ms: number) => sql`${new Date(now.getTime() - ms).toISOString()}::timestamptz`;
  const spentLinks = (table: typeof recoveryTokens | typeof emailConfirmationTokens) =>
    deleteCounting(
      db,
      table,
      sql`${table.expiresAt} < ${before(day)} or ${table.usedAt} < ${before(day)}`,
    );
  return {
    idleSessions: await deleteCounting(
      db,
      authSessions,
      sql`coalesce(${authSessions.refreshedAt}, ${authSessions.createdAt}) < ${before(sessionIdleLifetimeMs)}`,
    ),
    usedRefreshTokens: await deleteCounting(
      db,
      refreshTokens,
      sql`${refreshTokens.revoked} and ${refreshTokens.revokedAt} < ${before(day)}`,
    ),
    signInAddresses: await deleteCounting(
      db,
      signInAddresses,
      sql`${signInAddresses.lastSignInAt} < ${before(knownAddressTrustMs)}`,
    ),
    signInDevices: await deleteCounting(
      db,
      signInDevices,
      sql`${signInDevices.lastSignInAt} < ${before(deviceLifetimeMs)}`,
    ),
    rateLimitWindows: await deleteFinishedWindows(db, now),
    mfaChallenges: await deleteCounting(
      db,
      mfaChallenges,
      sql`${mfaChallenges.createdAt} < ${before(hour)}`,
    ),
    unverifiedFactors: await deleteCounting(
      db,
      mfaFactors,
      sql`${mfaFactors.status} = 'unverified' and ${mfaFactors.createdAt} < ${before(day)}`,
    ),
    spentLinks: (await spentLinks(recoveryTokens)) + (await spentLinks(emailConfirmationTokens)),
  };
}

export const housekeepingIntervalMs = 60_000;

/**
 * Runs `forgetExpired` at start and every minute, until stopped. A run that forgot anything but
 * rate-limit windows (which go every minute on a site with visitors) logs what went.
 */
export function startHousekeeping({
  db,
  clock,
  intervalMs = housekeepingIntervalMs,
}: {
  db: Database;
  clock: Clock;
  intervalMs?: number;
}) {
  return repeatEvery("Housekeeping", intervalMs, async () => {
    const forgotten = await forgetExpired(db, clock.now());
    const { rateLimitWindows: _routine, ...others } = forgotten;
    if (Object.values(others).some((count) => count > 0)) {
      log.info(forgotten, "Housekeeping: expired records forgotten");
    }
  });
}
