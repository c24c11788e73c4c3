/**
 * „Akce“ on her phone (360 px), on the accounts server: she creates an event and publishes it,
 * and it is on /akce; a visitor signs up; she sees the person, downloads the CSV (as Czech
 * Excel reads it), writes to everyone signed up, previews a repeat, and cancels the event,
 * everyone told by e-mail. Every screen is photographed at 360 and 1280 px.
 */
import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import type { Page } from "@playwright/test";
import { type ParsedMail, simpleParser } from "mailparser";
import Papa from "papaparse";
import {
  accountsBaseUrl,
  accountsDataDir,
  seededAdmins,
  storeSession,
  useOwnAddress,
} from "./accounts-server";
import { expect, expectNoAxeViolations, screenshotPath, test } from "./fixtures";

test.use({ baseURL: accountsBaseUrl });
test.beforeEach(async ({ context }, testInfo) => useOwnAddress(context, testInfo));

const owner = seededAdmins[10] as (typeof seededAdmins)[number];
const phone = { width: 360, height: 780 };

async function screenshot(page: Page, name: string) {
  for (const width of [1280, 360]) {
    await page.setViewportSize(width === 360 ? phone : { width, height: 900 });
    await page.screenshot({
      path: screenshotPath(`events-admin-${name}-${width}.png`),
      fullPage: true,
    });
  }
}

async function expectNotice(page: Page, text: string | RegExp) {
  await expect(page.locator("[data-sonner-toast]").filter({ hasText: text }).last()).toBeVisible({
    timeout: 30_000,
  });
}

/** The newest e-mail to `email` whose subject starts with `subject`, from the server's mail folder. */
async function readMail(email: string, subject: string): Promise<ParsedMail> {
  const mailDir = join(accountsDataDir, "mail");
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const files = (await readdir(mailDir).catch(() => [] as string[])).sort().reverse();
    for (const file of files.filter((name) => name.endsWith(".eml"))) {
      const mail = await simpleParser(await readFile(join(mailDir, file)));
      const to = Array.isArray(mail.to) ? mail.to[0] : mail.to;
      if (to?.text === email && mail.subject?.startsWith(subject)) return mail;
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`No e-mail „${subject}“ to ${email}`);
}

/** Prague's day `days` ahead, as a date field takes it. */
function pragueDayAhead(days: number): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Prague" }).format(
    new Date(Date.now() + days * 86_400_000),
  );
}

