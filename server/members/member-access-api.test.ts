/**
 * The members' section's access over HTTP against the real app: who counts
 * as a member, and the request for access that tells the owner by e-mail at
 * most once a day per account.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mailOutbox, memberAccessRequests, users } from "#database/schema";
import { grantAdmin, grantRole } from "#server/auth/roles";
import type { AccessRequestJson, MemberAccessJson } from "#shared/member-access";
import { paths } from "#shared/routes";
import { startTestServer, type TestServer, testSettings } from "#testing/test-app";
import { openTimeoutMs, testDatabases, testTimeoutMs } from "#testing/test-databases";

let server: TestServer;

async function post(path: string, body: unknown) {
  return fetch(`${server.origin}${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
}

/** A confirmed account, signed in: its access token. */
async function signedIn(email: string, fullName = "Jana Nová"): Promise<string> {
  expect(
    (await post("/auth/v1/signup", { email, password: "heslo-123", data: { full_name: fullName } }))
      .status,
  ).toBe(200);
  // Made after the answer; confirmed as her link would.
  await server.settle();
  await server.db.update(users).set({ emailConfirmedAt: new Date() }).where(eq(users.email, email));
  return signIn(email);
}

/** A new sign-in (after the clock moved past an access token's life). */
async function signIn(email: string): Promise<string> {
  const response = await post("/auth/v1/token?grant_type=password", {
    email,
    password: "heslo-123",
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { access_token: string }).access_token;
}

function call(method: string, path: string, token?: string) {
  return fetch(`${server.origin}/api${path}`, {
    method,
    headers: token ? { Authorization: `Bearer ${token}` } : {},
  });
}

async function requestsToOwner() {
  return (await server.readMails()).filter((mail) =>
    mail.subject?.startsWith("Žádost o přístup do členské sekce"),
  );
}

describe.each(testDatabases)(
  "the members' access on $name",
  { timeout: testTimeoutMs },
  ({ open }) => {
    beforeAll(async () => {
      server = await startTestServer({ open });
    }, openTimeoutMs);

    afterAll(async () => {
      await server?.close();
    });

    it("refuses anonymous visitors and broken tokens with 401 not_signed_in", async () => {
      for (const [method, path] of [
        ["GET", "/members/access"],
        ["POST", "/members/access-requests"],
      ] as const) {
        for (const token of [undefined, "not-a-token"]) {
          const response = await call(method, path, token);
          expect(response.status, `${method} ${path}`).toBe(401);
          expect(response.headers.get("cache-control")).toBe("no-store");
          expect(await response.json()).toMatchObject({ error: { code: "not_signed_in" } });
        }
      }
      expect(await server.db.select().from(memberAccessRequests)).toEqual([]);
    });

    it("tells members and administrators apart from accounts without the role", async () => {
      const plain = await signedIn("bez-role@example.cz");
      const member = await signedIn("clenka@example.cz");
      const admin = await signedIn("spravkyne@example.cz");
      expect(
        await grantRole(server.db, {
          account: { email: "clenka@example.cz" },
          role: "member",
          actor: { kind: "command_line" },
        }),
      ).toBe("granted");
      expect(await grantAdmin(server.db, "spravkyne@example.cz")).toBe("granted");

      const accessOf = async (token: string) =>
        (await (await call("GET", "/members/access", token)).json()) as MemberAccessJson;
      expect(await accessOf(plain)).toEqual({ member: false, accessRequestedAt: null });
      expect(await accessOf(member)).toEqual({ member: true, accessRequestedAt: null });
      expect(await accessOf(admin)).toEqual({ member: true, accessRequestedAt: null });

      // A member has nothing to ask for.
      const refused = await call("POST", "/members/access-requests", member);
      expect(refused.status).toBe(409);
      expect(await refused.json()).toMatchObject({ error: { code: "already_member" } });
    });

    it("tells the owner once a day, however often an account asks", async () => {
      let token = await signedIn("zadatelka@example.cz", "Petra Malá");

      const first = await call("POST", "/members/access-requests", token);
      expect(first.status).toBe(201);
      const sent = (await first.json()) as AccessRequestJson;
      expect(sent.sent).toBe(true);

      // Twice more at once, and again later the same day: no more e-mail.
      const again = await Promise.all([
        call("POST", "/members/access-requests", token),
        call("POST", "/members/access-requests", token),
      ]);
      server.advance(23 * 60 * 60 * 1000);
      token = await signIn("zadatelka@example.cz");
      again.push(await call("POST", "/members/access-requests", token));
      for (const response of again) {
        expect(response.status).toBe(200);
        expect(await response.json()).toEqual({
          sent: false,
          accessRequestedAt: sent.accessRequestedAt,
        });
      }

      const mails = await requestsToOwner();
      expect(mails).toHaveLength(1);
      const [mail] = mails;
      expect(mail?.subject).toBe("Žádost o přístup do členské sekce: Petra Malá");
      expect(mail?.to).toMatchObject({ text: testSettings.NOTIFY_EMAIL });
      expect(mail?.replyTo).toMatchObject({ text: "zadatelka@example.cz" });
      expect(mail?.text).toContain("zadatelka@example.cz");
      expect(mail?.text).toContain(`${server.origin}${paths.adminUsers}`);
      // An e-mail kind of its own, rendered by the worker from what the request stored.
      const stored = await server.db
        .select({ kind: mailOutbox.kind, data: mailOutbox.data })
        .from(mailOutbox)
        .where(eq(mailOutbox.replyTo, "zadatelka@example.cz"));
      expect(stored).toEqual([
        {
          kind: "access_request",
          data: expect.objectContaining({ email: "zadatelka@example.cz", fullName: "Petra Malá" }),
        },
      ]);
      expect(mail?.text).toMatch(/Požádáno: \d{1,2}\. [a-zěščřžýáíéůú]+ 20\d\d/);

      const access = (await (
        await call("GET", "/members/access", token)
      ).json()) as MemberAccessJson;
      expect(access).toEqual({ member: false, accessRequestedAt: sent.accessRequestedAt });

      // A day later she may ask again.
      server.advance(60 * 60 * 1000 + 1000);
      token = await signIn("zadatelka@example.cz");
      const nextDay = await call("POST", "/members/access-requests", token);
      expect(nextDay.status).toBe(201);
      expect(await requestsToOwner()).toHaveLength(2);
    });
  },
);
