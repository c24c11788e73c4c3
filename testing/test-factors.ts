/**
 * Authenticator apps for tests of a `startTestServer` server, over the real
 * HTTP API as auth-js calls it: enroll, challenge, verify, with the codes an
 * app would show at the server's time.
 */
import * as OTPAuth from "otpauth";
import type { TestServer } from "./test-app";

export type EnrolledFactor = { id: string; secret: string; recoveryCodes: string[] };

/** A POST to the auth API as a signed-in client at `address`. */
export function postAsClient(
  server: TestServer,
  path: string,
  { token, address, body = {} }: { token: string; address: string; body?: unknown },
) {
  return fetch(`${server.origin}/auth/v1${path}`, {
    method: "POST",
    headers: {
      "Content-Type": "application/json",
      Authorization: `Bearer ${token}`,
      "X-Forwarded-For": address,
    },
    body: JSON.stringify(body),
  });
}

/** The code the app shows at the server's time (or `stepsLater` steps later). */
export function appCode(server: TestServer, secret: string, stepsLater = 0): string {
  return new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret) }).generate({
    timestamp: server.now().getTime() + stepsLater * 30_000,
  });
}

/** A six-digit code the app shows at none of the steps the server accepts now. */
export function wrongCode(server: TestServer, secret: string): string {
  const accepted = [-1, 0, 1].map((steps) => appCode(server, secret, steps));
  return ["000000", "111111", "222222", "333333"].find((code) => !accepted.includes(code)) ?? "";
}

export async function enrollFactor(
  server: TestServer,
  { token, address }: { token: string; address: string },
): Promise<EnrolledFactor> {
  const response = await postAsClient(server, "/factors", {
    token,
    address,
    body: { factor_type: "totp", friendly_name: "Telefon" },
  });
  if (response.status !== 200) throw new Error(`enroll: ${response.status}`);
  const body = (await response.json()) as {
    id: string;
    totp: { secret: string };
    recovery_codes: string[];
  };
  return { id: body.id, secret: body.totp.secret, recoveryCodes: body.recovery_codes };
}

/** A challenge of the factor, asked from `address`; returns its id. */
export async function challengeFactor(
  server: TestServer,
  factorId: string,
  { token, address }: { token: string; address: string },
): Promise<string> {
  const response = await postAsClient(server, `/factors/${factorId}/challenge`, {
    token,
    address,
  });
  if (response.status !== 200) throw new Error(`challenge: ${response.status}`);
  return ((await response.json()) as { id: string }).id;
}

/** Answers a challenge with a code; the raw answer, whatever it is. */
export function verifyCode(
  server: TestServer,
  factorId: string,
  {
    token,
    address,
    challengeId,
    code,
  }: {
    token: string;
    address: string;
    challengeId: string;
    code: string;
  },
) {
  return postAsClient(server, `/factors/${factorId}/verify`, {
    token,
    address,
    body: { challenge_id: challengeId, code },
  });
}

/** A challenge answered with a code; the raw answer. */
export async function challengeAndVerify(
  server: TestServer,
  factorId: string,
  client: { token: string; address: string },
  code: string,
) {
  const challengeId = await challengeFactor(server, factorId, client);
  return verifyCode(server, factorId, { ...client, challengeId, code });
}
