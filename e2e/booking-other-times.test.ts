/**
 * The ways to other free times on the cancel link's page, followed as a visitor does on her
 * phone (360 px), against a server of its own: „Ukázat další…“ (once „Hodí se vám pozdější
 * termín?“) opens the later days in the same form, every time there later than the first days
 * shown, and moving to one of them works; „Vybrat jiný čas“, after a time taken meanwhile, leads
 * back to the page, where that time is no longer offered and the others are still free.
 * Screenshots of each state at 360 and 1280 px.
 */
import type { APIRequestContext, Page } from "@playwright/test";
import { formatPragueTime } from "../shared/prague-time";
import { expect, screenshotPath, test } from "./fixtures";
import { mainPort } from "./main-server";
import { setUpOwnServer } from "./own-server";

test.describe.configure({ mode: "serial" });
test.use({ viewport: { width: 360, height: 780 } });

const server = setUpOwnServer({
  port: mainPort + 71,
  name: "booking-other-times",
  settings: { TRUST_PROXY: "true", FORM_RATE_LIMIT_PER_HOUR: "50", LOG_LEVEL: "warn" },
});
const { origin } = server;

let visitors = 0;

/** The whole page at both widths, then back to the phone. */
async function photograph(page: Page, name: string) {
  for (const width of [1280, 360]) {
    await page.setViewportSize({ width, height: 780 });
    await page.screenshot({
      path: screenshotPath("booking-other-times", `${name}-${width}.png`),
      fullPage: true,
    });
  }
}

/** The first offer's free starts, as the booking page's API offers them to anyone now. */
async function freeStarts(request: APIRequestContext, offerId: string): Promise<string[]> {
  const response = await request.get(`${origin}/api/booking/free-times?offer=${offerId}`);
  expect(response.ok()).toBe(true);
  const { days } = (await response.json()) as { days: { starts: string[] }[] };
  return days.flatMap((day) => day.starts);
}

async function firstOfferId(request: APIRequestContext): Promise<string> {
  const response = await request.get(`${origin}/api/booking/offers`);
  const { offers } = (await response.json()) as { offers: { id: string }[] };
  const id = offers[0]?.id;
  expect(id, "a bookable offer").toBeDefined();
  return id as string;
}

/** A booking of `startsAt` by a visitor of her own address; the cancel link of its e-mail. */
async function book(request: APIRequestContext, offerId: string, startsAt: string) {
  visitors += 1;
  const email = `jiny-cas-${visitors}-${Date.now()}@example.cz`;
  const response = await request.post(`${origin}/api/bookings`, {
    headers: { Origin: origin, "X-Forwarded-For": `10.71.0.${visitors}` },
    data: { offerId, startsAt, name: "Jana Nováková", email, privacyConsent: true },
  });
  expect(response.status(), await response.text()).toBe(201);
  let link: string | undefined;
  await expect
    .poll(
      () => {
        const mail = server.smtp.mails.find((each) => each.envelopeTo.includes(email));
        link = mail?.text?.match(/\/rezervace\/zruseni\/[\w-]+/)?.[0];
        return link;
      },
      { timeout: 60_000, message: `the e-mail to ${email}` },
    )
    .toBeDefined();
  return `${origin}${link}`;
}

/** The times a form offers, as the values of its radio buttons, visible or not. */
async function offeredIn(page: Page, selector: string): Promise<string[]> {
  return page
    .locator(`${selector} input[name="startsAt"]`)
    .evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value));
}

test("„Ukázat další…“ opens later free times in the same form, and moving to one of them works", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const offerId = await firstOfferId(page.request);
  const [startsAt = ""] = await freeStarts(page.request, offerId);
  const cancelLink = await book(page.request, offerId, startsAt);

  await page.goto(cancelLink);
  await expect(
    page.getByRole("heading", { level: 2, name: "Přesunout na jiný čas" }),
  ).toBeVisible();
  const first = await offeredIn(page, "form:has(> fieldset)");
  const firstShown = (await offeredIn(page, "form > fieldset")).sort();
  const more = page.locator("details.more-days");
  const summary = more.locator("summary");
  await expect(summary).toHaveText(/^Ukázat další(ch)? (den|\d+ dny|\d+ dní)$/);
  const later = await offeredIn(page, "details.more-days");
  expect(later.length).toBeGreaterThan(0);
  expect(first.length).toBe(firstShown.length + later.length);
  // Closed, its times take no room; a tap shows them.
  const lastLater = later.at(-1) as string;
  const lastLaterLabel = page.locator("label", {
    has: page.locator(`input[value="${lastLater}"]`),
  });
  await expect(lastLaterLabel).toBeHidden();
  await photograph(page, "1-cancel-page");
  await summary.click();
  await expect(lastLaterLabel).toBeVisible();
  await photograph(page, "2-later-days-open");

  // Later than every time shown before it, none twice, none the booked one, none past.
  const lastShown = firstShown.at(-1) as string;
  for (const start of later) expect(Date.parse(start)).toBeGreaterThan(Date.parse(lastShown));
  expect(new Set(first).size).toBe(first.length);
  expect(first).not.toContain(startsAt);
  for (const start of first) expect(Date.parse(start)).toBeGreaterThan(Date.now());
  // Real: each later time is free for anyone on the booking page too (the booked session's own
  // neighbours are only free to it, and they are among the first days).
  const free = await freeStarts(page.request, offerId);
  for (const start of later) expect(free).toContain(start);

  // The visitor takes the last of them: the booking moves there, and it is nobody else's now.
  await lastLaterLabel.click();
  await page.getByRole("button", { name: "Přesunout na vybraný čas" }).click();
  await expect(page.getByRole("status")).toContainText("Rezervace je přesunutá");
  await expect(page.locator(".card").first()).toContainText(formatPragueTime(lastLater));
  await photograph(page, "3-moved");
  expect(await freeStarts(page.request, offerId)).not.toContain(lastLater);
  expect(await freeStarts(page.request, offerId)).toContain(startsAt);
});

test("„Vybrat jiný čas“ after a time taken meanwhile leads back to the page, without that time", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const offerId = await firstOfferId(page.request);
  const [startsAt = ""] = await freeStarts(page.request, offerId);
  const cancelLink = await book(page.request, offerId, startsAt);
  await page.goto(cancelLink);
  const wanted = (await offeredIn(page, "form > fieldset")).at(-1) as string;
  // Someone else books that very time while the page is open.
  await book(page.request, offerId, wanted);
  await page.locator("label", { has: page.locator(`input[value="${wanted}"]`) }).click();
  await page.getByRole("button", { name: "Přesunout na vybraný čas" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Čas už není volný" })).toBeVisible();
  await photograph(page, "4-taken");

  await page.getByRole("link", { name: "Vybrat jiný čas" }).click();
  await expect(page).toHaveURL(cancelLink);
  await expect(
    page.getByRole("heading", { level: 2, name: "Přesunout na jiný čas" }),
  ).toBeVisible();
  const offered = await offeredIn(page, "form:has(> fieldset)");
  expect(offered).not.toContain(wanted);
  expect(offered.length).toBeGreaterThan(0);
  // The others are still free to anyone (the booking's own neighbours apart, free only to it).
  const free = await freeStarts(page.request, offerId);
  const later = await offeredIn(page, "details.more-days");
  for (const start of later) expect(free).toContain(start);
  await photograph(page, "5-other-time");
});
