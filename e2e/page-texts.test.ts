/**
 * Her pages' texts on her phone (360 px): she changes a paragraph of the harmonisation page,
 * sees it in „Náhled“ in the real design while the public page still shows the old one,
 * publishes (live within 5 s, no rebuild) and brings the old paragraph back with „Obnovit“.
 * Every editor screen of the pages' texts is photographed at 360 and 1280 px.
 */
import type { Page } from "@playwright/test";
import { seededAdmins, twoFactorBaseUrl, useOwnAddress } from "./accounts-server";
import { expect, expectNoAxeViolations, screenshotPath, test } from "./fixtures";
import { setUpApp } from "./two-factor-sign-in";

test.use({ baseURL: twoFactorBaseUrl });
test.beforeEach(async ({ context }, testInfo) => useOwnAddress(context, testInfo));

const owner = seededAdmins[22] as (typeof seededAdmins)[number];
const phone = { width: 360, height: 780 };

async function screenshot(page: Page, name: string) {
  for (const width of [1280, 360]) {
    await page.setViewportSize(width === 360 ? phone : { width, height: 900 });
    await page.screenshot({
      path: screenshotPath(`page-texts-${name}-${width}.png`),
      fullPage: true,
    });
  }
}

/** The public page as served (the page store's HTML), its spaces plain. */
async function publicHtml(page: Page, path: string) {
  return (await (await page.request.get(path)).text()).replace(/\u00a0|&nbsp;/g, " ");
}

const oldParagraph =
  "To, co pomohlo mně, jsem začala nabízet kamarádkám, pak jejich kamarádkám a známým.";
const newParagraph =
  "Nejdřív jsem je nabízela přítelkyním, pak jejich přítelkyním a známým, a z těch setkání vyrostl rituál o třech částech.";

test("she changes a paragraph of the harmonisation page, previews it, publishes it and restores the one before", async ({
  page,
}) => {
  test.setTimeout(150_000);
  await page.setViewportSize(phone);
  await setUpApp(page, owner);
  await page.getByRole("button", { name: "Kódy mám uložené, pokračovat" }).click();
  await page.goto("/admin/obsah");
  await expect(page.getByRole("heading", { level: 2, name: "Obsah webu" })).toBeVisible();
  await screenshot(page, "list");

  // The home page's sections: a form made from their description, in the page's order.
  await page.getByRole("link", { name: /Domovská stránka/ }).click();
  await expect(page.getByRole("group", { name: /Na úvod/ })).toBeVisible();
  await expect(page.locator("#content-welcome-heading")).toHaveValue(
    "Tady smíte zpomalit a na nic si nehrát",
  );
  await expect(page.locator("#content-contact-faq-0-question")).toHaveValue(
    "Pro koho je harmonizační setkání vhodné?",
  );
  await expectNoAxeViolations(page);
  await screenshot(page, "home-sections");

  // The first screen is edited by the same form.
  await page.getByRole("link", { name: "← Obsah webu" }).click();
  await page.getByRole("link", { name: /Úvod domovské stránky/ }).click();
  // Its values are content.test.ts's to change, on this same server: only the form is checked.
  await expect(
    page.getByRole("heading", { level: 2, name: "Úvod domovské stránky" }),
  ).toBeVisible();
  await expect(page.getByLabel("Tlačítko k dárku")).toBeVisible();
  await screenshot(page, "hero");

  // The about page and the blog's opening, by the same form.
  await page.getByRole("link", { name: "← Obsah webu" }).click();
  await page.getByRole("link", { name: /O mně/ }).click();
  await expect(page.locator("#content-creations-heading")).toHaveValue("O MÉ TVORBĚ");
  await expect(page.locator("#content-creations-action-target")).toHaveValue(
    "/?sluzba=products#contact",
  );
  await screenshot(page, "about");
  await page.getByRole("link", { name: "← Obsah webu" }).click();
  await page.getByRole("link", { name: /^Blog/ }).click();
  await expect(page.locator("#content-intro-heading")).toHaveValue("Čtení pro klidné chvíle");
  await screenshot(page, "blog");

  await page.getByRole("link", { name: "← Obsah webu" }).click();
  await page
    .getByRole("link", { name: /Harmonizační setkání/ })
    .first()
    .click();
  await expect(page).toHaveURL("/admin/obsah/harmonizacni-setkani");
  const paragraphs = page.locator("#content-story-paragraphs");
  await expect(paragraphs).toHaveValue(new RegExp(oldParagraph));
  await expectNoAxeViolations(page);
  await screenshot(page, "harmonisation");

  // An empty heading is refused by its field, in Czech.
  const storyHeading = page.locator("#content-story-heading");
  await storyHeading.fill("");
  await page.getByRole("button", { name: "Uložit koncept" }).click();
  await expect(page.locator("#content-story-heading-error")).toHaveText("Vyplňte prosím nadpis.");
  await screenshot(page, "harmonisation-refused");
  await storyHeading.fill("Jak setkání vzniklo");

  // The second paragraph changed; „Náhled“ saves the draft and shows the page with it.
  const text = await paragraphs.inputValue();
  const [first, second, ...rest] = text.split("\n\n");
  expect(second).toContain(oldParagraph);
  await paragraphs.fill([first, newParagraph, ...rest].join("\n\n"));
  await page.getByRole("button", { name: "Náhled", exact: true }).click();
  await expect(
    page.locator("[data-sonner-toast]").filter({ hasText: "Koncept je uložený" }),
  ).toBeVisible();
  const preview = page.frameLocator('[data-testid="content-preview"]');
  await expect(preview.getByText(newParagraph)).toBeVisible();
  await expect(
    preview.getByRole("heading", { level: 1, name: "Harmonizační setkání" }),
  ).toBeVisible();
  await screenshot(page, "harmonisation-preview");
  // The frame is tall enough to read in, at each width.
  for (const width of [1280, 360]) {
    await page.setViewportSize(width === 360 ? phone : { width, height: 900 });
    const box = await page.getByTestId("content-preview").boundingBox();
    expect(box?.height).toBeGreaterThan(500);
  }
  // The public page still shows what was published.
  const served = await publicHtml(page, "/harmonizacni");
  expect(served).toContain(oldParagraph);
  expect(served).not.toContain(newParagraph);

  const published = Date.now();
  await page.getByRole("button", { name: "Zveřejnit" }).click();
  await expect(
    page.locator("[data-sonner-toast]").filter({ hasText: "Změny jsou zveřejněné." }),
  ).toBeVisible();
  await expect
    .poll(async () => (await publicHtml(page, "/harmonizacni")).includes(newParagraph), {
      timeout: 5_000,
      intervals: [100, 250, 500],
    })
    .toBe(true);
  expect(Date.now() - published).toBeLessThan(5_000);

  // „Obnovit“: the paragraph before her change is live again.
  const revisions = page.getByTestId("content-revision");
  await expect(revisions).toHaveCount(2);
  const restored = Date.now();
  await revisions
    .last()
    .getByRole("button", { name: /Obnovit/ })
    .click();
  await expect(
    page.locator("[data-sonner-toast]").filter({ hasText: "je znovu zveřejněná" }),
  ).toBeVisible();
  await expect(paragraphs).toHaveValue(new RegExp(oldParagraph));
  await expect
    .poll(
      async () => {
        const html = await publicHtml(page, "/harmonizacni");
        return html.includes(oldParagraph) && !html.includes(newParagraph);
      },
      { timeout: 5_000, intervals: [100, 250, 500] },
    )
    .toBe(true);
  expect(Date.now() - restored).toBeLessThan(5_000);
  await screenshot(page, "harmonisation-restored");
});
