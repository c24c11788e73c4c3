import { writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { paths } from "#shared/routes";
import { scentGuide } from "../web/lib/scent-guide";
import { expect, expectNoAxeViolations, fetchHtml, test, waitForHydration } from "./fixtures";

/** Texts as the browser reads them: non-breaking spaces are spaces there. */
const plain = (text: string) => text.replace(/[\s\u00a0]+/g, " ");

test.describe("the scent guide", () => {
  test("is pre-rendered with every section and recipe, and kept out of search engines", async ({
    page,
  }) => {
    const html = await fetchHtml(page, paths.scentGuide);
    expect(html).toContain('<meta name="robots" content="noindex, nofollow"');
    expect(html).toContain(`href="${paths.scentGuidePdf}"`);

    const sitemap = await (await page.request.get("/sitemap.xml")).text();
    expect(sitemap).not.toContain("pruvodce-vuni");

    await page.goto(paths.scentGuide);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(scentGuide.title);
    for (const section of scentGuide.sections) {
      await expect(
        page.getByRole("heading", { level: 2, name: plain(section.title), exact: true }),
      ).toBeVisible();
    }
    for (const recipe of scentGuide.recipes) {
      const card = page.getByRole("article", { name: plain(recipe.title) });
      await expect(card).toBeVisible();
      await expect(card).toContainText(plain(recipe.use));
    }
    await expect(page.getByRole("table")).toContainText("2 kapky");
    await expect(page.getByRole("link", { name: "Stáhnout PDF" })).toHaveAttribute(
      "href",
      paths.scentGuidePdf,
    );
    await expectNoAxeViolations(page);
  });

  test("offers its PDF at a stable address", async ({ page }) => {
    const response = await page.request.get(paths.scentGuidePdf);
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toBe("application/pdf");
    const body = await response.body();
    expect(body.subarray(0, 5).toString("latin1")).toBe("%PDF-");
  });

  test("prints on A4 without the site's header, footer or buttons", async ({ page }) => {
    await page.goto(paths.scentGuide);
    await waitForHydration(page);
    await page.emulateMedia({ media: "print" });
    await expect(page.getByRole("banner").first()).toBeHidden();
    await expect(page.getByRole("contentinfo")).toBeHidden();
    await expect(page.getByRole("button", { name: "Vytisknout" })).toBeHidden();
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    for (const recipe of scentGuide.recipes) {
      await expect(page.getByRole("article", { name: plain(recipe.title) })).toBeVisible();
    }
    const printed = await page.pdf({ format: "A4", printBackground: true });
    expect(printed.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    // Kept for a look by hand (not in the repository).
    await writeFile(join(tmpdir(), "scent-guide-printed.pdf"), printed);
  });
});
