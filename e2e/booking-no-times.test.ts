/**
 * The booking page when a chosen offer has no free time: her text asks to write to her, and the
 * button after it opens the home page's contact form. The free times are answered empty here (the
 * main server's hours have free times); the page's rendering of them is what is looked at.
 * Photographed at 360 and 1280 px.
 */
import { bookingPageSeed } from "../shared/content/page-booking";
import { homeAnchors, paths } from "../shared/routes";
import { expect, screenshotPath, test, waitForHydration } from "./fixtures";

for (const width of [360, 1280]) {
  test(`no free time on the booking page leads to the contact form at ${width} px`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: width === 360 ? 780 : 900 });
    await page.route("**/api/booking/free-times?*", (route) =>
      route.fulfill({ json: { days: [] } }),
    );
    await page.goto(paths.booking);
    await waitForHydration(page);
    await page.getByRole("button", { name: "Vybrat termín – Harmonizační setkání" }).click();
    await expect(
      page.getByText(bookingPageSeed.steps.empty.slice(0, 30), { exact: false }),
    ).toBeVisible();
    await page.screenshot({
      path: screenshotPath(`booking-no-times-${width}.png`),
      fullPage: true,
    });

    await page.getByRole("link", { name: "Napsat zprávu" }).click();
    await expect(page).toHaveURL(new RegExp(`/#${homeAnchors.contact}$`));
    await expect(page.locator("form#contact-form")).toBeInViewport();
  });
}
