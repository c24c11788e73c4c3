/**
 * Her bookings on her phone (360 px): a visitor books, the booking is new in her inbox beside
 * the messages, she opens it from „Rezervace“, confirms it and moves it to another free time;
 * the client gets both e-mails, each with a calendar file of the same UID and a higher
 * SEQUENCE (parsed). Then the visitor moves it herself with the link from her first e-mail, and
 * the booking waits for her confirmation again. Pictures at 360 and 1280 px of every screen.
 */
import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import type { Page } from "@playwright/test";
import ICAL from "ical.js";
import { type ParsedMail, simpleParser } from "mailparser";
import { paths } from "#shared/routes";
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

const owner = seededAdmins[8] as (typeof seededAdmins)[number];
const phone = { width: 360, height: 780 };
const client = `klientka-${Date.now()}@example.cz`;

async function screenshot(page: Page, name: string) {
  for (const width of [1280, 360]) {
    await page.setViewportSize(width === 360 ? phone : { width, height: 900 });
    await page.screenshot({
      path: screenshotPath(`booking-admin-${name}-${width}.png`),
      fullPage: true,
    });
  }
}

/** The e-mails to `address` in the accounts server's mail folder. */
async function mailsTo(address: string): Promise<ParsedMail[]> {
  const mailDir = join(accountsDataDir, "mail");
  const files = (await readdir(mailDir).catch(() => [] as string[])).filter((file) =>
    file.endsWith(".eml"),
  );
  const mails = await Promise.all(
    files.map(async (file) => simpleParser(await readFile(join(mailDir, file)))),
  );
  return mails.filter((mail) => (Array.isArray(mail.to) ? mail.to[0] : mail.to)?.text === address);
}

async function mailWithSubject(address: string, subject: string): Promise<ParsedMail> {
  let found: ParsedMail | undefined;
  await expect
    .poll(
      async () => {
        found = (await mailsTo(address)).find((mail) => mail.subject === subject);
        return Boolean(found);
      },
      { timeout: 30_000 },
    )
    .toBe(true);
  return found as ParsedMail;
}

function calendarOf(mail: ParsedMail) {
  const file = mail.attachments.find((attachment) => attachment.filename === "rezervace.ics");
  const calendar = new ICAL.Component(ICAL.parse(file?.content.toString("utf8") ?? ""));
  const event = calendar.getFirstSubcomponent("vevent");
  return {
    method: calendar.getFirstPropertyValue("method"),
    uid: event?.getFirstPropertyValue("uid"),
    sequence: Number(event?.getFirstPropertyValue("sequence") ?? 0),
    status: event?.getFirstPropertyValue("status"),
  };
}

test("a visitor books; she confirms and moves it on her phone; the client gets both e-mails; the visitor moves it with her link", async ({
  page,
}) => {
  test.setTimeout(150_000);
  const free = (await (
    await page.request.get("/api/booking/free-times?offer=consultation")
  ).json()) as { days: { starts: string[] }[] };
  const start = free.days[0]?.starts[0] as string;
  const booked = await page.request.post("/api/bookings", {
    data: {
      offerId: "consultation",
      startsAt: start,
      name: "Alena Horáková",
      email: client,
      phone: "777 888 999",
      note: "Ráda bych se poprvé zastavila.",
      privacyConsent: true,
    },
  });
  expect(booked.status()).toBe(201);
  const first = await mailWithSubject(client, "Rezervace čeká na potvrzení");
  const uid = calendarOf(first).uid;

  await page.setViewportSize(phone);
  await storeSession(page, owner.email, owner.password);
  await page.goto(paths.admin);
  const inbox = page.locator("[data-new-bookings]");
  await expect(inbox).toBeVisible();
  // On a phone the inbox shows the count and a link; the messages stay on her first screen.
  await expect(inbox.getByRole("heading", { name: /^Nové rezervace: \d+$/ })).toBeVisible();
  await expect(inbox.getByRole("link", { name: "Všechny rezervace" })).toBeVisible();
  await expect(inbox.getByText("Alena Horáková")).toBeHidden();
  await page.setViewportSize({ width: 1280, height: 900 });
  await expect(inbox.getByText("Alena Horáková")).toBeVisible();
  await screenshot(page, "inbox");
  await page.setViewportSize(phone);

  const menu = page.getByRole("navigation", { name: "Části administrace" });
  await menu.getByRole("button", { name: /Části administrace/ }).click();
  await menu.getByRole("link", { name: "Rezervace" }).click();
  await expect(page).toHaveURL(paths.adminBookings);
  const waiting = page.getByRole("region", { name: "Čeká na potvrzení" });
  await expect(waiting.getByText("Alena Horáková")).toBeVisible();
  await expect(page.getByRole("link", { name: "Pracovní doba a pravidla" })).toHaveAttribute(
    "href",
    paths.adminBookingSettings,
  );
  await expectNoAxeViolations(page);
  await screenshot(page, "week");
  await page.setViewportSize(phone);

  await waiting.getByText("Alena Horáková").click();
  await expect(page.getByText("Ráda bych se poprvé zastavila.")).toBeVisible();
  await expect(page.getByText("777 888 999")).toBeVisible();
  await expectNoAxeViolations(page);
  await screenshot(page, "detail");
  await page.setViewportSize(phone);

  await page.getByRole("button", { name: "Potvrdit" }).click();
  await expect(page.getByText("Rezervace je potvrzená a potvrzení odešlo e-mailem.")).toBeVisible();
  await expect(page.locator("[data-booking-state]")).toHaveText("Potvrzená");

  await page.getByRole("button", { name: "Přesunout" }).click();
  const choice = page.getByLabel("Volný čas");
  const target = await choice.locator("option").nth(2).getAttribute("value");
  await choice.selectOption(target as string);
  await screenshot(page, "move");
  await page.setViewportSize(phone);
  await page.getByRole("button", { name: "Přesunout a poslat e-mail" }).click();
  await expect(
    page.getByText("Rezervace je přesunutá a e-mail s novým časem odešel."),
  ).toBeVisible();

  const confirmed = await mailWithSubject(client, "Rezervace je potvrzená");
  expect(calendarOf(confirmed)).toMatchObject({ uid, sequence: 1, status: "CONFIRMED" });
  const moved = await mailWithSubject(client, "Rezervace je přesunutá");
  expect(calendarOf(moved)).toMatchObject({ uid, sequence: 2, status: "CONFIRMED" });

  // The visitor moves it with the link of her first e-mail, without scripts needed.
  const link = first.text?.match(/https?:\/\/\S+\/rezervace\/zruseni\/[\w-]+/)?.[0] as string;
  await page.goto(new URL(link).pathname);
  await expect(page.getByRole("heading", { name: "Přesunout na jiný čas" })).toBeVisible();
  await screenshot(page, "visitor-link");
  await page.setViewportSize(phone);
  await page.locator('input[name="startsAt"]').nth(1).check();
  await page.getByRole("button", { name: "Přesunout na vybraný čas" }).click();
  await expect(page.getByText("Rezervace je přesunutá.", { exact: false })).toBeVisible();
  // She confirms this offer herself: the new time waits for her.
  await expect(page.locator(".card")).toContainText("Stav: čeká na potvrzení");
  await screenshot(page, "visitor-moved");
  await expect
    .poll(
      async () =>
        (await mailsTo(client)).filter((mail) => mail.subject === "Rezervace je přesunutá").length,
      { timeout: 30_000 },
    )
    .toBe(2);
});
