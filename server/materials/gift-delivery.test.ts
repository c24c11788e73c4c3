/**
 * Gifts delivered, over real HTTP and SMTP: a gift requested before its
 * material exists sends no e-mail (it waits, and the administration counts
 * it); the upload releases it, once; its own link opens a gift page whose
 * video plays and seeks in Chromium (needs `npm run build`). The scent gift
 * has the built-in guide, so its e-mail goes out at once.
 */
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mailOutbox } from "#database/schema";
import type { AdminMaterial, AdminMaterialsJson, GiftJson } from "#shared/materials";
import { launchChromium } from "#testing/chromium";
import { recordVideo } from "#testing/sample-media";
import { sampleRitualGift } from "#testing/sample-submissions";
import { createSignedInAccount } from "#testing/test-accounts";
import { startTestServer, type TestServer } from "#testing/test-app";
import { openTimeoutMs, testDatabases } from "#testing/test-databases";
import { startTestSmtpServer, type TestSmtpServer } from "#testing/test-smtp-server";

const giftLinkPattern = /https?:\/\/[^\s"<>]+\/dar\/[A-Za-z0-9_-]+/;

describe.each(testDatabases)("gifts delivered on $name", ({ name, open }) => {
  let server: TestServer;
  let smtp: TestSmtpServer;
  let admin: string;

  const api = (path: string, init: RequestInit = {}) =>
    fetch(`${server.origin}/api${path}`, {
      ...init,
      headers: {
        Authorization: `Bearer ${admin}`,
        ...(typeof init.body === "string" && { "Content-Type": "application/json" }),
        ...(init.headers as Record<string, string>),
      },
    });

  async function requestGift(formType: "gift_ritual" | "gift_fragrance", email: string) {
    const response = await fetch(`${server.origin}/api/form-submissions`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-Forwarded-For": "198.51.100.20" },
      body: JSON.stringify({ ...sampleRitualGift, formType, email }),
    });
    expect(response.status).toBe(201);
  }

  /** Everything the server had to send has been tried (the worker runs after each request). */
  async function settle() {
    await server.readMails();
  }

  const giftMailsTo = (email: string) =>
    smtp.mails.filter(
      (mail) => mail.envelopeTo.includes(email) && giftLinkPattern.test(mail.text ?? ""),
    );

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
    admin = await createSignedInAccount(server, "spravkyne@example.cz", "admin");
  }, openTimeoutMs);

  afterAll(async () => {
    await server?.close();
    await smtp?.close();
  });

  it("holds a ritual gift's e-mail until its video exists, then sends it once; the link plays and seeks", async () => {
    await requestGift("gift_ritual", "cekajici@example.cz");
    await settle();
    // The owner was told; the visitor got nothing with a dead link.
    expect(giftMailsTo("cekajici@example.cz")).toEqual([]);
    const stored = await server.db
      .select({ status: mailOutbox.status })
      .from(mailOutbox)
      .where(and(eq(mailOutbox.to, "cekajici@example.cz")));
    expect(stored).toEqual([{ status: "waiting" }]);
    const before = (await (await api("/admin/materials")).json()) as AdminMaterialsJson;
    expect(before.waiting).toEqual({ gift_ritual: 1, gift_fragrance: 0 });

    // A second request waits too; a hidden material or one without its file releases nothing.
    await requestGift("gift_ritual", "druha@example.cz");
    const created = await api("/admin/materials", {
      method: "POST",
      body: JSON.stringify({ title: "Ranní rituál", place: "gift_ritual" }),
    });
    const { material } = (await created.json()) as { material: AdminMaterial };
    await settle();
    expect(giftMailsTo("cekajici@example.cz")).toEqual([]);

    const video = await recordWebm(server.origin);
    const uploaded = await api(`/admin/materials/${material.id}/file`, {
      method: "PUT",
      headers: { "Content-Type": "video/webm", "X-File-Name": "ritual.webm" },
      body: new Uint8Array(video),
    });
    expect(uploaded.status).toBe(200);
    await smtp.waitForMails(smtp.mails.length + 1, 20_000).catch(() => {});
    await settle();
    const delivered = giftMailsTo("cekajici@example.cz");
    expect(delivered).toHaveLength(1);
    expect(giftMailsTo("druha@example.cz")).toHaveLength(1);
    const after = (await (await api("/admin/materials")).json()) as AdminMaterialsJson;
    expect(after.waiting).toEqual({ gift_ritual: 0, gift_fragrance: 0 });

    // Replacing the video later releases nothing again: each e-mail went out once.
    await api(`/admin/materials/${material.id}/file`, {
      method: "PUT",
      headers: { "Content-Type": "video/webm" },
      body: new Uint8Array(video),
    });
    await settle();
    expect(giftMailsTo("cekajici@example.cz")).toHaveLength(1);

    const link = (delivered[0]?.text ?? "").match(giftLinkPattern)?.[0] ?? "";
    expect(link.startsWith(`${server.origin}/dar/`)).toBe(true);
    const page = await fetch(link);
    expect(page.status).toBe(200);
    expect(page.headers.get("X-Robots-Tag")).toBe("noindex, nofollow");
    expect(page.headers.get("Content-Security-Policy")).not.toContain("frame-src");

    if (name === "PGlite") await playAndSeek(link);

    // The owner revokes the link: the page says so, the API refuses it as gone (410).
    const revoke = await api("/admin/gift-links/revoke", {
      method: "POST",
      body: JSON.stringify({ link }),
    });
    expect(revoke.status).toBe(204);
    const token = link.split("/dar/")[1];
    expect((await fetch(`${server.origin}/api/gifts/${token}`)).status).toBe(410);
    expect(
      (
        await fetch(
          `${server.origin}/api/gifts/${(giftMailsTo("druha@example.cz")[0]?.text ?? "").match(giftLinkPattern)?.[0]?.split("/dar/")[1]}`,
        )
      ).status,
    ).toBe(200);
  }, 180_000);

  it("sends the scent gift at once with the built-in guide; a YouTube video is framed on its gift page only", async () => {
    await requestGift("gift_fragrance", "vune@example.cz");
    await smtp.waitForMails(1, 20_000);
    await settle();
    const [mail] = giftMailsTo("vune@example.cz");
    const link = mail?.text?.match(giftLinkPattern)?.[0] ?? "";
    const token = link.split("/dar/")[1];
    const gift = (await (await fetch(`${server.origin}/api/gifts/${token}`)).json()) as GiftJson;
    expect(gift).toMatchObject({
      gift: "gift_fragrance",
      material: { kind: "guide", url: `/dar/${token}/pruvodce-osobni-vuni.pdf` },
    });

    // Her own video on YouTube, first in the scent gift: the page may frame that host, no other.
    const created = await api("/admin/materials", {
      method: "POST",
      body: JSON.stringify({
        title: "Jak míchám vůni",
        place: "gift_fragrance",
        link: "https://youtu.be/dQw4w9WgXcQ",
      }),
    });
    const { material } = (await created.json()) as { material: AdminMaterial };
    const list = (await (await api("/admin/materials")).json()) as AdminMaterialsJson;
    const ids = list.materials
      .filter((item) => item.place === "gift_fragrance")
      .map((item) => item.id);
    await api("/admin/material-order", {
      method: "PUT",
      body: JSON.stringify({
        place: "gift_fragrance",
        ids: [material.id, ...ids.filter((id) => id !== material.id)],
      }),
    });
    const page = await fetch(link);
    expect(page.headers.get("Content-Security-Policy")).toContain(
      "frame-src https://www.youtube-nocookie.com",
    );
    const home = await fetch(`${server.origin}/`);
    expect(home.headers.get("Content-Security-Policy")).not.toContain("frame-src");
    await api(`/admin/materials/${material.id}`, { method: "DELETE" });
  }, 60_000);
});

