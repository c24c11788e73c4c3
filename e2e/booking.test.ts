/**
 * Booking a session in the browser at 360 px, on a server of its own whose e-mails go to a real
 * SMTP peer on loopback and whose time the test can move (testing/shifted-clock-server.ts):
 * the offer, a day and a time from the API, her details, the confirmation e-mail with an `.ics`
 * that parses (ical.js) with the start shown on the page, the cancel link, the time offered
 * again; a time taken meanwhile; the same booking with scripts blocked; the reminder a day
 * before, sent when the server's time comes to it. Screenshots of each state at 360 and 1280 px.
 */
import type { Page } from "@playwright/test";
import ICAL from "ical.js";
import { writeClockShift } from "#testing/shifted-clock-server";
import { bookingMessages } from "../shared/booking-schemas";
import { bookingPageSeed } from "../shared/content/page-booking";
import { formatPragueTime } from "../shared/prague-time";
import {
  expect,
  expectNoAxeViolations,
  expectSiteFrame,
  screenshotPath,
  test,
  waitForHydration,
} from "./fixtures";
import { mainPort } from "./main-server";
import { setUpOwnServer } from "./own-server";

const day = 24 * 60 * 60 * 1000;

test.describe.configure({ mode: "serial" });

const server = setUpOwnServer({
  port: mainPort + 64,
  name: "booking",
  settings: { TRUST_PROXY: "true", FORM_RATE_LIMIT_PER_HOUR: "50", LOG_LEVEL: "warn" },
  movableClock: true,
});
const { origin } = server;

/** Each visitor from an address of her own, as the rate limit counts them. */
let visitors = 0;
async function visitor(page: Page) {
  visitors += 1;
  await page.context().setExtraHTTPHeaders({ "X-Forwarded-For": `10.64.0.${visitors}` });
  return `rezervace-${visitors}@example.cz`;
}

/** The whole page at both widths, then back to the phone. */
async function photograph(page: Page, name: string) {
  for (const width of [1280, 360]) {
    await page.setViewportSize({ width, height: 780 });
    await page.screenshot({
      path: screenshotPath("booking", `${name}-${width}.png`),
      fullPage: true,
    });
  }
}

/** The e-mails sent to `address` so far whose subject is `subject`. */
function mailsTo(address: string, subject: string) {
  return server.smtp.mails.filter(
    (mail) => mail.envelopeTo.includes(address) && mail.subject === subject,
  );
}

async function confirmationOf(address: string) {
  await expect
    .poll(() => mailsTo(address, "Rezervace čeká na potvrzení").length, { timeout: 30_000 })
    .toBe(1);
  return mailsTo(address, "Rezervace čeká na potvrzení")[0];
}

/** The offer chosen and the first free day's times shown, with scripts. */
async function openTimes(page: Page) {
  await page.goto(`${origin}/rezervace`);
  await waitForHydration(page);
  await page.getByRole("button", { name: "Vybrat termín – Harmonizační setkání" }).click();
  await expect(
    page.getByRole("heading", { level: 2, name: bookingPageSeed.steps.timesHeading }),
  ).toBeFocused();
  return page.getByRole("radio").first();
}

async function fillDetails(page: Page, email: string) {
  await page.getByLabel("Jméno", { exact: true }).fill("Jana Nováková");
  await page.getByLabel("E-mail", { exact: true }).fill(email);
  await page.getByLabel("Poznámka (nepovinné)").fill("Těším se.");
  await page.getByLabel(/Souhlasím se zpracováním/).check();
}

test.use({ viewport: { width: 360, height: 780 } });

