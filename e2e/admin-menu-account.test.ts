/**
 * „Můj účet“, the last of the administration's sections: at 1280 px it once went alone onto a
 * second row below the other ten. From 1280 px up the sections make one row; at every width
 * from a 360 px phone to 1440 px the link keeps to one line, and no section is hidden.
 */
import type { Locator, Page } from "@playwright/test";
import { adminSections } from "~/components/admin/admin-sections";
import { accountsBaseUrl, seededAdmins, storeSession, useOwnAddress } from "./accounts-server";
import { expect, screenshotPath, test } from "./fixtures";

const owner = seededAdmins[39] as (typeof seededAdmins)[number];

test.use({ baseURL: accountsBaseUrl });
test.beforeEach(async ({ context }, testInfo) => useOwnAddress(context, testInfo));

/** How many lines an element's visible text takes on the screen. */
async function lines(element: Locator): Promise<number> {
  return element.evaluate((root) => {
    const tops = new Set<number>();
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (!node.textContent?.trim()) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      for (const rect of range.getClientRects()) {
        // A screen reader's name is clipped to 1 px: not a line anyone sees.
        if (rect.width > 1 && rect.height > 1) tops.add(Math.round(rect.top));
      }
    }
    return tops.size;
  });
}

/** The top edge and height of each section's link in the row, in the menu's order. */
async function rowLinks(page: Page) {
  const menu = page.getByRole("navigation", { name: "Části administrace" });
  return menu.locator("a:visible").evaluateAll((links) =>
    links.map((link) => {
      const box = link.getBoundingClientRect();
      return { name: link.textContent, top: Math.round(box.top), height: Math.round(box.height) };
    }),
  );
}

test("„Můj účet“ keeps to one line from 360 to 1440 px, and shares the sections' one row from 1280 px", async ({
  page,
}) => {
  await storeSession(page, owner.email, owner.password);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto("/admin/ucet");
  const menu = page.getByRole("navigation", { name: "Části administrace" });
  const account = menu.getByRole("link", { name: "Můj účet" });
  await expect(account).toBeVisible();
  await expect(account).toHaveAttribute("aria-current", "page");
  await page.screenshot({ path: screenshotPath("admin-menu-account-1280.png") });

  for (const width of [1280, 1366, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    const row = await rowLinks(page);
    expect(row.map((link) => link.name)).toEqual(adminSections.map((section) => section.label));
    // One row: every section at the first one's height, „Můj účet“ too; each one line tall.
    const first = row[0]?.top;
    expect(
      row.filter((link) => link.top !== first),
      `${width} px`,
    ).toEqual([]);
    expect(
      row.filter((link) => link.height > 44),
      `${width} px`,
    ).toEqual([]);
  }

  for (let width = 360; width <= 1440; width += 40) {
    await page.setViewportSize({ width, height: 900 });
    const toggle = menu.getByRole("button", { name: /Části administrace/ });
    if (await toggle.isVisible()) {
      if ((await toggle.getAttribute("aria-expanded")) !== "true") await toggle.click();
    }
    await expect(account).toBeVisible();
    expect(await lines(account), `${width} px`).toBe(1);
    const { height } = (await account.boundingBox()) ?? { height: 0 };
    expect(height, `${width} px`).toBeLessThanOrEqual(44);
    if (width === 360) {
      await page.screenshot({ path: screenshotPath("admin-menu-account-360.png"), fullPage: true });
    }
  }
});
