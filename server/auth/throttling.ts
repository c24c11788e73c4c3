/**
 * The limits of the auth endpoints, and sign-in throttling that an attacker
 * cannot turn against an account's owner (docs/decisions/0007-sign-in-throttling.md).
 */
import { createHash } from "node:crypto";
import { and, eq, gt } from "drizzle-orm";
import type { Context } from "hono";
import { getCookie, setCookie } from "hono/cookie";
import type { Database } from "#database/open-database";
import { signInAddresses, signInDevices, users } from "#database/schema";
import { retryAfter } from "../api-error";
import type { Clock } from "../clock";
import { addressBlock, type RateLimiter, type RateLimitRule } from "../rate-limit";
import { normaliseEmail } from "./accounts";
import { AuthError } from "./auth-errors";
import { createRandomToken, hashToken } from "./tokens";

const minute = 60_000;
const day = 24 * 60 * minute;

/**
 * Requests per client address block, copied loosely from GoTrue. Refreshes
 * are limited loosely: a refused refresh signs the browser out.
 */
export const authRateLimits = {
  signInPerAddress: { limit: 60, windowMs: 5 * minute },
  signUpPerAddress: { limit: 20, windowMs: 60 * minute },
  recoverPerAddress: { limit: 10, windowMs: 60 * minute },
  recoveryEmailPerEmail: { limit: 1, windowMs: minute },
  refreshPerAddress: { limit: 300, windowMs: 5 * minute },
  verifyPerAddress: { limit: 30, windowMs: 5 * minute },
  resendPerAddress: { limit: 10, windowMs: 60 * minute },
  confirmationEmailPerEmail: { limit: 1, windowMs: minute },
  /** Every call to the factor endpoints (enroll, challenge, verify, unenroll). */
  factorsPerAddress: { limit: 60, windowMs: 5 * minute },
} satisfies Record<string, RateLimitRule>;

export type AuthRateLimits = typeof authRateLimits;

/** Wrong passwords allowed before a source, or all untrusted sources of an account, must wait. */
export const signInFailureLimits = {
  /** One source (a trusted device, or an address block) guessing one account. */
  perSource: { limit: 10, windowMs: 15 * minute },
  /** Every untrusted source together, guessing one account. */
  untrustedPerAccount: { limit: 20, windowMs: 15 * minute },
} satisfies Record<string, RateLimitRule>;

/** An address block that signed in to an account is trusted for it this long. */
export const knownAddressTrustMs = 30 * day;
/** A device cookie lives, and is trusted, this long after its last sign-in. */
export const deviceLifetimeMs = 365 * day;

export const deviceCookieName = "harmonie_device";

/** What the sign-in endpoint does around the password check. */
export type SignInAttempt = {
  /** After a right password: trusts this browser and address block for the account. */
  succeeded(c: Context, userId: string): Promise<void>;
  /** After a wrong password: counts it against this source (and the account, if untrusted). */
  failed(): Promise<void>;
  /** After an answer that says nothing of the password (a refusal for another reason). */
  abandoned(): Promise<void>;
};

export type SignInThrottleDependencies = {
  db: Database;
  clock: Clock;
  rateLimiter: RateLimiter;
  /** Sends the device cookie only over HTTPS (true when the site is served over https). */
  secureCookie: boolean;
  rules?: typeof signInFailureLimits;
};

/**
 * Before a password is checked, `begin` decides whether this attempt may be
 * made at all, and answers 429 without checking the password when not
 * (otherwise a 200 among 429s would tell a guesser she found it). Failures
 * are counted per account and source; a trusted source (her device cookie,
 * or an address block she signed in from lately) is never blocked by other
 * sources' failures.
 */
