/**
 * Two-factor sign-in with a TOTP app, as GoTrue speaks it (docs/auth-mfa.md):
 * enroll a factor (QR code, secret, recovery codes), challenge it, verify a
 * code (the session becomes aal2), unenroll it. Codes are RFC 6238 (SHA-1,
 * 6 digits, 30 s) from `otpauth`, accepted one step either side, each once.
 * Secrets are stored sealed and recovery codes as salted digests (`secret-box.ts`).
 */
import { randomBytes, randomUUID } from "node:crypto";
import { and, eq, inArray, isNull, lt, ne, or, sql } from "drizzle-orm";
import * as OTPAuth from "otpauth";
import QRCode from "qrcode";
import type { Database } from "#database/open-database";
import { authSessions, mfaChallenges, mfaFactors, mfaRecoveryCodes, users } from "#database/schema";
import { recordAuditEvent } from "#server/audit-log";
import { isUuid } from "#shared/auth-schemas";
import { retryAfter } from "../api-error";
import type { Clock } from "../clock";
import { ConfigError } from "../config";
import type { RateLimiter, RateLimitRule } from "../rate-limit";
import {
  type Accounts,
  type Authenticated,
  type FactorRow,
  normaliseEmail,
  type SessionJson,
} from "./accounts";
import { AuthError } from "./auth-errors";
import { type SecretBox, UnreadableSecretError } from "./secret-box";

/** GoTrue's defaults: a challenge lives 5 minutes; at most 10 factors a user. */
export const challengeLifetimeMs = 5 * 60_000;
export const maxFactorsPerUser = 10;
export const recoveryCodeCount = 8;

export const emailNotConfirmedForFactor =
  "Aplikaci pro ověření si nastavíte, až potvrdíte e-mailovou adresu odkazem z\u00a0e-mailu, který vám přišel po registraci.";

/** Wrong codes one factor may take before it must wait (a 6-digit code must not be guessable). */
export const verifyFailureLimit: RateLimitRule = { limit: 5, windowMs: 15 * 60_000 };

const totpSettings = { algorithm: "SHA1", digits: 6, period: 30 } as const;

/** Letters and digits that cannot be mistaken for each other when copied by hand. */
const recoveryAlphabet = "abcdefghjkmnpqrstuvwxyz23456789";

/** A recovery code: two groups of five, e.g. `k7m2p-x9qrt` (about 49 bits). */
function createRecoveryCode(): string {
  const bytes = randomBytes(10);
  const characters = [...bytes].map(
    (byte) => recoveryAlphabet[byte % recoveryAlphabet.length] as string,
  );
  return `${characters.slice(0, 5).join("")}-${characters.slice(5).join("")}`;
}

/** How a typed recovery code is compared: lower case, no spaces or dashes. */
function normaliseRecoveryCode(code: string): string {
  return code.toLowerCase().replace(/[\s-]/g, "");
}

/** What a factor's sealed secret is bound to: sealed for one factor, it opens for no other. */
const secretContext = (factorId: string) => `mfa-factor:${factorId}`;

/** The answer once a factor has taken its wrong codes, with the wait its window has left. */
function tooManyCodes(retryAfterSeconds: number): AuthError {
  return new AuthError("over_request_rate_limit", {}, undefined, retryAfter(retryAfterSeconds));
}

/**
 * The QR code as GoTrue sends it: the SVG itself (auth-js prefixes
 * `data:image/svg+xml;utf-8,`). Colours by name: a `#` would end that data URI.
 */
async function renderQrCode(uri: string): Promise<string> {
  const svg = await QRCode.toString(uri, { type: "svg", errorCorrectionLevel: "M", margin: 2 });
  return svg.replaceAll('"#ffffff"', '"white"').replaceAll('"#000000"', '"black"');
}

export type FactorsDependencies = {
  db: Database;
  clock: Clock;
  accounts: Accounts;
  rateLimiter: RateLimiter;
  /** Seals the secrets and digests the recovery codes kept in the database. */
  secretBox: SecretBox;
  /** The name the app shows above the code when the client names none (GoTrue: the site's host). */
  defaultIssuer: string;
};

