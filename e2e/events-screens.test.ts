/**
 * The events screens not photographed by events.test.ts and events-admin.test.ts, at 360 and
 * 1280 px, on the accounts server: her „Akce“ texts in „Obsah“ (with „Náhled“), her calendar
 * feed's line that her events are in it too, and her privacy dialog counting an address's
 * sign-ups. Each is also checked for what it must say.
 */
import type { Locator, Page } from "@playwright/test";
import { accountsBaseUrl, seededAdmins, storeSession, useOwnAddress } from "./accounts-server";
import { expect, screenshotPath, test } from "./fixtures";

test.use({ baseURL: accountsBaseUrl });
test.beforeEach(async ({ context }, testInfo) => useOwnAddress(context, testInfo));

const owner = seededAdmins[34] as (typeof seededAdmins)[number];
const phone = { width: 360, height: 780 };
const day = 24 * 3_600_000;

/** The whole page at each width, or the screen from `from` on (scrolled to at each width). */
async function screenshot(page: Page, name: string, from?: Locator) {
  for (const width of [1280, 360]) {
    await page.setViewportSize(width === 360 ? phone : { width, height: 900 });
    await from?.evaluate((element) => element.scrollIntoView({ block: "start" }));
    await page.screenshot({
      path: screenshotPath(`events-screens-${name}-${width}.png`),
      fullPage: !from,
    });
  }
}

test("her events' texts, her calendar feed's line and her privacy dialog's sign-ups, photographed", async ({
  page,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize(phone);
  await storeSession(page, owner.email, owner.password);

  // „Obsah“ → „Akce“: the form of the events pages' texts, and its „Náhled“.
  await page.goto("/admin/obsah/akce");
  await expect(page.getByRole("heading", { level: 2, name: "Akce" })).toBeVisible();
  await expect(page.locator("#content-list-heading")).toHaveValue(
    "Akce, na které se můžete přihlásit",
  );
  await expect(page.locator("#content-event-signupHeading")).toHaveValue("Přihláška");
  await screenshot(page, "content");
  await page.getByRole("button", { name: "Náhled", exact: true }).click();
  const preview = page.frameLocator('[data-testid="content-preview"]');
  // The page as it is now: her heading for events, or, with none published yet (this server's
  // other tests make them in parallel), the one for none.
  await expect(
    preview.getByRole("heading", {
      level: 1,
      name: /^(Akce, na které se můžete přihlásit|Teď nemám vypsanou žádnou akci)$/,
    }),
  ).toBeVisible();
  await screenshot(page, "content-preview");

  // Her calendar feed: her events are in it beside her bookings.
  await page.goto("/admin/rezervace/nastaveni");
  const feed = page.getByRole("heading", { name: "Rezervace a akce v kalendáři telefonu" });
  await expect(feed).toBeVisible();
  await screenshot(page, "feed", feed);

  // A visitor signs up for an event; her privacy dialog counts the sign-up.
  const session = await page.request.post("/auth/v1/token?grant_type=password", {
    data: { email: owner.email, password: owner.password },
  });
  const { access_token: token } = (await session.json()) as { access_token: string };
  const headers = { Authorization: `Bearer ${token}` };
  const startsAt = new Date(Math.ceil((Date.now() + 12 * day) / 3_600_000) * 3_600_000);
  const created = await page.request.post("/api/admin/events", {
    headers,
    data: {
      event: {
        title: "Bylinková dílna",
        slug: `bylinkova-dilna-${Date.now().toString(36)}`,
        description: "<p>Uděláme si mast z měsíčku.</p>",
        photoId: null,
        startsAt: startsAt.toISOString(),
        endsAt: new Date(startsAt.getTime() + 2 * 3_600_000).toISOString(),
        signupDeadline: new Date(startsAt.getTime() - day).toISOString(),
        placeKind: "address",
        address: "Zahrada u Lípy, Jinačovice 12",
        onlineNote: null,
        priceCzk: 350,
        capacity: 6,
        maxPlacesPerSignup: 1,
        waitingList: true,
      },
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { event } = (await created.json()) as { event: { id: string; version: number } };
  await page.request.post(`/api/admin/events/${event.id}/publish`, {
    headers,
    data: { version: event.version },
  });
  const visitor = `dilna.${Date.now().toString(36)}@example.cz`;
  const signedUp = await page.request.post(`/api/events/${event.id}/signups`, {
    data: {
      name: "Marta Dvořáková",
      email: visitor,
      places: 1,
      privacyConsent: true,
    },
  });
  expect(signedUp.status(), await signedUp.text()).toBe(201);

  await page.goto("/admin/osobni-udaje");
  await page.getByLabel("E-mailová adresa").fill(visitor);
  await page.getByRole("button", { name: "Smazat údaje…" }).click();
  const dialog = page.getByRole("alertdialog");
  await expect(dialog).toContainText("1 přihláška na akci");
  await screenshot(page, "privacy-dialog", dialog);
  await dialog.getByRole("button", { name: "Zrušit" }).click();
});
