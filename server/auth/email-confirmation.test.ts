/**
 * Confirmed addresses: the e-mail sent at sign-up, its link, sending it
 * again, and the rule that only a confirmed account gets a role. Driven by
 * the real @supabase/auth-js over HTTP, with mail read from the outbox's
 * local folder.
 */
import { AuthClient } from "@supabase/auth-js";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { userRoles, users } from "#database/schema";
import { authStorageKey } from "#shared/auth-storage-key";
import { startTestServer, type TestServer } from "#testing/test-app";
import { testDatabases, testTimeoutMs } from "#testing/test-databases";
import { grantAdmin } from "./roles";
import { authRateLimits } from "./throttling";

let server: TestServer;
let addressCounter = 0;
let emailCounter = 0;

function createClient() {
  addressCounter += 1;
  return new AuthClient({
    url: `${server.origin}/auth/v1`,
    storageKey: authStorageKey("127.0.0.1"),
    storage: new Map() as unknown as Storage,
    autoRefreshToken: false,
    persistSession: false,
    detectSessionInUrl: false,
    headers: { "X-Forwarded-For": `198.51.100.${addressCounter % 250}` },
  });
}

function newEmail() {
  emailCounter += 1;
  return `potvrzeni${emailCounter}-${Date.now()}@example.cz`;
}

async function signUp(email = newEmail()) {
  const client = createClient();
  const { data, error } = await client.signUp({
    email,
    password: "heslo-123",
    options: { data: { full_name: "Petra Nováková" }, emailRedirectTo: server.origin },
  });
  expect(error).toBeNull();
  // The account is made, and its e-mail stored, after the answer.
  await server.settle();
  return { client, email, data };
}

async function mailsTo(email: string) {
  return (await server.readMails()).filter(
    (mail) => !Array.isArray(mail.to) && mail.to?.text === email,
  );
}

async function follow(link: string) {
  const response = await fetch(link, { redirect: "manual" });
  expect(response.status).toBe(303);
  const location = new URL(response.headers.get("Location") ?? "");
  return { location, fragment: new URLSearchParams(location.hash.slice(1)) };
}

async function confirmedAt(email: string) {
  const [row] = await server.db.select().from(users).where(eq(users.email, email));
  return row?.emailConfirmedAt ?? null;
}

