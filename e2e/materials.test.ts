/**
 * „Materiály“ in the administration and a gift page, against the accounts
 * test server: a file uploaded with its progress bar (the upload slowed down
 * so that the bar is seen), the gift e-mail that waited for it, and the page
 * its link opens, at 360 and 1280 px.
 */
import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import type { Page } from "@playwright/test";
import { simpleParser } from "mailparser";
import { mp4Head, recordVideo } from "#testing/sample-media";
import {
  accountsBaseUrl,
  accountsDataDir,
  seededAdmins,
  sendSubmission,
  storeSession,
  useOwnAddress,
} from "./accounts-server";
import { expect, expectNoAxeViolations, screenshotPath, test } from "./fixtures";

test.use({ baseURL: accountsBaseUrl });
test.beforeEach(async ({ context }, testInfo) => useOwnAddress(context, testInfo));

const owner = seededAdmins[17] as (typeof seededAdmins)[number];
const giftLink = /https?:\/\/[^\s"<>\]]+\/dar\/[A-Za-z0-9_-]+/;

async function openMaterials(page: Page) {
  const session = await storeSession(page, owner.email, owner.password);
  await page.goto("/admin/materialy");
  await expect(page.getByRole("heading", { level: 2, name: "Přidat materiál" })).toBeVisible();
  return session.access_token;
}

/** The gift link of the newest e-mail to `email` in the server's mail folder. */
async function readGiftLink(email: string): Promise<string> {
  const mailDir = join(accountsDataDir, "mail");
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const files = (await readdir(mailDir).catch(() => [] as string[])).sort().reverse();
    for (const file of files.filter((name) => name.endsWith(".eml"))) {
      const mail = await simpleParser(await readFile(join(mailDir, file)));
      const to = Array.isArray(mail.to) ? mail.to[0] : mail.to;
      const link = mail.text?.match(giftLink)?.[0];
      if (to?.text === email && link) return link;
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`No gift e-mail to ${email}`);
}

test("uploads a file with a progress bar; a waiting gift e-mail goes out and its page plays the video", async ({
  page,
}) => {
  test.setTimeout(180_000);
  // A ritual gift asked for before the gift has any material: its e-mail waits.
  await sendSubmission(page, {
    formType: "gift_ritual",
    name: "Marie Čekající",
    email: "marie.ceka@example.cz",
  });
  const token = await openMaterials(page);
  await expect(page.getByTestId("waiting-gift-mail")).toContainText(
    /Na\smateriál\sčekají\se-maily\ss\sdárkem:\srituál\s–\s\d+\se-mail/,
  );

  // A members' file of 6 MB, uploaded at 1 MB/s: the bar moves.
  await page.getByLabel("Název").first().fill("Večerní meditace");
  await page.getByLabel("Kde se nabízí").selectOption("members");
  await page.getByLabel("Krátký popis").first().fill("Dvacet minut pro klidný spánek.");
  const file = Buffer.concat([mp4Head, Buffer.alloc(6 * 1024 * 1024 - mp4Head.length, 7)]);
  // The picker speaks Czech whatever the browser's language, and names the chosen file.
  const picked = page.locator('label[for="material-file"]');
  await expect(picked).toHaveText(/Vybrat soubor\s*Zatím není vybraný žádný soubor/);
  await page.getByLabel("Vybrat soubor").setInputFiles({
    name: "vecerni-meditace.mp4",
    mimeType: "video/mp4",
    buffer: file,
  });
  await expect(picked).toHaveText(/Vybrat soubor\s*vecerni-meditace\.mp4/);
  for (const width of [1280, 360]) {
    await page.setViewportSize({ width, height: width === 360 ? 800 : 900 });
    await picked.scrollIntoViewIfNeeded();
    await page.screenshot({ path: screenshotPath("materials", `file-chosen-${width}.png`) });
  }
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: 1024 * 1024,
  });
  await page.getByRole("button", { name: "Přidat a nahrát" }).click();
  const progress = page.getByRole("status").filter({ hasText: "Nahrávám „vecerni-meditace.mp4“" });
  await expect(progress).toBeVisible();
  await expect(progress).toContainText(/[1-9]\d? %/, { timeout: 20_000 });
  // Until its file has arrived, the material is the owner's alone, listed as being uploaded.
  await expect(
    page.getByRole("region", { name: "Členská sekce" }).getByText("Nahrává se"),
  ).toBeVisible();
  for (const width of [1280, 360]) {
    await page.setViewportSize({ width, height: width === 360 ? 800 : 900 });
    await progress.scrollIntoViewIfNeeded();
    await page.screenshot({ path: screenshotPath("materials", `upload-in-progress-${width}.png`) });
  }
  await expect(page.getByText("Soubor „vecerni-meditace.mp4“ je nahraný.")).toBeVisible({
    timeout: 60_000,
  });
  // The form is empty again, its picker too.
  await expect(picked).toHaveText(/Zatím není vybraný žádný soubor/);
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: -1,
  });
  const members = page.getByRole("region", { name: "Členská sekce" });
  await expect(members.getByText("Večerní meditace")).toBeVisible();
  await expect(members.getByText("6 MB")).toBeVisible();
  await expectNoAxeViolations(page);
  // A phone shows no tooltips: every action but the arrows says its name on the button.
  for (const [name, text] of [
    ["Upravit „Večerní meditace“", "Upravit"],
    ["Nahradit soubor „Večerní meditace“", "Nahradit soubor"],
    ["Skrýt „Večerní meditace“", "Skrýt"],
    ["Smazat „Večerní meditace“", "Smazat"],
  ]) {
    await expect(members.getByRole("button", { name })).toHaveText(text as string);
  }
  for (const width of [360, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await members.screenshot({ path: screenshotPath("materials", `members-list-${width}.png`) });
  }

  // The ritual video, recorded by the browser and uploaded through the API: the waiting e-mail goes.
  const created = await page.request.post("/api/admin/materials", {
    headers: { Authorization: `Bearer ${token}` },
    data: {
      title: "Ranní rituál",
      description: "Šest minut, které Ti změní den.",
      place: "gift_ritual",
    },
  });
  const { material } = (await created.json()) as { material: { id: string } };
  const uploaded = await page.request.put(`/api/admin/materials/${material.id}/file`, {
    headers: { Authorization: `Bearer ${token}`, "Content-Type": "video/webm" },
    data: await recordVideo(page),
  });
  expect(uploaded.status()).toBe(200);
  const link = await readGiftLink("marie.ceka@example.cz");

  for (const width of [360, 1280]) {
    await page.setViewportSize({ width, height: width === 360 ? 800 : 900 });
    await page.goto(link);
    await expect(
      page.getByRole("heading", { level: 1, name: "Tvůj rituál na každý den" }),
    ).toBeVisible();
    const canPlay = await page.locator("video").evaluate(
      (video: HTMLVideoElement) =>
        new Promise<boolean>((resolve) => {
          if (video.readyState >= 3) resolve(true);
          video.addEventListener("canplay", () => resolve(true), { once: true });
        }),
    );
    expect(canPlay).toBe(true);
    await page.screenshot({
      path: screenshotPath("materials", `gift-page-${width}.png`),
      fullPage: true,
    });
  }
  await expectNoAxeViolations(page);
});