export function createFactors({
  db,
  clock,
  accounts,
  rateLimiter,
  secretBox,
  defaultIssuer,
}: FactorsDependencies) {
  async function findOwnFactor(userId: string, factorId: string): Promise<FactorRow> {
    if (!isUuid(factorId)) throw new AuthError("mfa_factor_not_found");
    const [factor] = await db
      .select()
      .from(mfaFactors)
      .where(and(eq(mfaFactors.id, factorId), eq(mfaFactors.userId, userId)));
    if (!factor) throw new AuthError("mfa_factor_not_found");
    return factor;
  }

  /** Eight new recovery codes for her account: the codes, and their rows to store on `factorId`. */
  function createRecoveryCodes(factorId: string) {
    const codes = Array.from({ length: recoveryCodeCount }, createRecoveryCode);
    const rows = codes.map((code) => ({
      factorId,
      codeHash: secretBox.digestCode(normaliseRecoveryCode(code)),
    }));
    return { codes, rows };
  }

  /**
   * The factor being set up: its secret, as a QR code and as text, and, for
   * her first app, the account's recovery codes, shown this once (only their
   * digests are kept). Once she has a verified factor, another may be added
   * only at aal2.
   *
   * Ours, not GoTrue's: one unverified factor is kept until it is verified
   * or replaced, and enrolling again from the sign-in that began it (the same
   * browser) answers with it, its secret unchanged: a reload of the set-up
   * while she is in her app must not kill the entry she has just added. Any
   * other sign-in gets a new factor, which replaces it, never its secret (a
   * password alone must not read the secret of an app she is about to
   * verify). A deliberately new secret is `DELETE /factors/{id}`, then enroll.
   */
  async function enroll(
    { user, aal, sessionId }: Authenticated,
    { friendlyName, issuer }: { friendlyName?: string; issuer?: string },
  ) {
    // Until the address is hers, the account is anyone's: no factor to outlast its confirmation.
    if (user.emailConfirmedAt === null) {
      throw new AuthError("email_not_confirmed", {}, emailNotConfirmedForFactor);
    }
    const existing = await accounts.listFactors(user.id);
    const hasVerified = existing.some((factor) => factor.status === "verified");
    if (hasVerified && aal !== "aal2") throw new AuthError("insufficient_aal");
    const name = friendlyName || null;
    const sameName = existing.find((factor) => factor.friendlyName === name);
    if (sameName?.status === "verified" && name !== null) {
      throw new AuthError("mfa_factor_name_conflict");
    }
    const pending = existing.findLast(
      (factor) =>
        factor.status === "unverified" &&
        factor.friendlyName === name &&
        factor.enrolledInSession === sessionId,
    );
    if (pending) return resumeEnrolment(pending, user.email, issuer, hasVerified);
    // Her pending set-ups are replaced below: only verified apps count.
    if (existing.filter(isVerified).length >= maxFactorsPerUser) {
      throw new AuthError("too_many_enrolled_mfa_factors");
    }

    const secret = new OTPAuth.Secret({ size: 20 }).base32;
    const createdAt = clock.now();
    // Made here, not by the database: the sealed secret is bound to it.
    const factorId = randomUUID();
    const recovery = hasVerified ? null : createRecoveryCodes(factorId);
    const factor = await db.transaction(async (tx) => {
      // One set-up at a time: another pending one (another browser's) would only confuse her app.
      await tx
        .delete(mfaFactors)
        .where(and(eq(mfaFactors.userId, user.id), eq(mfaFactors.status, "unverified")));
      const [row] = await tx
        .insert(mfaFactors)
        .values({
          id: factorId,
          userId: user.id,
          friendlyName: name,
          secret: secretBox.seal(secret, secretContext(factorId)),
          enrolledInSession: sessionId,
          createdAt,
          updatedAt: createdAt,
        })
        .onConflictDoNothing()
        .returning();
      if (!row) return null;
      if (recovery) await tx.insert(mfaRecoveryCodes).values(recovery.rows);
      return row;
    });
    // Two enrolments with one name at once: the second finds the first's row.
    if (!factor) throw new AuthError("mfa_factor_name_conflict");
    return enrolmentAnswer(factor, secret, user.email, issuer, recovery?.codes ?? []);
  }

  /**
   * The pending factor again, with its secret. Recovery codes are shown only
   * after the first code, so the ones of the earlier answer were never seen:
   * they are replaced, and the new ones returned.
   */
  async function resumeEnrolment(
    factor: FactorRow,
    email: string,
    issuer: string | undefined,
    hasVerified: boolean,
  ) {
    const secret = secretBox.open(factor.secret, secretContext(factor.id));
    const recovery = hasVerified ? null : createRecoveryCodes(factor.id);
    await db.transaction(async (tx) => {
      await tx.delete(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.factorId, factor.id));
      if (recovery) await tx.insert(mfaRecoveryCodes).values(recovery.rows);
    });
    return enrolmentAnswer(factor, secret, email, issuer, recovery?.codes ?? []);
  }

  async function enrolmentAnswer(
    factor: FactorRow,
    secret: string,
    email: string,
    issuer: string | undefined,
    recoveryCodes: string[],
  ) {
    const uri = new OTPAuth.TOTP({
      ...totpSettings,
      issuer: issuer || defaultIssuer,
      label: email,
      secret: OTPAuth.Secret.fromBase32(secret),
    }).toString();
    return {
      id: factor.id,
      type: "totp" as const,
      friendly_name: factor.friendlyName ?? "",
      totp: { qr_code: await renderQrCode(uri), secret, uri },
      // Not in GoTrue's answer: this server's one-time recovery codes (docs/auth-mfa.md); none
      // when she adds another app, as the account's codes stay as they are.
      recovery_codes: recoveryCodes,
    };
  }

  /** A challenge to answer with a code, from this address, within five minutes. */
  async function challenge({ user }: Authenticated, factorId: string, ipAddress: string) {
    const factor = await findOwnFactor(user.id, factorId);
    const createdAt = clock.now();
    // Challenges of hers that are over are of no use to anyone.
    await db
      .delete(mfaChallenges)
      .where(
        and(
          eq(mfaChallenges.factorId, factor.id),
          or(
            lt(mfaChallenges.createdAt, new Date(createdAt.getTime() - challengeLifetimeMs)),
            sql`${mfaChallenges.verifiedAt} is not null`,
          ),
        ),
      );
    const [row] = await db
      .insert(mfaChallenges)
      .values({ factorId: factor.id, ipAddress, createdAt })
      .returning();
    if (!row) throw new Error("The challenge was not stored");
    return {
      id: row.id,
      type: "totp" as const,
      expires_at: Math.floor((createdAt.getTime() + challengeLifetimeMs) / 1000),
    };
  }

  /** The step of a code the app shows now or one step either side, or null. */
  function matchingStep(factor: FactorRow, code: string, now: Date): number | null {
    if (!/^\d{6}$/.test(code)) return null;
    const secret = secretBox.open(factor.secret, secretContext(factor.id));
    const totp = new OTPAuth.TOTP({ ...totpSettings, secret: OTPAuth.Secret.fromBase32(secret) });
    const delta = totp.validate({ token: code, timestamp: now.getTime(), window: 1 });
    if (delta === null) return null;
    return Math.floor(now.getTime() / 1000 / totpSettings.period) + delta;
  }

  /**
   * Checks a code against a challenge. A right code (or an unused recovery
   * code of a verified factor) makes the factor verified and the session
   * aal2; a wrong or reused one counts against the factor, which then has to
   * wait (429) after `verifyFailureLimit` of them. The attempt is counted
   * before the code is checked and given back when it was right, so that of
   * many codes sent at once no more than the limit are ever checked.
   */
  async function verify(
    who: Authenticated,
    factorId: string,
    { challengeId, code }: { challengeId: string; code: string },
    ipAddress: string,
  ): Promise<SessionJson> {
    const factor = await findOwnFactor(who.user.id, factorId);
    const attempt = await rateLimiter.take(`mfa-verify-failures:${factor.id}`, verifyFailureLimit);
    if (!attempt.allowed) throw tooManyCodes(attempt.retryAfterSeconds);
    let wrongCode = false;
    try {
      const now = clock.now();
      const challenge = await findLiveChallenge(factor.id, challengeId, ipAddress, now);
      const method = await consumeCode(factor, code, now);
      if (method === null || method === "reused") {
        wrongCode = true;
        throw method === null
          ? new AuthError("mfa_verification_failed")
          : new AuthError(
              "mfa_verification_failed",
              {},
              "Tento kód už byl použit. Počkejte prosím na další kód v aplikaci.",
            );
      }
      await markVerified(who, factor, challenge.id, now);
      return await accounts.raiseSessionToAal2(who, method);
    } finally {
      if (!wrongCode) await attempt.release();
    }
  }

  /** The challenge a code answers: asked from this address, not yet answered, within its lifetime. */
  async function findLiveChallenge(
    factorId: string,
    challengeId: string,
    ipAddress: string,
    now: Date,
  ) {
    const [found] = await db
      .select()
      .from(mfaChallenges)
      .where(and(eq(mfaChallenges.id, challengeId), eq(mfaChallenges.factorId, factorId)));
    if (!found) throw new AuthError("mfa_factor_not_found");
    if (found.verifiedAt !== null || found.ipAddress !== ipAddress) {
      throw new AuthError("mfa_ip_address_mismatch");
    }
    if (now.getTime() - found.createdAt.getTime() > challengeLifetimeMs) {
      await db.delete(mfaChallenges).where(eq(mfaChallenges.id, found.id));
      throw new AuthError("mfa_challenge_expired");
    }
    return found;
  }

  /** After a right code: the challenge is answered, and a new factor verified. */
  async function markVerified(
    who: Authenticated,
    factor: FactorRow,
    challengeId: string,
    now: Date,
  ) {
    await db.transaction(async (tx) => {
      await tx
        .update(mfaChallenges)
        .set({ verifiedAt: now })
        .where(eq(mfaChallenges.id, challengeId));
      if (factor.status !== "verified") {
        const [another] = await tx
          .select({ id: mfaFactors.id })
          .from(mfaFactors)
          .where(and(eq(mfaFactors.userId, who.user.id), eq(mfaFactors.status, "verified")))
          .limit(1);
        await tx
          .update(mfaFactors)
          .set({ status: "verified", updatedAt: now })
          .where(eq(mfaFactors.id, factor.id));
        const account = { userId: who.user.id, email: who.user.email };
        await recordAuditEvent(
          tx,
          {
            // Her first app turns two-factor sign-in on; a later one is another phone.
            action: another ? "two_factor_app_added" : "two_factor_enrolled",
            actor: { kind: "account", ...account },
            target: account,
          },
          now,
        );
        // As GoTrue: her other unverified factors (abandoned set-ups) go.
        await tx
          .delete(mfaFactors)
          .where(
            and(
              eq(mfaFactors.userId, who.user.id),
              eq(mfaFactors.status, "unverified"),
              ne(mfaFactors.id, factor.id),
            ),
          );
      }
    });
  }

  /**
   * Uses a code once: a TOTP code of a later step than the last one
   * accepted, or an unused recovery code of a verified factor. The row
   * updates are conditional, so two requests with one code cannot both pass.
   */
  async function consumeCode(
    factor: FactorRow,
    code: string,
    now: Date,
  ): Promise<"totp" | "recovery_code" | "reused" | null> {
    const step = matchingStep(factor, code, now);
    if (step !== null) {
      const updated = await db
        .update(mfaFactors)
        .set({ lastUsedStep: step })
        .where(
          and(
            eq(mfaFactors.id, factor.id),
            or(isNull(mfaFactors.lastUsedStep), lt(mfaFactors.lastUsedStep, step)),
          ),
        )
        .returning({ id: mfaFactors.id });
      return updated.length > 0 ? "totp" : "reused";
    }
    if (factor.status !== "verified") return null;
    // The codes are the account's, whichever of her verified apps keeps them (`recoveryCodeHolder`).
    // Each digest has a salt of its own: her few unused codes are compared one by one.
    const normalised = normaliseRecoveryCode(code);
    const unused = await db
      .select({ id: mfaRecoveryCodes.id, codeHash: mfaRecoveryCodes.codeHash })
      .from(mfaRecoveryCodes)
      .innerJoin(mfaFactors, eq(mfaFactors.id, mfaRecoveryCodes.factorId))
      .where(
        and(
          eq(mfaFactors.userId, factor.userId),
          eq(mfaFactors.status, "verified"),
          isNull(mfaRecoveryCodes.usedAt),
        ),
      );
    const match = unused.find((row) => secretBox.matchesCode(row.codeHash, normalised));
    if (!match) return null;
    const used = await db
      .update(mfaRecoveryCodes)
      .set({ usedAt: now })
      .where(and(eq(mfaRecoveryCodes.id, match.id), isNull(mfaRecoveryCodes.usedAt)))
      .returning({ id: mfaRecoveryCodes.id });
    return used.length > 0 ? "recovery_code" : null;
  }

  /**
   * Removes a factor. A verified one only from an aal2 session: the account's
   * recovery codes it keeps move to another of her verified apps, and when
   * none is left, her sessions fall back to aal1 (and the codes go with it).
   */
  async function unenroll(who: Authenticated, factorId: string) {
    const factor = await findOwnFactor(who.user.id, factorId);
    if (factor.status === "verified" && who.aal !== "aal2") {
      throw new AuthError("insufficient_aal");
    }
    const lastOne = await db.transaction(async (tx) => {
      if (factor.status !== "verified") {
        await tx.delete(mfaFactors).where(eq(mfaFactors.id, factor.id));
        return false;
      }
      const heir = await recoveryCodeHolder(tx, who.user.id, factor.id);
      if (heir) {
        await tx
          .update(mfaRecoveryCodes)
          .set({ factorId: heir })
          .where(eq(mfaRecoveryCodes.factorId, factor.id));
      }
      await tx.delete(mfaFactors).where(eq(mfaFactors.id, factor.id));
      const account = { userId: who.user.id, email: who.user.email };
      await recordAuditEvent(
        tx,
        {
          action: "two_factor_app_removed",
          actor: { kind: "account", ...account },
          target: account,
        },
        clock.now(),
      );
      return heir === null;
    });
    if (lastOne || !(await accounts.listFactors(who.user.id)).some(isVerified)) {
      await accounts.lowerSessionsToAal1(who.user.id);
    }
    return { id: factor.id };
  }

  /**
   * New recovery codes for her account, at aal2 (as GoTrue's experimental
   * `POST /factors/recovery-codes/regenerate`, which auth-js calls
   * `mfa.recoveryCodes.regenerate`): every earlier code, used or not, stops
   * working in the same transaction; the new ones are returned this once.
   */
  async function regenerateRecoveryCodes(who: Authenticated) {
    const holder = await recoveryCodeHolder(db, who.user.id);
    if (!holder) throw new AuthError("mfa_factor_not_found");
    if (who.aal !== "aal2") throw new AuthError("insufficient_aal");
    const recovery = createRecoveryCodes(holder);
    await db.transaction(async (tx) => {
      const hers = tx
        .select({ id: mfaFactors.id })
        .from(mfaFactors)
        .where(eq(mfaFactors.userId, who.user.id));
      await tx.delete(mfaRecoveryCodes).where(inArray(mfaRecoveryCodes.factorId, hers));
      await tx.insert(mfaRecoveryCodes).values(recovery.rows);
      const account = { userId: who.user.id, email: who.user.email };
      await recordAuditEvent(
        tx,
        {
          action: "recovery_codes_regenerated",
          actor: { kind: "account", ...account },
          target: account,
        },
        clock.now(),
      );
    });
    return {
      id: holder,
      type: "recovery_code" as const,
      friendly_name: "",
      total: recovery.codes.length,
      codes: recovery.codes,
    };
  }

  return { enroll, challenge, verify, unenroll, regenerateRecoveryCodes };
}

