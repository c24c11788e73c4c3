/**
 * „Pracovní doba a pravidla“ on her phone (360 px): she changes Tuesday's hours (two times a
 * day), adds a day off, and the public free times follow at once; bad values are refused field
 * by field and change nothing; her calendar feed's address opens the feed, and a new address
 * ends the old one.
 */
import type { Page } from "@playwright/test";
import { bookingSettingsMessages, defaultBookingSettings } from "#shared/booking-settings";
import { addDays } from "#shared/booking-time";
import { formatPragueTime } from "#shared/prague-time";
import { paths } from "#shared/routes";
import { accountsBaseUrl, seededAdmins, storeSession, useOwnAddress } from "./accounts-server";
import { expect, expectNoAxeViolations, screenshotPath, test, waitForHydration } from "./fixtures";

test.use({ baseURL: accountsBaseUrl });
test.beforeEach(async ({ context }, testInfo) => useOwnAddress(context, testInfo));

const owner = seededAdmins[7] as (typeof seededAdmins)[number];
const phone = { width: 360, height: 780 };

/** The whole screen at both widths; an open dialog (`fullPage: false`) as the screen shows it. */
async function screenshot(page: Page, name: string, { fullPage = true } = {}) {
  // A notice on its way in or out, caught by the resize, widens the page for a moment.
  await expect(page.locator("[data-sonner-toast]")).toHaveCount(0, { timeout: 15_000 });
  for (const width of [1280, 360]) {
    await page.setViewportSize(width === 360 ? phone : { width, height: 900 });
    await page.screenshot({
      path: screenshotPath(`booking-settings-${name}-${width}.png`),
      fullPage,
    });
  }
}

type FreeDays = { day: string; starts: string[] }[];

/** The public free times of the harmonisation session, as Prague times by day. */
async function freeTimes(page: Page): Promise<Map<string, string[]>> {
  const response = await page.request.get("/api/booking/free-times?offer=consultation");
  expect(response.status()).toBe(200);
  const { days } = (await response.json()) as { days: FreeDays };
  return new Map(
    days.map(({ day, starts }) => [day, starts.map((start) => formatPragueTime(start))]),
  );
}

/** Days of `weekday` (0 Sunday) among `days`, leaving out the first week, which notice may cut. */
function laterDays(days: Map<string, string[]>, weekday: number): string[] {
  const [first] = [...days.keys()];
  return [...days.keys()].filter(
    (day) =>
      new Date(`${day}T12:00:00Z`).getUTCDay() === weekday && first && day > addDays(first, 6),
  );
}

