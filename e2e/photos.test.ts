/**
 * „Fotky“ on her phone (360 px): she uploads a photo from her phone (a JPEG with the place it
 * was taken in its EXIF), is asked for what it shows, taps its focal point, puts it in the about
 * page's first place and publishes: the public page's HTML has its variants within 5 s, and
 * none of them tells where it was taken. A photo on the site is not deleted; once the place
 * shows its illustration again, it is.
 */
import type { Page } from "@playwright/test";
import sharp from "sharp";
import { photoMessages } from "#shared/content/photo-library";
import { hasGpsExif, phoneJpeg } from "#testing/sample-photos";
import { seededAdmins, twoFactorBaseUrl, useOwnAddress } from "./accounts-server";
import { expect, expectNoAxeViolations, screenshotPath, test } from "./fixtures";
import { setUpApp } from "./two-factor-sign-in";

test.use({ baseURL: twoFactorBaseUrl });
test.beforeEach(async ({ context }, testInfo) => useOwnAddress(context, testInfo));

const owner = seededAdmins[15] as (typeof seededAdmins)[number];
const phone = { width: 360, height: 780 };
const alt = "Pěšina loukou k lesu za svítání";

async function screenshot(page: Page, name: string) {
  for (const width of [1280, 360]) {
    await page.setViewportSize(width === 360 ? phone : { width, height: 900 });
    await page.screenshot({ path: screenshotPath(`photos-${name}-${width}.png`), fullPage: true });
  }
}

/** The public page's HTML (the page store's, no script run), polled until `matches` holds; within 5 s of `since`. */
async function liveWithin5s(
  page: Page,
  path: string,
  since: number,
  matches: (html: string) => boolean,
): Promise<string> {
  let html = "";
  await expect
    .poll(
      async () => {
        html = await (await page.request.get(path)).text();
        return matches(html);
      },
      { timeout: 5_000, intervals: [100, 250, 500] },
    )
    .toBe(true);
  expect(Date.now() - since).toBeLessThan(5_000);
  return html;
}

test("she uploads a photo from her phone, puts it on the about page and publishes; its variants hold no GPS", async ({
  page,
}) => {
  test.setTimeout(150_000);
  await page.setViewportSize(phone);
  await setUpApp(page, owner);
  await page.getByRole("button", { name: "Kódy mám uložené, pokračovat" }).click();
  const menu = page.getByRole("navigation", { name: "Části administrace" });
  await menu.getByRole("button", { name: /Části administrace/ }).click();
  await menu.getByRole("link", { name: "Obsah" }).click();
  await page.getByRole("link", { name: /Fotky/ }).click();
  await expect(page).toHaveURL("/admin/obsah/fotky");
  await expect(page.getByRole("heading", { level: 2, name: "Fotky" })).toBeVisible();
  // The library is the server's: the articles' test may have put its own photo in it meanwhile.
  const card = page.getByTestId("photo-card").filter({ hasText: "IMG_2041.jpg" });
  await expect(page.getByRole("heading", { name: "Nahrát fotku" })).toBeVisible();
  await screenshot(page, "empty");

  // A photo as her phone takes it: held upright, with where it was taken.
  const original = await phoneJpeg({ width: 1600, height: 1200, orientation: 6 });
  expect(hasGpsExif((await sharp(original).metadata()).exif)).toBe(true);
  const picker = page.locator('input[type="file"]');
  await expect(picker).toHaveAttribute("accept", "image/*");
  await picker.setInputFiles({ name: "IMG_2041.jpg", mimeType: "image/jpeg", buffer: original });

  // Without what it shows, it is not sent.
  await page.getByRole("button", { name: "Nahrát do knihovny" }).click();
  await expect(page.getByText(photoMessages.altMissing)).toBeVisible();
  await screenshot(page, "alt-missing");

  // Her focal point: a tap on the preview, near the top.
  const focus = page.getByRole("button", { name: /Bod zájmu/ }).first();
  const box = await focus.boundingBox();
  if (!box) throw new Error("no preview");
  await focus.click({ position: { x: box.width / 2, y: box.height * 0.2 } });
  await expect(focus).toHaveAccessibleName(/50 % zleva, 20 % shora/);
  await page.getByLabel("Co je na fotce").first().fill(alt);
  await page.getByRole("button", { name: "Nahrát do knihovny" }).click();
  await expect(
    page.locator("[data-sonner-toast]").filter({ hasText: "Fotka je v knihovně." }),
  ).toBeVisible({ timeout: 30_000 });
  await expect(card).toHaveCount(1);
  await expect(card).toContainText("IMG_2041.jpg · 1200 × 1600 px");

  // The about page's first place: her photo instead of the illustration.
  const place = page.getByRole("group", { name: "O mně – úvodní obrázek" });
  await place.getByTitle(alt).click();
  await expect(place.getByRole("radio", { name: alt })).toBeChecked();
  await expectNoAxeViolations(page);
  await screenshot(page, "chosen");
  const published = Date.now();
  await page.getByRole("button", { name: "Zveřejnit" }).click();
  const variant = /\/media\/photos\/[0-9a-f-]{36}-480\.avif 480w/;
  const html = await liveWithin5s(page, "/about", published, (html) => variant.test(html));
  expect(html).toContain(`alt="${alt}"`);
  expect(html).not.toContain('src="/images/o-mne-krajina.svg"');
  expect(html).toMatch(/object-position:50% 20%/);

  // Every variant of it: upright, and nothing of the phone's EXIF, the place least of all.
  const srcset = /<source type="image\/avif" srcSet="([^"]+)"/.exec(html)?.[1] ?? "";
  const jpegs = /<img[^>]* srcSet="([^"]+\.jpg 480w[^"]*)"/.exec(html)?.[1] ?? "";
  const addresses = [...srcset.split(", "), ...jpegs.split(", ")].map((each) => each.split(" ")[0]);
  expect(addresses).toHaveLength(6);
  for (const address of addresses) {
    const answer = await page.request.get(address as string);
    expect(answer.status()).toBe(200);
    expect(answer.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
    const metadata = await sharp(await answer.body()).metadata();
    expect(metadata.exif).toBeUndefined();
    expect(hasGpsExif(metadata.exif)).toBe(false);
    expect((metadata.height ?? 0) > (metadata.width ?? 0)).toBe(true);
  }

  await page.goto("/about");
  await expect(page.getByRole("img", { name: alt })).toBeVisible();
  await screenshot(page, "about");

  // On the site, it cannot be deleted; she is told where it is.
  await page.goto("/admin/obsah/fotky");
  await card.getByRole("button", { name: "Smazat" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Smazat" }).click();
  await expect(
    page.locator("[data-sonner-toast]").filter({ hasText: "O mně – úvodní obrázek" }),
  ).toBeVisible();
  await expect(card).toHaveCount(1);

  // The illustration again, published; then the photo goes.
  await page.getByRole("group", { name: "O mně – úvodní obrázek" }).getByTitle("Ilustrace").click();
  const restored = Date.now();
  await page.getByRole("button", { name: "Zveřejnit" }).click();
  await liveWithin5s(page, "/about", restored, (html) =>
    html.includes('src="/images/o-mne-krajina.svg"'),
  );
  await card.getByRole("button", { name: "Smazat" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Smazat" }).click();
  await expect(
    page.locator("[data-sonner-toast]").filter({ hasText: "Fotka je smazaná." }),
  ).toBeVisible();
  await expect(card).toHaveCount(0);
  expect((await page.request.get(addresses[0] as string)).status()).toBe(404);
});
