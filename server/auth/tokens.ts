import { createHash, createHmac, randomBytes } from "node:crypto";
import { errors as joseErrors, jwtVerify, SignJWT } from "jose";
import type { AssuranceLevel, AuthenticationMethod } from "#database/schema";

/** GoTrue's default; the browser refreshes when fewer than 120 s are left. */
export const accessTokenLifetimeSeconds = 3600;

const audience = "authenticated";

/** The claims our access tokens carry, named as GoTrue names them. */
export type AccessTokenClaims = {
  sub: string;
  session_id: string;
  email: string;
  /** The level the session had when the token was issued; anything else reads as aal1. */
  aal: AssuranceLevel;
  exp: number;
  iat: number;
};

/**
 * The level a request proves: the lower of its token's claim and its
 * session's level now. A token issued before a code was verified stays aal1
 * (GoTrue reads the claim), and a session lowered since (an app removed)
 * lowers the tokens it issued before.
 */
export function lowerAssuranceLevel(
  claim: AssuranceLevel,
  session: AssuranceLevel,
): AssuranceLevel {
  return claim === "aal2" && session === "aal2" ? "aal2" : "aal1";
}

type AccessTokenInput = {
  userId: string;
  sessionId: string;
  email: string;
  userMetadata: Record<string, unknown>;
  /** The session's assurance level: aal2 once a second factor was verified. */
  aal: AssuranceLevel;
  /** How she proved who she is, newest first: "totp", "password", "otp" (a recovery link). */
  amr: AuthenticationMethod[];
  /** Seconds since the epoch. */
  issuedAt: number;
  lifetimeSeconds?: number;
  issuer: string;
};

function keyFrom(secret: string): Uint8Array {
  return new TextEncoder().encode(secret);
}

/** A signed access token (HS256) and the moment it expires, in seconds since the epoch. */
export async function createAccessToken(
  secret: string,
  input: AccessTokenInput,
): Promise<{ token: string; expiresAt: number; expiresIn: number }> {
  const expiresIn = input.lifetimeSeconds ?? accessTokenLifetimeSeconds;
  const expiresAt = input.issuedAt + expiresIn;
  const token = await new SignJWT({
    email: input.email,
    phone: "",
    app_metadata: { provider: "email", providers: ["email"] },
    user_metadata: input.userMetadata,
    role: "authenticated",
    aal: input.aal,
    amr: input.amr,
    session_id: input.sessionId,
    is_anonymous: false,
  })
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setSubject(input.userId)
    .setAudience(audience)
    .setIssuer(input.issuer)
    .setIssuedAt(input.issuedAt)
    .setExpirationTime(expiresAt)
    .sign(keyFrom(secret));
  return { token, expiresAt, expiresIn };
}

export type AccessTokenCheck =
  | { valid: true; claims: AccessTokenClaims }
  | { valid: false; reason: "expired" | "invalid" };

/** Checks the signature, the algorithm, the audience and the expiry of an access token. */
export async function verifyAccessToken(
  secret: string,
  token: string,
  now: Date,
): Promise<AccessTokenCheck> {
  try {
    const { payload } = await jwtVerify(token, keyFrom(secret), {
      algorithms: ["HS256"],
      audience,
      currentDate: now,
      requiredClaims: ["sub", "exp", "iat", "session_id"],
    });
    if (typeof payload.sub !== "string" || typeof payload.session_id !== "string") {
      return { valid: false, reason: "invalid" };
    }
    return {
      valid: true,
      claims: {
        sub: payload.sub,
        session_id: payload.session_id,
        email: typeof payload.email === "string" ? payload.email : "",
        aal: payload.aal === "aal2" ? "aal2" : "aal1",
        exp: payload.exp as number,
        iat: payload.iat as number,
      },
    };
  } catch (error) {
    if (error instanceof joseErrors.JWTExpired) return { valid: false, reason: "expired" };
    return { valid: false, reason: "invalid" };
  }
}

/** The stored form of a token: only its SHA-256 digest ever reaches the database. */
export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/**
 * A refresh token is derived from its row id with the server secret. The
 * database keeps only its digest, yet the server can hand the session's
 * current token back to a tab that lost the race to rotate it (GoTrue's
 * reuse rule) without ever storing a usable token.
 */
export function deriveRefreshToken(secret: string, tokenId: string): string {
  return createHmac("sha256", secret).update(`refresh-token:${tokenId}`).digest("base64url");
}

/** An unguessable single-use token for links sent by e-mail. */
export function createRandomToken(): string {
  return randomBytes(32).toString("base64url");
}
