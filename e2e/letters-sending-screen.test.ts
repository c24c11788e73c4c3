/**
 * Her letter's own screens on a phone, against a server of its own: the first save keeps the
 * screen she wrote on; in the editor the button „Poslat zkoušku na můj e-mail“ stays on one line
 * at 360 px; while a letter goes out (one an hour to two readers, so it waits after the first)
 * its screen says „Odesláno“ once, and the bar's filled part is the site's moss. Screenshots of
 * both screens at 360 and 1280 px.
 */

import type { Locator, Page } from "@playwright/test";
import { paths } from "#shared/routes";
import { accountsServerSettings, seededAdmins } from "./accounts-server";
import { expect, shootBoth, test } from "./fixtures";
import { mainPort } from "./main-server";
import { setUpOwnServer } from "./own-server";

const owner = seededAdmins[12] as (typeof seededAdmins)[number];
const phone = { width: 360, height: 780 };
const _wide = { width: 1280, height: 900 };
/** --color-moss in web/app.css. */
const moss = { r: 0x4f, g: 0x6b, b: 0x4a };

const server = setUpOwnServer({
  port: mainPort + 72,
  name: "letters-sending-screen",
  owner,
  settings: { ...accountsServerSettings, LOG_LEVEL: "warn" },
});
const { origin } = server;

/** Subscribes `address` from the blog's form and follows the link of its confirmation e-mail. */
async function subscribe(page: Page, address: string) {
  await page.goto(`${origin}${paths.blog}#novinky`);
  await page.locator("#novinky").getByLabel("E-mail", { exact: true }).fill(address);
  await page.locator("#novinky").getByRole("button", { name: "Přihlásit se k novinkám" }).click();
  await expect(page).toHaveURL(/#novinky-odeslano$/);
  let link: string | undefined;
  await expect
    .poll(
      () => {
        const mail = server.smtp.mails.find((each) => each.envelopeTo.includes(address));
        link = mail?.text?.match(/\/novinky\/potvrzeni\/[A-Za-z0-9_-]+/)?.[0];
        return link;
      },
      { timeout: 90_000, message: `the confirmation to ${address}` },
    )
    .toBeDefined();
  await page.goto(`${origin}${link}`);
  await page.getByRole("button", { name: "Potvrdit odběr" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Odběr je potvrzený");
}

/**
 * The colour of the pixel a little way into `element`, as the screen shows it: its screenshot
 * decoded by the page's own browser (no image library among the dependencies).
 */
async function colourNearStart(page: Page, element: Locator) {
  const png = [...(await element.screenshot())];
  return page.evaluate(async (bytes) => {
    const image = await createImageBitmap(new Blob([new Uint8Array(bytes)]));
    const canvas = new OffscreenCanvas(image.width, image.height);
    const context = canvas.getContext("2d");
    if (!context) throw new Error("no 2d context");
    context.drawImage(image, 0, 0);
    const [r, g, b] = context.getImageData(
      Math.floor(image.width / 8),
      Math.floor(image.height / 2),
      1,
      1,
    ).data;
    return { r: r ?? 0, g: g ?? 0, b: b ?? 0 };
  }, png);
}

test("her letter's test button keeps to one line on a phone, and a letter going out says „Odesláno“ once above a moss bar", async ({
  page,
}) => {
  test.setTimeout(300_000);
  await page.setViewportSize(phone);
  await page.context().setExtraHTTPHeaders({ "X-Forwarded-For": "10.70.0.1" });
  const stamp = Date.now();
  await subscribe(page, `prvni-${stamp}@example.cz`);
  await subscribe(page, `druha-${stamp}@example.cz`);

  await server.signIn(page);
  // One letter an hour: the second reader waits, and the screen shows the letter going out.
  await page.goto(`${origin}${paths.adminLetters}`);
  await page.getByLabel("Dopisů za hodinu").fill("1");
  await page.getByRole("button", { name: "Uložit rychlost" }).click();
  await expect(page.getByText("Uloženo: nejvýš 1 dopis za hodinu.")).toBeVisible();

  const subject = `Zimní slunovrat ${stamp % 10_000}`;
  await page.getByRole("link", { name: "Napsat dopis" }).click();
  const subjectField = page.getByLabel("Předmět", { exact: true });
  await subjectField.fill(subject);
  await subjectField.evaluate((field) => {
    field.dataset.typedHere = "ano";
  });
  await page.getByRole("textbox", { name: "Text dopisu" }).click();
  await page.keyboard.type("Nejdelší noc roku je za dveřmi.");
  await page.getByRole("button", { name: "Uložit koncept" }).click();
  await expect(page).toHaveURL(/\/admin\/novinky\/dopisy\/[0-9a-f-]{36}$/);
  // The first save moves the letter to its own address on the screen she wrote it on: nothing
  // is built again under her (a button she was about to press used to be replaced a moment later).
  await page.waitForLoadState("networkidle");
  await expect(subjectField).toHaveAttribute("data-typed-here", "ano");

  // At 360 px the test button is as tall as its one-line neighbour, in the site's button size.
  const testButton = page.getByRole("button", { name: "Poslat zkoušku na můj e-mail" });
  const previewButton = page.getByRole("button", { name: "Zobrazit náhled" });
  await testButton.scrollIntoViewIfNeeded();
  const testBox = await testButton.boundingBox();
  const previewBox = await previewButton.boundingBox();
  expect(testBox?.height).toBe(previewBox?.height);
  expect(testBox?.height).toBeLessThan(60);
  expect(await testButton.evaluate((button) => getComputedStyle(button).fontSize)).toBe("16px");
  await shootBoth(page, "letters-sending-screen", "editor");

  await page.getByRole("button", { name: "Odeslat všem přihlášeným (2)" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Odeslat (2)" }).click();
  const sending = page.getByRole("region", { name: "Odesílá se" });
  await expect(sending.getByRole("status")).toHaveText("Odesláno 1 z 2", { timeout: 90_000 });
  // One statement of progress: no second „Odesláno“ with another number beside it.
  await expect(sending.getByText("Odesláno")).toHaveCount(1);
  await expect(sending).toContainText("Nedoručeno");
  const bar = sending.getByRole("progressbar");
  await expect(bar).toHaveAttribute("value", "1");
  const filled = await colourNearStart(page, bar);
  for (const channel of ["r", "g", "b"] as const) {
    expect(Math.abs(filled[channel] - moss[channel]), `${channel} of the bar`).toBeLessThan(6);
  }
  await shootBoth(page, "letters-sending-screen", "sending");
});
