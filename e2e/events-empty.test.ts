/**
 * /akce with no event planned (the main server has none), with scripts blocked: its opening
 * says so in her words and asks to write to her, and the button after it opens the home page's
 * contact form. Photographed at
 * 360 and 1280 px.
 */
import { homeAnchors, paths } from "#shared/routes";
import { expect, screenshotPath, test } from "./fixtures";

test.use({ javaScriptEnabled: false });

for (const width of [360, 1280]) {
  test(`the empty events page leads to the contact form without scripts at ${width} px`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: width === 360 ? 780 : 900 });
    await page.goto(paths.events);
    // Its opening says there is none, rather than inviting to sign up for what is not there.
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(
      "Teď nemám vypsanou žádnou akci",
    );
    await expect(page.locator("main")).toContainText("napište mi");
    await expect(page.locator("main")).not.toContainText("Akce, na které se můžete přihlásit");
    await page.screenshot({ path: screenshotPath(`events-empty-${width}.png`), fullPage: true });

    await page.getByRole("link", { name: "Napsat zprávu" }).click();
    await expect(page).toHaveURL(new RegExp(`/#${homeAnchors.contact}$`));
    await expect(page.locator("form#contact-form")).toBeVisible();
    await expect(page.locator("form#contact-form")).toBeInViewport();
  });
}
