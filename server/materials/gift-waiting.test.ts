/**
 * A gift that waits for its material never leaves anyone waiting in silence, over real HTTP and
 * SMTP with the server's clock moved forward: the owner hears at once that someone waits, then at
 * most once a day with the count; a visitor whose request is two days old gets one short
 * reminder, also when two servers on one database look at the same moment; and once a real
 * MP4 (3 s, recorded by Chromium) is uploaded, the released e-mails apologise for the wait and
 * give the length read from the file, as the gift page's data does.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#database/open-database";
import type { GiftStatusJson } from "#shared/gift-waiting";
import type { AdminMaterial } from "#shared/materials";
import { launchChromium } from "#testing/chromium";
import { recordVideo } from "#testing/sample-media";
import { sampleRitualGift } from "#testing/sample-submissions";
import { createSignedInAccount } from "#testing/test-accounts";
import { createTestApp, startTestServer, type TestServer, testSettings } from "#testing/test-app";
import { openTimeoutMs, testDatabases } from "#testing/test-databases";
import { startTestSmtpServer, type TestSmtpServer } from "#testing/test-smtp-server";

const day = 24 * 60 * 60_000;
const owner = testSettings.NOTIFY_EMAIL;
const visitors = [
  { name: "Petra Malá", email: "petra@example.cz", vocative: "Petro" },
  { name: "Jana Veselá", email: "jana@example.cz", vocative: "Jano" },
  { name: "Eva Horká", email: "eva@example.cz", vocative: "Evo" },
];

/** Three seconds of MP4, recorded once by Chromium for every database's run. */
let mp4: Promise<Buffer> | undefined;
function recordMp4(origin: string): Promise<Buffer> {
  mp4 ??= (async () => {
    const browser = await launchChromium();
    try {
      const page = await browser.newPage();
      await page.goto(`${origin}/healthz`);
      return await recordVideo(page, { mimeType: "video/mp4;codecs=vp9", durationMs: 3000 });
    } finally {
      await browser.close();
    }
  })();
  return mp4;
}

