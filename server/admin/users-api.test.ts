/**
 * Users and roles in the administration, over HTTP against the real app:
 * the list and its search, granting and revoking `admin` and `member`, the
 * refusals (unconfirmed address, last administrator, bad input), her own
 * sign-ins and the audit log.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authSessions, mfaFactors, userRoles, users } from "#database/schema";
import { grantAdmin, revokeRole, signOutEverywhere } from "#server/auth/roles";
import { authRateLimits } from "#server/auth/throttling";
import {
  type AuditPage,
  type RoleChangeJson,
  type SessionListJson,
  type UserListJson,
  userAdminMessages,
} from "#shared/user-admin";
import { startTestServer, type TestServer } from "#testing/test-app";
import { openTimeoutMs, testDatabases } from "#testing/test-databases";

let server: TestServer;

type Session = { access_token: string; user: { id: string; email: string } };

async function post(path: string, body: unknown, headers: Record<string, string> = {}) {
  return fetch(`${server.origin}${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/json", ...headers },
    body: JSON.stringify(body),
  });
}

async function signUp(email: string, fullName = "Jana Nová") {
  const response = await post("/auth/v1/signup", {
    email,
    password: "heslo-123",
    data: { full_name: fullName },
  });
  expect(response.status).toBe(200);
  // Made after the answer; as if she had followed the confirmation link (its own tests:
  // email-confirmation.test.ts).
  await server.settle();
  await server.db.update(users).set({ emailConfirmedAt: new Date() }).where(eq(users.email, email));
}

async function signIn(
  email: string,
  userAgent = "Testovaci-prohlizec/1.0",
  address = "198.51.100.7",
) {
  const response = await post(
    "/auth/v1/token?grant_type=password",
    { email, password: "heslo-123" },
    { "User-Agent": userAgent, "X-Forwarded-For": address },
  );
  expect(response.status).toBe(200);
  return (await response.json()) as Session;
}

async function unconfirm(email: string) {
  await server.db.update(users).set({ emailConfirmedAt: null }).where(eq(users.email, email));
}

function call(method: string, path: string, token: string) {
  return fetch(`${server.origin}/api${path}`, {
    method,
    headers: { Authorization: `Bearer ${token}` },
  });
}

async function findId(email: string) {
  const [user] = await server.db.select().from(users).where(eq(users.email, email));
  if (!user) throw new Error(`no account ${email}`);
  return user.id;
}

async function rolesOf(email: string) {
  const rows = await server.db
    .select({ role: userRoles.role })
    .from(userRoles)
    .where(eq(userRoles.userId, await findId(email)));
  return rows.map((row) => row.role).sort();
}

async function auditPage(token: string, before?: number) {
  const response = await call("GET", `/admin/audit-log${before ? `?before=${before}` : ""}`, token);
  expect(response.status).toBe(200);
  return (await response.json()) as AuditPage;
}

describe.each(testDatabases)("users and roles on $name", ({ open }) => {
  let admin: Session;

  beforeAll(async () => {
    // Two-factor sign-in has tests of its own (admin-api.test.ts): here she signs in with a password.
    server = await startTestServer({ open, settings: { ADMIN_REQUIRE_2FA: "false" } });
    await signUp("spravkyne@example.cz", "Kateřina Lesná");
    expect(await grantAdmin(server.db, "spravkyne@example.cz")).toBe("granted");
    admin = await signIn("spravkyne@example.cz");
    await signUp("jana@example.cz", "Jana Nová");
    await signUp("petra@example.cz", "Petra 100% Zelená");
    await signUp("nepotvrzena@example.cz", "Eva Malá");
    await unconfirm("nepotvrzena@example.cz");
  }, openTimeoutMs);

  afterAll(async () => {
    await server?.close();
  });

  it("lists every account with its facts, newest first", async () => {
    const response = await call("GET", "/admin/users", admin.access_token);
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    const { users: list, total } = (await response.json()) as UserListJson;
    expect(total).toBe(4);
    expect(list.map((user) => user.email)).toEqual([
      "nepotvrzena@example.cz",
      "petra@example.cz",
      "jana@example.cz",
      "spravkyne@example.cz",
    ]);
    expect(list[3]).toEqual({
      id: admin.user.id,
      email: "spravkyne@example.cz",
      full_name: "Kateřina Lesná",
      created_at: expect.stringMatching(/^\d{4}-/),
      last_sign_in_at: expect.stringMatching(/^\d{4}-/),
      email_confirmed_at: expect.stringMatching(/^\d{4}-/),
      roles: ["admin"],
      two_factor: false,
    });
    expect(list[0]).toMatchObject({
      email_confirmed_at: null,
      roles: [],
      // An unconfirmed address cannot sign in.
      last_sign_in_at: null,
    });
  });

  it("says two-factor is on for an account with a verified authenticator app only", async () => {
    const twoFactorOf = async () => {
      const response = await call("GET", "/admin/users", admin.access_token);
      const { users: list } = (await response.json()) as UserListJson;
      return Object.fromEntries(list.map((user) => [user.email, user.two_factor]));
    };
    const jana = await findId("jana@example.cz");
    const petra = await findId("petra@example.cz");
    await server.db.insert(mfaFactors).values([
      { userId: jana, secret: "JBSWY3DPEHPK3PXP", status: "verified" },
      { userId: petra, secret: "JBSWY3DPEHPK3PXQ", status: "unverified" },
    ]);
    try {
      expect(await twoFactorOf()).toMatchObject({
        "jana@example.cz": true,
        "petra@example.cz": false,
        "spravkyne@example.cz": false,
      });
    } finally {
      await server.db.delete(mfaFactors);
    }
  });

  it("searches e-mails and names in any letter case; % and _ are plain letters", async () => {
    const search = async (q: string) => {
      const response = await call(
        "GET",
        `/admin/users?q=${encodeURIComponent(q)}`,
        admin.access_token,
      );
      expect(response.status).toBe(200);
      const body = (await response.json()) as UserListJson;
      return { emails: body.users.map((user) => user.email), total: body.total };
    };
    expect(await search("JANA")).toEqual({ emails: ["jana@example.cz"], total: 1 });
    expect((await search("lesná")).emails).toEqual(["spravkyne@example.cz"]);
    expect((await search("100%")).emails).toEqual(["petra@example.cz"]);
    expect((await search("%")).emails).toEqual(["petra@example.cz"]);
    expect((await search("_")).emails).toEqual([]);
    expect((await search("  ")).total).toBe(4);
  });

  it("refuses a search longer than an e-mail can be: 422, with a Czech message", async () => {
    const response = await call("GET", `/admin/users?q=${"a".repeat(256)}`, admin.access_token);
    expect(response.status).toBe(422);
    const body = (await response.json()) as { error: { code: string; message: string } };
    expect(body.error.code).toBe("validation_failed");
    expect(body.error.message).toBe("Hledaný text může mít nejvýše 255 znaků.");
  });

  it("grants and revokes the member role; doing it twice changes nothing", async () => {
    const id = await findId("jana@example.cz");
    const grant = await call("PUT", `/admin/users/${id}/roles/member`, admin.access_token);
    expect(grant.status).toBe(200);
    const granted = (await grant.json()) as RoleChangeJson;
    expect(granted.outcome).toBe("changed");
    expect(granted.user).toMatchObject({ email: "jana@example.cz", roles: ["member"] });
    const again = await call("PUT", `/admin/users/${id}/roles/member`, admin.access_token);
    expect(((await again.json()) as RoleChangeJson).outcome).toBe("unchanged");
    expect(await rolesOf("jana@example.cz")).toEqual(["member"]);

    const revoke = await call("DELETE", `/admin/users/${id}/roles/member`, admin.access_token);
    expect(revoke.status).toBe(200);
    expect(((await revoke.json()) as RoleChangeJson).user.roles).toEqual([]);
    const twice = await call("DELETE", `/admin/users/${id}/roles/member`, admin.access_token);
    expect(((await twice.json()) as RoleChangeJson).outcome).toBe("unchanged");
  });

  it("a new administrator gets in at once, and loses access at her next request once revoked", async () => {
    const jana = await signIn("jana@example.cz");
    expect((await call("GET", "/admin/access", jana.access_token)).status).toBe(403);
    const grant = await call("PUT", `/admin/users/${jana.user.id}/roles/admin`, admin.access_token);
    expect(grant.status).toBe(200);
    expect((await call("GET", "/admin/access", jana.access_token)).status).toBe(200);
    const revoke = await call(
      "DELETE",
      `/admin/users/${jana.user.id}/roles/admin`,
      admin.access_token,
    );
    expect(revoke.status).toBe(200);
    expect((await call("GET", "/admin/access", jana.access_token)).status).toBe(403);
    expect((await call("GET", "/admin/users", jana.access_token)).status).toBe(403);
  });

  it("no role for an unconfirmed address: 409 email_not_confirmed with the reason, nothing changed", async () => {
    const id = await findId("nepotvrzena@example.cz");
    for (const role of ["admin", "member"]) {
      const response = await call("PUT", `/admin/users/${id}/roles/${role}`, admin.access_token);
      expect(response.status).toBe(409);
      expect(await response.json()).toEqual({
        error: {
          code: "email_not_confirmed",
          message:
            "Tento účet zatím nemá potvrzenou e-mailovou adresu, a tak mu nelze přidělit roli. Jakmile adresu potvrdí odkazem z e-mailu, půjde to.",
        },
      });
    }
    expect(await rolesOf("nepotvrzena@example.cz")).toEqual([]);
  });

  it("the last administrator keeps the role: 409 last_admin, even when she asks for it herself", async () => {
    const response = await call(
      "DELETE",
      `/admin/users/${admin.user.id}/roles/admin`,
      admin.access_token,
    );
    expect(response.status).toBe(409);
    const body = (await response.json()) as { error: { code: string; message: string } };
    expect(body.error.code).toBe("last_admin");
    expect(body.error.message).toContain("poslední účet s rolí administrátora");
    expect(await rolesOf("spravkyne@example.cz")).toEqual(["admin"]);
  });

  it("bad input: an unknown role 422, an unknown or malformed account 404, nothing changed", async () => {
    const id = await findId("jana@example.cz");
    const unknownRole = await call("PUT", `/admin/users/${id}/roles/owner`, admin.access_token);
    expect(unknownRole.status).toBe(422);
    expect(((await unknownRole.json()) as { error: { code: string } }).error.code).toBe(
      "unknown_role",
    );
    for (const account of ["6b1d8a52-7a4f-4d55-9a0e-1b2c3d4e5f60", "not-a-uuid"]) {
      const response = await call(
        "PUT",
        `/admin/users/${account}/roles/member`,
        admin.access_token,
      );
      expect(response.status).toBe(404);
      expect(((await response.json()) as { error: { code: string } }).error.code).toBe(
        "user_not_found",
      );
    }
    expect((await call("POST", `/admin/users/${id}/roles/member`, admin.access_token)).status).toBe(
      405,
    );
    const big = await fetch(`${server.origin}/api/admin/users/${id}/roles/member`, {
      method: "PUT",
      headers: {
        Authorization: `Bearer ${admin.access_token}`,
        "Content-Type": "application/json",
      },
      body: "x".repeat(5000),
    });
    expect(big.status).toBe(413);
    expect(await rolesOf("jana@example.cz")).toEqual([]);
  });

  it("the audit log shows each change, who made it and when, newest first, in pages; refusals leave no entry", async () => {
    const { entries } = await auditPage(admin.access_token);
    expect(
      entries.map((entry) => [entry.action, entry.role, entry.target_email, entry.actor_email]),
    ).toEqual([
      ["role_revoked", "admin", "jana@example.cz", "spravkyne@example.cz"],
      ["role_granted", "admin", "jana@example.cz", "spravkyne@example.cz"],
      ["role_revoked", "member", "jana@example.cz", "spravkyne@example.cz"],
      ["role_granted", "member", "jana@example.cz", "spravkyne@example.cz"],
      ["role_granted", "admin", "spravkyne@example.cz", null],
    ]);
    const text = JSON.stringify(entries);
    expect(text).not.toMatch(/heslo|password|token/i);

    const bad = await call("GET", "/admin/audit-log?before=abc", admin.access_token);
    expect(bad.status).toBe(422);
    const [newest] = entries;
    const older = await auditPage(admin.access_token, newest?.id);
    expect(older.entries.map((entry) => entry.id)).toEqual(
      entries.slice(1).map((entry) => entry.id),
    );
  });

  it("her own sign-ins: device, address and time, this one marked; „odhlásit všude jinde“ ends the others", async () => {
    const phone = await signIn("spravkyne@example.cz", "Telefon/2.0", "203.0.113.9");
    const response = await call("GET", "/admin/sessions", phone.access_token);
    expect(response.status).toBe(200);
    const { sessions } = (await response.json()) as SessionListJson;
    expect(sessions.length).toBeGreaterThanOrEqual(2);
    expect(sessions[0]).toMatchObject({
      current: true,
      user_agent: "Telefon/2.0",
      ip_address: "203.0.113.9",
    });
    expect(sessions.slice(1).every((session) => !session.current)).toBe(true);
    expect(sessions.map((session) => session.user_agent)).toContain("Testovaci-prohlizec/1.0");

    const others = await fetch(`${server.origin}/auth/v1/logout?scope=others`, {
      method: "POST",
      headers: { Authorization: `Bearer ${phone.access_token}` },
    });
    expect(others.status).toBe(204);
    const after = (await (
      await call("GET", "/admin/sessions", phone.access_token)
    ).json()) as SessionListJson;
    expect(after.sessions).toHaveLength(1);
    expect((await call("GET", "/admin/access", admin.access_token)).status).toBe(401);
    admin = phone;
  });

  it("„Poslat potvrzení znovu“: a new link to an unconfirmed address, once a minute; then the role can be given", async () => {
    await signUp("znovu@example.cz", "Alena Znovu");
    await unconfirm("znovu@example.cz");
    const id = await findId("znovu@example.cz");
    const mailsTo = async () =>
      (await server.readMails()).filter(
        (mail) => !Array.isArray(mail.to) && mail.to?.text === "znovu@example.cz",
      );
    const before = (await mailsTo()).length;
    const path = `/admin/users/${id}/confirmation-email`;
    // The sign-up's own e-mail a moment ago counts as this address's e-mail of this minute.
    server.startFreshWindow(authRateLimits.confirmationEmailPerEmail.windowMs);

    const sent = await call("POST", path, admin.access_token);
    expect(sent.status).toBe(200);
    expect(await sent.json()).toEqual({ sent: true, email: "znovu@example.cz" });
    const mails = await mailsTo();
    expect(mails).toHaveLength(before + 1);
    expect(mails.at(-1)?.subject).toBe(mails[0]?.subject);

    // Within the same minute: refused, nothing sent.
    const again = await call("POST", path, admin.access_token);
    expect(again.status).toBe(429);
    expect(again.headers.get("Retry-After")).toMatch(/^\d+$/);
    expect(await again.json()).toEqual({
      error: {
        code: "confirmation_sent_recently",
        message:
          "Potvrzovací e-mail na tuto adresu odešel před chvílí. Další půjde poslat za minutu.",
      },
    });
    expect(await mailsTo()).toHaveLength(before + 1);

    // Its link confirms the address, and the role can be given.
    const link = await server.readVerifyLink("znovu@example.cz", "signup");
    expect(new URL(link).searchParams.get("redirect_to")).toBe(`${server.origin}/`);
    expect((await fetch(link, { redirect: "manual" })).status).toBe(303);
    const grant = await call("PUT", `/admin/users/${id}/roles/member`, admin.access_token);
    expect(grant.status).toBe(200);
    expect(await rolesOf("znovu@example.cz")).toEqual(["member"]);

    server.advance(61_000);
    const confirmed = await call("POST", path, admin.access_token);
    expect(confirmed.status).toBe(409);
    expect(((await confirmed.json()) as { error: { code: string } }).error.code).toBe(
      "email_already_confirmed",
    );
    for (const account of ["6b1d8a52-7a4f-4d55-9a0e-1b2c3d4e5f60", "not-a-uuid"]) {
      const unknown = await call(
        "POST",
        `/admin/users/${account}/confirmation-email`,
        admin.access_token,
      );
      expect(unknown.status).toBe(404);
    }
    expect((await call("GET", path, admin.access_token)).status).toBe(405);
    // No confirmation e-mail more (the member's welcome after the grant is another e-mail).
    const confirmations = (await mailsTo()).filter((mail) => mail.subject === mails[0]?.subject);
    expect(confirmations).toHaveLength(before + 1);
  });

  it("no role for an account with a sign-in from before its confirmation: 409 predates_confirmation, saying what to run", async () => {
    await signUp("predem@example.cz", "Eva Předem");
    await signIn("predem@example.cz");
    // Confirmed a minute after that sign-in, by the code that kept what was made before.
    const id = await findId("predem@example.cz");
    const [session] = await server.db
      .select()
      .from(authSessions)
      .where(eq(authSessions.userId, id));
    await server.db
      .update(users)
      .set({ emailConfirmedAt: new Date((session?.createdAt.getTime() ?? 0) + 60_000) })
      .where(eq(users.id, id));
    const refused = await call("PUT", `/admin/users/${id}/roles/member`, admin.access_token);
    expect(refused.status).toBe(409);
    expect(await refused.json()).toEqual({
      error: { code: "predates_confirmation", message: userAdminMessages.predatesConfirmation },
    });
    expect(userAdminMessages.predatesConfirmation).toContain("npm run admin -- sign-out");
    expect(await rolesOf("predem@example.cz")).toEqual([]);

    expect(await signOutEverywhere(server.db, "predem@example.cz")).toBe(1);
    const granted = await call("PUT", `/admin/users/${id}/roles/member`, admin.access_token);
    expect(granted.status).toBe(200);
  });
});

describe.each(testDatabases.filter((database) => database.name === "PostgreSQL"))(
  "two administrators revoking each other at once on $name",
  ({ open }) => {
    it(
      "exactly one succeeds: the other finds herself the last administrator",
      async () => {
        const handle = await open();
        const other = await handle.openAnother?.();
        if (!other) throw new Error("PostgreSQL handles open a second one");
        try {
          // Accounts straight in the database: this is about the roles module, not sign-up.
          await handle.db.insert(users).values([
            { email: "prvni@example.cz", passwordHash: "x", emailConfirmedAt: new Date() },
            { email: "druha@example.cz", passwordHash: "x", emailConfirmedAt: new Date() },
          ]);
          for (let round = 0; round < 5; round += 1) {
            expect(await grantAdmin(handle.db, "prvni@example.cz")).not.toBe("unknown_account");
            expect(await grantAdmin(handle.db, "druha@example.cz")).not.toBe("unknown_account");
            const outcomes = await Promise.all([
              revokeRole(handle.db, {
                account: { email: "prvni@example.cz" },
                role: "admin",
                actor: { kind: "command_line" },
              }),
              revokeRole(other.db, {
                account: { email: "druha@example.cz" },
                role: "admin",
                actor: { kind: "command_line" },
              }),
            ]);
            expect(outcomes.sort()).toEqual(["last_admin", "revoked"]);
            const admins = await handle.db
              .select()
              .from(userRoles)
              .where(eq(userRoles.role, "admin"));
            expect(admins).toHaveLength(1);
          }
        } finally {
          await other.close();
          await handle.close();
        }
      },
      openTimeoutMs,
    );
  },
);