test("books a time with scripts, gets the .ics by e-mail, cancels by its link, and the time is free again", async ({
  page,
  consoleEntries,
}) => {
  test.setTimeout(120_000);
  const email = await visitor(page);
  await page.goto(`${origin}/rezervace`);
  await expect(
    page.getByRole("heading", { level: 1, name: bookingPageSeed.intro.heading }),
  ).toBeVisible();
  await photograph(page, "1-offers");
  await expectNoAxeViolations(page);

  const firstTime = await openTimes(page);
  const startsAt = (await firstTime.getAttribute("value")) ?? "";
  await photograph(page, "2-times");
  await expectNoAxeViolations(page);

  // Sent empty: each message by its field, nothing sent.
  await page.getByRole("button", { name: "Rezervovat termín" }).click();
  await expect(page.getByText("Vyberte prosím jeden z volných časů.")).toBeVisible();
  await photograph(page, "3-errors");

  await page.getByText(formatPragueTime(startsAt), { exact: true }).first().click();
  await fillDetails(page, email);
  await photograph(page, "4-form");
  await page.getByRole("button", { name: "Rezervovat termín" }).click();
  await expect(
    page.getByRole("heading", { level: 2, name: bookingPageSeed.done.pendingHeading }),
  ).toBeFocused();
  await photograph(page, "5-done");
  await expectNoAxeViolations(page);

  const mail = await confirmationOf(email);
  const ics = mail?.attachments.find((file) => file.filename === "rezervace.ics");
  const calendar = new ICAL.Component(ICAL.parse(ics?.content.toString("utf8") ?? ""));
  const event = new ICAL.Event(calendar.getFirstSubcomponent("vevent") ?? undefined);
  expect(event.startDate.toJSDate().toISOString()).toBe(startsAt);
  // The wall-clock time in Prague her phone's calendar shows is the one the page offered.
  expect(formatPragueTime(event.startDate.toJSDate())).toBe(formatPragueTime(startsAt));
  expect(mail?.text).toContain(formatPragueTime(startsAt));

  // Taken now: the page no longer offers it.
  await openTimes(page);
  await expect(page.locator(`input[value="${startsAt}"]`)).toHaveCount(0);

  const cancelLink = /https?:\/\/\S+\/rezervace\/zruseni\/[\w-]+/.exec(mail?.text ?? "")?.[0];
  expect(cancelLink).toBeDefined();
  await page.goto((cancelLink ?? "").replace(/^https?:\/\/[^/]+/, origin));
  await page.getByRole("button", { name: "Ano, zrušit rezervaci" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Rezervace je zrušená" })).toBeVisible();

  await openTimes(page);
  await expect(page.locator(`input[value="${startsAt}"]`)).toHaveCount(1);
  expect(consoleEntries.filter((entry) => entry.type === "error")).toEqual([]);
});

test("a time taken since it was offered: the message and the free times again", async ({
  page,
}) => {
  const email = await visitor(page);
  const firstTime = await openTimes(page);
  const startsAt = (await firstTime.getAttribute("value")) ?? "";
  await page.getByText(formatPragueTime(startsAt), { exact: true }).first().click();
  await fillDetails(page, email);
  // Another visitor books it first.
  const other = await page.request.post(`${origin}/api/bookings`, {
    headers: { "X-Forwarded-For": "10.64.1.1" },
    data: {
      offerId: "consultation",
      startsAt,
      name: "Petra Malá",
      email: "petra@example.cz",
      privacyConsent: true,
    },
  });
  expect(other.status()).toBe(201);
  await page.getByRole("button", { name: "Rezervovat termín" }).click();
  await expect(page.getByRole("alert")).toHaveText(bookingMessages.taken);
  await expect(page.locator(`input[value="${startsAt}"]`)).toHaveCount(0);
  await expect(page.getByRole("radio").first()).toBeVisible();
  // What she typed stays.
  await expect(page.getByLabel("E-mail", { exact: true })).toHaveValue(email);
  await photograph(page, "6-taken");
});

test.describe("with scripts blocked", () => {
  test.use({ javaScriptEnabled: false });

  test("the same booking: the offer, a time, her details, posted, and the reminder a day before at its time", async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const email = await visitor(page);
    await page.goto(`${origin}/rezervace`);
    await page.getByRole("button", { name: "Vybrat termín – Harmonizační setkání" }).click();
    await expect(page).toHaveURL(/\/rezervace\?nabidka=consultation$/);
    const firstTime = page.getByRole("radio").first();
    const startsAt = (await firstTime.getAttribute("value")) ?? "";
    await photograph(page, "7-no-script-times");

    await page.getByRole("button", { name: "Rezervovat termín" }).click();
    await expect(page.getByText("Vyberte prosím jeden z volných časů.")).toBeVisible();
    await photograph(page, "8-no-script-errors");

    await page.getByText(formatPragueTime(startsAt), { exact: true }).first().click();
    await fillDetails(page, email);
    await page.getByRole("button", { name: "Rezervovat termín" }).click();
    await expect(page).toHaveURL(/\/rezervace\/hotovo\?stav=pending&cas=/);
    await expect(
      page.getByRole("heading", { level: 2, name: bookingPageSeed.done.pendingHeading }),
    ).toBeVisible();
    await photograph(page, "9-no-script-done");
    await confirmationOf(email);

    // A day before the session, the reminder: the server's time moved to just past it.
    const remindAt = new Date(startsAt).getTime() - day;
    expect(mailsTo(email, "Připomínka: zítra se uvidíme")).toHaveLength(0);
    await writeClockShift(server.clockFile, remindAt - Date.now() + 60_000);
    await expect
      .poll(() => mailsTo(email, "Připomínka: zítra se uvidíme").length, { timeout: 40_000 })
      .toBe(1);
    await writeClockShift(server.clockFile, 0);
  });

  test("the first three days show, the later ones open under „Ukázat další…“ in the same form, and one of them is booked", async ({
    page,
  }) => {
    const email = await visitor(page);
    await page.goto(`${origin}/rezervace?nabidka=consultation`);
    const days = page.locator('fieldset:has(input[name="startsAt"]):visible');
    await expect(days).toHaveCount(3);
    const more = page.locator("summary");
    await expect(more).toHaveText(/^Ukázat další(ch)? (den|\d+ dny|\d+ dní)$/);
    const later = Number((await more.textContent())?.match(/\d+/)?.[0] ?? 1);
    // The form comes after three days of times, not after every day's.
    const form = page.getByLabel("Jméno", { exact: true });
    expect((await form.boundingBox())?.y).toBeLessThan(3_500);

    await more.click();
    await expect(days).toHaveCount(3 + later);
    await photograph(page, "7-no-script-later-days");
    const lastTime = page.getByRole("radio").last();
    const startsAt = (await lastTime.getAttribute("value")) ?? "";
    await page.locator(`label[for="${await lastTime.getAttribute("id")}"]`).click();
    await expect(lastTime).toBeChecked();
    await fillDetails(page, email);
    await page.getByRole("button", { name: "Rezervovat termín" }).click();
    await expect(page).toHaveURL(
      new RegExp(`/rezervace/hotovo\\?stav=pending&cas=${encodeURIComponent(startsAt)}$`),
    );
    await confirmationOf(email);
  });

  test("an offer taken off online booking while her form was open: said so in the site's frame, with the ways on as buttons", async ({
    page,
  }) => {
    const email = await visitor(page);
    await page.goto(`${origin}/rezervace?nabidka=consultation`);
    // The post names an offer that is not bookable, as the form of one she has just taken off.
    await page.route(`${origin}/rezervace`, (route) =>
      route.continue({
        postData: route
          .request()
          .postData()
          ?.replace(/offerId=[^&]*/, "offerId=products"),
      }),
    );
    const startsAt = (await page.getByRole("radio").first().getAttribute("value")) ?? "";
    await page.getByText(formatPragueTime(startsAt), { exact: true }).first().click();
    await fillDetails(page, email);
    await page.getByRole("button", { name: "Rezervovat termín" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Rezervace nebyla odeslána");
    await expect(page.getByText(bookingMessages.offerNotBookable)).toBeVisible();
    await photograph(page, "10-no-script-offer-gone");
    for (const name of ["Napsat zprávu", "Vybrat jinou nabídku", "Zpět na hlavní stránku"]) {
      await expect(page.getByRole("main").getByRole("link", { name })).toBeVisible();
    }
    await expectSiteFrame(page);
    await page.setViewportSize({ width: 1280, height: 780 });
    await expectSiteFrame(page);
  });
});