describe.each(testDatabases)("on $name", { timeout: testTimeoutMs }, ({ open }) => {
  beforeAll(async () => {
    server = await startTestServer({ open });
  }, 180_000);
  afterAll(async () => {
    await server?.close();
  });

  describe("sign-up", () => {
    it("sends a Czech confirmation e-mail that greets her in the vocative; she signs in once it is confirmed", async () => {
      const { email, data } = await signUp();
      expect(data.session).toBeNull();
      expect(data.user?.email_confirmed_at).toBeNull();

      const [mail] = await mailsTo(email);
      expect(mail?.subject).toBe("Potvrzení e-mailu – Harmonie přírody");
      expect(mail?.text).toContain("Dobrý den, Petro,");
      expect(mail?.text).toContain("pak se můžete přihlásit");
      const link = await server.readVerifyLink(email, "signup");
      expect(new URL(link).searchParams.get("redirect_to")).toBe(`${server.origin}/`);

      const signIn = await createClient().signInWithPassword({ email, password: "heslo-123" });
      expect(signIn.error?.code).toBe("email_not_confirmed");
      expect(await confirmedAt(email)).toBeNull();
    });

    it("its link confirms the address, as GoTrue's GET /verify?type=signup, and signs her in in the members' area", async () => {
      const { email } = await signUp();
      const { location, fragment } = await follow(await server.readVerifyLink(email, "signup"));
      // Whatever page the link named: a member's door is the members' area.
      expect(`${location.origin}${location.pathname}`).toBe(`${server.origin}/clenska-sekce`);
      expect(fragment.get("type")).toBe("signup");
      expect(await confirmedAt(email)).toBeInstanceOf(Date);

      const client = createClient();
      const { data, error } = await client.setSession({
        access_token: fragment.get("access_token") ?? "",
        refresh_token: fragment.get("refresh_token") ?? "",
      });
      expect(error).toBeNull();
      expect(data.user?.email).toBe(email);
      expect(data.user?.email_confirmed_at).toBeTruthy();
      // Unlike a recovery link's session, it does not stand in for her password.
      const changed = await client.updateUser({ password: "uplne-jine-heslo" });
      expect(changed.error?.code).toBe("current_password_required");

      const signIn = await createClient().signInWithPassword({ email, password: "heslo-123" });
      expect(signIn.data.user?.email_confirmed_at).toBeTruthy();
    });

    it("an administrator's link stays at the page it names, and opens no session there", async () => {
      const { email } = await signUp();
      // An administrator from before addresses were confirmed (say, imported with her role).
      const [user] = await server.db.select().from(users).where(eq(users.email, email));
      await server.db.insert(userRoles).values({ userId: user?.id ?? "", role: "admin" });
      const { location, fragment } = await follow(await server.readVerifyLink(email, "signup"));
      expect(`${location.origin}${location.pathname}`).toBe(`${server.origin}/`);
      expect(fragment.get("type")).toBe("signup");
      expect(fragment.has("access_token")).toBe(false);
      expect(await confirmedAt(email)).toBeInstanceOf(Date);
    });

    it("a used or made-up link lands with otp_expired in the address, and confirms nothing", async () => {
      const { email } = await signUp();
      const link = await server.readVerifyLink(email, "signup");
      await follow(link);
      const again = await follow(link);
      expect(again.fragment.get("error_code")).toBe("otp_expired");
      expect(again.fragment.get("error_description")).toBe(
        "Odkaz pro potvrzení e-mailu je neplatný nebo vypršel. Požádejte prosím o nový.",
      );

      const other = await signUp();
      const forged = new URL(await server.readVerifyLink(other.email, "signup"));
      forged.searchParams.set("token", "vymysleny-token");
      expect((await follow(forged.href)).fragment.get("error_code")).toBe("otp_expired");
      expect(await confirmedAt(other.email)).toBeNull();
    });
  });

  describe("sending the confirmation again (POST /resend)", () => {
    it("sends a new link through auth-js's resend; the new link confirms", async () => {
      const { email } = await signUp();
      // The first e-mail's window is over: the limit is one e-mail a minute per address.
      server.startFreshWindow(authRateLimits.confirmationEmailPerEmail.windowMs);
      const { error } = await createClient().resend({
        type: "signup",
        email,
        options: { emailRedirectTo: server.origin },
      });
      expect(error).toBeNull();
      expect(await mailsTo(email)).toHaveLength(2);
      await follow(await server.readVerifyLink(email, "signup"));
      expect(await confirmedAt(email)).toBeInstanceOf(Date);
    });

    it("answers an unknown or an already confirmed address alike, and sends nothing", async () => {
      const unknown = newEmail();
      expect((await createClient().resend({ type: "signup", email: unknown })).error).toBeNull();
      expect(await mailsTo(unknown)).toEqual([]);

      const { email } = await signUp();
      await follow(await server.readVerifyLink(email, "signup"));
      server.startFreshWindow(authRateLimits.confirmationEmailPerEmail.windowMs);
      expect((await createClient().resend({ type: "signup", email })).error).toBeNull();
      expect(await mailsTo(email)).toHaveLength(1);
    });

    it("is limited to one e-mail a minute per address: 429 over_email_send_rate_limit", async () => {
      const { email } = await signUp();
      server.startFreshWindow(authRateLimits.confirmationEmailPerEmail.windowMs);
      expect((await createClient().resend({ type: "signup", email })).error).toBeNull();
      const again = await createClient().resend({ type: "signup", email });
      expect(again.error?.status).toBe(429);
      expect(again.error?.code).toBe("over_email_send_rate_limit");
    });

    it("refuses another type with a Czech reason", async () => {
      const response = await fetch(`${server.origin}/auth/v1/resend`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ type: "sms", email: newEmail() }),
      });
      expect(response.status).toBe(400);
      expect(((await response.json()) as { message: string }).message).toBe(
        "Znovu lze poslat jen e-mail s potvrzením adresy.",
      );
    });
  });

  describe("roles", () => {
    it("are never given to an account whose address is not confirmed", async () => {
      const { email } = await signUp();
      expect(await grantAdmin(server.db, email)).toBe("email_not_confirmed");
      await follow(await server.readVerifyLink(email, "signup"));
      expect(await grantAdmin(server.db, email)).toBe("granted");
    });
  });
});
