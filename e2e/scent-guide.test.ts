/**
 * The scent guide, delivered through each person's own gift link (decision 0028), against a
 * server of its own (its gift links and content change): at 360 px she asks for the guide, the
 * e-mail's button opens the guide itself with „Milá Jano,“ and its PDF; once the owner revokes
 * the link in the administration, neither opens; the guide's old public address shows no guide.
 * The owner edits the guide in „Obsah“ (a refused field says why; a publish changes the page
 * and makes the PDF again). Screenshots at 360 and 1280 px.
 */
import { writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Page } from "@playwright/test";
import { scentGuide } from "../web/lib/scent-guide";
import { accountsServerSettings } from "./accounts-server";
import { expect, expectNoAxeViolations, screenshotPath, test, waitForHydration } from "./fixtures";
import { mainPort } from "./main-server";
import { setUpOwnServer } from "./own-server";

const owner = {
  email: "vune@example.cz",
  password: "levandule-a-cedr-na-zapesti",
  fullName: "Eva",
};
/** Words only the guide has (its introduction), not the gift page's teaser. */
const guideWords = "Osobní vůně není parfém z obchodu";
const giftLinkPattern = /https?:\/\/[^\s"<>]+\/dar\/[A-Za-z0-9_-]+/;
const widths = [360, 1280] as const;

/** Texts as the browser reads them: non-breaking spaces are spaces there. */
const plain = (text: string) => text.replace(/[\s\u00a0]+/g, " ");

test.describe.configure({ mode: "serial" });

const server = setUpOwnServer({
  port: mainPort + 61,
  name: "scent-guide",
  owner,
  settings: { ...accountsServerSettings, LOG_LEVEL: "warn" },
});
const { origin } = server;

/** Jana's own link, from her e-mail (the first test). */
let janasLink = "";

/** The whole page at both widths. */
async function photograph(page: Page, name: string) {
  for (const width of widths) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({
      path: screenshotPath("scent-guide", `${name}-${width}.png`),
      fullPage: true,
    });
  }
  await page.setViewportSize({ width: 360, height: 800 });
}

test("at 360 px she asks for the guide; the e-mail's button opens the guide itself, greeting her by name, and its PDF", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 360, height: 800 });
  await page.context().setExtraHTTPHeaders({ "X-Forwarded-For": "10.61.0.1" });
  await page.goto(`${origin}/darek`);
  await waitForHydration(page);
  const form = page.getByRole("form", { name: "Návod na osobní vůni zdarma", exact: true });
  await form.scrollIntoViewIfNeeded();
  await form.getByLabel("Jméno", { exact: true }).fill("Jana Nováková");
  await form.getByLabel("E-mail", { exact: true }).fill("jana.novakova@example.cz");
  await form.getByRole("checkbox", { name: /^Souhlasím/ }).check();
  await form.getByRole("button", { name: "Chci návod zdarma", exact: true }).click();
  await expect(form.getByRole("status")).toContainText("Návod na osobní vůni Ti brzy pošleme");

  const mails = await server.smtp.waitForMails(2, 20_000);
  const mail = mails.find((caught) => caught.envelopeTo.includes("jana.novakova@example.cz"));
  janasLink = (mail?.text?.match(giftLinkPattern)?.[0] ?? "").replace(/^https?:\/\/[^/]+/, origin);
  expect(janasLink).toContain("/dar/");
  // The button is the link itself: it leads straight to the guide.
  const button = String(mail?.html).match(/<a href="([^"]+)"(?:(?!<\/a>).)*Otevřít návod/s);
  expect(button?.[1]).toMatch(/\/dar\/[A-Za-z0-9_-]+$/);

  await page.goto(janasLink);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(scentGuide.title);
  await expect(page.getByText("Milá Jano,", { exact: true })).toBeVisible();
  await expect(page.getByText(plain(scentGuide.intro[1] ?? "").slice(0, 40))).toBeVisible();
  for (const section of scentGuide.sections) {
    await expect(
      page.getByRole("heading", { level: 2, name: plain(section.title), exact: true }),
    ).toBeVisible();
  }
  for (const recipe of scentGuide.recipes) {
    const card = page.getByRole("article", { name: plain(recipe.title) });
    await expect(card).toContainText(plain(recipe.use));
  }
  await expect(page.getByRole("table")).toContainText("2 kapky");
  const token = janasLink.split("/dar/")[1];
  const pdfLink = page.getByRole("link", { name: "Stáhnout PDF" });
  await expect(pdfLink).toHaveAttribute("href", `/dar/${token}/pruvodce-osobni-vuni.pdf`);
  const pdf = await page.request.get(`${origin}/dar/${token}/pruvodce-osobni-vuni.pdf`);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()["content-type"]).toBe("application/pdf");
  expect((await pdf.body()).subarray(0, 5).toString("latin1")).toBe("%PDF-");
  // No wider than the phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await expectNoAxeViolations(page);
  await photograph(page, "guide");

  // Printed on A4 without the site's header, footer or buttons.
  await page.emulateMedia({ media: "print" });
  await expect(page.getByRole("button", { name: "Vytisknout" })).toBeHidden();
  await expect(page.getByRole("contentinfo")).toBeHidden();
  const printed = await page.pdf({ format: "A4", printBackground: true });
  expect(printed.subarray(0, 5).toString("latin1")).toBe("%PDF-");
  await writeFile(join(tmpdir(), "scent-guide-printed.pdf"), printed);
});

