/**
 * „Údaje o provozovateli“ on her phone (360 px): she adds her phone number and publishes; the
 * footer the public pages are served with (the page store's HTML, no script run) shows it
 * within 5 s on the home page, then on every kind of page, and „Obnovit“ takes it away again. The footer and the
 * contact section are photographed at 360 and 1280 px, and the editor too.
 */
import type { Page } from "@playwright/test";
import { accountsBaseUrl, seededAdmins, useOwnAddress } from "./accounts-server";
import { expect, expectNoAxeViolations, screenshotPath, test, waitForHydration } from "./fixtures";
import { signInWithPassword } from "./two-factor-sign-in";

test.use({ baseURL: accountsBaseUrl });
test.beforeEach(async ({ context }, testInfo) => useOwnAddress(context, testInfo));

const owner = seededAdmins[36] as (typeof seededAdmins)[number];
const phone = { width: 360, height: 780 };
const herPhone = "+420 606 555 010";

async function screenshot(page: Page, name: string, element?: string) {
  for (const width of [1280, 360]) {
    await page.setViewportSize(width === 360 ? phone : { width, height: 900 });
    const path = screenshotPath(`operator-${name}-${width}.png`);
    if (element) await page.locator(element).screenshot({ path });
    else await page.screenshot({ path, fullPage: true });
  }
  await page.setViewportSize(phone);
}

/**
 * Polls the served HTML of `path` until its footer says `present` (or no longer does): the
 * item's own pages within 5 s; every other page follows right after (`withinMs`).
 */
async function expectFooterWithin5s(
  page: Page,
  path: string,
  present: boolean,
  since: number,
  withinMs = 5_000,
) {
  await expect
    .poll(
      async () => {
        const html = (await (await page.request.get(path)).text()).replace(/\u00a0|&nbsp;/g, " ");
        const footer = /<footer[\s\S]*?<\/footer>/.exec(html)?.[0] ?? "";
        return footer.includes(herPhone);
      },
      { timeout: withinMs, intervals: [100, 250, 500] },
    )
    .toBe(present);
  expect(Date.now() - since).toBeLessThan(withinMs);
}

test("she adds her phone on her phone and publishes: every page's footer shows it within 5 s, „Obnovit“ takes it back", async ({
  page,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize(phone);
  await signInWithPassword(page, owner.email, owner.password);
  await expect(page).toHaveURL("/admin");
  await page.goto("/admin/obsah");
  await page.getByRole("link", { name: /Údaje o provozovateli/ }).click();
  const phoneField = page.getByLabel("Telefon");
  await expect(phoneField).toHaveValue("");
  await phoneField.fill(herPhone);
  await page.getByRole("button", { name: "Uložit koncept" }).click();
  await expect(page.locator("[data-sonner-toast]").last()).toBeVisible();
  await expectNoAxeViolations(page);
  await screenshot(page, "editor");

  await page.getByRole("button", { name: "Zveřejnit" }).click();
  const published = Date.now();
  await expectFooterWithin5s(page, "/", true, published);
  await expect(
    page.locator("[data-sonner-toast]").filter({ hasText: "zveřejněné" }).last(),
  ).toBeVisible();
  // Every kind of page: another listed page, an article, a not-found page. (The sign-in screen's
  // shell holds no footer: the browser renders it after the screen, from the root's data;
  // server/content/operator-everywhere.test.ts checks that the shell serves her new e-mail.)
  for (const path of ["/about", "/blog/minuta-pro-sebe-ranni-ritual", "/neni-tu"]) {
    await expectFooterWithin5s(page, path, true, published, 90_000);
  }

  // As a visitor sees it: the number in the footer and in the contact section, dialled by a tap.
  await page.goto("/");
  await waitForHydration(page);
  const footer = page.getByRole("contentinfo");
  await expect(footer.getByRole("link", { name: herPhone })).toHaveAttribute(
    "href",
    "tel:+420606555010",
  );
  await footer.scrollIntoViewIfNeeded();
  await screenshot(page, "footer", "footer");
  const details = page.getByRole("complementary", { name: "Kde mě najdete" });
  await details.scrollIntoViewIfNeeded();
  await expect(details.getByRole("link", { name: herPhone })).toBeVisible();
  await screenshot(page, "contact", "#contact");

  // „Obnovit“ the version before: the number is gone again.
  await page.goto("/admin/obsah");
  await page.getByRole("link", { name: /Údaje o provozovateli/ }).click();
  const restored = Date.now();
  await page
    .getByTestId("content-revision")
    .last()
    .getByRole("button", { name: /Obnovit/ })
    .click();
  await expectFooterWithin5s(page, "/", false, restored);
  await expectFooterWithin5s(page, "/neni-tu", false, restored, 90_000);
});
