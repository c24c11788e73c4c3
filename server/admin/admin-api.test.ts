/**
 * The authorization matrix: every administration route against every kind
 * of caller, over HTTP, with a check that nothing was read or deleted where
 * it must not be.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formSubmissions } from "#database/schema";
import { grantAdmin, revokeAdmin } from "#server/auth/roles";
import { createAccessToken } from "#server/auth/tokens";
import { startTestServer, type TestServer, testSecret } from "#testing/test-app";
import { testDatabases } from "#testing/test-databases";
import { adminRoutes } from "./admin-api";

let server: TestServer;
let callers: Record<Caller, string | undefined>;

type Caller =
  | "no token"
  | "malformed token"
  | "expired token"
  | "token signed with another key"
  | "signed-in non-administrator"
  | "administrator after sign-out"
  | "administrator";

const expectedStatus: Record<Caller, number> = {
  "no token": 401,
  "malformed token": 401,
  "expired token": 401,
  "token signed with another key": 401,
  "signed-in non-administrator": 403,
  "administrator after sign-out": 401,
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
  const signIn = await post("/auth/v1/token?grant_type=password", {
    email,
    password: "heslo-123",
  });
  return (await signIn.json()) as {
    access_token: string;
    user: { id: string; email: string };
  };
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

describe.each(testDatabases)("on $name", ({ open }) => {
  beforeAll(async () => {
    server = await startTestServer({ open });
    const admin = await signUpAndIn("spravkyne@example.cz");
    await server.confirmEmail("spravkyne@example.cz");
    expect(await grantAdmin(server.db, "spravkyne@example.cz")).toBe("granted");
    const visitor = await signUpAndIn("navstevnice@example.cz");

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
      "administrator after sign-out": signedOut.access_token,
      administrator: admin.access_token,
    };
  }, 60_000);

  afterAll(async () => {
    await server?.close();
  });
  describe("the authorization matrix", () => {
    const refused = Object.keys(expectedStatus).filter(
      (caller) => caller !== "administrator",
    ) as Caller[];

    for (const route of adminRoutes) {
      for (const caller of refused) {
        it(`${route.method} /api${route.path} as ${caller}: ${expectedStatus[caller]}, nothing read or deleted`, async () => {
          const id = await seedSubmission("Chráněná Osoba");
          const before = await submissionCount();
          const token = callers[caller];
          const response = await fetch(`${server.origin}/api${route.path.replace(":id", id)}`, {
            method: route.method,
            headers: token ? { Authorization: `Bearer ${token}` } : {},
          });
          expect(response.status).toBe(expectedStatus[caller]);
          const body = await response.text();
          expect(body).not.toContain("Chráněná Osoba");
          expect(body).not.toContain("navstevnice@example.cz");
          expect(await submissionCount()).toBe(before);
        });
      }
    }

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

    it("DELETE /api/form-submissions/:id as the administrator: 204 and that one record is gone", async () => {
      const keep = await seedSubmission("Zůstane Tady");
      const remove = await seedSubmission("Bude Smazána");
      const before = await submissionCount();
      const response = await fetch(`${server.origin}/api/form-submissions/${remove}`, {
        method: "DELETE",
        headers: { Authorization: `Bearer ${callers.administrator}` },
      });
      expect(response.status).toBe(204);
      const ids = (await server.db.select().from(formSubmissions)).map((row) => row.id);
      expect(ids).toContain(keep);
      expect(ids).not.toContain(remove);
      expect(ids).toHaveLength(before - 1);
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

    it("a revoked administrator is refused at her very next request", async () => {
      const former = await signUpAndIn("docasna@example.cz");
      await server.confirmEmail("docasna@example.cz");
      await grantAdmin(server.db, "docasna@example.cz");
      const headers = { Authorization: `Bearer ${former.access_token}` };
      expect((await fetch(`${server.origin}/api/admin/access`, { headers })).status).toBe(200);
      expect(await revokeAdmin(server.db, "docasna@example.cz")).toBe("revoked");
      expect((await fetch(`${server.origin}/api/admin/access`, { headers })).status).toBe(403);
    });
  });
});