export type Factors = ReturnType<typeof createFactors>;

const isVerified = (factor: FactorRow) => factor.status === "verified";

/**
 * The account's recovery codes are kept on one of her verified apps: the
 * oldest, leaving out `except` (the one being removed). Null when she has none.
 */
async function recoveryCodeHolder(
  db: Database,
  userId: string,
  except?: string,
): Promise<string | null> {
  const [holder] = await db
    .select({ id: mfaFactors.id })
    .from(mfaFactors)
    .where(
      and(
        eq(mfaFactors.userId, userId),
        eq(mfaFactors.status, "verified"),
        except === undefined ? undefined : ne(mfaFactors.id, except),
      ),
    )
    .orderBy(mfaFactors.createdAt)
    .limit(1);
  return holder?.id ?? null;
}

/**
 * What `npm run admin -- reset-2fa` does for a lost phone: every factor of
 * the account goes (with its recovery codes), and her sessions fall back to
 * aal1. Returns how many factors were removed, or null for an unknown e-mail.
 */
export async function resetTwoFactor(db: Database, email: string): Promise<number | null> {
  const [user] = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(eq(users.email, normaliseEmail(email)));
  if (!user) return null;
  return db.transaction(async (tx) => {
    const removed = await tx
      .delete(mfaFactors)
      .where(eq(mfaFactors.userId, user.id))
      .returning({ id: mfaFactors.id });
    await tx.update(authSessions).set({ aal: "aal1" }).where(eq(authSessions.userId, user.id));
    if (removed.length > 0) {
      await recordAuditEvent(tx, {
        action: "two_factor_reset",
        actor: { kind: "command_line" },
        target: { userId: user.id, email: user.email },
      });
    }
    return removed.length;
  });
}