describe.each(testDatabases)("a gift that waits, on $name", ({ open }) => {
  let server: TestServer;
  let smtp: TestSmtpServer;
  let admin: string;
  let secondServer: DatabaseHandle | undefined;

  const mailsTo = (address: string) =>
    smtp.mails.filter((mail) => mail.envelopeTo.includes(address));
  const ownerNotices = () =>
    mailsTo(owner)
      .map((mail) => mail.subject ?? "")
      .filter((subject) => subject.includes("na rituál"));
  const remindersTo = (address: string) =>
    mailsTo(address).filter((mail) => mail.subject === "Tvůj dárek je na cestě");
  const giftMailsTo = (address: string) =>
    mailsTo(address).filter((mail) => mail.subject === "Tvůj dárek: video s každodenním rituálem");

  async function requestGift(visitor: { name: string; email: string }) {
    const response = await fetch(`${server.origin}/api/form-submissions`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-Forwarded-For": "198.51.100.30" },
      body: JSON.stringify({ ...sampleRitualGift, name: visitor.name, email: visitor.email }),
    });
    expect(response.status).toBe(201);
    return (await response.json()) as { id: string; giftWaits: boolean };
  }

  const api = (path: string, init: RequestInit = {}) =>
    fetch(`${server.origin}/api${path}`, {
      ...init,
      headers: {
        Authorization: `Bearer ${admin}`,
        ...(typeof init.body === "string" && { "Content-Type": "application/json" }),
        ...(init.headers as Record<string, string>),
      },
    });

  /** Both servers run their reminders at the same moment, as their timers may. */
  async function remindOnBothServers() {
    await Promise.all([
      server.remindAboutWaitingGifts(),
      server.remindAboutWaitingGifts(secondServer && { db: secondServer.db }),
    ]);
    await server.settle();
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
      },
    });
    secondServer = await server.openAnother?.();
  }, openTimeoutMs);

  afterAll(async () => {
    await secondServer?.close();
    await server?.close();
    await smtp?.close();
  });

  it("tells the owner at once and daily, reminds each visitor once after two days, and the released e-mail mentions the wait and the file's length", async () => {
    const [first, ...others] = visitors as [(typeof visitors)[number], ...typeof visitors];
    expect(await requestGift(first)).toMatchObject({ giftWaits: true });
    await server.settle();
    // At once: the submission's notification and the word that someone waits.
    expect(ownerNotices()).toEqual(["1\u00a0člověk čeká na rituál – nahrajte video"]);
    const [notice] = mailsTo(owner).filter((mail) => mail.subject?.includes("čeká"));
    expect(notice?.text).toContain(`${server.origin}/admin/materialy`);

    // More people the same day: no second e-mail to her.
    for (const visitor of others) await requestGift(visitor);
    await server.settle();
    await server.remindAboutWaitingGifts();
    await server.settle();
    expect(ownerNotices()).toHaveLength(1);

    // A minute short of two days: her daily count, and no visitor reminded yet.
    server.advance(2 * day - 60_000);
    await remindOnBothServers();
    expect(ownerNotices()).toEqual([
      "1\u00a0člověk čeká na rituál – nahrajte video",
      "3\u00a0lidé čekají na rituál – nahrajte video",
    ]);
    for (const visitor of visitors) expect(remindersTo(visitor.email)).toEqual([]);

    // Two days on: each visitor once, though both servers look, twice.
    server.advance(2 * 60_000);
    await remindOnBothServers();
    await remindOnBothServers();
    for (const visitor of visitors) {
      const reminders = remindersTo(visitor.email);
      expect(reminders).toHaveLength(1);
      expect(reminders[0]?.text).toContain(`Krásný den, ${visitor.vocative},`);
      expect(reminders[0]?.text).toContain("Nezapomněla jsem na Tebe");
    }
    // Nothing yet with a link: the gift still has no video.
    for (const visitor of visitors) expect(giftMailsTo(visitor.email)).toEqual([]);

    // A day later, both servers again: one more count for her, no second reminder for anyone.
    server.advance(day);
    await remindOnBothServers();
    expect(ownerNotices()).toHaveLength(3);
    for (const visitor of visitors) expect(remindersTo(visitor.email)).toHaveLength(1);

    // The video: three seconds of MP4. Its length is read from the file.
    admin = await createSignedInAccount(server, "spravkyne@example.cz", "admin");
    const created = await api("/admin/materials", {
      method: "POST",
      body: JSON.stringify({ title: "Ranní rituál", place: "gift_ritual" }),
    });
    const { material } = (await created.json()) as { material: AdminMaterial };
    const uploaded = await api(`/admin/materials/${material.id}/file`, {
      method: "PUT",
      headers: { "Content-Type": "video/mp4", "X-File-Name": "ritual.mp4" },
      body: new Uint8Array(await recordMp4(server.origin)),
    });
    expect(uploaded.status).toBe(200);
    const { material: stored } = (await uploaded.json()) as { material: AdminMaterial };
    expect(stored.durationSeconds).toBeGreaterThan(2.5);
    expect(stored.durationSeconds).toBeLessThan(3.5);
    await server.settle();

    for (const visitor of visitors) {
      const [gift] = giftMailsTo(visitor.email);
      expect(gift?.text).toContain("Omlouvám se, že dárek přichází až teď");
      expect(gift?.text).toContain("Video trvá 3\u00a0sekundy.");
      expect(gift?.text).not.toContain("6\u00a0minut");
    }
    const status = (await (await fetch(`${server.origin}/api/gifts`)).json()) as GiftStatusJson;
    expect(status.gift_ritual).toEqual({ ready: true, durationSeconds: stored.durationSeconds });

    // A request now is answered at once, with the length and without an apology.
    const late = { name: "Olga Nová", email: "olga@example.cz" };
    expect(await requestGift(late)).toMatchObject({ giftWaits: false });
    await server.settle();
    const [gift] = giftMailsTo(late.email);
    expect(gift?.text).toContain("Video trvá 3\u00a0sekundy.");
    expect(gift?.text).not.toContain("Omlouvám se");
    expect(ownerNotices()).toHaveLength(3);
  }, 180_000);
});

describe.each(testDatabases)("what the gift page is told of each gift, on $name", ({ open }) => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await open();
  }, openTimeoutMs);
  afterAll(async () => {
    await database?.close();
  });

  const status = async (settings: Record<string, string>) =>
    (await (
      await createTestApp(database, { settings }).request("/api/gifts")
    ).json()) as GiftStatusJson;

  it("a gift without its material waits; the built-in guide or a GIFT_*_URL makes it ready, of no known length", async () => {
    expect(await status({ GIFT_RITUAL_URL: "", GIFT_FRAGRANCE_URL: "" })).toEqual({
      gift_ritual: { ready: false, durationSeconds: null },
      gift_fragrance: { ready: true, durationSeconds: null },
    });
    expect(await status({})).toEqual({
      gift_ritual: { ready: true, durationSeconds: null },
      gift_fragrance: { ready: true, durationSeconds: null },
    });
  });
});
