/**
 * The authorization matrix: every administration route against every kind
 * of caller, over HTTP, with a check that nothing was read or deleted where
 * it must not be.
 */

import { eq } from "drizzle-orm";
import * as OTPAuth from "otpauth";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  auditLog,
  formSubmissions,
  inboxSettings,
  mailOutbox,
  materials,
  userRoles,
  users,
} from "#database/schema";
import { grantAdmin, grantRole, revokeAdmin } from "#server/auth/roles";
import { createAccessToken, createRandomToken } from "#server/auth/tokens";
import { buildVerifyLink } from "#server/auth/verify-link";
import { composeRecoveryMail, removedToken, writeToOutbox } from "#server/mail/outbox";
import { createMembersApp } from "#server/members/members-app";
import { startTestServer, type TestServer, testSecret } from "#testing/test-app";
import { testDatabases } from "#testing/test-databases";
import { createAdminApp } from "./admin-app";

/** Stands in for every dependency: building a sub-app to read its route table calls none of them. */
const unused: unknown = new Proxy(() => {}, {
  get: (_target, key) => (key === "then" ? undefined : unused),
  apply: () => {
    throw new Error("A dependency was called while the route table was read.");
  },
});

/**
 * A sub-app's routes (method and path, relative to /api) from its own route table: what it
 * serves, whoever mounts it. `use` and `all` take every method and say nothing about what it
 * serves; its one guard is the only such entry.
 */
function routesOf(app: { routes: readonly { method: string; path: string }[] }) {
  const everyMethod = app.routes.filter((route) => route.method === "ALL");
  expect(everyMethod.map((route) => route.path)).toEqual(["/*"]);
  const seen = new Set<string>();
  return app.routes
    .filter((route) => route.method !== "ALL")
    .filter(({ method, path }) => !seen.has(`${method} ${path}`) && seen.add(`${method} ${path}`))
    .map(({ method, path }) => ({ method, path }));
}

const adminRoutes = routesOf(createAdminApp(unused as Parameters<typeof createAdminApp>[0]));
const memberRoutes = routesOf(createMembersApp(unused as Parameters<typeof createMembersApp>[0]));

let server: TestServer;
let callers: Record<Caller, string | undefined>;

type Caller =
  | "no token"
  | "malformed token"
  | "expired token"
  | "token signed with another key"
  | "signed-in non-administrator"
  | "member"
  | "administrator after sign-out"
  | "unconfirmed account"
  | "administrator without an authenticator app"
  | "administrator at aal1 with an authenticator app"
  | "administrator";

const expectedStatus: Record<Caller, number> = {
  "no token": 401,
  "malformed token": 401,
  "expired token": 401,
  "token signed with another key": 401,
  "signed-in non-administrator": 403,
  member: 403,
  "administrator after sign-out": 401,
  "unconfirmed account": 403,
  "administrator without an authenticator app": 403,
  "administrator at aal1 with an authenticator app": 403,
  administrator: 200,
};

async function post(path: string, body: unknown, accessToken?: string) {
  const response = await fetch(`${server.origin}${path}`, {
    method: "POST",
    headers: {
      "Content-Type": "application/json",
      ...(accessToken ? { Authorization: `Bearer ${accessToken}` } : {}),
    },
    body: JSON.stringify(body),
  });
  return response;
}

async function signUpAndIn(email: string) {
  const signUp = await post("/auth/v1/signup", {
    email,
    password: "heslo-123",
    data: { full_name: "Test" },
  });
  expect(signUp.status).toBe(200);
  // Only a confirmed address signs in: confirmed by her link, as she would.
  await server.confirmEmail(email);
  const signIn = await post("/auth/v1/token?grant_type=password", {
    email,
    password: "heslo-123",
  });
  return (await signIn.json()) as {
    access_token: string;
    user: { id: string; email: string };
  };
}

async function signIn(email: string) {
  const response = await post("/auth/v1/token?grant_type=password", {
    email,
    password: "heslo-123",
  });
  expect(response.status).toBe(200);
  return (await response.json()) as { access_token: string };
}

async function postAs(path: string, accessToken: string, body: unknown = {}) {
  const response = await post(path, body, accessToken);
  expect(response.status, `${path}: ${response.status}`).toBe(200);
  return response.json();
}