/**
 * At start-up, before the app serves: seals the secrets and salts the
 * recovery-code digests stored in clear by earlier versions (each row is
 * updated only while it still holds what was read, so servers starting
 * together convert it once), and refuses to start when a sealed secret does
 * not open with this key (a restore on another machine without the key, or
 * servers sharing a database with different keys): codes would otherwise fail
 * later, for no reason she could see. Nothing is written before that check.
 */
export async function sealStoredFactorSecrets(
  db: Database,
  secretBox: SecretBox,
): Promise<{ secrets: number; recoveryCodes: number }> {
  const factors = await db
    .select({ id: mfaFactors.id, secret: mfaFactors.secret, email: users.email })
    .from(mfaFactors)
    .innerJoin(users, eq(users.id, mfaFactors.userId));
  const unreadable = new Set<string>();
  for (const factor of factors.filter((one) => secretBox.isSealed(one.secret))) {
    try {
      secretBox.open(factor.secret, secretContext(factor.id));
    } catch (error) {
      if (!(error instanceof UnreadableSecretError)) throw error;
      unreadable.add(factor.email);
    }
  }
  if (unreadable.size > 0) {
    throw new ConfigError(
      `DATA_KEY: the authenticator apps of ${[...unreadable].join(", ")} were stored with another data key. ` +
        "Give this server that key (set DATA_KEY to it, or copy the file data-key from the data folder of the server that stored them). " +
        "If it is lost, remove those apps with `npm run admin -- reset-2fa <email>`; each account then sets up its app again.",
    );
  }

  let secrets = 0;
  for (const factor of factors.filter((one) => !secretBox.isSealed(one.secret))) {
    const sealed = await db
      .update(mfaFactors)
      .set({ secret: secretBox.seal(factor.secret, secretContext(factor.id)) })
      .where(and(eq(mfaFactors.id, factor.id), eq(mfaFactors.secret, factor.secret)))
      .returning({ id: mfaFactors.id });
    secrets += sealed.length;
  }
  // The codes themselves are not known: the salted digest is taken of the old digest.
  const codes = await db
    .select({ id: mfaRecoveryCodes.id, codeHash: mfaRecoveryCodes.codeHash })
    .from(mfaRecoveryCodes);
  let recoveryCodes = 0;
  for (const code of codes.filter((one) => !secretBox.isSaltedDigest(one.codeHash))) {
    const salted = await db
      .update(mfaRecoveryCodes)
      .set({ codeHash: secretBox.rewrapDigest(code.codeHash) })
      .where(and(eq(mfaRecoveryCodes.id, code.id), eq(mfaRecoveryCodes.codeHash, code.codeHash)))
      .returning({ id: mfaRecoveryCodes.id });
    recoveryCodes += salted.length;
  }
  return { secrets, recoveryCodes };
}
