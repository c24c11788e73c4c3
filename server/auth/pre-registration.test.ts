/**
 * Pre-registration: someone signs up with another person's address before
 * she does. Until the address is confirmed the account is nobody's: it cannot
 * sign in, set up an authenticator app or ask the owner for access; the
 * sign-up that is confirmed sets the password; the confirmation ends every
 * sign-in and removes every factor made before it; a role is never given to
 * an account that still holds such leftovers; and `/signup` answers alike for
 * every address. Driven by the real @supabase/auth-js over HTTP, with mail
 * read from the outbox's local folder.
 */
import type { GoTrueClient } from "@supabase/auth-js";
import { eq } from "drizzle-orm";
import * as OTPAuth from "otpauth";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mailOutbox, mfaFactors, mfaRecoveryCodes, users } from "#database/schema";
import { authMessages } from "#shared/auth-schemas";
import { memberAccessMessages } from "#shared/member-access";
import { site } from "#shared/site";
import { startTestServer, type TestServer } from "#testing/test-app";
import { createTestAuthClient } from "#testing/test-auth-client";
import { openTimeoutMs, testDatabases, testTimeoutMs } from "#testing/test-databases";
import { parseAdminCommand, runAdminCommand } from "../../scripts/admin";
import { exitCodes } from "../../scripts/exit-codes";
import { emailNotConfirmedForFactor } from "./factors";
import { grantAdmin } from "./roles";
import { authRateLimits } from "./throttling";

let server: TestServer;
let clientCounter = 0;
let emailCounter = 0;

const attackerPassword = "utocnikovo-tajne-heslo";
const ownerPassword = "levandule-a-rozmaryn";

function createClient() {
  clientCounter += 1;
  return createTestAuthClient(server.origin, `203.0.113.${clientCounter % 250}`);
}

function newEmail(name = "majitelka") {
  emailCounter += 1;
  return `${name}${emailCounter}-${Date.now()}@example.cz`;
}

async function signUp(client: GoTrueClient, email: string, password: string, fullName: string) {
  const { data, error } = await client.signUp({
    email,
    password,
    options: { data: { full_name: fullName }, emailRedirectTo: server.origin },
  });
  expect(error).toBeNull();
  await server.settle();
  return data;
}

async function postSignUp(email: string, password: string, address: string) {
  const response = await fetch(`${server.origin}/auth/v1/signup`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "X-Forwarded-For": address },
    body: JSON.stringify({ email, password, data: { full_name: "Jana Nová" } }),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

async function mailsTo(email: string) {
  return (await server.readMails()).filter(
    (mail) => !Array.isArray(mail.to) && mail.to?.text === email,
  );
}

async function accountOf(email: string) {
  const [row] = await server.db.select().from(users).where(eq(users.email, email));
  if (!row) throw new Error(`no account ${email}`);
  return row;
}

/**
 * A session of an unconfirmed account, as the code before this rule handed
 * out at sign-up: databases in use hold such sessions. Made by signing in
 * while the address briefly counts as confirmed.
 */
async function sessionFromBefore(client: GoTrueClient, email: string, password: string) {
  await server.db.update(users).set({ emailConfirmedAt: new Date() }).where(eq(users.email, email));
  const { data, error } = await client.signInWithPassword({ email, password });
  expect(error).toBeNull();
  await server.db.update(users).set({ emailConfirmedAt: null }).where(eq(users.email, email));
  if (!data.session) throw new Error("no session");
  return data.session;
}

/** The code the app shows at the server's time. */
function codeOf(secret: string) {
  return new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret) }).generate({
    timestamp: server.now().getTime(),
  });
}

/** Enrolls and verifies an authenticator app: its recovery codes and the aal2 session's refresh token. */
async function enrollTotp(client: GoTrueClient) {
  const enrolled = await client.mfa.enroll({ factorType: "totp", friendlyName: "Telefon" });
  expect(enrolled.error).toBeNull();
  if (enrolled.data?.type !== "totp") throw new Error("no TOTP factor");
  const factorId = enrolled.data.id;
  const recoveryCodes = (enrolled.data as unknown as { recovery_codes: string[] }).recovery_codes;
  const challenge = await client.mfa.challenge({ factorId });
  const verified = await client.mfa.verify({
    factorId,
    challengeId: challenge.data?.id ?? "",
    code: codeOf(enrolled.data.totp.secret),
  });
  expect(verified.error).toBeNull();
  if (!verified.data) throw new Error("not verified");
  return {
    factorId,
    recoveryCodes,
    accessToken: verified.data.access_token,
    refreshToken: verified.data.refresh_token,
  };
}