/**
 * Sets up an authenticator app as the page does (enroll, challenge, verify
 * with a code the app would show) and returns the factor's secret and the
 * session's new aal2 access token.
 */
async function addAuthenticatorApp(accessToken: string) {
  const factor = (await postAs("/auth/v1/factors", accessToken, { factor_type: "totp" })) as {
    id: string;
    totp: { secret: string };
  };
  const secret = factor.totp.secret;
  const session = await verifyWithApp(accessToken, factor.id, secret);
  return { factorId: factor.id, secret, accessToken: session.access_token };
}

async function verifyWithApp(accessToken: string, factorId: string, secret: string) {
  const challenge = (await postAs(`/auth/v1/factors/${factorId}/challenge`, accessToken)) as {
    id: string;
  };
  const code = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret) }).generate();
  return (await postAs(`/auth/v1/factors/${factorId}/verify`, accessToken, {
    challenge_id: challenge.id,
    code,
  })) as { access_token: string };
}

/** `createdAt` defaults to the database's now(), which PGlite gives to the millisecond only. */
async function seedSubmission(name: string, createdAt?: Date) {
  const [row] = await server.db
    .insert(formSubmissions)
    .values({
      ...(createdAt && { createdAt }),
      formType: "contact",
      name,
      email: "navstevnice@example.cz",
      phone: "+420 777 123 456",
      serviceType: "consultation",
      message: "Dobrý den, ráda bych se objednala.",
      privacyConsent: true,
    })
    .returning();
  if (!row) throw new Error("seed failed");
  return row.id;
}

async function submissionCount() {
  return (await server.db.select().from(formSubmissions)).length;
}

/** What a refused request must leave as it was: submissions, roles, the audit log and the outbox. */
async function countEverything() {
  return {
    submissions: await submissionCount(),
    mails: (await server.db.select().from(mailOutbox)).length,
    roles: (await server.db.select().from(userRoles)).length,
    auditEntries: (await server.db.select().from(auditLog)).length,
    materials: (await server.db.select().from(materials)).length,
  };
}

