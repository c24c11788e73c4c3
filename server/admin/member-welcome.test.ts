/**
 * A member is told she has been let in: the administration's grant of the
 * members' role sends her one e-mail through the outbox, over SMTP to a real
 * peer, with the link to her area. A refused or repeated grant, and the
 * administrators' role, send nothing.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "#database/schema";
import { createSignedInAccount, testPassword } from "#testing/test-accounts";
import { startTestServer, type TestServer, testSettings } from "#testing/test-app";
import { openTimeoutMs, testDatabases, testTimeoutMs } from "#testing/test-databases";
import { startTestSmtpServer, type TestSmtpServer } from "#testing/test-smtp-server";
import { memberWelcomeSubject } from "../mail/member-welcome-email";

describe.each(testDatabases)(
  "the welcome of a new member on $name",
  { timeout: testTimeoutMs },
  ({ open }) => {
    let server: TestServer;
    let smtp: TestSmtpServer;
    let adminToken: string;

    async function register(email: string, fullName: string) {
      const response = await fetch(`${server.origin}/auth/v1/signup`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ email, password: testPassword, data: { full_name: fullName } }),
      });
      expect(response.status).toBe(200);
      await server.settle();
      const [user] = await server.db.select().from(users).where(eq(users.email, email));
      if (!user) throw new Error(`no account ${email}`);
      return user;
    }

    async function grant(userId: string, role: "member" | "admin") {
      return fetch(`${server.origin}/api/admin/users/${userId}/roles/${role}`, {
        method: "PUT",
        headers: { Authorization: `Bearer ${adminToken}` },
      });
    }

    const welcomesTo = (email: string) =>
      smtp.mails.filter(
        (mail) => mail.envelopeTo.includes(email) && mail.subject === memberWelcomeSubject,
      );

    beforeAll(async () => {
      smtp = await startTestSmtpServer();
      server = await startTestServer({
        open,
        settings: { ADMIN_REQUIRE_2FA: "false", SMTP_URL: smtp.url },
      });
      adminToken = await createSignedInAccount(server, "spravkyne@example.cz", "admin");
    }, openTimeoutMs);

    afterAll(async () => {
      await server?.close();
      await smtp?.close();
    });

    it("a granted member receives one e-mail in the practitioner's voice, with the link to her area", async () => {
      const petra = await register("petra@example.cz", "Petra Nováková");
      await server.db
        .update(users)
        .set({ emailConfirmedAt: new Date() })
        .where(eq(users.id, petra.id));
      const before = smtp.mails.length;

      expect((await grant(petra.id, "member")).status).toBe(200);
      await smtp.waitForMails(before + 1, 20_000);
      const [welcome, ...more] = welcomesTo("petra@example.cz");
      expect(more).toEqual([]);
      expect(welcome?.replyTo?.text).toBe(testSettings.NOTIFY_EMAIL);
      const text = welcome?.text ?? "";
      // Greeted in the vocative, told by her („jsem vám otevřela“), and signed.
      expect(text).toContain("Dobrý den, Petro,");
      expect(text).toMatch(/jsem\svám\sotevřela\sčlenskou\ssekci/);
      expect(text).toMatch(/S\u00a0láskou\s+\S+/);
      expect(text).toContain(`${server.origin}/clenska-sekce#clenstvi`);
      expect(welcome?.html).toContain(`href="${server.origin}/clenska-sekce#clenstvi"`);

      // Granted again: nothing changes, nothing is sent.
      const again = await grant(petra.id, "member");
      expect(((await again.json()) as { outcome: string }).outcome).toBe("unchanged");
      await server.settle();
      expect(welcomesTo("petra@example.cz")).toHaveLength(1);
    });

    it("no e-mail for a refused grant (an unconfirmed address), nor for the administrators' role", async () => {
      const eva = await register("eva@example.cz", "Eva Malá");
      expect((await grant(eva.id, "member")).status).toBe(409);
      const jana = await register("jana@example.cz", "Jana Lesná");
      await server.db
        .update(users)
        .set({ emailConfirmedAt: new Date() })
        .where(eq(users.id, jana.id));
      expect((await grant(jana.id, "admin")).status).toBe(200);
      await server.settle();
      expect(welcomesTo("eva@example.cz")).toEqual([]);
      expect(welcomesTo("jana@example.cz")).toEqual([]);
      // Her confirmation e-mail went to the same peer: the mail path itself works.
      expect(smtp.mails.some((mail) => mail.envelopeTo.includes("eva@example.cz"))).toBe(true);
    });
  },
);
