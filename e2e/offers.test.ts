/**
 * Her offers on her phone (360 px), on the accounts server (decision 0042): she adds „Kakaový
 * rituál pro páry“ and publishes it; within 5 s the home page shows its card and the contact form
 * offers it. A visitor asks about it. She retires it: it is gone from the site, and her inbox
 * still names it with that visitor's message. The editor and the home cards are photographed at
 * 360 and 1280 px.
 */
import type { Page } from "@playwright/test";
import { paths } from "#shared/routes";
import { accountsBaseUrl, seededAdmins, sendSubmission, storeSession } from "./accounts-server";
import { expect, expectNoAxeViolations, screenshotPath, test } from "./fixtures";

test.use({ baseURL: accountsBaseUrl });

const owner = seededAdmins[32] as (typeof seededAdmins)[number];
const phone = { width: 360, height: 780 };
const name = "Kakaový rituál pro páry";

async function screenshot(page: Page, shot: string) {
  for (const width of [1280, 360]) {
    await page.setViewportSize(width === 360 ? phone : { width, height: 900 });
    await page.screenshot({ path: screenshotPath(`offers-${shot}-${width}.png`), fullPage: true });
  }
}

/** The home page as the store serves it (no script run), its spaces plain. */
async function homeHtml(page: Page): Promise<string> {
  return (await (await page.request.get("/")).text()).replace(/\u00a0|&nbsp;/g, " ");
}

test("she adds an offer, publishes it, a visitor asks about it, she retires it and her inbox still names it", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize(phone);
  await storeSession(page, owner.email, owner.password);
  await page.goto(`${paths.adminContent}/nabidka`);

  await page.getByLabel("Název nové nabídky").fill(name);
  await page.getByRole("button", { name: "Přidat nabídku" }).click();
  await expect(page.getByLabel("Název", { exact: true })).toHaveValue(name);
  await page
    .getByLabel("Krátký popis")
    .fill("Večer pro dva u obřadního kakaa, v tichu, s dechem a dotekem.");
  const published = Date.now();
  await page.getByRole("button", { name: "Zveřejnit" }).click();
  await expect(
    page.locator("[data-sonner-toast]").filter({ hasText: "Změny jsou zveřejněné." }).last(),
  ).toBeVisible();

  // Its card and its choice in the contact form, within 5 s, without a rebuild.
  let id = "";
  await expect
    .poll(
      async () => {
        const html = await homeHtml(page);
        id = html.match(new RegExp(`<option value="([a-z0-9-]+)">${name}</option>`))?.[1] ?? "";
        return html.includes(`<h3 class="mt-6 text-2xl font-semibold">${name}</h3>`) && id !== "";
      },
      { timeout: 5_000, intervals: [100, 250, 500] },
    )
    .toBe(true);
  expect(Date.now() - published).toBeLessThan(5_000);
  await screenshot(page, "added");

  // Its link chooses it in the form before any script runs (the page store's variant, which
  // follows the publish within seconds).
  await expect
    .poll(
      async () =>
        (await (await page.request.get(`/?sluzba=${id}`)).text()).includes(
          `<option value="${id}" selected="">`,
        ),
      { timeout: 15_000 },
    )
    .toBe(true);
  await page.goto(`/?sluzba=${id}#kontakt`);
  await expect(page.getByLabel("Služba (nepovinné)")).toHaveValue(id);
  await screenshot(page, "home-cards");

  const visitor = `kakao-${Date.now().toString(36)}@example.cz`;
  await sendSubmission(page, {
    formType: "contact",
    name: "Petra Malá",
    email: visitor,
    serviceType: id,
    message: "Dobrý den, chtěla bych přijít s partnerem. Kdy bude další termín?",
  });

  // She retires it: the question says what happens to what refers to it.
  await page.setViewportSize(phone);
  await page.goto(`${paths.adminContent}/nabidka`);
  await page
    .getByRole("button", { name: `Vyřadit – ${name}` })
    .first()
    .click();
  const question = page.getByRole("alertdialog");
  await expect(question).toContainText("Zprávy, rezervace a recenze");
  await screenshot(page, "retire-question");
  await question.getByRole("button", { name: "Vyřadit" }).click();
  await expect(page.getByRole("heading", { name: "Vyřazené nabídky" })).toBeVisible();
  const retired = Date.now();
  await page.getByRole("button", { name: "Zveřejnit" }).click();
  await expect
    .poll(async () => !(await homeHtml(page)).includes(`value="${id}"`), { timeout: 5_000 })
    .toBe(true);
  expect(Date.now() - retired).toBeLessThan(5_000);
  expect(await homeHtml(page)).not.toContain(`${name}</h3>`);
  await expectNoAxeViolations(page);
  await screenshot(page, "retired");

  // Her inbox still names the offer the message chose.
  await page.goto(paths.admin);
  const row = page.locator("tr, article").filter({ hasText: visitor }).first();
  await expect(row).toContainText(name);
});