describe.each(testDatabases)("on $name", ({ open }) => {
  beforeAll(async () => {
    server = await startTestServer({ open });
    const admin = await signUpAndIn("spravkyne@example.cz");
    await server.confirmEmail("spravkyne@example.cz");
    expect(await grantAdmin(server.db, "spravkyne@example.cz")).toBe("granted");
    const adminApp = await addAuthenticatorApp(admin.access_token);
    const visitor = await signUpAndIn("navstevnice@example.cz");
    const member = await signUpAndIn("clenka@example.cz");
    await server.confirmEmail("clenka@example.cz");
    expect(
      await grantRole(server.db, {
        account: { email: "clenka@example.cz" },
        role: "member",
        actor: { kind: "command_line" },
      }),
    ).toBe("granted");
    await server.confirmEmail("navstevnice@example.cz");
    // A session from before sign-in needed a confirmed address: databases in use hold such.
    const unconfirmed = await signUpAndIn("nepotvrzena@example.cz");
    await server.db
      .update(users)
      .set({ emailConfirmedAt: null })
      .where(eq(users.email, "nepotvrzena@example.cz"));
    expect(await grantAdmin(server.db, "nepotvrzena@example.cz")).toBe("email_not_confirmed");

    const withoutApp = await signUpAndIn("bez-aplikace@example.cz");
    await server.confirmEmail("bez-aplikace@example.cz");
    await grantAdmin(server.db, "bez-aplikace@example.cz");

    // She set up her app in one session; a new sign-in starts at aal1.
    const atAal1 = await signUpAndIn("jen-heslo@example.cz");
    await server.confirmEmail("jen-heslo@example.cz");
    await grantAdmin(server.db, "jen-heslo@example.cz");
    await addAuthenticatorApp(atAal1.access_token);
    const atAal1Again = await signIn("jen-heslo@example.cz");

    const signedOut = await signUpAndIn("byvala@example.cz");
    await server.confirmEmail("byvala@example.cz");
    await grantAdmin(server.db, "byvala@example.cz");
    const logout = await post("/auth/v1/logout?scope=local", undefined, signedOut.access_token);
    expect(logout.status).toBe(204);

    // Claims of the administrator's live session, but expired or signed with another key.
    const [claims] = admin.access_token
      .split(".")
      .slice(1, 2)
      .map((part) => {
        return JSON.parse(Buffer.from(part, "base64url").toString()) as { session_id: string };
      });
    const input = {
      userId: admin.user.id,
      sessionId: claims?.session_id ?? "",
      email: admin.user.email,
      userMetadata: {},
      aal: "aal1" as const,
      amr: [{ method: "password", timestamp: Math.floor(Date.now() / 1000) }],
      issuer: `${server.origin}/auth/v1`,
    };
    const expired = await createAccessToken(testSecret, {
      ...input,
      issuedAt: Math.floor(Date.now() / 1000) - 7200,
    });
    const foreign = await createAccessToken("another-key-another-key-another-key-!!", {
      ...input,
      issuedAt: Math.floor(Date.now() / 1000),
    });

    callers = {
      "no token": undefined,
      "malformed token": "not.a-jwt",
      "expired token": expired.token,
      "token signed with another key": foreign.token,
      "signed-in non-administrator": visitor.access_token,
      member: member.access_token,
      "administrator after sign-out": signedOut.access_token,
      "unconfirmed account": unconfirmed.access_token,
      "administrator without an authenticator app": withoutApp.access_token,
      "administrator at aal1 with an authenticator app": atAal1Again.access_token,
      administrator: adminApp.accessToken,
    };
  }, 60_000);

  afterAll(async () => {
    await server?.close();
  });
  describe("the authorization matrix", () => {
    it("reads every administration route from the administration's route table", () => {
      expect(adminRoutes.length).toBeGreaterThan(20);
      for (const known of [
        "GET /admin/access",
        "GET /form-submissions",
        "DELETE /form-submissions/:id",
        "POST /admin/address/erase",
        "PUT /admin/users/:id/roles/:role",
        "PUT /admin/materials/:id/file",
      ]) {
        expect(adminRoutes.map(({ method, path }) => `${method} ${path}`)).toContain(known);
      }
      expect(memberRoutes.map(({ method, path }) => `${method} ${path}`).sort()).toEqual([
        "GET /members/access",
        "GET /members/materials",
        "POST /members/access-requests",
      ]);
    });

    const refused = Object.keys(expectedStatus).filter(
      (caller) => caller !== "administrator",
    ) as Caller[];

    for (const route of adminRoutes) {
      for (const caller of refused) {
        it(`${route.method} /api${route.path} as ${caller}: ${expectedStatus[caller]}, nothing read, changed or deleted`, async () => {
          const submissionId = await seedSubmission("Chráněná Osoba");
          // The visitor's account is the one any role change would be about.
          const [visitor] = await server.db
            .select()
            .from(users)
            .where(eq(users.email, "navstevnice@example.cz"));
          // The confirmation e-mail would go to an account whose address is not confirmed.
          const [unconfirmedAccount] = await server.db
            .select()
            .from(users)
            .where(eq(users.email, "nepotvrzena@example.cz"));
          const samples: Record<string, string> = {
            id: route.path.endsWith("/confirmation-email")
              ? (unconfirmedAccount?.id ?? "")
              : route.path.includes("/users/")
                ? (visitor?.id ?? "")
                : submissionId,
            role: "admin",
            key: "home-hero",
            revision: "1",
            // One sign-up of an event (server/events/event-admin-people-api.ts).
            signupId: submissionId,
          };
          const before = await countEverything();
          const token = callers[caller];
          const path = route.path.replace(/:(\w+)/g, (_, name: string) => {
            const sample = samples[name];
            if (sample === undefined) throw new Error(`No sample value for :${name}`);
            return sample;
          });
          const response = await fetch(`${server.origin}/api${path}`, {
            method: route.method,
            headers: token ? { Authorization: `Bearer ${token}` } : {},
          });
          expect(response.status).toBe(expectedStatus[caller]);
          const body = await response.text();
          expect(body).not.toContain("Chráněná Osoba");
          expect(body).not.toContain("navstevnice@example.cz");
          expect(await countEverything()).toEqual(before);
          // Nor changed: the record is still new, the retention rule still off.
          const [seeded] = await server.db
            .select()
            .from(formSubmissions)
            .where(eq(formSubmissions.id, submissionId));
          expect(seeded?.readAt).toBeNull();
          expect(await server.db.select().from(inboxSettings)).toEqual([]);
        });
      }
    }

    // Every members' route: the same guard refuses whoever has no live session.
    const signedOut = [
      "no token",
      "malformed token",
      "expired token",
      "token signed with another key",
      "administrator after sign-out",
    ] as const;
    for (const route of memberRoutes) {
      for (const caller of signedOut) {
        it(`${route.method} /api${route.path} as ${caller}: 401, nothing asked`, async () => {
          const before = await countEverything();
          const token = callers[caller];
          const response = await fetch(`${server.origin}/api${route.path}`, {
            method: route.method,
            headers: token ? { Authorization: `Bearer ${token}` } : {},
          });
          expect(response.status).toBe(401);
          expect(response.headers.get("Cache-Control")).toBe("no-store");
          const body = (await response.json()) as { error?: { code: string } };
          expect(body.error?.code).toBe("not_signed_in");
          expect(await countEverything()).toEqual(before);
        });
      }
    }

    // The members' list: any member or administrator (no second factor asked: it holds no personal data).
    const memberListStatus: Record<Caller, number> = {
      ...expectedStatus,
      member: 200,
      "administrator without an authenticator app": 200,
      "administrator at aal1 with an authenticator app": 200,
    };
    for (const caller of Object.keys(memberListStatus) as Caller[]) {
      it(`GET /api/members/materials as ${caller}: ${memberListStatus[caller]}`, async () => {
        const token = callers[caller];
        const response = await fetch(`${server.origin}/api/members/materials`, {
          headers: token ? { Authorization: `Bearer ${token}` } : {},
        });
        expect(response.status).toBe(memberListStatus[caller]);
        const body = (await response.json()) as { error?: { code: string }; materials?: unknown };
        if (memberListStatus[caller] === 401) expect(body.error?.code).toBe("not_signed_in");
        if (memberListStatus[caller] === 403) expect(body.error?.code).toBe("not_a_member");
        if (memberListStatus[caller] === 200) expect(body.materials).toEqual([]);
      });
    }

    // A material's file: only its signed URL opens it; a bearer token, whoever's, does not.
    for (const caller of Object.keys(expectedStatus) as Caller[]) {
      it(`GET /api/materials/:id/file without its signature as ${caller}: 401, nothing sent`, async () => {
        const [guide] = await server.db.select().from(materials);
        const token = callers[caller];
        const response = await fetch(`${server.origin}/api/materials/${guide?.id}/file?v=0`, {
          headers: token ? { Authorization: `Bearer ${token}` } : {},
        });
        expect(response.status).toBe(401);
        expect(response.headers.get("Content-Type")).toMatch(/^application\/json/);
      });
    }

    it("GET /api/admin/materials as the administrator: 200, the built-in guide and no waiting e-mail", async () => {
      const response = await fetch(`${server.origin}/api/admin/materials`, {
        headers: { Authorization: `Bearer ${callers.administrator}` },
      });
      expect(response.status).toBe(200);
      expect(await response.json()).toMatchObject({
        materials: [{ kind: "guide", place: "gift_fragrance" }],
        waiting: { gift_ritual: 0, gift_fragrance: 0 },
      });
    });

    it("a plain account, a member and an unconfirmed account cannot make themselves administrators", async () => {
      for (const caller of [
        "signed-in non-administrator",
        "member",
        "unconfirmed account",
      ] as const) {
        const token = callers[caller] ?? "";
        const claims = JSON.parse(
          Buffer.from(token.split(".")[1] ?? "", "base64url").toString(),
        ) as { sub: string };
        const response = await fetch(`${server.origin}/api/admin/users/${claims.sub}/roles/admin`, {
          method: "PUT",
          headers: { Authorization: `Bearer ${token}` },
        });
        expect(response.status).toBe(403);
        const roles = await server.db
          .select()
          .from(userRoles)
          .where(eq(userRoles.userId, claims.sub));
        expect(roles.map((role) => role.role)).not.toContain("admin");
      }
    });

    it("GET /api/admin/access as the administrator: 200 with her address", async () => {
      const response = await fetch(`${server.origin}/api/admin/access`, {
        headers: { Authorization: `Bearer ${callers.administrator}` },
      });
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ admin: true, email: "spravkyne@example.cz" });
    });

    it("GET /api/form-submissions as the administrator: 200, every record, newest first", async () => {
      // A second apart: two inserts in the same millisecond would tie on created_at.
      const older = new Date();
      await seedSubmission("Starší Záznam", older);
      await seedSubmission("Novější Záznam", new Date(older.getTime() + 1000));
      const response = await fetch(`${server.origin}/api/form-submissions`, {
        headers: { Authorization: `Bearer ${callers.administrator}` },
      });
      expect(response.status).toBe(200);
      const { submissions } = (await response.json()) as {
        submissions: { name: string; created_at: string }[];
      };
      expect(submissions).toHaveLength(await submissionCount());
      expect(submissions[0]?.name).toBe("Novější Záznam");
      expect(submissions[1]?.name).toBe("Starší Záznam");
      const times = submissions.map((submission) => Date.parse(submission.created_at));
      expect(times).toEqual([...times].sort((a, b) => b - a));
    });

    it("DELETE /api/form-submissions/:id as the administrator: 204, that one record is gone, the audit log says so", async () => {
      const keep = await seedSubmission("Zůstane Tady");
      const remove = await seedSubmission("Bude Smazána");
      const [removed] = await server.db
        .select()
        .from(formSubmissions)
        .where(eq(formSubmissions.id, remove));
      const before = await submissionCount();
      const auditBefore = (await server.db.select().from(auditLog)).length;
      const response = await fetch(`${server.origin}/api/form-submissions/${remove}`, {
        method: "DELETE",
        headers: { Authorization: `Bearer ${callers.administrator}` },
      });
      expect(response.status).toBe(204);
      const ids = (await server.db.select().from(formSubmissions)).map((row) => row.id);
      expect(ids).toContain(keep);
      expect(ids).not.toContain(remove);
      expect(ids).toHaveLength(before - 1);
      // Who deleted which form's record sent when: never what it said.
      const entries = (await server.db.select().from(auditLog)).slice(auditBefore);
      expect(entries).toMatchObject([
        {
          action: "submission_deleted",
          actorEmail: "spravkyne@example.cz",
          submissionFormType: removed?.formType,
          submissionCreatedAt: removed?.createdAt,
        },
      ]);
      expect(JSON.stringify(entries)).not.toContain("Bude Smazána");
    });

    it("DELETE of a record that does not exist, or of a malformed id: 404", async () => {
      for (const id of ["6b1d8a52-7a4f-4d55-9a0e-1b2c3d4e5f60", "not-a-uuid"]) {
        const response = await fetch(`${server.origin}/api/form-submissions/${id}`, {
          method: "DELETE",
          headers: { Authorization: `Bearer ${callers.administrator}` },
        });
        expect(response.status).toBe(404);
      }
    });

    it("tells an administrator who must still prove herself why: a code, or setting up an app", async () => {
      const refusal = async (token: string | undefined) => {
        const response = await fetch(`${server.origin}/api/admin/access`, {
          headers: { Authorization: `Bearer ${token}` },
        });
        return ((await response.json()) as { error: { code: string; message: string } }).error;
      };
      expect(await refusal(callers["administrator at aal1 with an authenticator app"])).toEqual({
        code: "aal2_required",
        message: "Ověřte se prosím kódem z aplikace.",
      });
      expect(await refusal(callers["administrator without an authenticator app"])).toEqual({
        code: "two_factor_setup_required",
        message: "Nejdřív si prosím nastavte ověření kódem z aplikace.",
      });
      expect((await refusal(callers["unconfirmed account"])).code).toBe("forbidden");
    });

    it("a revoked administrator is refused at her very next request", async () => {
      const former = await signUpAndIn("docasna@example.cz");
      await server.confirmEmail("docasna@example.cz");
      await grantAdmin(server.db, "docasna@example.cz");
      const { accessToken } = await addAuthenticatorApp(former.access_token);
      const headers = { Authorization: `Bearer ${accessToken}` };
      expect((await fetch(`${server.origin}/api/admin/access`, { headers })).status).toBe(200);
      expect(await revokeAdmin(server.db, "docasna@example.cz")).toBe("revoked");
      expect((await fetch(`${server.origin}/api/admin/access`, { headers })).status).toBe(403);
    });
  });

  describe("the inbox routes as the administrator", () => {
    const as = (method: string, path: string, body?: unknown) =>
      fetch(`${server.origin}/api${path}`, {
        method,
        headers: {
          Authorization: `Bearer ${callers.administrator}`,
          ...(body === undefined ? {} : { "Content-Type": "application/json" }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });

    async function seedMail(submissionId: string | null, to: string, status: "failed" | "sent") {
      const [row] = await server.db
        .insert(mailOutbox)
        .values({
          submissionId,
          kind: "owner_notification",
          to,
          subject: "Kontaktní formulář: Zkouška",
          html: "<p>Zkouška</p>",
          text: "Zkouška",
          status,
          attempts: 1,
          lastError: status === "failed" ? "550 Mailbox unavailable" : null,
          nextAttemptAt: new Date(),
        })
        .returning();
      if (!row) throw new Error("seed failed");
      return row.id;
    }

    it("GET /form-submissions/:id: the record with its e-mails and their fate; 404 for none or a malformed id", async () => {
      const id = await seedSubmission("Detailní Záznam");
      await seedMail(id, "majitelka@example.cz", "failed");
      const response = await as("GET", `/form-submissions/${id}`);
      expect(response.status).toBe(200);
      const detail = await response.json();
      expect(detail.submission).toMatchObject({
        id,
        name: "Detailní Záznam",
        read_at: null,
        handled_at: null,
        mail_state: "failed",
      });
      expect(detail.mails).toMatchObject([
        { to: "majitelka@example.cz", status: "failed", last_error: "550 Mailbox unavailable" },
      ]);
      for (const missing of ["6b1d8a52-7a4f-4d55-9a0e-1b2c3d4e5f60", "not-a-uuid"]) {
        expect((await as("GET", `/form-submissions/${missing}`)).status).toBe(404);
      }
      const list = (await (await as("GET", "/form-submissions")).json()) as {
        submissions: { id: string; mail_state: string | null }[];
      };
      expect(list.submissions.find((row) => row.id === id)?.mail_state).toBe("failed");
    });

    it("POST /form-submissions/:id/state: read, handled, new again; bad states 422, unknown records 404", async () => {
      const id = await seedSubmission("Stavový Záznam");
      const read = await (
        await as("POST", `/form-submissions/${id}/state`, { state: "read" })
      ).json();
      expect(read.submission.read_at).not.toBeNull();
      expect(read.submission.handled_at).toBeNull();
      const handled = await (
        await as("POST", `/form-submissions/${id}/state`, { state: "handled" })
      ).json();
      expect(handled.submission.read_at).toBe(read.submission.read_at);
      expect(handled.submission.handled_at).not.toBeNull();
      // „read“ takes a handled record back among the open ones, still read.
      const reopened = await (
        await as("POST", `/form-submissions/${id}/state`, { state: "read" })
      ).json();
      expect(reopened.submission).toMatchObject({
        read_at: read.submission.read_at,
        handled_at: null,
      });
      await as("POST", `/form-submissions/${id}/state`, { state: "handled" });
      const fresh = await (
        await as("POST", `/form-submissions/${id}/state`, { state: "new" })
      ).json();
      expect(fresh.submission).toMatchObject({ read_at: null, handled_at: null });

      const bad = await as("POST", `/form-submissions/${id}/state`, { state: "archived" });
      expect(bad.status).toBe(422);
      expect((await bad.json()).error.code).toBe("validation_failed");
      const missing = await as(
        "POST",
        "/form-submissions/6b1d8a52-7a4f-4d55-9a0e-1b2c3d4e5f60/state",
        {
          state: "read",
        },
      );
      expect(missing.status).toBe(404);
      const noJson = await fetch(`${server.origin}/api/form-submissions/${id}/state`, {
        method: "POST",
        headers: { Authorization: `Bearer ${callers.administrator}`, "Content-Type": "text/plain" },
        body: "state=read",
      });
      expect(noJson.status).toBe(415);
      const [row] = await server.db
        .select()
        .from(formSubmissions)
        .where(eq(formSubmissions.id, id));
      expect(row?.readAt).toBeNull();
    });

    it("POST /mail/:id/resend: a failed e-mail goes back to the outbox; a sent one 409, none 404", async () => {
      const id = await seedSubmission("Znovu Odeslat");
      const failed = await seedMail(id, "spatna@example.cz", "failed");
      const sent = await seedMail(id, "dobra@example.cz", "sent");
      expect((await as("POST", `/mail/${sent}/resend`)).status).toBe(409);
      expect((await as("POST", "/mail/999999/resend")).status).toBe(404);
      expect((await as("POST", "/mail/abc/resend")).status).toBe(404);
      const response = await as("POST", `/mail/${failed}/resend`);
      expect(response.status).toBe(200);
      // Queued afresh, and the worker woken: it goes out at once.
      const mails = await server.readMails();
      expect(mails.filter((mail) => mail.subject === "Kontaktní formulář: Zkouška")).toHaveLength(
        1,
      );
      const [row] = await server.db.select().from(mailOutbox).where(eq(mailOutbox.id, failed));
      expect(row).toMatchObject({ status: "sent", attempts: 1, lastError: null });
    });

    it("address summary, export and erasure: everything about one address, nothing about others", async () => {
      const email = "gdpr.navstevnice@example.cz";
      const keep = await seedSubmission("Jiná Osoba");
      const [own] = await server.db
        .insert(formSubmissions)
        .values({
          formType: "gift_ritual",
          name: "Gdpr Návštěvnice",
          email: "GDPR.Navstevnice@example.cz",
          privacyConsent: true,
        })
        .returning();
      await seedMail(own?.id ?? null, "majitelka@example.cz", "sent");
      await seedMail(null, email, "sent");
      // The account's sign-up sends the third e-mail: the address's confirmation.
      await signUpAndIn(email);
      // A fourth waits to be sent (due tomorrow), with a recovery link that still works.
      const waitingToken = createRandomToken();
      await writeToOutbox(
        server.db,
        [
          await composeRecoveryMail(
            {
              to: email,
              fullName: null,
              link: buildVerifyLink("https://harmonie.example", waitingToken, "recovery", "/"),
            },
            { notifyEmail: "majitelka@example.cz", siteUrl: "https://harmonie.example" },
          ),
        ],
        { dueAt: new Date(Date.now() + 24 * 60 * 60_000) },
      );

      const summary = await (await as("POST", "/admin/address/summary", { email })).json();
      expect(summary).toEqual({
        email,
        submissions: 1,
        bookings: 0,
        eventSignups: 0,
        subscribers: 0,
        mails: 4,
        account: true,
      });

      const exported = await as("POST", "/admin/address/export", { email });
      expect(exported.status).toBe(200);
      expect(exported.headers.get("Content-Disposition")).toContain("attachment");
      const file = await exported.json();
      expect(file.submissions.map((row: { name: string }) => row.name)).toEqual([
        "Gdpr Návštěvnice",
      ]);
      expect(file.mails).toHaveLength(4);
      expect(file.account.email).toBe(email);
      // What the account keeps besides itself: its sign-ins (the confirmation link's, which signs
      // a member in, and one after it), each with the browser and the address.
      expect(file.account.sign_ins).toHaveLength(2);
      expect(file.account.sign_ins[0]).toMatchObject({
        created_at: expect.any(String),
        ip_address: expect.any(String),
      });
      expect(file.account).toMatchObject({
        roles: [],
        authenticator_apps: [],
        members_access_requested_at: null,
      });
      expect(Array.isArray(file.account.trusted_address_blocks)).toBe(true);
      expect(Array.isArray(file.account.trusted_devices)).toBe(true);
      expect(JSON.stringify(file)).not.toContain("argon2");
      expect(JSON.stringify(file)).not.toMatch(/secret|token_hash|tokenHash/);
      // Each link is quoted without its token, sent or not: the file confirms or opens nothing.
      const token = new URL(await server.readVerifyLink(email, "signup")).searchParams.get("token");
      expect(token).toMatch(/^[\w-]{43}$/);
      const quoted = (kind: string) =>
        file.mails.find((mail: { kind: string }) => mail.kind === kind);
      expect(quoted("email_confirmation").text).toContain(
        `/auth/v1/verify?token=${removedToken}&type=signup`,
      );
      expect(quoted("password_recovery")).toMatchObject({ status: "pending" });
      expect(quoted("password_recovery").text).toContain(
        `/auth/v1/verify?token=${removedToken}&type=recovery`,
      );
      expect(JSON.stringify(file)).not.toContain(String(token));
      expect(JSON.stringify(file)).not.toContain(waitingToken);

      expect(
        (await as("POST", "/admin/address/erase", { email: "spravkyne@example.cz" })).status,
      ).toBe(409);
      expect((await as("POST", "/admin/address/erase", { email: "bez-zavinace" })).status).toBe(
        422,
      );
      const auditBefore = (await server.db.select().from(auditLog)).length;
      const erased = await as("POST", "/admin/address/erase", { email });
      expect(await erased.json()).toEqual({
        email,
        submissions: 1,
        bookings: 0,
        eventSignups: 0,
        subscribers: 0,
        mails: 4,
        account: true,
      });
      expect(await (await as("POST", "/admin/address/summary", { email })).json()).toEqual({
        email,
        submissions: 0,
        bookings: 0,
        eventSignups: 0,
        subscribers: 0,
        mails: 0,
        account: false,
      });
      expect(await server.db.select().from(users).where(eq(users.email, email))).toEqual([]);
      const ids = (await server.db.select().from(formSubmissions)).map((row) => row.id);
      expect(ids).toContain(keep);
      // The erasure in the audit log: who, which form and when it was sent; never the address.
      const entries = (await server.db.select().from(auditLog)).slice(auditBefore);
      expect(entries).toMatchObject([
        {
          action: "submission_erased",
          actorEmail: "spravkyne@example.cz",
          submissionFormType: "gift_ritual",
          submissionCreatedAt: own?.createdAt,
        },
      ]);
      expect(JSON.stringify(entries).toLowerCase()).not.toContain("gdpr.navstevnice");
    });

    it("GET and PUT /admin/retention: off by default, then set, then off again; out of range 422", async () => {
      expect(await (await as("GET", "/admin/retention")).json()).toEqual({
        months: null,
        last_run_at: null,
      });
      for (const months of [0, 121, 2.5, "6"]) {
        const refused = await as("PUT", "/admin/retention", { months });
        expect(refused.status).toBe(422);
      }
      expect(await (await as("PUT", "/admin/retention", { months: 24 })).json()).toMatchObject({
        months: 24,
      });
      expect(await (await as("GET", "/admin/retention")).json()).toMatchObject({ months: 24 });
      expect(await (await as("PUT", "/admin/retention", { months: null })).json()).toMatchObject({
        months: null,
      });
    });

    it("POST /admin/retention/preview counts what a rule would delete now, and changes nothing", async () => {
      const preview = async (months: unknown) => as("POST", "/admin/retention/preview", { months });
      const counted = async (months: number | null) =>
        ((await (await preview(months)).json()) as { submissions: number }).submissions;
      const day = 24 * 60 * 60_000;
      const [before24, before12] = [await counted(24), await counted(12)];
      await seedSubmission("Dávná Návštěvnice", new Date(Date.now() - 800 * day));
      await seedSubmission("Loňská Návštěvnice", new Date(Date.now() - 400 * day));
      const stored = await submissionCount();
      expect(await counted(24)).toBe(before24 + 1);
      expect(await counted(12)).toBe(before12 + 2);
      expect(await counted(null)).toBe(0);
      for (const months of [0, 121, 2.5, "6"]) {
        const refused = await preview(months);
        expect(refused.status).toBe(422);
        expect(await refused.json()).toMatchObject({ error: { code: "validation_failed" } });
      }
      expect(await submissionCount()).toBe(stored);
      expect(await (await as("GET", "/admin/retention")).json()).toMatchObject({ months: null });
    });
  });
});

describe("with ADMIN_REQUIRE_2FA=false", () => {
  beforeAll(async () => {
    server = await startTestServer({ settings: { ADMIN_REQUIRE_2FA: "false" } });
  }, 180_000);
  afterAll(async () => {
    await server?.close();
  });

  it("lets an administrator without an app in, but one with an app still needs its code", async () => {
    const admin = await signUpAndIn("spravkyne@example.cz");
    await server.confirmEmail("spravkyne@example.cz");
    await grantAdmin(server.db, "spravkyne@example.cz");
    const access = (token: string) =>
      fetch(`${server.origin}/api/admin/access`, { headers: { Authorization: `Bearer ${token}` } });
    expect((await access(admin.access_token)).status).toBe(200);

    const app = await addAuthenticatorApp(admin.access_token);
    expect((await access(app.accessToken)).status).toBe(200);
    const again = await signIn("spravkyne@example.cz");
    expect((await access(again.access_token)).status).toBe(403);
  });
});
