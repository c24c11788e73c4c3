/**
 * The auth endpoints driven by the real browser library, @supabase/auth-js,
 * over HTTP against a real server and database.
 */
import { AuthClient, type Session } from "@supabase/auth-js";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, refreshTokens, userRoles, users } from "#database/schema";
import { authStorageKey } from "#shared/auth-storage-key";
import { refuseWrites } from "#testing/injected-failure";
import { startTestServer, type TestServer } from "#testing/test-app";
import { testDatabases, testTimeoutMs } from "#testing/test-databases";
import { refreshTokenReuseIntervalMs } from "./accounts";
import { authRateLimits } from "./throttling";
import { hashToken } from "./tokens";

let server: TestServer;
let storageKey: string;

type MemoryStorage = Map<string, string> & {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
};

function createStorage(entries: Iterable<[string, string]> = []): MemoryStorage {
  const map = new Map(entries) as MemoryStorage;
  map.getItem = (key) => map.get(key) ?? null;
  map.setItem = (key, value) => void map.set(key, value);
  map.removeItem = (key) => void map.delete(key);
  return map;
}

let addressCounter = 0;
/** Each browser has an address of its own (the server trusts X-Forwarded-For here). */
function nextAddress() {
  addressCounter += 1;
  return `198.51.100.${addressCounter % 250}`;
}

/** A browser's session library, as the sign-in page configures it (minus the timers). */
function createClient(storage = createStorage(), address = nextAddress()) {
  const client = new AuthClient({
    url: `${server.origin}/auth/v1`,
    storageKey,
    storage,
    autoRefreshToken: false,
    persistSession: true,
    detectSessionInUrl: false,
    headers: { "X-Forwarded-For": address },
  });
  return { client, storage };
}

let counter = 0;
function newEmail() {
  counter += 1;
  return `ucet${counter}-${Date.now()}@example.cz`;
}

/** A new account, its address confirmed by the link in her e-mail, signed in on its client. */
async function signUp(email = newEmail(), password = "heslo-123") {
  const { client, storage } = createClient();
  const signedUp = await client.signUp({
    email,
    password,
    options: { data: { full_name: "Jana Nováková" }, emailRedirectTo: server.origin },
  });
  expect(signedUp.error).toBeNull();
  await server.confirmEmail(email);
  const { data, error } = await client.signInWithPassword({ email, password });
  expect(error).toBeNull();
  return { client, storage, email, password, data, signedUp: signedUp.data };
}

async function signIn(email: string, password: string) {
  const { client, storage } = createClient();
  const { data, error } = await client.signInWithPassword({ email, password });
  expect(error).toBeNull();
  return { client, storage, session: data.session as Session };
}

async function getUserStatus(accessToken: string) {
  const response = await fetch(`${server.origin}/auth/v1/user`, {
    headers: { Authorization: `Bearer ${accessToken}` },
  });
  return { status: response.status, body: await response.json() };
}

