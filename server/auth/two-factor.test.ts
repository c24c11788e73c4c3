/**
 * Two-factor sign-in driven by the real @supabase/auth-js: its own
 * `mfa.enroll`, `challenge`, `verify`, `unenroll`, `listFactors` and
 * `getAuthenticatorAssuranceLevel`, unchanged, against our server; codes
 * computed with `otpauth`, as an authenticator app does.
 */
import type { AuthChangeEvent, GoTrueClient } from "@supabase/auth-js";
import { asc, eq } from "drizzle-orm";
import * as OTPAuth from "otpauth";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, authSessions, mfaFactors } from "#database/schema";
import { startTestServer, type TestServer } from "#testing/test-app";
import { createTestAuthClient } from "#testing/test-auth-client";
import { testDatabases, testTimeoutMs } from "#testing/test-databases";
import { resetTwoFactor, verifyFailureLimit } from "./factors";

let server: TestServer;
let counter = 0;

type Enrolled = { id: string; secret: string; recoveryCodes: string[] };

function createClient(address: string) {
  // auth-js's `mfa.recoveryCodes` (GoTrue's experimental API) asks for this flag.
  return createTestAuthClient(server.origin, address, { experimental: { recoveryCodes: true } });
}

/** A new account, signed in on a client of its own address. */
async function signedInAccount() {
  counter += 1;
  const email = `dvoufazove${counter}-${Date.now()}@example.cz`;
  const address = `198.51.100.${counter % 250}`;
  const client = createClient(address);
  const signUp = await client.signUp({
    email,
    password: "bylinky-a-vune",
    options: { data: { full_name: "Kateřina" } },
  });
  expect(signUp.error).toBeNull();
  await server.confirmEmail(email);
  const signIn = await client.signInWithPassword({ email, password: "bylinky-a-vune" });
  expect(signIn.error).toBeNull();
  return { client, email, address };
}

/** The method of an `amr` entry (auth-js types it as an object or a bare string). */
const methodOf = (entry: string | { method: string }) =>
  typeof entry === "string" ? entry : entry.method;

function codeAt(secret: string, timestamp = Date.now()) {
  const totp = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret) });
  return totp.generate({ timestamp });
}

async function enroll(client: GoTrueClient): Promise<Enrolled> {
  const { data, error } = await client.mfa.enroll({
    factorType: "totp",
    friendlyName: "Telefon",
  });
  expect(error).toBeNull();
  if (data?.type !== "totp") throw new Error("no TOTP factor");
  const recoveryCodes = (data as unknown as { recovery_codes: string[] }).recovery_codes;
  return { id: data.id, secret: data.totp.secret, recoveryCodes };
}

async function challengeAndVerify(client: GoTrueClient, factorId: string, code: string) {
  const challenge = await client.mfa.challenge({ factorId });
  expect(challenge.error).toBeNull();
  return client.mfa.verify({ factorId, challengeId: challenge.data?.id ?? "", code });
}

/** An account with a verified factor, at aal2 on its client. */
async function accountWithFactor() {
  const account = await signedInAccount();
  const factor = await enroll(account.client);
  const verified = await challengeAndVerify(account.client, factor.id, codeAt(factor.secret));
  expect(verified.error).toBeNull();
  return { ...account, factor };
}