test("the owner edits the guide in „Obsah“: a refused field says why; a publish changes the page and its PDF", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const token = janasLink.split("/dar/")[1];
  const pdfBefore = await (
    await page.request.get(`${origin}/dar/${token}/pruvodce-osobni-vuni.pdf`)
  ).body();
  await server.signIn(page);
  await page.setViewportSize({ width: 360, height: 800 });
  await page.goto(`${origin}/admin/obsah`);
  await page.getByRole("link", { name: /Průvodce osobní vůní/ }).click();
  await expect(page.getByRole("heading", { level: 2, name: "Průvodce osobní vůní" })).toBeVisible();
  // The oils and the recipes, as she edits them.
  for (const part of ["Hlava, srdce a základ", "Tři recepty pro začátek"]) {
    await page.getByText(part, { exact: true }).click();
    const details = page.locator("details", { hasText: part });
    for (const width of widths) {
      await page.setViewportSize({ width, height: 900 });
      await details.screenshot({
        path: screenshotPath(
          "scent-guide",
          `editor-${part.startsWith("Hlava") ? "oils" : "recipes"}-${width}.png`,
        ),
      });
    }
    await page.setViewportSize({ width: 360, height: 800 });
    await page.getByText(part, { exact: true }).click();
  }
  await page.getByText("Nadpis a úvod", { exact: true }).click();
  const title = page.getByLabel("Nadpis průvodce", { exact: true });
  await title.fill("");
  await page.getByRole("button", { name: "Uložit koncept" }).click();
  await expect(page.getByText("Vyplňte prosím nadpis průvodce.")).toBeVisible();
  await photograph(page, "editor-refused");

  await title.fill("Průvodce Tvou osobní vůní");
  await page.getByRole("button", { name: "Zveřejnit" }).click();
  // The PDF is made again with the new text (a few seconds on a busy machine).
  await expect(page.getByText(/Změny jsou zveřejněné\. Web už ukazuje novou verzi\./)).toBeVisible({
    timeout: 60_000,
  });
  await photograph(page, "editor");

  await page.goto(janasLink);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Průvodce Tvou osobní vůní");
  const pdfAfter = await (
    await page.request.get(`${origin}/dar/${token}/pruvodce-osobni-vuni.pdf`)
  ).body();
  expect(pdfAfter.subarray(0, 5).toString("latin1")).toBe("%PDF-");
  expect(pdfAfter.equals(pdfBefore)).toBe(false);
});

test("once the owner revokes the link in the administration, neither the guide nor its PDF opens", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const token = janasLink.split("/dar/")[1];
  await server.signIn(page);
  await page.setViewportSize({ width: 360, height: 800 });
  await page.goto(`${origin}/admin/materialy`);
  await page.getByLabel("Odkaz na dárek", { exact: true }).fill(janasLink);
  await page.getByRole("button", { name: "Zrušit odkaz" }).click();
  await expect(page.getByText("Odkaz už neplatí.")).toBeVisible();

  const answer = await page.goto(janasLink);
  expect(answer?.status()).toBe(410);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Tento odkaz byl zrušen");
  await expect(page.getByText(guideWords)).toHaveCount(0);
  await expectNoAxeViolations(page);
  await photograph(page, "revoked");

  const pdf = await page.request.get(`${origin}/dar/${token}/pruvodce-osobni-vuni.pdf`);
  expect(pdf.status()).toBe(410);
  expect(await pdf.text()).not.toContain("%PDF-");
});

test("the guide's old public address shows the gift page's teaser, not the guide", async ({
  page,
}) => {
  await page.setViewportSize({ width: 360, height: 800 });
  await page.goto(`${origin}/darek/pruvodce-vuni`);
  await expect(page).toHaveURL(`${origin}/darek#osobni-vune`);
  await expect(page.locator("#osobni-vune")).toBeVisible();
  expect(await page.content()).not.toContain(guideWords);
  const pdf = await page.request.get(`${origin}/darek/pruvodce-vuni.pdf`);
  expect(new URL(pdf.url()).pathname).toBe("/darek");
  expect(pdf.headers()["content-type"]).toContain("text/html");
  expect(await pdf.text()).not.toContain(guideWords);
});