describe.each(testDatabases)("on $name", { timeout: testTimeoutMs }, ({ open }) => {
  beforeAll(async () => {
    server = await startTestServer({ open });
    storageKey = authStorageKey(new URL(server.origin).hostname);
  }, 60_000);
  afterAll(async () => {
    await server?.close();
  });
  describe("sign-up", () => {
    it("creates an account with the full name in its metadata, hashed with argon2id, and no role", async () => {
      const { signedUp, email } = await signUp();
      expect(signedUp.user?.email).toBe(email);
      expect(signedUp.user?.user_metadata.full_name).toBe("Jana Nováková");
      // No session until the address is confirmed.
      expect(signedUp.session).toBeNull();

      const [row] = await server.db.select().from(users).where(eq(users.email, email));
      expect(row?.passwordHash).toMatch(/^\$argon2id\$/);
      expect(row?.passwordHash).not.toContain("heslo-123");
      const roles = await server.db
        .select()
        .from(userRoles)
        .where(eq(userRoles.userId, row?.id ?? ""));
      expect(roles).toEqual([]);
    });

    it("refuses a password shorter than 6 characters on the server, in Czech", async () => {
      const { client } = createClient();
      const { error } = await client.signUp({
        email: newEmail(),
        password: "12345",
        options: { data: { full_name: "Jana" } },
      });
      expect(error?.status).toBe(422);
      expect(error?.code).toBe("weak_password");
      expect(error?.message).toBe("Heslo musí mít alespoň 6 znaků.");
    });

    it("refuses an invalid e-mail address and a missing full name", async () => {
      const { client } = createClient();
      const invalid = await client.signUp({
        email: "není-email",
        password: "heslo-123",
        options: { data: { full_name: "Jana" } },
      });
      expect(invalid.error?.status).toBe(400);
      expect(invalid.error?.message).toBe("Zadejte prosím platnou e-mailovou adresu.");
      const nameless = await client.signUp({ email: newEmail(), password: "heslo-123" });
      expect(nameless.error?.status).toBe(400);
      expect(nameless.error?.message).toBe("Vyplňte prosím celé jméno.");
    });
  });

  describe("password sign-in", () => {
    it("stores the session with every field under sb-<first host label>-auth-token", async () => {
      const { email, password } = await signUp();
      const { storage, session } = await signIn(email, password);

      expect(storageKey).toBe("sb-127-auth-token");
      const stored = JSON.parse(storage.getItem(storageKey) ?? "null");
      expect(stored).toMatchObject({
        access_token: session.access_token,
        refresh_token: session.refresh_token,
        token_type: "bearer",
        expires_in: 3600,
        user: { email, user_metadata: { full_name: "Jana Nováková" } },
      });
      expect(stored.user.id).toMatch(/^[0-9a-f-]{36}$/);
      const nowSeconds = Math.floor(Date.now() / 1000);
      expect(stored.expires_at).toBeGreaterThanOrEqual(nowSeconds + 3590);
      expect(stored.expires_at).toBeLessThanOrEqual(nowSeconds + 3610);
    });

    it("answers a wrong password and an unknown address alike, in Czech", async () => {
      const { email } = await signUp();
      const { client } = createClient();
      const wrong = await client.signInWithPassword({ email, password: "spatne-heslo" });
      const unknown = await client.signInWithPassword({ email: newEmail(), password: "heslo-123" });
      for (const { error } of [wrong, unknown]) {
        expect(error?.status).toBe(400);
        expect(error?.code).toBe("invalid_credentials");
        expect(error?.message).toBe("Nesprávný e-mail nebo heslo.");
      }
    });

    it("gets the user with the access token", async () => {
      const { email, password } = await signUp();
      const { client } = await signIn(email, password);
      const { data, error } = await client.getUser();
      expect(error).toBeNull();
      expect(data.user?.email).toBe(email);
    });
  });

  describe("refresh", () => {
    it("swaps the refresh token for a new pair and keeps only digests in the database", async () => {
      const { email, password } = await signUp();
      const { client, session } = await signIn(email, password);
      const { data, error } = await client.refreshSession();
      expect(error).toBeNull();
      expect(data.session?.refresh_token).not.toBe(session.refresh_token);
      expect((await client.getUser()).data.user?.email).toBe(email);

      const [stored] = await server.db
        .select()
        .from(refreshTokens)
        .where(eq(refreshTokens.tokenHash, hashToken(session.refresh_token)));
      expect(stored?.revoked).toBe(true);
      const all = await server.db.select({ hash: refreshTokens.tokenHash }).from(refreshTokens);
      const values = all.map((row) => row.hash);
      expect(values).not.toContain(session.refresh_token);
      expect(values).not.toContain(data.session?.refresh_token);
    });

    it("keeps two clients of one session signed in when both refresh at the same moment", async () => {
      const { email, password } = await signUp();
      const first = await signIn(email, password);
      const second = createClient(createStorage(first.storage));

      const [a, b] = await Promise.all([
        first.client.refreshSession(),
        second.client.refreshSession(),
      ]);
      expect(a.error).toBeNull();
      expect(b.error).toBeNull();
      // Both hold the session's one current token.
      expect(a.data.session?.refresh_token).toBe(b.data.session?.refresh_token);
      expect((await first.client.getUser()).data.user?.email).toBe(email);
      expect((await second.client.getUser()).data.user?.email).toBe(email);

      // And both go on refreshing, one after the other, later on.
      server.advance(refreshTokenReuseIntervalMs * 3);
      expect((await first.client.refreshSession()).error).toBeNull();
      expect((await second.client.refreshSession()).error).toBeNull();
      expect((await first.client.getUser()).error).toBeNull();
      expect((await second.client.getUser()).error).toBeNull();
    });

    it("keeps five tabs of one session signed in when all refresh at once", async () => {
      const { email, password } = await signUp();
      const first = await signIn(email, password);
      const tabs = [
        first,
        ...Array.from({ length: 4 }, () => createClient(createStorage(first.storage))),
      ];
      const results = await Promise.all(tabs.map((tab) => tab.client.refreshSession()));
      expect(results.map((result) => result.error)).toEqual([null, null, null, null, null]);
      expect(new Set(results.map((result) => result.data.session?.refresh_token)).size).toBe(1);
      for (const tab of tabs) expect((await tab.client.getUser()).error).toBeNull();
    });

    it("ends the whole session when an old refresh token is used again", async () => {
      const { email, password } = await signUp();
      const { client, session } = await signIn(email, password);
      const stolenToken = session.refresh_token;
      await client.refreshSession();
      const { data: current } = await client.refreshSession();
      server.advance(refreshTokenReuseIntervalMs + 1_000);

      const thief = createClient();
      const reuse = await thief.client.refreshSession({ refresh_token: stolenToken });
      expect(reuse.error?.status).toBe(400);
      expect(reuse.error?.code).toBe("refresh_token_already_used");

      // The rightful owner is signed out too: the session no longer exists.
      const accessToken = current.session?.access_token ?? "";
      const user = await getUserStatus(accessToken);
      expect(user.status).toBe(403);
      expect(user.body.code).toBe("session_not_found");
      const next = await client.refreshSession();
      expect(next.error?.code).toBe("refresh_token_not_found");
    });

    it("refuses a refresh token it never issued", async () => {
      const { client } = createClient();
      const { error } = await client.refreshSession({ refresh_token: "vymysleny-token" });
      expect(error?.status).toBe(400);
      expect(error?.code).toBe("refresh_token_not_found");
    });
  });

  describe("sign-out", () => {
    async function threeSessions() {
      const { email, password } = await signUp();
      return Promise.all([
        signIn(email, password),
        signIn(email, password),
        signIn(email, password),
      ]);
    }

    it("scope local ends only this session and clears its storage", async () => {
      const [one, two] = await threeSessions();
      const { error } = await one.client.signOut({ scope: "local" });
      expect(error).toBeNull();
      expect(one.storage.getItem(storageKey)).toBeNull();
      expect((await getUserStatus(one.session.access_token)).body.code).toBe("session_not_found");
      expect((await getUserStatus(two.session.access_token)).status).toBe(200);
    });

    it("scope others ends every other session and keeps this one", async () => {
      const [one, two, three] = await threeSessions();
      const { error } = await one.client.signOut({ scope: "others" });
      expect(error).toBeNull();
      expect((await getUserStatus(one.session.access_token)).status).toBe(200);
      expect((await getUserStatus(two.session.access_token)).status).toBe(403);
      expect((await getUserStatus(three.session.access_token)).status).toBe(403);
      expect((await two.client.refreshSession()).error?.code).toBe("refresh_token_not_found");
    });

    it("scope global ends every session of the user, and the old access tokens are refused", async () => {
      const [one, two, three] = await threeSessions();
      const { error } = await one.client.signOut();
      expect(error).toBeNull();
      for (const { session } of [one, two, three]) {
        const user = await getUserStatus(session.access_token);
        expect(user.status).toBe(403);
        expect(user.body.code).toBe("session_not_found");
      }
      // The library forgets a session the server no longer knows.
      expect((await two.client.getUser()).error?.name).toBe("AuthSessionMissingError");
      expect(two.storage.getItem(storageKey)).toBeNull();
    });

    it("answers 401 without a token", async () => {
      const response = await fetch(`${server.origin}/auth/v1/logout?scope=global`, {
        method: "POST",
      });
      expect(response.status).toBe(401);
      expect((await response.json()).code).toBe("no_authorization");
    });
  });

  describe("password recovery", () => {
    async function mailsTo(email: string) {
      const mails = await server.readMails();
      return mails.filter((mail) => mail.to && !Array.isArray(mail.to) && mail.to.text === email);
    }

    /** The link of the newest recovery e-mail to her, read from the local mail folder. */
    async function lastLinkTo(email: string): Promise<string> {
      const mail = (await mailsTo(email)).at(-1);
      if (!mail) throw new Error(`no recovery e-mail to ${email}`);
      expect(mail.subject).toBe("Nové heslo k účtu – Harmonie přírody");
      const link = mail.text?.match(/https?:\/\/[^\s\]>)]+\/auth\/v1\/verify\?[^\s\]>)]+/)?.[0];
      if (!link) throw new Error(`no link in the e-mail to ${email}`);
      expect(mail.html).toContain(link.replaceAll("&", "&amp;"));
      return link;
    }

    async function follow(link: string) {
      const response = await fetch(link, { redirect: "manual" });
      expect(response.status).toBe(303);
      const location = new URL(response.headers.get("Location") ?? "");
      return { location, fragment: new URLSearchParams(location.hash.slice(1)) };
    }

    it("sends a link that signs her in to set a new password, in the members' area", async () => {
      const { email } = await signUp();
      const { client } = createClient();
      const redirectTo = `${server.origin}/prihlaseni`;
      const { error } = await client.resetPasswordForEmail(email, { redirectTo });
      expect(error).toBeNull();

      const { location, fragment } = await follow(await lastLinkTo(email));
      // Requested on the administration's sign-in, but she is no administrator: her own door.
      expect(`${location.origin}${location.pathname}`).toBe(`${server.origin}/clenska-sekce`);
      expect(fragment.get("type")).toBe("recovery");
      expect(fragment.get("token_type")).toBe("bearer");
      expect(Number(fragment.get("expires_in"))).toBe(3600);

      const session = await client.setSession({
        access_token: fragment.get("access_token") ?? "",
        refresh_token: fragment.get("refresh_token") ?? "",
      });
      expect(session.error).toBeNull();
      // The link's session proved her mailbox: it needs no current password.
      const same = await client.updateUser({ password: "heslo-123" });
      expect(same.error?.code).toBe("same_password");
      const updated = await client.updateUser({ password: "nove-heslo-456" });
      expect(updated.error).toBeNull();
      // Once it has set one, the session counts as opened by that password.
      const another = await client.updateUser({ password: "jeste-jine-heslo" });
      expect(another.error?.code).toBe("current_password_required");

      const other = createClient().client;
      expect((await other.signInWithPassword({ email, password: "heslo-123" })).error?.code).toBe(
        "invalid_credentials",
      );
      expect(
        (await other.signInWithPassword({ email, password: "nove-heslo-456" })).error,
      ).toBeNull();
    });

    it("an administrator's link lands on the page it names, the administration's sign-in", async () => {
      const { email } = await signUp();
      const [user] = await server.db.select().from(users).where(eq(users.email, email));
      await server.db.insert(userRoles).values({ userId: user?.id ?? "", role: "admin" });
      const { client } = createClient();
      const redirectTo = `${server.origin}/prihlaseni`;
      expect((await client.resetPasswordForEmail(email, { redirectTo })).error).toBeNull();
      const { location, fragment } = await follow(await lastLinkTo(email));
      expect(`${location.origin}${location.pathname}`).toBe(redirectTo);
      expect(fragment.get("type")).toBe("recovery");
      expect(fragment.has("access_token")).toBe(true);
    });

    it("lets a link work once; a second visit lands with otp_expired in the address", async () => {
      const { email } = await signUp();
      const { client } = createClient();
      await client.resetPasswordForEmail(email, { redirectTo: `${server.origin}/prihlaseni` });
      const link = await lastLinkTo(email);
      await follow(link);
      const { fragment } = await follow(link);
      expect(fragment.get("error_code")).toBe("otp_expired");
      expect(fragment.get("error_description")).toBe(
        "Odkaz pro obnovení hesla je neplatný nebo vypršel. Požádejte prosím o nový.",
      );
    });

    it("retires a link not yet used once the password is changed another way", async () => {
      const { email, password } = await signUp();
      const { client } = createClient();
      await client.resetPasswordForEmail(email, { redirectTo: `${server.origin}/prihlaseni` });
      const link = await lastLinkTo(email);

      // She remembers her password after all, signs in and changes it.
      const signedIn = await signIn(email, password);
      expect(
        (
          await signedIn.client.updateUser({
            password: "nove-heslo-789",
            current_password: password,
          })
        ).error,
      ).toBeNull();

      // The link in her mailbox no longer opens anything.
      const { fragment } = await follow(link);
      expect(fragment.get("error_code")).toBe("otp_expired");
      expect(fragment.get("access_token")).toBeNull();
    });

    it("answers an unknown address as a known one, and sends nothing", async () => {
      const email = newEmail();
      const { client } = createClient();
      const { error } = await client.resetPasswordForEmail(email);
      expect(error).toBeNull();
      expect(await mailsTo(email)).toEqual([]);
    });

    it("never redirects to another site", async () => {
      const { email } = await signUp();
      const { client } = createClient();
      await client.resetPasswordForEmail(email, { redirectTo: "https://zly-web.example/ukrast" });
      const { location } = await follow(await lastLinkTo(email));
      expect(location.origin).toBe(server.origin);
    });

    it("sends one e-mail per address per minute", async () => {
      const { email } = await signUp();
      server.startFreshWindow(authRateLimits.recoveryEmailPerEmail.windowMs);
      const { client } = createClient();
      expect((await client.resetPasswordForEmail(email)).error).toBeNull();
      const again = await client.resetPasswordForEmail(email);
      expect(again.error?.status).toBe(429);
      expect((again.error as { code?: string }).code).toBe("over_email_send_rate_limit");
    });
  });

  describe("password change", () => {
    it("asks a session opened by her password for that password first", async () => {
      const { email, password } = await signUp();
      await server.confirmEmail(email);
      const { client } = await signIn(email, password);

      const missing = await client.updateUser({ password: "nove-heslo-321" });
      expect(missing.error?.status).toBe(400);
      expect(missing.error?.code).toBe("current_password_required");
      expect(missing.error?.message).toBe("Zadejte prosím své současné heslo.");
      const wrong = await client.updateUser({
        password: "nove-heslo-321",
        current_password: "neni-to-ono",
      });
      expect(wrong.error?.status).toBe(400);
      expect(wrong.error?.code).toBe("current_password_invalid");
      expect(wrong.error?.message).toBe("Současné heslo nesouhlasí.");
      // Neither changed anything.
      expect(
        (await createClient().client.signInWithPassword({ email, password })).error,
      ).toBeNull();

      const changed = await client.updateUser({
        password: "nove-heslo-321",
        current_password: password,
      });
      expect(changed.error).toBeNull();
      const other = createClient().client;
      expect((await other.signInWithPassword({ email, password })).error?.code).toBe(
        "invalid_credentials",
      );
      expect(
        (await other.signInWithPassword({ email, password: "nove-heslo-321" })).error,
      ).toBeNull();

      // One entry in the audit log, by her, about her; none for the refusals.
      const entries = await server.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.targetEmail, email));
      expect(entries.map((entry) => [entry.action, entry.actorEmail])).toEqual([
        ["password_changed", email],
      ]);

      // One notice went to her address, for the change that happened, and none for the refusals.
      const notices = (await server.readMails()).filter(
        (mail) =>
          mail.subject === "Heslo k účtu je změněné – Harmonie přírody" &&
          !Array.isArray(mail.to) &&
          mail.to?.text === email,
      );
      expect(notices).toHaveLength(1);
      expect(notices[0]?.text).toContain("Dobrý den, Jano,");
      expect(notices[0]?.text).toContain("Zapomenuté heslo?");
      expect(notices[0]?.text).toContain(`${server.origin}/prihlaseni`);
    });

    it("sends no notice to an address never confirmed: an account made with someone else's", async () => {
      // A session of an unconfirmed account, as sign-up handed out before it needed confirming.
      const email = newEmail();
      const password = "heslo-123";
      const { client } = createClient();
      await client.signUp({ email, password, options: { data: { full_name: "Jana" } } });
      await server.settle();
      const confirmed = (at: Date | null) =>
        server.db.update(users).set({ emailConfirmedAt: at }).where(eq(users.email, email));
      await confirmed(new Date());
      expect((await client.signInWithPassword({ email, password })).error).toBeNull();
      await confirmed(null);
      const changed = await client.updateUser({
        password: "nove-heslo-321",
        current_password: password,
      });
      expect(changed.error).toBeNull();
      const toHer = (await server.readMails()).filter(
        (mail) => !Array.isArray(mail.to) && mail.to?.text === email,
      );
      expect(toHer.map((mail) => mail.subject)).not.toContain(
        "Heslo k účtu je změněné – Harmonie přírody",
      );
    });

    it("stores the new password and its notice together: when the notice cannot be stored, nothing changes", async () => {
      const { email, password } = await signUp();
      await server.confirmEmail(email);
      const { client } = await signIn(email, password);
      const restore = await refuseWrites(server.db, {
        name: "refuse_password_notice",
        table: "mail_outbox",
        event: "insert",
        when: "new.kind = 'password_changed'",
        message: "the outbox is full",
      });
      try {
        const refused = await client.updateUser({
          password: "nove-heslo-321",
          current_password: password,
        });
        expect(refused.error?.status).toBe(500);
      } finally {
        await restore();
      }
      expect(
        (await createClient().client.signInWithPassword({ email, password })).error,
      ).toBeNull();
      const entries = await server.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.targetEmail, email));
      expect(entries).toEqual([]);
      // Her session is still there, and the change goes through once the outbox takes it.
      const changed = await client.updateUser({
        password: "nove-heslo-321",
        current_password: password,
      });
      expect(changed.error).toBeNull();
    });

    it("still changes her name without any password, and sends no notice", async () => {
      const { email, password } = await signUp();
      const { client } = await signIn(email, password);
      const { data, error } = await client.updateUser({ data: { full_name: "Jana Lesní" } });
      expect(error).toBeNull();
      expect(data.user?.user_metadata.full_name).toBe("Jana Lesní");
      const toHer = (await server.readMails()).filter(
        (mail) => !Array.isArray(mail.to) && mail.to?.text === email,
      );
      expect(toHer.map((mail) => mail.subject)).not.toContain(
        "Heslo k účtu je změněné – Harmonie přírody",
      );
    });

    it("counts wrong current passwords as wrong sign-ins: after ten, even the right one waits", async () => {
      const { email, password } = await signUp();
      const address = nextAddress();
      const { client } = createClient(createStorage(), address);
      expect((await client.signInWithPassword({ email, password })).error).toBeNull();
      for (let attempt = 0; attempt < 10; attempt += 1) {
        const wrong = await client.updateUser({
          password: "nove-heslo-321",
          current_password: `spatne-${attempt}`,
        });
        expect(wrong.error?.code).toBe("current_password_invalid");
      }
      const locked = await client.updateUser({
        password: "nove-heslo-321",
        current_password: password,
      });
      expect(locked.error?.status).toBe(429);
      expect(locked.error?.code).toBe("over_request_rate_limit");
      // The sign-in page from that address waits too; the password is unchanged.
      const fromThere = await createClient(createStorage(), address).client.signInWithPassword({
        email,
        password,
      });
      expect(fromThere.error?.status).toBe(429);
      expect(
        (await createClient().client.signInWithPassword({ email, password })).error,
      ).toBeNull();
    });
  });

  describe("rate limits", () => {
    it("answers 429 over_request_rate_limit after 60 sign-ins from one address in 5 minutes", async () => {
      server.startFreshWindow(authRateLimits.signInPerAddress.windowMs);
      const { client } = createClient(createStorage(), "192.0.2.60");
      const attempt = (index: number) =>
        client.signInWithPassword({ email: `nikdo${index}@example.cz`, password: "heslo-123" });
      for (let index = 0; index < 60; index += 1) {
        expect((await attempt(index)).error?.status).toBe(400);
      }
      const over = await attempt(60);
      expect(over.error?.status).toBe(429);
      expect(over.error?.code).toBe("over_request_rate_limit");
      expect(over.error?.message).toBe("Příliš mnoho pokusů. Zkuste to prosím znovu za pár minut.");
      // Another address is not affected, and the limit lifts after the window.
      expect(
        (
          await createClient().client.signInWithPassword({
            email: "x@example.cz",
            password: "heslo-123",
          })
        ).error?.status,
      ).toBe(400);
      server.advance(5 * 60_000);
      expect((await attempt(61)).error?.status).toBe(400);
    }, 60_000);

    it("locks one address out of an account after ten wrong passwords, the right one included", async () => {
      const { email } = await signUp();
      const { client } = createClient();
      for (let attempt = 0; attempt < 10; attempt += 1) {
        expect((await client.signInWithPassword({ email, password: "spatne" })).error?.status).toBe(
          400,
        );
      }
      const locked = await client.signInWithPassword({ email, password: "heslo-123" });
      expect(locked.error?.status).toBe(429);
    });
  });
});
