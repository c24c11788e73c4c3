/**
 * The scent guide opens only under a valid personal gift link (decision 0028), over real HTTP and
 * a real SMTP peer: the page's data, the page itself and the PDF under the link. A revoked link
 * answers 410, an unknown one or one whose request is gone 404, and none of those answers holds
 * a word of the guide or a byte of its PDF; the old public addresses lead to the gift page's
 * teaser. Needs `npm run build` (the page store holds the gift page's shell and the PDF).
 */
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { scentGuideSeed } from "#shared/content/scent-guide-seed";
import type { GiftJson } from "#shared/materials";
import { sampleRitualGift } from "#testing/sample-submissions";
import { createSignedInAccount } from "#testing/test-accounts";
import { startTestServer, type TestServer } from "#testing/test-app";
import { openTimeoutMs, testDatabases } from "#testing/test-databases";
import { startTestSmtpServer, type TestSmtpServer } from "#testing/test-smtp-server";

const giftLinkPattern = /https?:\/\/[^\s"<>]+\/dar\/([A-Za-z0-9_-]+)/;
/** Words only the guide has (its introduction), not the gift page's teaser. */
const guideWords = "Osobní vůně není parfém z obchodu";

describe.each(testDatabases)("the scent guide behind its gift link on $name", ({ open }) => {
  let server: TestServer;
  let smtp: TestSmtpServer;
  let admin: string;

  const get = (path: string) => fetch(`${server.origin}${path}`, { redirect: "manual" });

  /** A new scent gift request by `name`: its token, and the id of its request. */
  async function requestGuide(name: string, email: string) {
    const before = smtp.mails.length;
    const response = await fetch(`${server.origin}/api/form-submissions`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-Forwarded-For": "198.51.100.40" },
      body: JSON.stringify({ ...sampleRitualGift, formType: "gift_fragrance", name, email }),
    });
    expect(response.status).toBe(201);
    await smtp.waitForMails(before + 2, 20_000);
    await server.readMails();
    const mail = smtp.mails.find(
      (caught) => caught.envelopeTo.includes(email) && giftLinkPattern.test(caught.text ?? ""),
    );
    return mail?.text?.match(giftLinkPattern)?.[1] ?? "";
  }

  /** Every way to the guide under a token: the page's data, the page, the PDF. */
  async function openAll(token: string) {
    const data = await get(`/api/gifts/${token}`);
    const page = await get(`/dar/${token}`);
    const pdf = await get(`/dar/${token}/pruvodce-osobni-vuni.pdf`);
    return { data, page, pdf, bodies: [await data.text(), await page.text(), await pdf.text()] };
  }

  function expectRefused(opened: Awaited<ReturnType<typeof openAll>>, status: number) {
    expect([opened.data.status, opened.page.status, opened.pdf.status]).toEqual([
      status,
      status,
      status,
    ]);
    for (const body of opened.bodies) {
      expect(body).not.toContain(guideWords);
      expect(body).not.toContain("%PDF-");
    }
    for (const answer of [opened.page, opened.pdf]) {
      expect(answer.headers.get("Cache-Control")).toBe("no-store");
      expect(answer.headers.get("X-Robots-Tag")).toBe("noindex, nofollow");
    }
  }

  beforeAll(async () => {
    smtp = await startTestSmtpServer();
    server = await startTestServer({
      open,
      settings: {
        ADMIN_REQUIRE_2FA: "false",
        GIFT_RITUAL_URL: "",
        GIFT_FRAGRANCE_URL: "",
        SMTP_URL: smtp.url,
        BUILD_DIR: "build",
      },
    });
    admin = await createSignedInAccount(server, "pruvodce@example.cz", "admin");
  }, openTimeoutMs);

  afterAll(async () => {
    await server?.close();
    await smtp?.close();
  });

  it("opens under a valid link: her greeting, the guide and its PDF, none of them stored by a cache", async () => {
    const token = await requestGuide("Jana Nováková", "jana@example.cz");
    const data = await get(`/api/gifts/${token}`);
    expect(data.status).toBe(200);
    expect(data.headers.get("Cache-Control")).toBe("no-store");
    const gift = (await data.json()) as GiftJson;
    expect(gift.greeting).toBe("Milá Jano,");
    expect(gift.guide?.content).toEqual(scentGuideSeed);
    expect(gift.guide?.pdfUrl).toBe(`/dar/${token}/pruvodce-osobni-vuni.pdf`);

    const page = await get(`/dar/${token}`);
    expect(page.status).toBe(200);
    expect(page.headers.get("Cache-Control")).toBe("no-store");
    expect(page.headers.get("X-Robots-Tag")).toBe("noindex, nofollow");

    const pdf = await get(gift.guide?.pdfUrl ?? "");
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("Content-Type")).toBe("application/pdf");
    expect(pdf.headers.get("Cache-Control")).toBe("no-store");
    expect(
      Buffer.from(await pdf.arrayBuffer())
        .subarray(0, 5)
        .toString("latin1"),
    ).toBe("%PDF-");
  }, 120_000);

  it("refuses an unknown link with 404 and a revoked one with 410, showing nothing of the guide", async () => {
    expectRefused(await openAll(randomBytes(24).toString("base64url")), 404);
    expectRefused(await openAll("kratky"), 404);

    const token = await requestGuide("Lucie Malá", "lucie@example.cz");
    expect((await get(`/api/gifts/${token}`)).status).toBe(200);
    const revoked = await fetch(`${server.origin}/api/admin/gift-links/revoke`, {
      method: "POST",
      headers: { Authorization: `Bearer ${admin}`, "Content-Type": "application/json" },
      body: JSON.stringify({ link: `${server.origin}/dar/${token}` }),
    });
    expect(revoked.status).toBe(204);
    const opened = await openAll(token);
    expectRefused(opened, 410);
    expect(opened.bodies[2]).toContain("Tento odkaz byl zrušen");
  }, 120_000);

  it("refuses a link whose request is gone (deleted, or past the retention months) with 404", async () => {
    const token = await requestGuide("Eva Veselá", "eva@example.cz");
    const { submissions } = (await (
      await fetch(`${server.origin}/api/form-submissions`, {
        headers: { Authorization: `Bearer ${admin}` },
      })
    ).json()) as { submissions: { id: string; email: string }[] };
    const request = submissions.find((item) => item.email === "eva@example.cz");
    const deleted = await fetch(`${server.origin}/api/form-submissions/${request?.id}`, {
      method: "DELETE",
      headers: { Authorization: `Bearer ${admin}` },
    });
    expect(deleted.ok).toBe(true);
    expectRefused(await openAll(token), 404);
  }, 120_000);

  it("leads the old public addresses of the guide and its PDF to the gift page's teaser", async () => {
    for (const path of ["/darek/pruvodce-vuni", "/darek/pruvodce-vuni.pdf"]) {
      const answer = await get(path);
      expect(answer.status).toBe(301);
      expect(answer.headers.get("Location")).toBe("/darek#osobni-vune");
      expect(await answer.text()).not.toContain(guideWords);
    }
  });
});