// Argon2 hashes each recovery code: seconds on a busy machine, beyond the default 5 s.
describe.each(testDatabases)("on $name", { timeout: testTimeoutMs }, ({ open }) => {
  beforeAll(async () => {
    server = await startTestServer({ open });
  }, 180_000);
  afterAll(async () => {
    await server?.close();
  });

  it("enrolls a TOTP factor: a QR code as an SVG data URI, the secret in text, the otpauth URI and eight recovery codes", async () => {
    const { client, email } = await signedInAccount();
    const { data, error } = await client.mfa.enroll({
      factorType: "totp",
      friendlyName: "Telefon",
    });
    expect(error).toBeNull();
    if (data?.type !== "totp") throw new Error("no TOTP factor");
    expect(data.friendly_name).toBe("Telefon");
    expect(data.totp.qr_code).toMatch(/^data:image\/svg\+xml;utf-8,<svg /);
    expect(data.totp.qr_code).not.toContain("#");
    expect(data.totp.secret).toMatch(/^[A-Z2-7]{32}$/);
    const uri = new URL(data.totp.uri);
    expect(uri.protocol).toBe("otpauth:");
    expect(uri.searchParams.get("secret")).toBe(data.totp.secret);
    expect(decodeURIComponent(uri.pathname)).toContain(email);
    const codes = (data as unknown as { recovery_codes: string[] }).recovery_codes;
    expect(codes).toHaveLength(8);
    expect(new Set(codes).size).toBe(8);

    // Until a code is verified, the factor does not count.
    const level = await client.mfa.getAuthenticatorAssuranceLevel();
    expect(level.data).toMatchObject({ currentLevel: "aal1", nextLevel: "aal1" });
    const listed = await client.mfa.listFactors();
    expect(listed.data?.all.map((factor) => factor.status)).toEqual(["unverified"]);
    expect(listed.data?.totp).toEqual([]);
  });

  it("challenge and verify move the session from aal1 to aal2 and fire MFA_CHALLENGE_VERIFIED", async () => {
    const { client } = await signedInAccount();
    const factor = await enroll(client);
    const events: AuthChangeEvent[] = [];
    client.onAuthStateChange((event) => {
      events.push(event);
    });

    const challenge = await client.mfa.challenge({ factorId: factor.id });
    expect(challenge.error).toBeNull();
    expect(challenge.data?.type).toBe("totp");
    expect(challenge.data?.expires_at).toBeGreaterThan(Date.now() / 1000);
    const verified = await client.mfa.verify({
      factorId: factor.id,
      challengeId: challenge.data?.id ?? "",
      code: codeAt(factor.secret),
    });
    expect(verified.error).toBeNull();
    expect(events).toContain("MFA_CHALLENGE_VERIFIED");

    const level = await client.mfa.getAuthenticatorAssuranceLevel();
    expect(level.data?.currentLevel).toBe("aal2");
    expect(level.data?.nextLevel).toBe("aal2");
    expect(level.data?.currentAuthenticationMethods.map(methodOf)).toEqual(["totp", "password"]);
    const listed = await client.mfa.listFactors();
    expect(listed.data?.totp.map((one) => one.id)).toEqual([factor.id]);

    // A refresh keeps the level: it is the session's, not the token's.
    const refreshed = await client.refreshSession();
    expect(refreshed.error).toBeNull();
    const after = await client.mfa.getAuthenticatorAssuranceLevel();
    expect(after.data?.currentLevel).toBe("aal2");
  });

  it("a new sign-in of an account with a factor starts at aal1 with aal2 next", async () => {
    const { email, factor } = await accountWithFactor();
    const other = createClient("203.0.113.77");
    expect(
      (await other.signInWithPassword({ email, password: "bylinky-a-vune" })).error,
    ).toBeNull();
    const level = await other.mfa.getAuthenticatorAssuranceLevel();
    expect(level.data).toMatchObject({ currentLevel: "aal1", nextLevel: "aal2" });
    const verified = await challengeAndVerify(
      other,
      factor.id,
      codeAt(factor.secret, Date.now() + 30_000),
    );
    expect(verified.error).toBeNull();
    expect((await other.mfa.getAuthenticatorAssuranceLevel()).data?.currentLevel).toBe("aal2");
  });

  it("accepts the code of the step before and after, not two steps away", async () => {
    const { client, email } = await signedInAccount();
    const factor = await enroll(client);
    const twoStepsAgo = await challengeAndVerify(
      client,
      factor.id,
      codeAt(factor.secret, Date.now() - 70_000),
    );
    expect(twoStepsAgo.error?.code).toBe("mfa_verification_failed");
    expect(
      (await challengeAndVerify(client, factor.id, codeAt(factor.secret, Date.now() - 30_000)))
        .error,
    ).toBeNull();
    const other = createClient("203.0.113.78");
    await other.signInWithPassword({ email, password: "bylinky-a-vune" });
    expect(
      (await challengeAndVerify(other, factor.id, codeAt(factor.secret, Date.now() + 30_000)))
        .error,
    ).toBeNull();
  });

  it("refuses a code used once already, in Czech", async () => {
    const { client, email, factor } = await accountWithFactor();
    const other = createClient("203.0.113.79");
    await other.signInWithPassword({ email, password: "bylinky-a-vune" });
    // The code that verified the factor a moment ago.
    const reused = await challengeAndVerify(other, factor.id, codeAt(factor.secret));
    expect(reused.error?.status).toBe(422);
    expect(reused.error?.code).toBe("mfa_verification_failed");
    expect(reused.error?.message).toBe(
      "Tento kód už byl použit. Počkejte prosím na další kód v aplikaci.",
    );
    expect((await other.mfa.getAuthenticatorAssuranceLevel()).data?.currentLevel).toBe("aal1");
    expect((await client.mfa.getAuthenticatorAssuranceLevel()).data?.currentLevel).toBe("aal2");
  });

  it("refuses a wrong code, and after five wrong ones refuses even the right one (429)", async () => {
    const { client, factor } = await (async () => {
      const account = await signedInAccount();
      return { ...account, factor: await enroll(account.client) };
    })();
    const right = codeAt(factor.secret);
    const wrong = right === "000000" ? "111111" : "000000";
    const statuses: (number | undefined)[] = [];
    for (let n = 0; n < verifyFailureLimit.limit; n += 1) {
      const attempt = await challengeAndVerify(client, factor.id, wrong);
      expect(attempt.error?.message).toBe("Kód nesouhlasí. Opište prosím aktuální kód z aplikace.");
      statuses.push(attempt.error?.status);
    }
    expect(statuses).toEqual(Array(verifyFailureLimit.limit).fill(422));
    const throttled = await challengeAndVerify(client, factor.id, right);
    expect(throttled.error?.status).toBe(429);
    expect(throttled.error?.code).toBe("over_request_rate_limit");
    expect((await client.mfa.getAuthenticatorAssuranceLevel()).data?.currentLevel).toBe("aal1");
  });

  it("refuses a challenge from another address", async () => {
    const { client, email, factor } = await accountWithFactor();
    const challenge = await client.mfa.challenge({ factorId: factor.id });
    const elsewhere = createClient("203.0.113.80");
    await elsewhere.signInWithPassword({ email, password: "bylinky-a-vune" });
    const verified = await elsewhere.mfa.verify({
      factorId: factor.id,
      challengeId: challenge.data?.id ?? "",
      code: codeAt(factor.secret, Date.now() + 30_000),
    });
    expect(verified.error?.code).toBe("mfa_ip_address_mismatch");
  });

  it("accepts each recovery code once instead of a code, and only for a verified factor", async () => {
    const { email, factor } = await accountWithFactor();
    const [first, second] = factor.recoveryCodes as [string, string];
    const phoneLost = createClient("203.0.113.81");
    await phoneLost.signInWithPassword({ email, password: "bylinky-a-vune" });
    expect((await challengeAndVerify(phoneLost, factor.id, first.toUpperCase())).error).toBeNull();
    const level = await phoneLost.mfa.getAuthenticatorAssuranceLevel();
    expect(level.data?.currentLevel).toBe("aal2");
    expect(level.data?.currentAuthenticationMethods.map(methodOf)[0]).toBe("recovery_code");

    const again = createClient("203.0.113.82");
    await again.signInWithPassword({ email, password: "bylinky-a-vune" });
    expect((await challengeAndVerify(again, factor.id, first)).error?.code).toBe(
      "mfa_verification_failed",
    );
    expect((await challengeAndVerify(again, factor.id, second)).error).toBeNull();

    // A factor not yet verified takes no recovery code.
    const fresh = await signedInAccount();
    const unverified = await enroll(fresh.client);
    const refused = await challengeAndVerify(
      fresh.client,
      unverified.id,
      unverified.recoveryCodes[0] as string,
    );
    expect(refused.error?.code).toBe("mfa_verification_failed");
  });

  it("with an app, sets a new password only from a session that passed its code", async () => {
    const { client, email } = await accountWithFactor();
    // Her password alone (a session at aal1) cannot lock her out by changing it.
    const atAal1 = createClient("203.0.113.84");
    await atAal1.signInWithPassword({ email, password: "bylinky-a-vune" });
    const refused = await atAal1.updateUser({ password: "cizi-heslo-123" });
    expect(refused.error?.code).toBe("insufficient_aal");
    expect(
      (await createClient("203.0.113.85").signInWithPassword({ email, password: "bylinky-a-vune" }))
        .error,
    ).toBeNull();
    // Her name still changes at aal1; the password only at aal2.
    expect((await atAal1.updateUser({ data: { full_name: "Jana Lesní" } })).error).toBeNull();
    expect(
      (
        await client.updateUser({
          password: "nove-heslo-s-kodem",
          current_password: "bylinky-a-vune",
        })
      ).error,
    ).toBeNull();
  });

  it("unenrolls only from aal2; then the account is back at aal1", async () => {
    const { client, email, factor } = await accountWithFactor();
    const atAal1 = createClient("203.0.113.83");
    await atAal1.signInWithPassword({ email, password: "bylinky-a-vune" });
    const refused = await atAal1.mfa.unenroll({ factorId: factor.id });
    expect(refused.error?.code).toBe("insufficient_aal");
    // Nor may she add another factor before she proves the first.
    const another = await atAal1.mfa.enroll({ factorType: "totp", friendlyName: "Tablet" });
    expect(another.error?.code).toBe("insufficient_aal");

    const { data, error } = await client.mfa.unenroll({ factorId: factor.id });
    expect(error).toBeNull();
    expect(data).toEqual({ id: factor.id });
    expect((await client.mfa.listFactors()).data?.all).toEqual([]);
    await client.refreshSession();
    expect((await client.mfa.getAuthenticatorAssuranceLevel()).data).toMatchObject({
      currentLevel: "aal1",
      nextLevel: "aal1",
    });
  });

  it("answers another account's factor, and a malformed id, with 404 mfa_factor_not_found", async () => {
    const { factor } = await accountWithFactor();
    const stranger = await signedInAccount();
    expect((await stranger.client.mfa.challenge({ factorId: factor.id })).error?.code).toBe(
      "mfa_factor_not_found",
    );
    expect((await stranger.client.mfa.unenroll({ factorId: "not-a-uuid" })).error?.status).toBe(
      404,
    );
  });

  it("reset-2fa removes every factor of the account and lowers its sessions to aal1", async () => {
    const { client, email } = await accountWithFactor();
    expect(await resetTwoFactor(server.db, email)).toBe(1);
    expect(await resetTwoFactor(server.db, "nikdo@example.cz")).toBeNull();
    expect((await client.mfa.listFactors()).data?.all).toEqual([]);
    const { data } = await client.getSession();
    const sessionId = JSON.parse(
      Buffer.from(data.session?.access_token.split(".")[1] ?? "", "base64url").toString(),
    ).session_id as string;
    const [row] = await server.db.select().from(authSessions).where(eq(authSessions.id, sessionId));
    expect(row?.aal).toBe("aal1");
  });

  /** The audit log's actions about one account, oldest first. */
  async function auditedActions(email: string) {
    const rows = await server.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.targetEmail, email))
      .orderBy(asc(auditLog.id));
    return rows.map((row) => row.action);
  }

  it("keeps one pending set-up: enrolling again (a reload) answers with the same secret, still sealed at rest, and its code verifies", async () => {
    const { client } = await signedInAccount();
    const first = await enroll(client);
    const reloaded = await enroll(client);
    expect(reloaded.id).toBe(first.id);
    expect(reloaded.secret).toBe(first.secret);
    // The codes of the first answer were never shown (they come after the first code): new ones.
    expect(reloaded.recoveryCodes).toHaveLength(8);
    expect(reloaded.recoveryCodes).not.toEqual(first.recoveryCodes);
    expect((await client.mfa.listFactors()).data?.all).toHaveLength(1);
    const [row] = await server.db.select().from(mfaFactors).where(eq(mfaFactors.id, first.id));
    expect(row?.secret).not.toContain(first.secret);

    expect((await challengeAndVerify(client, first.id, codeAt(first.secret))).error).toBeNull();
    expect((await client.mfa.getAuthenticatorAssuranceLevel()).data?.currentLevel).toBe("aal2");
  });

  it("gives a pending set-up's secret only to the sign-in that began it: another one with her password gets a new factor, which replaces it", async () => {
    const { client, email } = await signedInAccount();
    const hers = await enroll(client);
    const passwordAlone = createClient("203.0.113.96");
    await passwordAlone.signInWithPassword({ email, password: "bylinky-a-vune" });
    const other = await enroll(passwordAlone);
    expect(other.id).not.toBe(hers.id);
    expect(other.secret).not.toBe(hers.secret);
    expect((await client.mfa.listFactors()).data?.all.map((factor) => factor.id)).toEqual([
      other.id,
    ]);
    // Her reload now shows a new QR code (the screen says the old entry is dead), not the other's.
    const again = await enroll(client);
    expect(again.secret).not.toBe(other.secret);
    expect(again.secret).not.toBe(hers.secret);
  });

  it("a deliberately new code replaces the pending set-up: the old secret's factor is gone", async () => {
    const { client } = await signedInAccount();
    const first = await enroll(client);
    expect((await client.mfa.unenroll({ factorId: first.id })).error).toBeNull();
    const replaced = await enroll(client);
    expect(replaced.id).not.toBe(first.id);
    expect(replaced.secret).not.toBe(first.secret);
    expect((await client.mfa.listFactors()).data?.all.map((factor) => factor.id)).toEqual([
      replaced.id,
    ]);
    // The dead entry's codes open nothing; the new one's do.
    expect((await client.mfa.challenge({ factorId: first.id })).error?.code).toBe(
      "mfa_factor_not_found",
    );
    expect((await challengeAndVerify(client, replaced.id, codeAt(first.secret))).error?.code).toBe(
      "mfa_verification_failed",
    );
    expect(
      (await challengeAndVerify(client, replaced.id, codeAt(replaced.secret))).error,
    ).toBeNull();
  });

  it("at aal2 adds a second app (no new recovery codes) whose codes sign in; at aal1 adding or removing one is refused", async () => {
    const { client, email, factor } = await accountWithFactor();
    const atAal1 = createClient("203.0.113.91");
    await atAal1.signInWithPassword({ email, password: "bylinky-a-vune" });
    expect(
      (await atAal1.mfa.enroll({ factorType: "totp", friendlyName: "Tablet" })).error?.code,
    ).toBe("insufficient_aal");

    const added = await client.mfa.enroll({ factorType: "totp", friendlyName: "Tablet" });
    expect(added.error).toBeNull();
    if (added.data?.type !== "totp") throw new Error("no TOTP factor");
    expect((added.data as unknown as { recovery_codes: string[] }).recovery_codes).toEqual([]);
    const secondSecret = added.data.totp.secret;
    expect(
      (await challengeAndVerify(client, added.data.id, codeAt(secondSecret))).error,
    ).toBeNull();
    const listed = (await client.mfa.listFactors()).data?.totp ?? [];
    expect(listed.map((one) => one.id)).toEqual([factor.id, added.data.id]);

    // Her second phone alone signs her in (with its next code: each works once).
    const secondPhone = createClient("203.0.113.92");
    await secondPhone.signInWithPassword({ email, password: "bylinky-a-vune" });
    expect(
      (
        await challengeAndVerify(
          secondPhone,
          added.data.id,
          codeAt(secondSecret, Date.now() + 30_000),
        )
      ).error,
    ).toBeNull();

    // (The second phone's code ended the other sessions at aal1: her password alone again.)
    const passwordAlone = createClient("203.0.113.95");
    await passwordAlone.signInWithPassword({ email, password: "bylinky-a-vune" });
    const refused = await passwordAlone.mfa.unenroll({ factorId: factor.id });
    expect(refused.error?.code).toBe("insufficient_aal");
    expect((await client.mfa.listFactors()).data?.totp).toHaveLength(2);
    expect(await auditedActions(email)).toEqual(["two_factor_enrolled", "two_factor_app_added"]);
  });

  it("at aal2 removes the first of two apps: the other keeps the session at aal2 and the recovery codes move to it", async () => {
    const { client, email, factor } = await accountWithFactor();
    const added = await client.mfa.enroll({ factorType: "totp", friendlyName: "Nový telefon" });
    if (added.data?.type !== "totp") throw new Error("no TOTP factor");
    const secondId = added.data.id;
    expect(
      (await challengeAndVerify(client, secondId, codeAt(added.data.totp.secret))).error,
    ).toBeNull();

    expect((await client.mfa.unenroll({ factorId: factor.id })).error).toBeNull();
    expect((await client.mfa.listFactors()).data?.all.map((one) => one.id)).toEqual([secondId]);
    await client.refreshSession();
    expect((await client.mfa.getAuthenticatorAssuranceLevel()).data?.currentLevel).toBe("aal2");

    // The old phone's entry opens nothing; a recovery code of the first set still works.
    const phoneLost = createClient("203.0.113.93");
    await phoneLost.signInWithPassword({ email, password: "bylinky-a-vune" });
    expect((await phoneLost.mfa.challenge({ factorId: factor.id })).error?.code).toBe(
      "mfa_factor_not_found",
    );
    expect(
      (await challengeAndVerify(phoneLost, secondId, factor.recoveryCodes[0] as string)).error,
    ).toBeNull();
    expect(await auditedActions(email)).toEqual([
      "two_factor_enrolled",
      "two_factor_app_added",
      "two_factor_app_removed",
    ]);
  });

  it("new recovery codes (auth-js mfa.recoveryCodes.regenerate) at aal2 end the old ones at once; refused at aal1 and without an app", async () => {
    const { client, email, factor } = await accountWithFactor();
    const [oldCode, anotherOldCode] = factor.recoveryCodes as [string, string];

    const atAal1 = createClient("203.0.113.94");
    await atAal1.signInWithPassword({ email, password: "bylinky-a-vune" });
    expect((await atAal1.mfa.recoveryCodes.regenerate()).error?.code).toBe("insufficient_aal");
    const withoutApp = await signedInAccount();
    expect((await withoutApp.client.mfa.recoveryCodes.regenerate()).error?.code).toBe(
      "mfa_factor_not_found",
    );

    const { data, error } = await client.mfa.recoveryCodes.regenerate();
    expect(error).toBeNull();
    expect(data).toMatchObject({ type: "recovery_code", total: 8 });
    const codes = data?.codes ?? [];
    expect(codes).toHaveLength(8);
    expect(codes).not.toContain(oldCode);

    // The old codes, even the ones refused at aal1 before, open nothing now.
    expect((await challengeAndVerify(atAal1, factor.id, oldCode)).error?.code).toBe(
      "mfa_verification_failed",
    );
    expect((await challengeAndVerify(atAal1, factor.id, anotherOldCode)).error?.code).toBe(
      "mfa_verification_failed",
    );
    expect((await challengeAndVerify(atAal1, factor.id, codes[0] as string)).error).toBeNull();
    expect(await auditedActions(email)).toEqual([
      "two_factor_enrolled",
      "recovery_codes_regenerated",
    ]);
  });
});
