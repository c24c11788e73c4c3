/**
 * What the privacy notice says the site forgets, forgotten on time. Every
 * server runs it at start and then every ten minutes; each step is one
 * delete that a second run finds nothing for, so several servers on one
 * PostgreSQL may run it together.
 */
import { sql } from "drizzle-orm";
import { type Database, deleteCounting } from "#database/open-database";
import {
  authSessions,
  emailConfirmationTokens,
  mfaChallenges,
  mfaFactors,
  recoveryTokens,
  signInAddresses,
  signInDevices,
} from "#database/schema";
import { sessionIdleLifetimeMs } from "#shared/session-lifetime";
import { challengeLifetimeMs } from "./auth/factors";
import { deviceLifetimeMs, knownAddressTrustMs } from "./auth/throttling";
import type { Clock } from "./clock";
import { log } from "./logger";
import { deleteFinishedWindows } from "./rate-limit";
import { repeatEvery } from "./repeating-task";

const day = 24 * 60 * 60_000;

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
  /** Second-factor challenges past their five minutes (each keeps the address that asked). */
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
      sql`${mfaChallenges.createdAt} < ${before(challengeLifetimeMs)}`,
    ),
    unverifiedFactors: await deleteCounting(
      db,
      mfaFactors,
      sql`${mfaFactors.status} = 'unverified' and ${mfaFactors.createdAt} < ${before(day)}`,
    ),
    spentLinks: (await spentLinks(recoveryTokens)) + (await spentLinks(emailConfirmationTokens)),
  };
}

export const housekeepingIntervalMs = 10 * 60_000;

/** Runs `forgetExpired` at start and every ten minutes, until stopped; logs what went. */
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
    if (Object.values(forgotten).some((count) => count > 0)) {
      log.info(forgotten, "Housekeeping: expired records forgotten");
    }
  });
}
