import { desc } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog } from "#database/schema";
import type { NewsletterListJson } from "#shared/newsletter-schemas";
import { paths } from "#shared/routes";
import { createSignedInAccount } from "#testing/test-accounts";
import { startTestServer, type TestServer } from "#testing/test-app";
import { openTimeoutMs, testTimeoutMs } from "#testing/test-databases";

describe("her newsletter list through the admin API", () => {
  let server: TestServer;
  let token: string;

  beforeAll(async () => {
    server = await startTestServer({ settings: { ADMIN_REQUIRE_2FA: "false" } });
    token = await createSignedInAccount(server, "spravkyne@example.cz", "admin");
  }, openTimeoutMs);
  afterAll(async () => {
    await server?.close();
  });

  const call = (method: string, path: string, bearer = token) =>
    fetch(`${server.origin}/api/admin/newsletter${path}`, {
      method,
      headers: { Authorization: `Bearer ${bearer}` },
    });
  const signUp = (email: string) =>
    fetch(`${server.origin}${paths.newsletterSignUp}`, {
      method: "POST",
      headers: {
        "Content-Type": "application/x-www-form-urlencoded",
        "Sec-Fetch-Site": "same-origin",
      },
      body: new URLSearchParams({ email }).toString(),
      redirect: "manual",
    });
  const lastAudit = async () =>
    (await server.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1))[0];

  it(
    "lists the subscribers with counts per state, exports them and removes one, each in the audit log",
    async () => {
      expect((await signUp("prvni@example.cz")).status).toBe(303);
      expect((await signUp("druha@example.cz")).status).toBe(303);
      const listed = (await (await call("GET", "/subscribers")).json()) as NewsletterListJson;
      expect(listed.counts).toEqual({
        pending: 2,
        subscribed: 0,
        unsubscribed: 0,
        undeliverable: 0,
      });
      expect(listed.subscribers.map((row) => [row.email, row.state, row.source])).toEqual([
        ["druha@example.cz", "pending", "blog"],
        ["prvni@example.cz", "pending", "blog"],
      ]);
      // Nothing of the consent's address block or the link's digest leaves the server here.
      expect(JSON.stringify(listed)).not.toMatch(/token|address_block|\/24/);

      const exported = await call("POST", "/export");
      expect(exported.status).toBe(200);
      expect(((await exported.json()) as NewsletterListJson).subscribers).toHaveLength(2);
      expect(await lastAudit()).toMatchObject({
        action: "newsletter_subscribers_exported",
        actorEmail: "spravkyne@example.cz",
      });

      const id = listed.subscribers[0]?.id;
      expect((await call("DELETE", `/subscribers/${id}`)).status).toBe(200);
      expect(await lastAudit()).toMatchObject({
        action: "newsletter_subscriber_removed",
        subject: null,
        targetEmail: null,
      });
      const after = (await (await call("GET", "/subscribers")).json()) as NewsletterListJson;
      expect(after.subscribers.map((row) => row.email)).toEqual(["prvni@example.cz"]);
      const again = await call("DELETE", `/subscribers/${id}`);
      expect(again.status).toBe(404);
      expect(await again.json()).toMatchObject({ error: { code: "not_found" } });
    },
    testTimeoutMs,
  );

  it(
    "lets no one else read the list",
    async () => {
      const member = await createSignedInAccount(server, "clenka@example.cz", "member");
      expect((await call("GET", "/subscribers", member)).status).toBe(403);
      expect((await call("POST", "/export", member)).status).toBe(403);
      expect((await fetch(`${server.origin}/api/admin/newsletter/subscribers`)).status).toBe(401);
    },
    testTimeoutMs,
  );
});
