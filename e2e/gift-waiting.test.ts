/**
 * The gift page while the ritual has no video, and once it has one, against a server of its
 * own (the shared servers' gifts change under other tests): the form says what will happen and
 * so does its thank-you; the owner's e-mail goes at once; once a 3-second MP4 is uploaded the
 * form says „Video trvá 3 sekundy.“ (read from the file). The e-mails a waiting gift causes
 * are rendered from their templates and photographed at 360 and 1280 px.
 */
import type { Locator, Page } from "@playwright/test";
import { renderStoredMail } from "#server/mail/outbox";
import { recordVideo } from "#testing/sample-media";
import { accountsServerSettings } from "./accounts-server";
import { expect, expectNoAxeViolations, screenshotPath, test, waitForHydration } from "./fixtures";
import { mainPort } from "./main-server";
import { setUpOwnServer } from "./own-server";

const owner = {
  email: "darky@example.cz",
  password: "ranni-rosa-a-levandule",
  fullName: "Kateřina",
};
const notifyEmail = "majitelka.darku@example.cz";

test.describe.configure({ mode: "serial" });

const server = setUpOwnServer({
  port: mainPort + 60,
  name: "gift-waiting",
  owner,
  settings: { ...accountsServerSettings, NOTIFY_EMAIL: notifyEmail, LOG_LEVEL: "warn" },
});
const { origin } = server;

const widths = [360, 1280] as const;

async function openRitualForm(page: Page): Promise<Locator> {
  await page.goto(`${origin}/darek`);
  await waitForHydration(page);
  const form = page.getByRole("form", { name: "Rituál zdarma", exact: true });
  await form.scrollIntoViewIfNeeded();
  return form;
}

/** The form with the offer's heading and intro above it, as she sees it. */
async function photographForm(page: Page, form: Locator, name: string) {
  for (const width of widths) {
    await page.setViewportSize({ width, height: 1600 });
    await form.scrollIntoViewIfNeeded();
    await form.screenshot({ path: screenshotPath("gift-waiting", `${name}-${width}.png`) });
  }
}

/** An e-mail's HTML, as a mail app shows it, at both widths. */
async function photographMail(page: Page, html: string, name: string) {
  await page.setContent(html);
  for (const width of widths) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({
      path: screenshotPath("gift-waiting", `mail-${name}-${width}.png`),
      fullPage: true,
    });
  }
}

test("while the ritual has no video, its form says what will happen, and the owner hears at once", async ({
  page,
}) => {
  await page.context().setExtraHTTPHeaders({ "X-Forwarded-For": "10.60.0.1" });
  const form = await openRitualForm(page);
  await expect(form).toContainText("Video s rituálem právě dokončuji.");
  await expect(form).not.toContainText("Video trvá");
  await photographForm(page, form, "form-waiting");
  // The offer beside it: what it promises, with no length the file has not given.
  for (const width of widths) {
    await page.setViewportSize({ width, height: 1600 });
    await page.locator("#minutovy-ritual").screenshot({
      path: screenshotPath("gift-waiting", `ritual-offer-${width}.png`),
    });
  }
  await expectNoAxeViolations(page);

  await form.getByLabel("Jméno", { exact: true }).fill("Petra Malá");
  await form.getByLabel("E-mail", { exact: true }).fill("petra.mala@example.cz");
  await form.getByRole("checkbox", { name: /^Souhlasím/ }).check();
  await form.getByRole("button", { name: "Chci rituál zdarma", exact: true }).click();
  await expect(form.getByRole("status")).toContainText(
    "Děkujeme! Odkaz na rituál Ti brzy pošleme na e-mail. Video ještě dokončuji",
  );
  await photographForm(page, form, "form-waiting-sent");

  // Her e-mail that someone waits, at once (with the submission's own notification).
  const mails = await server.smtp.waitForMails(2, 20_000);
  const notice = mails.find((mail) => mail.subject?.includes("čeká na rituál"));
  expect(notice?.subject).toBe("1\u00a0člověk čeká na rituál – nahrajte video");
  expect(notice?.envelopeTo).toEqual([notifyEmail]);
  await photographMail(page, String(notice?.html), "owner-waiting");
});

test("the e-mails a waiting gift causes read well at 360 and 1280 px", async ({ page }) => {
  const siteUrl = origin;
  const reminder = await renderStoredMail({
    kind: "gift_reminder",
    data: { formType: "gift_ritual", name: "Petra Malá", siteUrl },
  });
  expect(reminder.text).toContain("Krásný den, Petro,");
  await photographMail(page, reminder.html, "visitor-reminder");
  const released = await renderStoredMail({
    kind: "gift_delivery",
    data: {
      formType: "gift_ritual",
      name: "Petra Malá",
      link: `${siteUrl}/dar/ukazka-odkazu-na-darek-0123456789`,
      siteUrl,
      durationSeconds: 3.02,
      waited: true,
    },
  });
  expect(released.text).toContain("Omlouvám se, že dárek přichází až teď");
  expect(released.text).toContain("Video trvá 3\u00a0sekundy.");
  await photographMail(page, released.html, "released-after-wait");
  const count = await renderStoredMail({
    kind: "gift_waiting",
    data: { gift: "gift_ritual", waiting: 5, siteUrl },
  });
  await photographMail(page, count.html, "owner-daily-count");
});

test("once the video is uploaded, the form says how long it plays, as read from the file", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.goto(`${origin}/healthz`);
  const video = await recordVideo(page, { mimeType: "video/mp4;codecs=vp9", durationMs: 3000 });
  const session = await server.signIn(page);
  const headers = { Authorization: `Bearer ${session.access_token}` };
  const created = await page.request.post(`${origin}/api/admin/materials`, {
    headers,
    data: { title: "Ranní rituál", place: "gift_ritual" },
  });
  const { material } = (await created.json()) as { material: { id: string } };
  const uploaded = await page.request.put(`${origin}/api/admin/materials/${material.id}/file`, {
    headers: { ...headers, "Content-Type": "video/mp4" },
    data: video,
  });
  expect(uploaded.status()).toBe(200);

  const form = await openRitualForm(page);
  await expect(form).toContainText("Video trvá 3\u00a0sekundy.");
  await expect(form).not.toContainText("právě dokončuji");
  await photographForm(page, form, "form-ready");
  // The page itself names no length that the file did not give.
  await expect(page.locator("main")).not.toContainText("6\u00a0minut");

  // Her list of materials shows the length the site now says.
  await page.goto(`${origin}/admin/materialy`);
  const item = page.getByRole("listitem").filter({ hasText: "Ranní rituál" });
  await expect(item).toContainText("3\u00a0sekundy");
  for (const width of widths) {
    await page.setViewportSize({ width, height: 900 });
    await item.screenshot({ path: screenshotPath("gift-waiting", `admin-material-${width}.png`) });
  }
});