export function createSignInThrottle({
  db,
  clock,
  rateLimiter,
  secureCookie,
  rules = signInFailureLimits,
}: SignInThrottleDependencies) {
  async function findDeviceUser(token: string | undefined, now: Date) {
    // Any cookie value is the client's to choose: only a known token counts.
    if (!token || token.length > 100) return undefined;
    const tokenHash = hashToken(token);
    const [device] = await db
      .select({ userId: signInDevices.userId })
      .from(signInDevices)
      .where(
        and(
          eq(signInDevices.tokenHash, tokenHash),
          gt(signInDevices.lastSignInAt, new Date(now.getTime() - deviceLifetimeMs)),
        ),
      );
    return device && { userId: device.userId, tokenHash };
  }

  async function isKnownAddress(userId: string, block: string, now: Date) {
    const [known] = await db
      .select({ userId: signInAddresses.userId })
      .from(signInAddresses)
      .where(
        and(
          eq(signInAddresses.userId, userId),
          eq(signInAddresses.addressBlock, block),
          gt(signInAddresses.lastSignInAt, new Date(now.getTime() - knownAddressTrustMs)),
        ),
      );
    return known !== undefined;
  }

  async function rememberDevice(c: Context, userId: string, now: Date) {
    const token = createRandomToken();
    await db.insert(signInDevices).values({
      tokenHash: hashToken(token),
      userId,
      createdAt: now,
      lastSignInAt: now,
    });
    // Devices unused for a year are forgotten by server/housekeeping.ts.
    setCookie(c, deviceCookieName, token, {
      path: "/auth/v1",
      httpOnly: true,
      sameSite: "Strict",
      secure: secureCookie,
      maxAge: deviceLifetimeMs / 1000,
    });
  }

  async function begin(c: Context, email: string, clientAddress: string): Promise<SignInAttempt> {
    const now = clock.now();
    const normalised = normaliseEmail(email);
    // A digest, not the address: keys stay short whatever was typed, and hold no address.
    const account = createHash("sha256").update(normalised).digest("hex").slice(0, 32);
    const block = addressBlock(clientAddress);
    // Only an address PostgreSQL can compare is looked up; anything else has no account.
    const [user] = isStorable(normalised)
      ? await db.select({ id: users.id }).from(users).where(eq(users.email, normalised))
      : [];
    const device = await findDeviceUser(getCookie(c, deviceCookieName), now);
    const trustedDevice = user !== undefined && device?.userId === user.id ? device : undefined;
    const trusted =
      trustedDevice !== undefined ||
      (user !== undefined && (await isKnownAddress(user.id, block, now)));

    const source = trustedDevice
      ? `device:${trustedDevice.tokenHash.slice(0, 32)}`
      : `address:${block}`;
    const sourceKey = `sign-in-failures:${account}:${source}`;
    const accountKey = `sign-in-untrusted-failures:${account}`;
    // Each attempt takes its place in the counts before the password is checked, in one statement
    // a key: of many parallel guesses only the limit's number are checked. A right password, or an
    // answer that is no verdict on the password, gives its place back.
    const slots = [await rateLimiter.take(sourceKey, rules.perSource)];
    if (!trusted) slots.push(await rateLimiter.take(accountKey, rules.untrustedPerAccount));
    const giveBack = () => Promise.all(slots.map((slot) => slot.release())).then(() => {});
    if (slots.some((slot) => !slot.allowed)) {
      await giveBack();
      // Both windows end by then (they are aligned to the clock).
      const seconds = Math.max(...slots.map((slot) => slot.retryAfterSeconds));
      throw new AuthError("over_request_rate_limit", {}, undefined, retryAfter(seconds));
    }

    return {
      async failed() {
        // The places taken above stay counted.
      },
      abandoned: giveBack,
      async succeeded(c, userId) {
        await giveBack();
        await db
          .insert(signInAddresses)
          .values({ userId, addressBlock: block, lastSignInAt: now })
          .onConflictDoUpdate({
            target: [signInAddresses.userId, signInAddresses.addressBlock],
            set: { lastSignInAt: now },
          });
        if (trustedDevice) {
          await db
            .update(signInDevices)
            .set({ lastSignInAt: now })
            .where(eq(signInDevices.tokenHash, trustedDevice.tokenHash));
        } else {
          await rememberDevice(c, userId, now);
        }
      },
    };
  }

  return { begin };
}

export type SignInThrottle = ReturnType<typeof createSignInThrottle>;

/** Short enough to be an e-mail address, no NUL character, no lone surrogate. */
function isStorable(text: string): boolean {
  return text.length <= 254 && !text.includes("\u0000") && !/\p{Cs}/u.test(text);
}
