/**
 * „Přehled“'s setting of how long the visit counts are kept, on her phone (360 px): she chooses
 * another length, sees it saved, and after a reload it is still her choice. Then it goes back
 * to the default, as other tests expect. The setting is the site's; her weekly e-mail (her
 * account's) stays as it was.
 */
import { paths } from "#shared/routes";
import { keepMonthsLimits } from "#shared/stats";
import { accountsBaseUrl, seededAdmins, storeSession, useOwnAddress } from "./accounts-server";
import { expect, expectNoAxeViolations, screenshotPath, test, waitForHydration } from "./fixtures";

test.use({ baseURL: accountsBaseUrl });
test.beforeEach(async ({ context }, testInfo) => useOwnAddress(context, testInfo));

const owner = seededAdmins[37] as (typeof seededAdmins)[number];

test("she sets on her phone how long the visit counts are kept, and after a reload it stays", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 360, height: 780 });
  const session = await storeSession(page, owner.email, owner.password);
  const settingsBefore = await (
    await page.request.get("/api/admin/stats/settings", {
      headers: { Authorization: `Bearer ${session.access_token}` },
    })
  ).json();

  await page.goto(paths.adminOverview);
  await waitForHydration(page);
  const kept = page.getByLabel("Uchovávat součty návštěv");
  await expect(kept).toHaveValue(String(keepMonthsLimits.initial));
  await kept.selectOption({ label: "3 roky" });
  await expect(page.getByText("Součty návštěv se teď uchovávají 3 roky.")).toBeVisible();

  await page.reload();
  await waitForHydration(page);
  await expect(page.getByLabel("Uchovávat součty návštěv")).toHaveValue("37");
  await page
    .getByRole("heading", { name: "Jak dlouho uchovávat návštěvy" })
    .scrollIntoViewIfNeeded();
  await expectNoAxeViolations(page);
  for (const width of [360, 1280]) {
    await page.setViewportSize(width === 360 ? { width, height: 780 } : { width, height: 900 });
    await page.screenshot({
      path: screenshotPath(`overview-settings-${width}.png`),
      fullPage: true,
    });
  }
  // Only the months were saved: her weekly e-mail is as it was.
  const settingsAfter = await (
    await page.request.get("/api/admin/stats/settings", {
      headers: { Authorization: `Bearer ${session.access_token}` },
    })
  ).json();
  expect(settingsAfter).toEqual({ ...settingsBefore, keepMonths: 37 });

  await page.setViewportSize({ width: 360, height: 780 });
  await page.getByLabel("Uchovávat součty návštěv").selectOption({ label: "2 roky" });
  await expect(page.getByText("Součty návštěv se teď uchovávají 2 roky.")).toBeVisible();
});