test("„Upravit“ puts a video's address right and moves a material to another place", async ({
  page,
}) => {
  const token = await openMaterials(page);
  const created = await page.request.post("/api/admin/materials", {
    headers: { Authorization: `Bearer ${token}` },
    data: { title: "Dech v lese", place: "members", link: "https://youtu.be/abcdefghijk" },
  });
  expect(created.status()).toBe(201);
  await page.reload();
  const members = page.getByRole("region", { name: "Členská sekce" });
  const item = members.locator("li", { hasText: "Dech v lese" });
  await item.getByRole("button", { name: "Upravit „Dech v lese“" }).click();
  await expect(item.getByLabel("Kde se nabízí")).toHaveValue("members");
  await expect(item.getByLabel("Adresa videa")).toHaveValue("https://youtu.be/abcdefghijk");
  // A wrong address is refused and changes nothing.
  await item.getByLabel("Adresa videa").fill("https://www.instagram.com/p/abc/");
  await item.getByRole("button", { name: "Uložit" }).click();
  await expect(page.getByText(/^Odkaz musí vést na video na YouTube nebo na Vimeu/)).toBeVisible();
  await expect(item.getByRole("link", { name: "https://youtu.be/abcdefghijk" })).toBeVisible();
  await item.getByLabel("Adresa videa").fill("https://vimeo.com/123456");
  // Not the ritual gift: the upload test beside this one plays its first material.
  await item.getByLabel("Kde se nabízí").selectOption("gift_fragrance");
  for (const width of [360, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await item.screenshot({ path: screenshotPath("materials", `edit-${width}.png`) });
  }
  await item.getByRole("button", { name: "Uložit" }).click();
  await expect(page.getByText("Změny jsou uložené.")).toBeVisible();
  const scent = page.getByRole("region", { name: "Dárek: osobní vůně (návod)" });
  await expect(scent.getByRole("link", { name: "https://vimeo.com/123456" })).toBeVisible();
  await expect(members.getByText("Dech v lese")).toHaveCount(0);
  await expectNoAxeViolations(page);
  // Gone again, so that the scent gift's page stays as the other tests know it.
  const { material } = (await created.json()) as { material: { id: string } };
  const deleted = await page.request.delete(`/api/admin/materials/${material.id}`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(deleted.ok()).toBe(true);
});

test("the new-material form names every problem under its field at once, and creates nothing", async ({
  page,
}) => {
  const token = await openMaterials(page);
  const typedTitle = "Poznámky";
  // Materials of the title typed here: the other tests add and delete theirs meanwhile.
  const count = async () => {
    const response = await page.request.get("/api/admin/materials", {
      headers: { Authorization: `Bearer ${token}` },
    });
    const { materials } = (await response.json()) as { materials: { title: string }[] };
    return materials.filter((material) => material.title === typedTitle).length;
  };
  expect(await count()).toBe(0);
  const card = page.getByRole("region", { name: "Přidat materiál" });
  const title = card.getByLabel("Název");

  // No title and no file: both said, under their fields, and the title is where she goes on.
  await card.getByRole("button", { name: "Přidat a nahrát" }).click();
  await expect(title).toHaveAccessibleDescription(/Vyplňte prosím název\./);
  await expect(card.getByText("Vyberte prosím soubor.")).toBeVisible();
  await expect(title).toBeFocused();
  // A file of a kind the server would refuse is refused before anything is created.
  await title.fill(typedTitle);
  await card.locator("#material-file").setInputFiles({
    name: "poznamky.txt",
    mimeType: "text/plain",
    buffer: Buffer.from("Nějaké poznámky"),
  });
  await card.getByRole("button", { name: "Přidat a nahrát" }).click();
  await expect(card.getByText(/^Takový soubor web nepřijme\./)).toBeVisible();
  await expect(title).not.toHaveAttribute("aria-invalid", "true");
  // A link that is no video: said under the address.
  await card.getByLabel("Odkaz na YouTube nebo Vimeo").check();
  const address = card.getByLabel("Adresa videa");
  await address.fill("https://www.instagram.com/p/abc/");
  await card.getByRole("button", { name: "Přidat odkaz" }).click();
  await expect(address).toHaveAccessibleDescription(/Odkaz musí vést na video na YouTube/);
  await expect(address).toBeFocused();
  for (const width of [360, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await card.screenshot({ path: screenshotPath("materials", `new-refused-${width}.png`) });
  }
  await expectNoAxeViolations(page);
  expect(await count()).toBe(0);
});