test("she creates an event on her phone, publishes it, sees who signed up, downloads them, writes to them and cancels it", async ({
  page,
  consoleEntries,
}) => {
  test.setTimeout(240_000);
  const title = `Úplňkový kruh ${Date.now().toString(36)}`;
  const visitor = `navstevnice.${Date.now().toString(36)}@example.cz`;
  await storeSession(page, owner.email, owner.password);
  await page.setViewportSize(phone);

  await page.goto("/admin/akce");
  await expect(page.getByRole("heading", { level: 2, name: "Akce" })).toBeVisible();
  await screenshot(page, "list-before");
  await expectNoAxeViolations(page);

  await page.getByRole("link", { name: "Nová akce" }).click();
  await expect(page.getByRole("heading", { level: 2, name: "Nová akce" })).toBeVisible();
  await page.getByLabel("Název akce").fill(title);
  const description = page.getByRole("textbox", { name: "Popis" });
  await description.click();
  await page.keyboard.type("Sejdeme se v kruhu, zazpíváme si a napijeme se bylinkového čaje.");
  await page.getByLabel("Den").fill(pragueDayAhead(10));
  await page.getByLabel("Začátek").fill("18:00");
  await page.getByLabel("Konec").fill("20:30");
  await page.getByLabel("Adresa").fill("Lipová 12, Brno");
  await page.getByLabel("Cena v Kč").fill("350");
  await page.getByLabel("Počet míst").fill("8");
  // A mistake first: the end before the start, said at its field, nothing stored.
  await page.getByLabel("Konec").fill("17:00");
  await page.getByRole("button", { name: "Zveřejnit" }).click();
  await expect(page.getByText("Konec musí být po začátku.")).toBeVisible();
  await screenshot(page, "form-error");
  await page.getByLabel("Konec").fill("20:30");
  await screenshot(page, "form");
  await page.getByRole("button", { name: "Zveřejnit" }).click();
  await expectNotice(page, "Akce je zveřejněná.");
  await expect(page).toHaveURL(/\/admin\/akce\/[0-9a-f-]{36}$/);
  const eventId = page.url().split("/").at(-1) as string;

  // On /akce within seconds, as the page store serves it.
  await expect
    .poll(async () => (await (await page.request.get("/akce")).text()).includes(title), {
      timeout: 15_000,
    })
    .toBe(true);

  // A visitor signs up (the sign-up's own API, as the page's form sends it).
  const signedUp = await page.request.post(`/api/events/${eventId}/signups`, {
    data: {
      name: "Jana Nováková",
      email: visitor,
      phone: "+420 601 234 567",
      privacyConsent: true,
    },
  });
  expect(signedUp.status(), await signedUp.text()).toBe(201);

  await page.reload();
  await expect(page.getByTestId("event-counts")).toContainText("Obsazeno 1 z 8 míst");
  await expect(page.getByText("Jana Nováková")).toBeVisible();
  await screenshot(page, "people");
  await expectNoAxeViolations(page);

  // „Zrušit přihlášku“ asks first; beside that answer the dialog is left by „Zpět“, not by a
  // second „Zrušit“, and leaving it changes nothing.
  await page.getByRole("button", { name: "Zrušit přihlášku: Jana Nováková" }).click();
  const signupDialog = page.getByRole("alertdialog");
  await expect(signupDialog.getByRole("button", { name: "Zrušit", exact: true })).toHaveCount(0);
  await screenshot(page, "cancel-signup-dialog");
  await signupDialog.getByRole("button", { name: "Zpět" }).click();
  await expect(signupDialog).toBeHidden();
  await expect(page.getByTestId("event-counts")).toContainText("Obsazeno 1 z 8 míst");

  // The CSV, as Czech Excel opens it.
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: "Stáhnout CSV" }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^prihlaseni-.+\.csv$/);
  const bytes = await readFile((await download.path()) as string);
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  // Every line ends in CRLF, as Excel on Windows writes and reads it.
  expect(bytes.toString("utf8").split("\r\n").length).toBeGreaterThan(2);
  expect(bytes.toString("utf8")).not.toMatch(/[^\r]\n/);
  const { data } = Papa.parse<string[]>(
    bytes
      .toString("utf8")
      .replace(/^\ufeff/, "")
      .trimEnd(),
    {
      delimiter: ";",
    },
  );
  expect(data[0]?.slice(0, 3)).toEqual(["Stav", "Jméno", "E-mail"]);
  expect(data[1]?.slice(0, 3)).toEqual(["Potvrzeno", "Jana Nováková", visitor]);

  // A message to everyone signed up.
  await page.getByRole("button", { name: "Napsat všem přihlášeným" }).click();
  await expect(page.getByText("Zprávu dostane 1 člověk.")).toBeVisible();
  await page.getByLabel("Předmět").fill("Změna místa");
  await page.getByLabel("Text zprávy").fill("Milé ženy,\nsejdeme se o patro výš, v podkroví.");
  await screenshot(page, "message");
  await page.getByRole("button", { name: "Odeslat zprávu" }).click();
  await expectNotice(page, "Zpráva odešla: 1 člověk.");
  expect((await readMail(visitor, "Změna místa")).text).toContain("podkroví");

  // „Opakovat“: the dates in Czech before anything is created.
  await page.getByRole("button", { name: "Opakovat" }).click();
  await page.getByLabel("Jak často").selectOption({ label: "každé dva týdny" });
  await page.getByLabel("Až do").fill(pragueDayAhead(40));
  await expect(page.getByTestId("event-repeat-preview").getByRole("listitem")).toHaveCount(2);
  await expect(page.getByTestId("event-repeat-preview")).toContainText("18:00–20:30");
  await screenshot(page, "repeat");
  await page.getByRole("button", { name: "Opakovat" }).click();

  // „Zrušit akci“: she is asked first, told who will hear.
  await page.getByRole("button", { name: "Zrušit akci" }).click();
  const dialog = page.getByRole("alertdialog");
  await expect(dialog).toContainText("dostane 1 člověk");
  await expect(dialog.getByRole("button", { name: "Zrušit", exact: true })).toHaveCount(0);
  await expect(dialog.getByRole("button", { name: "Zpět" })).toBeVisible();
  await screenshot(page, "cancel-dialog");
  await dialog.getByRole("button", { name: "Zrušit akci" }).click();
  await expectNotice(page, "Akce je zrušená. E-mail dostane 1 člověk.");
  const told = await readMail(visitor, "Akce je zrušená");
  expect(told.attachments[0]?.content.toString("utf8")).toContain("METHOD:CANCEL");
  await expect(page.getByText("Zrušená", { exact: true }).first()).toBeVisible();
  await screenshot(page, "cancelled");

  await page.getByRole("link", { name: "← Akce" }).click();
  await expect(page.getByRole("link", { name: new RegExp(title) })).toBeVisible();
  await screenshot(page, "list-after");
  // Her description's editor started and stopped on the way without a word in the console.
  expect(consoleEntries.filter((entry) => entry.text.includes("linkifyjs"))).toEqual([]);
});