/** A real video, recorded by Chromium (`recordVideo`) on a page of the test server. */
async function recordWebm(origin: string): Promise<Buffer> {
  const browser = await launchChromium();
  try {
    const page = await browser.newPage();
    await page.goto(`${origin}/healthz`);
    return await recordVideo(page);
  } finally {
    await browser.close();
  }
}

/** Opens the gift link in Chromium: the `<video>` reaches `canplay`, then seeks to 1 s. */
async function playAndSeek(link: string) {
  const browser = await launchChromium();
  try {
    const page = await browser.newPage();
    await page.goto(link);
    const video = page.locator("video");
    await video.waitFor({ timeout: 30_000 });
    const outcome = await video.evaluate(
      (element: HTMLVideoElement) =>
        new Promise<{ canplay: boolean; seekedTo: number }>((resolve, reject) => {
          const timer = setTimeout(() => reject(new Error("no canplay or seeked")), 30_000);
          const seek = () => {
            element.addEventListener(
              "seeked",
              () => {
                clearTimeout(timer);
                resolve({ canplay: true, seekedTo: element.currentTime });
              },
              { once: true },
            );
            element.currentTime = 1;
          };
          element.addEventListener("canplay", seek, { once: true });
          element.preload = "auto";
          element.load();
        }),
    );
    expect(outcome.canplay).toBe(true);
    expect(outcome.seekedTo).toBeGreaterThan(0.5);
  } finally {
    await browser.close();
  }
}