test("she changes Tuesday's hours and adds a day off on her phone, and the free times follow", async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await page.setViewportSize(phone);
  const session = await storeSession(page, owner.email, owner.password);
  const api = { Authorization: `Bearer ${session.access_token}` };
  // The defaults to start from, whatever an earlier run left.
  expect(
    (
      await page.request.put("/api/admin/booking-settings", {
        headers: api,
        data: defaultBookingSettings,
      })
    ).status(),
  ).toBe(200);

  try {
    const before = await freeTimes(page);
    const [tuesday] = laterDays(before, 2);
    expect(before.get(tuesday ?? "")).toEqual([
      "9:00",
      "9:30",
      "10:00",
      "10:30",
      "11:00",
      "11:30",
      "12:00",
      "12:30",
      "13:00",
      "13:30",
      "14:00",
    ]);
    const dayOff = addDays(tuesday ?? "", 1);
    expect(before.has(dayOff)).toBe(true);

    await page.goto(paths.adminBookingSettings);
    await waitForHydration(page);
    await expect(
      page.getByRole("heading", { level: 2, name: "Pracovní doba a pravidla" }),
    ).toBeVisible();
    // Monday is closed: an empty day.
    const monday = page.locator('[data-weekday="1"]');
    await expect(monday.getByText("Zavřeno")).toBeVisible();
    await screenshot(page, "default");

    // Tuesday: 8 to 12, as typed on a number pad, and 14 to 18.
    const tuesdayRow = page.locator('[data-weekday="2"]');
    await tuesdayRow.getByLabel("úterý, 1. čas: od").fill("8");
    await tuesdayRow.getByLabel("úterý, 1. čas: do").fill("12.00");
    await tuesdayRow.getByRole("button", { name: "Přidat čas (úterý)" }).click();
    await tuesdayRow.getByLabel("úterý, 2. čas: od").fill("14");
    await tuesdayRow.getByLabel("úterý, 2. čas: do").fill("18");
    await tuesdayRow.getByLabel("úterý, 2. čas: do").blur();
    await expect(tuesdayRow.getByLabel("úterý, 1. čas: od")).toHaveValue("8:00");
    await expect(tuesdayRow.getByLabel("úterý, 1. čas: do")).toHaveValue("12:00");

    // The Wednesday after it: a day off.
    await page.getByLabel("Datum výjimky").fill(dayOff);
    await page.getByRole("button", { name: "Přidat volný den" }).click();
    const exception = page.locator(`[data-exception="${dayOff}"]`);
    const [year, month, date] = dayOff.split("-").map(Number);
    await expect(exception.getByRole("heading")).toHaveText(`středa ${date}. ${month}. ${year}`);
    await expect(exception.getByText("Volno celý den")).toBeVisible();
    await screenshot(page, "several-ranges-and-exception");

    await page.getByRole("button", { name: "Uložit pravidla" }).click();
    await expect(page.getByText("Pravidla jsou uložená.", { exact: false })).toBeVisible();

    const after = await freeTimes(page);
    expect(after.get(tuesday ?? "")).toEqual(["8:00", "8:30", "9:00", "14:00", "14:30", "15:00"]);
    expect(after.has(dayOff)).toBe(false);
    expect(after.get(addDays(dayOff, 7))).toEqual(before.get(addDays(dayOff, 7)));

    // Refused field by field: Thursday's times overlap, the pause is no number.
    const thursdayRow = page.locator('[data-weekday="4"]');
    await thursdayRow.getByRole("button", { name: "Přidat čas (čtvrtek)" }).click();
    await thursdayRow.getByLabel("čtvrtek, 2. čas: od").fill("16:00");
    await page.getByLabel("Pauza po setkání (minuty)").fill("hodně");
    await page.getByRole("button", { name: "Uložit pravidla" }).click();
    await expect(thursdayRow.getByText(bookingSettingsMessages.overlap)).toBeVisible();
    await expect(page.getByText(bookingSettingsMessages.buffer)).toBeVisible();
    await expect(
      page.getByRole("alert").filter({ hasText: "Pravidla nejsou uložená" }),
    ).toBeVisible();
    await expect(tuesdayRow.getByText(bookingSettingsMessages.overlap)).toHaveCount(0);
    await screenshot(page, "errors");
    // Nothing wider than her phone, errors and all.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(360);
    expect(await freeTimes(page)).toEqual(after);
    await expectNoAxeViolations(page);

    // Nothing of it was kept: Thursday has one time again after a reload.
    await page.reload();
    await waitForHydration(page);
    await expect(thursdayRow.getByLabel("čtvrtek, 2. čas: od")).toHaveCount(0);
    await expect(page.getByLabel("Pauza po setkání (minuty)")).toHaveValue("30");

    // Her calendar feed: the address opens it; a new address ends the old one.
    const addressField = page.getByLabel("Adresa kalendáře");
    const address = await addressField.inputValue();
    expect(address).toMatch(/\/kalendar\/[\w-]{43}\.ics$/);
    await page.getByRole("button", { name: "Zkopírovat adresu" }).click();
    await expect(page.getByText("Adresa kalendáře je zkopírovaná.")).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(address);
    const feed = await page.request.get(new URL(address).pathname);
    expect(feed.status()).toBe(200);
    expect(await feed.text()).toContain("BEGIN:VCALENDAR");
    await page
      .getByRole("heading", { name: "Rezervace a akce v kalendáři telefonu" })
      .scrollIntoViewIfNeeded();
    await screenshot(page, "feed");

    await page.getByRole("button", { name: "Vytvořit novou adresu" }).click();
    const dialog = page.getByRole("alertdialog");
    await expect(
      dialog.getByRole("heading", { name: "Vytvořit novou adresu kalendáře?" }),
    ).toBeVisible();
    await screenshot(page, "feed-confirm", { fullPage: false });
    await dialog.getByRole("button", { name: "Vytvořit novou adresu" }).click();
    await expect(page.getByText("Kalendář má novou adresu.", { exact: false })).toBeVisible();
    await expect(addressField).not.toHaveValue(address);
    const renewed = await addressField.inputValue();
    expect((await page.request.get(new URL(address).pathname)).status()).toBe(404);
    expect((await page.request.get(new URL(renewed).pathname)).status()).toBe(200);
  } finally {
    // Other tests on this server see the defaults again.
    await page.request.put("/api/admin/booking-settings", {
      headers: api,
      data: defaultBookingSettings,
    });
  }
});
