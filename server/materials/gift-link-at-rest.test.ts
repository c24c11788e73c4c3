/**
 * A gift request's own link (`/dar/<token>`) is a credential: the visitor's e-mail carries it,
 * but once that e-mail has gone, neither the stored copy of it nor a backup of the database
 * holds the token (the link table keeps only its digest). Over real HTTP and a real SMTP peer.
 */
import { randomUUID } from "node:crypto";
import { readFile } from "node:fs/promises";
import { PassThrough } from "node:stream";
import { gunzipSync } from "node:zlib";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { writeBackup } from "#database/backup";
import { type DatabaseHandle, openDatabase } from "#database/open-database";
import { mailOutbox } from "#database/schema";
import { readEveryRow } from "#testing/database-contents";
import { sampleRitualGift } from "#testing/sample-submissions";
import { startTestServer, type TestServer, testSettings } from "#testing/test-app";
import { openTimeoutMs } from "#testing/test-databases";
import { startTestSmtpServer, type TestSmtpServer } from "#testing/test-smtp-server";
import { composeSubmissionMail, outboxRow, removedToken, renderStoredMail } from "../mail/outbox";
import { giftPageUrl, newGiftToken } from "./gift-links";

const giftLinkPattern = /https?:\/\/[^\s"<>]+\/dar\/[A-Za-z0-9_-]+/;

async function backupText(handle: DatabaseHandle): Promise<string> {
  const output = new PassThrough();
  const chunks: Buffer[] = [];
  output.on("data", (chunk: Buffer) => chunks.push(chunk));
  await writeBackup(handle, output);
  return gunzipSync(Buffer.concat(chunks)).toString("utf8");
}

describe("a gift link at rest", () => {
  let server: TestServer;
  let smtp: TestSmtpServer;
  let handle: DatabaseHandle;

  beforeAll(async () => {
    smtp = await startTestSmtpServer();
    server = await startTestServer({
      open: async () => {
        handle = await openDatabase({ dataDir: "memory" });
        return handle;
      },
      // The scent gift has the built-in guide: its e-mail goes out at once, with its own link.
      settings: { GIFT_RITUAL_URL: "", GIFT_FRAGRANCE_URL: "", SMTP_URL: smtp.url },
    });
  }, openTimeoutMs);

  afterAll(async () => {
    await server?.close();
    await smtp?.close();
  });

  it("is in the visitor's e-mail and works, but neither the stored copy nor a backup holds its token", async () => {
    const response = await fetch(`${server.origin}/api/form-submissions`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-Forwarded-For": "198.51.100.30" },
      body: JSON.stringify({
        ...sampleRitualGift,
        formType: "gift_fragrance",
        email: "ulozeny-odkaz@example.cz",
      }),
    });
    expect(response.status).toBe(201);
    await smtp.waitForMails(2, 20_000);
    await server.readMails();

    const [mail] = smtp.mails.filter((caught) =>
      caught.envelopeTo.includes("ulozeny-odkaz@example.cz"),
    );
    const link = mail?.text?.match(giftLinkPattern)?.[0] ?? "";
    const token = link.split("/dar/")[1] ?? "";
    expect(token).toMatch(/^[\w-]{32}$/);
    expect(String(mail?.html)).toContain(`/dar/${token}`);
    // The link the visitor got opens her gift.
    expect((await fetch(`${server.origin}/api/gifts/${token}`)).status).toBe(200);

    const [stored] = await server.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, "ulozeny-odkaz@example.cz"));
    expect(stored?.status).toBe("sent");
    expect(stored?.text).toContain(`/dar/${removedToken}`);
    expect(JSON.stringify(await readEveryRow(handle))).not.toContain(token);
    const backup = await backupText(handle);
    expect(backup).toContain("ulozeny-odkaz@example.cz");
    expect(backup).not.toContain(token);
  }, 60_000);

  it("migration 0012 removes the token from gift e-mails sent before it, as the worker now does", async () => {
    const site = testSettings.SITE_URL;
    const sentToken = newGiftToken().token;
    const waitingToken = newGiftToken().token;
    const compose = async (email: string, token: string) =>
      (
        await composeSubmissionMail(
          {
            id: randomUUID(),
            createdAt: new Date(),
            formType: "gift_ritual",
            name: sampleRitualGift.name,
            email,
            phone: null,
            serviceType: null,
            message: null,
            privacyConsent: true,
          },
          {
            notifyEmail: testSettings.NOTIFY_EMAIL,
            siteUrl: site,
            giftLinks: { ritual: "", fragrance: "" },
          },
          { giftLink: giftPageUrl(site, token) },
        )
      ).toVisitor;
    const sent = await compose("drive-odeslany@example.cz", sentToken);
    const waiting = await compose("drive-cekajici@example.cz", waitingToken);
    const due = { dueAt: new Date() };
    await server.db.insert(mailOutbox).values([
      // Sent before the migration: kept whole, token and all.
      {
        ...outboxRow(sent, due),
        status: "sent",
        sentAt: new Date(),
        ...(await renderStoredMail(sent)),
      },
      // Still waiting for its gift: it needs its link to work.
      outboxRow({ ...waiting, waiting: true }, due),
    ]);

    const migration = await readFile(
      new URL("../../database/migrations/0012_sent-gift-links-without-tokens.sql", import.meta.url),
      "utf8",
    );
    await server.db.execute(sql.raw(migration));

    const [before] = await server.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, "drive-odeslany@example.cz"));
    expect(JSON.stringify(before)).not.toContain(sentToken);
    expect(before?.text).toContain(`/dar/${removedToken}`);
    expect(before?.html).toContain(`/dar/${removedToken}`);
    expect(before?.data).toMatchObject({ link: `${site}/dar/${removedToken}` });
    const [held] = await server.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, "drive-cekajici@example.cz"));
    expect(held).toMatchObject({
      status: "waiting",
      html: null,
      data: { link: giftPageUrl(site, waitingToken) },
    });
  });
});