function fetchAs(accessToken: string, path: string, init: RequestInit = {}) {
  return fetch(`${server.origin}${path}`, {
    ...init,
    headers: {
      Authorization: `Bearer ${accessToken}`,
      "Content-Type": "application/json",
      "X-Supabase-Api-Version": "2024-01-01",
    },
  });
}

describe.each(testDatabases)(
  "pre-registration on $name",
  { timeout: testTimeoutMs * 2 },
  ({ open }) => {
    beforeAll(async () => {
      server = await startTestServer({ open });
    }, openTimeoutMs);
    afterAll(async () => {
      await server?.close();
    });

    it("the attack as tried: the attacker's account gets no session; the owner signs up again, confirms, and the account is hers alone", async () => {
      const email = newEmail();
      const attacker = createClient();
      const attackerSignUp = await signUp(attacker, email, attackerPassword, "Útočník");
      expect(attackerSignUp.session).toBeNull();
      const refused = await attacker.signInWithPassword({ email, password: attackerPassword });
      expect(refused.error?.code).toBe("email_not_confirmed");
      expect(refused.data.session).toBeNull();

      const attackersLink = await server.readVerifyLink(email, "signup");

      // The owner finds the address taken, signs up again (a minute later: one e-mail a minute).
      server.startFreshWindow(authRateLimits.confirmationEmailPerEmail.windowMs);
      const owner = createClient();
      await signUp(owner, email, ownerPassword, "Kateřina Lesná");
      // The first sign-up's link, in her mailbox too, no longer confirms (it would set its password).
      const stale = await fetch(attackersLink, { redirect: "manual" });
      const staleFragment = new URL(stale.headers.get("Location") ?? "").hash.slice(1);
      expect(new URLSearchParams(staleFragment).get("error_code")).toBe("otp_expired");
      // Sent again by anyone, the link still carries her sign-up's password.
      server.startFreshWindow(authRateLimits.confirmationEmailPerEmail.windowMs);
      expect((await createClient().resend({ type: "signup", email })).error).toBeNull();
      expect(await mailsTo(email)).toHaveLength(3);
      await server.confirmEmail(email);

      expect((await owner.signInWithPassword({ email, password: ownerPassword })).error).toBeNull();
      const attackerAgain = await createClient().signInWithPassword({
        email,
        password: attackerPassword,
      });
      expect(attackerAgain.error?.code).toBe("invalid_credentials");
      expect((await accountOf(email)).userMetadata).toEqual({ full_name: "Kateřina Lesná" });
      expect(await grantAdmin(server.db, email)).toBe("granted");
    });

    it("an account pre-registered with a session, an authenticator app and recovery codes: the owner's confirmation ends them all", async () => {
      const email = newEmail();
      const attacker = createClient();
      await signUp(attacker, email, attackerPassword, "Útočník");
      await sessionFromBefore(attacker, email, attackerPassword);
      // Set up as the code before this rule let it be: the address counts as confirmed meanwhile.
      await server.db
        .update(users)
        .set({ emailConfirmedAt: new Date() })
        .where(eq(users.email, email));
      const stolen = await enrollTotp(attacker);
      await server.db.update(users).set({ emailConfirmedAt: null }).where(eq(users.email, email));
      const { id: userId } = await accountOf(email);
      expect(
        await server.db.select().from(mfaFactors).where(eq(mfaFactors.userId, userId)),
      ).toHaveLength(1);

      // The owner signs up again: her password travels with the new link, which only she receives.
      server.startFreshWindow(authRateLimits.confirmationEmailPerEmail.windowMs);
      const answer = await postSignUp(email, ownerPassword, "203.0.113.250");
      expect(answer.status).toBe(200);
      await server.confirmEmail(email);

      // The attacker's refresh token, access token, password and recovery codes: all refused.
      const refreshed = await createClient().refreshSession({ refresh_token: stolen.refreshToken });
      expect(refreshed.error?.code).toBe("refresh_token_not_found");
      const user = await fetchAs(stolen.accessToken, "/auth/v1/user");
      expect(user.status).toBe(403);
      expect(((await user.json()) as { code: string }).code).toBe("session_not_found");
      const challenge = await fetchAs(
        stolen.accessToken,
        `/auth/v1/factors/${stolen.factorId}/challenge`,
        {
          method: "POST",
          body: "{}",
        },
      );
      expect(challenge.status).toBe(403);
      const signIn = await createClient().signInWithPassword({ email, password: attackerPassword });
      expect(signIn.error?.code).toBe("invalid_credentials");
      expect(
        await server.db.select().from(mfaFactors).where(eq(mfaFactors.userId, userId)),
      ).toEqual([]);
      expect(
        await server.db
          .select()
          .from(mfaRecoveryCodes)
          .where(eq(mfaRecoveryCodes.factorId, stolen.factorId)),
      ).toEqual([]);

      // The owner signs in with her password, to an account without anyone else's app; grant works.
      const owner = createClient();
      const ownerSignIn = await owner.signInWithPassword({ email, password: ownerPassword });
      expect(ownerSignIn.error).toBeNull();
      expect(ownerSignIn.data.user?.factors ?? []).toEqual([]);
      expect(await grantAdmin(server.db, email)).toBe("granted");

      // Even with her session, the attacker's recovery codes are nobody's now.
      const attempt = await fetchAs(
        ownerSignIn.data.session?.access_token ?? "",
        `/auth/v1/factors/${stolen.factorId}/verify`,
        {
          method: "POST",
          body: JSON.stringify({ challenge_id: stolen.factorId, code: stolen.recoveryCodes[0] }),
        },
      );
      expect(attempt.status).toBe(404);
    });

    it("grant refuses an account confirmed with an app and a sign-in from before its confirmation, and says what to run", async () => {
      const email = newEmail();
      const client = createClient();
      await signUp(client, email, attackerPassword, "Útočník");
      await sessionFromBefore(client, email, attackerPassword);
      await server.db
        .update(users)
        .set({ emailConfirmedAt: new Date() })
        .where(eq(users.email, email));
      const { factorId } = await enrollTotp(client);
      // Confirmed a minute later, by the code that kept what was made before.
      const [factor] = await server.db.select().from(mfaFactors).where(eq(mfaFactors.id, factorId));
      await server.db
        .update(users)
        .set({ emailConfirmedAt: new Date((factor?.createdAt.getTime() ?? 0) + 60_000) })
        .where(eq(users.email, email));

      const context = { db: server.db, siteUrl: server.origin, notifyEmail: site.email };
      const refused = await runAdminCommand(parseAdminCommand(["grant", email]), context);
      expect(refused.exitCode).toBe(exitCodes.refused);
      expect(refused.lines.join("\n")).toContain(
        `npm run admin -- reset-2fa ${email} && npm run admin -- sign-out ${email}`,
      );
      expect(refused.lines.length).toBeLessThanOrEqual(2);
      expect(await grantAdmin(server.db, email)).toBe("predates_confirmation");

      expect(
        (await runAdminCommand(parseAdminCommand(["reset-2fa", email]), context)).exitCode,
      ).toBe(exitCodes.done);
      const signedOut = await runAdminCommand(parseAdminCommand(["sign-out", email]), context);
      expect(signedOut.exitCode).toBe(exitCodes.done);
      expect(signedOut.lines[0]).toContain("signed out everywhere");
      const granted = await runAdminCommand(parseAdminCommand(["grant", email]), context);
      expect(granted.exitCode).toBe(exitCodes.done);
    });

    it("/signup answers an existing address as a new one (status, keys, no session) and mails its owner instead", async () => {
      const existing = newEmail("existujici");
      await signUp(createClient(), existing, ownerPassword, "Kateřina Lesná");
      await server.confirmEmail(existing);
      const unconfirmed = newEmail("nepotvrzena");
      await signUp(createClient(), unconfirmed, ownerPassword, "Eva Malá");
      server.startFreshWindow(authRateLimits.confirmationEmailPerEmail.windowMs);

      const fresh = newEmail("nova");
      const answers = [
        await postSignUp(fresh, "jine-heslo-123", "192.0.2.10"),
        // Whatever its letter case.
        await postSignUp(existing.toUpperCase(), "jine-heslo-123", "192.0.2.11"),
        await postSignUp(unconfirmed, "jine-heslo-123", "192.0.2.12"),
      ];
      for (const answer of answers) {
        expect(answer.status).toBe(200);
        expect(Object.keys(answer.body).sort()).toEqual(Object.keys(answers[0]?.body ?? {}).sort());
        expect(answer.body).not.toHaveProperty("access_token");
        expect(answer.body.email_confirmed_at).toBeNull();
        expect(answer.body.identities).toEqual([]);
      }
      expect(answers[1]?.body.user_metadata).toEqual({ full_name: "Jana Nová" });

      const notices = await mailsTo(existing);
      expect(notices.map((mail) => mail.subject)).toEqual([
        "Potvrzení e-mailu – Harmonie přírody",
        "Registrace s vaší adresou – Harmonie přírody",
      ]);
      expect(notices[1]?.text).toContain("Dobrý den, Kateřino,");
      expect(notices[1]?.text).toContain("Zapomenuté heslo?");
      expect(notices[1]?.text).not.toContain("/auth/v1/verify");
      // Her account is as it was: her password signs in, the other one does not.
      expect(
        (await createClient().signInWithPassword({ email: existing, password: ownerPassword }))
          .error,
      ).toBeNull();
      expect(
        (await createClient().signInWithPassword({ email: existing, password: "jine-heslo-123" }))
          .error?.code,
      ).toBe("invalid_credentials");
      // The new and the unconfirmed address each got a confirmation link.
      expect((await mailsTo(fresh)).map((mail) => mail.subject)).toEqual([
        "Potvrzení e-mailu – Harmonie přírody",
      ]);
      expect(await mailsTo(unconfirmed)).toHaveLength(2);
      const [outboxRow] = await server.db
        .select()
        .from(mailOutbox)
        .where(eq(mailOutbox.kind, "sign_up_attempt"));
      expect(outboxRow?.to).toBe(existing);
    });

    it("an unconfirmed account: sign-in refused with email_not_confirmed (400, in Czech), no factor, no request for access", async () => {
      const email = newEmail("nepotvrzena");
      const client = createClient();
      await signUp(client, email, attackerPassword, "Eva Malá");

      const response = await fetch(`${server.origin}/auth/v1/token?grant_type=password`, {
        method: "POST",
        headers: { "Content-Type": "application/json", "X-Forwarded-For": "192.0.2.40" },
        body: JSON.stringify({ email, password: attackerPassword }),
      });
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({
        code: "email_not_confirmed",
        error_code: "email_not_confirmed",
        message: authMessages.emailNotConfirmed,
      });
      const signIn = await client.signInWithPassword({ email, password: attackerPassword });
      expect(signIn.error?.status).toBe(400);
      expect(signIn.error?.code).toBe("email_not_confirmed");
      // Told only to whoever knows the password.
      const wrong = await client.signInWithPassword({ email, password: "spatne-heslo-1" });
      expect(wrong.error?.code).toBe("invalid_credentials");

      // A session from before the rule can do nothing an owner would hear of.
      const session = await sessionFromBefore(client, email, attackerPassword);
      const enrolled = await client.mfa.enroll({ factorType: "totp", friendlyName: "Telefon" });
      expect(enrolled.error?.code).toBe("email_not_confirmed");
      expect(enrolled.error?.message).toBe(emailNotConfirmedForFactor);
      const request = await fetchAs(session.access_token, "/api/members/access-requests", {
        method: "POST",
      });
      expect(request.status).toBe(403);
      expect(await request.json()).toEqual({
        error: { code: "email_not_confirmed", message: memberAccessMessages.emailNotConfirmed },
      });
      const toOwner = (await server.readMails()).filter((mail) =>
        mail.subject?.startsWith("Žádost o přístup do členské sekce"),
      );
      expect(toOwner).toEqual([]);
    });
  },
);
