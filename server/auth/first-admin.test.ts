/**
 * The first administrator's set-up link, through the real app on a fresh
 * database: the token the server would print at start-up, the page's one
 * POST, and the session it answers with, used as the browser would.
 */

import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  auditLog,
  authSessions,
  firstAdminTokens,
  mfaFactors,
  userRoles,
  users,
} from "#database/schema";
import { createBackgroundTasks } from "#server/background-tasks";
import { firstAdminApiPath, firstAdminMessages } from "#shared/first-admin";
import { createTestApp, createTestClock, type TestClock } from "#testing/test-app";
import {
  openTimeoutMs,
  type TestDatabaseHandle,
  testDatabases,
  testTimeoutMs,
} from "#testing/test-databases";
import { createFirstAdminToken, firstAdminLink } from "./first-admin";
import { grantAdmin } from "./roles";

const minute = 60_000;
const owner = {
  email: "Katerina@Example.cz",
  password: "levandule-a-santal",
  fullName: "Kateřina Nováková",
};

describe.each(testDatabases)("the first administrator's set-up link on $name", ({ open }) => {
  let handle: TestDatabaseHandle;
  let clock: TestClock;
  let app: ReturnType<typeof createTestApp>;

  beforeAll(async () => {
    handle = await open();
    clock = createTestClock();
    app = createTestApp(handle, { clock });
  }, openTimeoutMs);
  afterAll(() => handle?.close());

  function post(body: unknown, headers: Record<string, string> = {}) {
    return app.request(firstAdminApiPath, {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-Forwarded-For": "203.0.113.9", ...headers },
      body: typeof body === "string" ? body : JSON.stringify(body),
    });
  }

  async function errorOf(response: Response) {
    return ((await response.json()) as { error: { code: string; message: string } }).error;
  }

  async function accountCount() {
    return (await handle.db.select({ id: users.id }).from(users)).length;
  }

  it(
    "prints a link with the token in its fragment, never sent to the server",
    async () => {
      expect(firstAdminLink("https://harmonie.example/", "abc")).toBe(
        "https://harmonie.example/admin/zalozeni-uctu#abc",
      );
    },
    testTimeoutMs,
  );

  it(
    "refuses bad input with a code and a Czech message, and changes nothing",
    async () => {
      const token = await createFirstAdminToken(handle.db, clock);
      if (!token) throw new Error("No token while no administrator exists");
      const refusals: [unknown, number, string, string | undefined][] = [
        [{ ...owner }, 422, "validation_failed", "token"],
        [{ ...owner, token: "a".repeat(43) }, 403, "setup_link_invalid", undefined],
        [{ ...owner, token, email: "katerina" }, 422, "validation_failed", "email"],
        [{ ...owner, token, password: "12345" }, 422, "validation_failed", "password"],
        [{ ...owner, token, fullName: "" }, 422, "validation_failed", "fullName"],
        [{ ...owner, token, password: "password1" }, 422, "weak_password", "password"],
        ["{", 400, "invalid_json", undefined],
        [[], 422, "validation_failed", undefined],
      ];
      for (const [body, status, code, field] of refusals) {
        const response = await post(body);
        expect(response.status, JSON.stringify(body)).toBe(status);
        const error = (await response.json()) as {
          error: { code: string; message: string; fields?: Record<string, string> };
        };
        expect(error.error.code).toBe(code);
        expect(error.error.message).toMatch(/[áéíóúůýčďěňřšťž]|\p{Lu}/u);
        if (field) expect(Object.keys(error.error.fields ?? {})).toContain(field);
      }
      const wrongType = await app.request(firstAdminApiPath, {
        method: "POST",
        headers: { "Content-Type": "text/plain" },
        body: JSON.stringify({ ...owner, token }),
      });
      expect(wrongType.status).toBe(415);
      const get = await app.request(firstAdminApiPath);
      expect(get.status).toBe(405);
      expect(get.headers.get("Allow")).toBe("POST");

      expect(await accountCount()).toBe(0);
      expect(await handle.db.select().from(userRoles)).toEqual([]);
      // The link still works after all that.
      expect(await handle.db.select().from(firstAdminTokens)).toHaveLength(1);
    },
    testTimeoutMs,
  );

  it(
    "expires an hour after the start that printed it",
    async () => {
      const token = await createFirstAdminToken(handle.db, clock);
      clock.advance(60 * minute);
      const response = await post({ ...owner, token });
      expect(response.status).toBe(403);
      expect(await errorOf(response)).toEqual({
        code: "setup_link_invalid",
        message: firstAdminMessages.linkInvalid,
      });
      expect(await accountCount()).toBe(0);
    },
    testTimeoutMs,
  );

  it(
    "works once: a confirmed administrator, signed in, audited; then every link is dead",
    async () => {
      const token = await createFirstAdminToken(handle.db, clock);
      const otherStart = await createFirstAdminToken(handle.db, clock);
      clock.advance(59 * minute);

      const response = await post({ ...owner, token }, { "User-Agent": "Test browser" });
      expect(response.status).toBe(201);
      expect(response.headers.get("Cache-Control")).toBe("no-store");
      const session = (await response.json()) as {
        access_token: string;
        refresh_token: string;
        user: { email: string; email_confirmed_at: string | null; user_metadata: object };
      };
      expect(session.user).toMatchObject({
        email: "katerina@example.cz",
        email_confirmed_at: clock.now().toISOString(),
        user_metadata: { full_name: "Kateřina Nováková" },
      });
      // A real session: the auth API knows it, and the administration asks for her app next.
      const bearer = { Authorization: `Bearer ${session.access_token}` };
      expect((await app.request("/auth/v1/user", { headers: bearer })).status).toBe(200);
      const access = await app.request("/api/admin/access", { headers: bearer });
      expect(access.status).toBe(403);
      expect((await errorOf(access)).code).toBe("two_factor_setup_required");
      // Her password signs her in as any other.
      const signIn = await app.request("/auth/v1/token?grant_type=password", {
        method: "POST",
        headers: { "Content-Type": "application/json", "X-Forwarded-For": "203.0.113.9" },
        body: JSON.stringify({ email: owner.email, password: owner.password }),
      });
      expect(signIn.status).toBe(200);

      const entries = await handle.db.select().from(auditLog);
      expect(entries).toMatchObject([
        {
          action: "first_admin_created",
          actorEmail: "katerina@example.cz",
          targetEmail: "katerina@example.cz",
        },
      ]);

      for (const used of [token, otherStart]) {
        const again = await post({ ...owner, email: "jina@example.cz", token: used });
        expect(again.status).toBe(403);
        expect((await errorOf(again)).code).toBe("setup_link_invalid");
      }
      expect(await handle.db.select().from(firstAdminTokens)).toEqual([]);
      expect(await accountCount()).toBe(1);
      // A new start prints nothing: an administrator exists.
      expect(await createFirstAdminToken(handle.db, clock)).toBeNull();
    },
    testTimeoutMs,
  );
});

describe.each(testDatabases)(
  "the set-up link once an administrator exists, on $name",
  ({ open }) => {
    let handle: TestDatabaseHandle;
    let clock: TestClock;
    let app: ReturnType<typeof createTestApp>;
    // A sign-up makes its account after the answer: the tests wait for it.
    const background = createBackgroundTasks();

    beforeAll(async () => {
      handle = await open();
      clock = createTestClock();
      app = createTestApp(handle, { clock, background });
    }, openTimeoutMs);
    afterAll(() => handle?.close());

    const post = (body: unknown) =>
      app.request(firstAdminApiPath, {
        method: "POST",
        headers: { "Content-Type": "application/json", "X-Forwarded-For": "203.0.113.10" },
        body: JSON.stringify(body),
      });

    it(
      "takes over an account someone registered with her address, apps and sessions gone",
      async () => {
        const token = await createFirstAdminToken(handle.db, clock);
        const signUp = await app.request("/auth/v1/signup", {
          method: "POST",
          headers: { "Content-Type": "application/json", "X-Forwarded-For": "198.51.100.66" },
          body: JSON.stringify({
            email: owner.email,
            password: "utocnikovo-heslo",
            data: { full_name: "Někdo jiný" },
          }),
        });
        expect(signUp.status).toBe(200);
        await background.idle();
        const [stranger] = await handle.db.select().from(users);
        if (!stranger) throw new Error("The stranger's account was not made");
        await handle.db
          .insert(mfaFactors)
          .values({ userId: stranger.id, secret: "JBSWY3DPEHPK3PXP", status: "verified" });
        await handle.db.insert(authSessions).values({ userId: stranger.id });

        const response = await post({ ...owner, token });
        expect(response.status).toBe(201);
        const session = (await response.json()) as { user: { id: string } };
        expect(session.user.id).toBe(stranger.id);
        expect(await handle.db.select().from(mfaFactors)).toEqual([]);
        // Only the session the link just opened is left.
        const sessions = await handle.db
          .select()
          .from(authSessions)
          .where(eq(authSessions.userId, stranger.id));
        expect(sessions).toHaveLength(1);
        expect(sessions[0]?.userAgent).toBeNull();
        const [account] = await handle.db.select().from(users).where(eq(users.id, session.user.id));
        expect(account?.userMetadata).toEqual({ full_name: "Kateřina Nováková" });
      },
      testTimeoutMs,
    );

    it(
      "makes one administrator when two links are used at once, from two servers where there are two",
      async () => {
        const other = await open();
        const another = (await other.openAnother?.()) ?? other;
        try {
          // Two starts, two links; on PostgreSQL two servers, each answering one of them.
          const first = await createFirstAdminToken(other.db, clock);
          const second = await createFirstAdminToken(another.db, clock);
          const apps = [createTestApp(other, { clock }), createTestApp(another, { clock })];
          const responses = await Promise.all(
            [first, second].map((token, index) =>
              apps[index]?.request(firstAdminApiPath, {
                method: "POST",
                headers: { "Content-Type": "application/json", "X-Forwarded-For": "203.0.113.12" },
                body: JSON.stringify({ ...owner, email: `majitelka${index}@example.cz`, token }),
              }),
            ),
          );
          const statuses = responses.map((response) => response?.status);
          expect(statuses.filter((status) => status === 201)).toHaveLength(1);
          expect(statuses.filter((status) => status === 403 || status === 409)).toHaveLength(1);
          expect(await other.db.select().from(userRoles)).toHaveLength(1);
          expect(await other.db.select().from(auditLog)).toHaveLength(1);
          expect(await other.db.select().from(firstAdminTokens)).toEqual([]);
        } finally {
          if (another !== other) await another.close();
          await other.close();
        }
      },
      openTimeoutMs,
    );

    it(
      "is refused once an administrator exists, even while its hour lasts",
      async () => {
        // A second database: here the administrator comes from the command line instead.
        const other = await open();
        try {
          const otherApp = createTestApp(other, { clock, background });
          const token = await createFirstAdminToken(other.db, clock);
          await otherApp.request("/auth/v1/signup", {
            method: "POST",
            headers: { "Content-Type": "application/json", "X-Forwarded-For": "198.51.100.67" },
            body: JSON.stringify({
              email: "spravkyne@example.cz",
              password: "bylinky-a-vune",
              data: { full_name: "Správkyně" },
            }),
          });
          await background.idle();
          await other.db.update(users).set({ emailConfirmedAt: clock.now() });
          expect(await grantAdmin(other.db, "spravkyne@example.cz")).toBe("granted");

          const response = await otherApp.request(firstAdminApiPath, {
            method: "POST",
            headers: { "Content-Type": "application/json", "X-Forwarded-For": "203.0.113.11" },
            body: JSON.stringify({ ...owner, token }),
          });
          expect(response.status).toBe(409);
          expect(await response.json()).toEqual({
            error: { code: "admin_exists", message: firstAdminMessages.adminExists },
          });
          expect(await other.db.select({ id: users.id }).from(users)).toHaveLength(1);
          // The next start prints no link, and keeps none.
          expect(await createFirstAdminToken(other.db, clock)).toBeNull();
          expect(await other.db.select().from(firstAdminTokens)).toEqual([]);
        } finally {
          await other.close();
        }
      },
      openTimeoutMs,
    );
  },
);
