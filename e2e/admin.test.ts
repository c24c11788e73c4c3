/**
 * The administration page (/admin), as sections 2, 4 and 8 of the
 * specification describe it, against the accounts test server. The tests of
 * this file share its list of submissions, so they run in order, in one worker.
 */
import type { Page } from "@playwright/test";
import { formatPragueDateTime } from "#shared/prague-time";
import {
  accountsBaseUrl,
  readStoredSession,
  registerAccount,
  seededAdmins,
  sendSubmission,
  storeSession,
  useOwnAddress,
} from "./accounts-server";
import { expect, expectNoAxeViolations, screenshotPath, test, waitForHydration } from "./fixtures";

test.use({ baseURL: accountsBaseUrl });
test.describe.configure({ mode: "default" });
test.beforeEach(async ({ context }, testInfo) => useOwnAddress(context, testInfo));

const admin = (number: number) => seededAdmins[number - 1] as (typeof seededAdmins)[number];
const uniqueEmail = (label: string) =>
  `${label}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.cz`;

/** Signs an administrator in through the sign-in page, as she would. */
async function signInAsAdmin(page: Page, number: number) {
  await page.goto("/prihlaseni");
  await waitForHydration(page);
  await page.getByLabel("E-mail").fill(admin(number).email);
  await page.getByLabel("Heslo", { exact: true }).fill(admin(number).password);
  await page.getByRole("button", { name: "Přihlásit se" }).click();
  await expect(page).toHaveURL("/admin");
  await expect(page.getByRole("heading", { level: 1, name: "Administrace" })).toBeVisible();
}

async function openAdminAs(page: Page, number: number) {
  await storeSession(page, admin(number).email, admin(number).password);
  await page.goto("/admin");
  await expect(page.getByRole("heading", { level: 1, name: "Administrace" })).toBeVisible();
}

const rows = (page: Page) => page.locator("tbody tr");

async function screenshot(page: Page, name: string) {
  for (const width of [360, 1280]) {
    await page.setViewportSize({ width, height: width === 360 ? 780 : 900 });
    await page.screenshot({ path: screenshotPath(`${name}-${width}.png`), fullPage: true });
  }
}

test.describe("who may enter", () => {
  test("an anonymous visitor: „Musíte být přihlášeni“ and /clenska-sekce", async ({ page }) => {
    await page.goto("/admin");
    await expect(page).toHaveURL("/clenska-sekce");
    await expect(page.getByText("Musíte být přihlášeni")).toBeVisible();
  });

  test("a signed-in account without the role: „Nemáte oprávnění administrátora“, signed out, /clenska-sekce", async ({
    page,
  }) => {
    const email = uniqueEmail("bez-role");
    await registerAccount(page, email);
    await storeSession(page, email, "heslo-123");
    await page.goto("/admin");
    await expect(page).toHaveURL("/clenska-sekce");
    await expect(page.getByText("Nemáte oprávnění administrátora")).toBeVisible();
    expect(await readStoredSession(page)).toBeNull();
  });

  test("an unexpected failure while checking: „Chyba při načítání dat“ and /clenska-sekce", async ({
    page,
  }) => {
    await storeSession(page, admin(4).email, admin(4).password);
    await page.route("**/api/admin/access", (route) =>
      route.fulfill({ status: 500, json: { error: { code: "internal_error" } } }),
    );
    await page.goto("/admin");
    await expect(page).toHaveURL("/clenska-sekce");
    await expect(page.getByText("Chyba při načítání dat", { exact: true })).toBeVisible();
  });

  test("a spinner shows while access is being checked", async ({ page }) => {
    await storeSession(page, admin(5).email, admin(5).password);
    let release: () => void = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route("**/api/admin/access", async (route) => {
      await released;
      await route.continue();
    });
    await page.goto("/admin");
    await expect(page.getByRole("status").filter({ hasText: "Ověřuji přihlášení…" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Administrace", exact: true })).toHaveCount(0);
    release();
    await expect(page.getByRole("heading", { level: 1, name: "Administrace" })).toBeVisible();
  });
});

test.describe("the list of submissions", () => {
  test("empty: „Celkem 0 záznamů“ and „Zatím nejsou žádná odeslaná data“, with the header and the note", async ({
    page,
    consoleEntries,
  }) => {
    await signInAsAdmin(page, 6);
    await expect(page.getByText(`Přihlášen jako: ${admin(6).email}`)).toBeVisible();
    await expect(page.getByRole("button", { name: "Odhlásit se" })).toBeVisible();
    await expect(
      page.getByRole("heading", { level: 2, name: "Odeslaná data z formulářů" }),
    ).toBeVisible();
    await expect(page.getByText("Celkem 0 záznamů")).toBeVisible();
    await expect(page.getByText("Zatím nejsou žádná odeslaná data")).toBeVisible();
    await expect(page.getByRole("heading", { level: 2, name: "Poznámka" })).toBeVisible();
    await expect(
      // Where users, roles and materials are managed, as the administration has them now.
      page.getByText(
        /Účet si na webu může založit kdokoli\. V\sčásti Uživatelé a\srole pak rozhodujete, komu otevřete členskou sekci a\skdo může do administrace\. Videa, zvuky a\stexty pro členskou sekci i\spro dárky nahrajete v\sčásti Materiály\./,
      ),
    ).toBeVisible();
    const note = page.getByRole("region", { name: "Poznámka" });
    for (const [name, path] of [
      ["Uživatelé a role", "/admin/uzivatele"],
      ["Materiály", "/admin/materialy"],
      ["Osobní údaje", "/admin/osobni-udaje"],
    ]) {
      await expect(note.getByRole("link", { name })).toHaveAttribute("href", path as string);
    }
    await expectNoAxeViolations(page);
    expect(consoleEntries.filter((entry) => entry.type === "error")).toEqual([]);
    // The sign-in notice (shown for 6 s) has faded before the picture.
    await expect(page.locator("[data-sonner-toast]")).toHaveCount(0, { timeout: 10_000 });
    await screenshot(page, "admin-empty");
  });

  test("with data: 8 columns, newest first, Czech dates and labels, „-“ for empty cells, a truncated message that unfolds", async ({
    page,
  }) => {
    const longMessage =
      "Dobrý den, ráda bych se objednala na harmonizační setkání. Nejlépe v sobotu dopoledne, případně v neděli. Děkuji a těším se.";
    await sendSubmission(page, {
      formType: "contact",
      name: "Alena Malá",
      email: "alena@example.cz",
      phone: "+420 777 123 456",
      serviceType: "consultation",
      message: longMessage,
    });
    await sendSubmission(page, {
      formType: "gift_ritual",
      name: "Bára Veselá",
      email: "bara@example.cz",
    });
    await sendSubmission(page, {
      formType: "gift_fragrance",
      name: "Cecílie Dvořáková",
      email: "cecilie@example.cz",
      message: "Těším se na vůni.",
    });

    await openAdminAs(page, 7);
    await expect(page.getByText("Celkem 3 záznamy")).toBeVisible();
    await expect(page.locator("thead th")).toHaveText([
      "Datum",
      "Typ formuláře",
      "Jméno",
      "Email",
      "Telefon",
      "Služba",
      "Zpráva",
      "Akce",
    ]);
    await expect(rows(page)).toHaveCount(3);
    await expect(rows(page).locator("td:nth-child(3)")).toHaveText([
      "Cecílie Dvořáková",
      "Bára Veselá",
      "Alena Malá",
    ]);
    await expect(rows(page).locator("td:nth-child(2)")).toHaveText([
      "Dárek - Vůně",
      "Dárek - Rituál",
      "Kontaktní formulář",
    ]);

    // Dates as cs-CZ writes them, newest first.
    const times = await rows(page)
      .locator("time")
      .evaluateAll((elements) =>
        elements.map((element) => ({
          iso: element.getAttribute("datetime") ?? "",
          text: element.textContent ?? "",
        })),
      );
    for (const { iso, text } of times) {
      // Czech format, in Prague time.
      expect(text).toBe(formatPragueDateTime(iso, { seconds: true }));
      expect(text).toMatch(/^\d{1,2}\. \d{1,2}\. \d{4} \d{1,2}:\d{2}:\d{2}$/);
    }
    const sorted = [...times].sort((a, b) => Date.parse(b.iso) - Date.parse(a.iso));
    expect(times).toEqual(sorted);

    // The gift without a message: „-“ for phone, service and message.
    const gift = rows(page).nth(1).locator("td");
    await expect(gift.nth(4)).toHaveText("-");
    await expect(gift.nth(5)).toHaveText("-");
    await expect(gift.nth(6)).toHaveText("-");
    const contact = rows(page).nth(2).locator("td");
    await expect(contact.nth(3)).toHaveText("alena@example.cz");
    await expect(contact.nth(4)).toHaveText("+420 777 123 456");
    await expect(contact.nth(5)).toHaveText("Harmonizační setkání");

    // The long message is cut to one line, and unfolds on request.
    const message = contact.nth(6).locator("[data-message]");
    expect(await message.evaluate((element) => element.scrollWidth > element.clientWidth)).toBe(
      true,
    );
    await expect(message).toHaveCSS("text-overflow", "ellipsis");
    await contact.nth(6).getByRole("button", { name: "Zobrazit celou zprávu" }).click();
    await expect(message).toHaveText(longMessage);
    expect(await message.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(
      true,
    );
    await contact.nth(6).getByRole("button", { name: "Skrýt celou zprávu" }).click();

    await page.waitForTimeout(300);
    await screenshot(page, "admin-with-data");
  });

  test("labels both readings of each form type and shows unknown types raw", async ({ page }) => {
    const row = (id: string, formType: string) => ({
      id,
      created_at: "2026-03-07T09:05:00.000Z",
      form_type: formType,
      name: `Jméno ${id}`,
      email: `${id}@example.cz`,
      phone: null,
      service_type: null,
      message: null,
      privacy_consent: true,
    });
    await page.route("**/api/form-submissions", (route) =>
      route.fulfill({
        json: {
          submissions: [
            row("a", "kontakt"),
            row("b", "darek_1"),
            row("c", "darek_2"),
            row("d", "newsletter"),
          ],
        },
      }),
    );
    await openAdminAs(page, 8);
    await expect(page.getByText("Celkem 4 záznamy")).toBeVisible();
    await expect(rows(page).locator("td:nth-child(2)")).toHaveText([
      "Kontaktní formulář",
      "Dárek - Rituál",
      "Dárek - Vůně",
      "newsletter",
    ]);
  });

  test("a failed list: „Chyba při načítání dat z formulářů“, and the list stays empty", async ({
    page,
  }) => {
    await page.route("**/api/form-submissions", (route) =>
      route.fulfill({ status: 500, json: { error: { code: "internal_error" } } }),
    );
    await openAdminAs(page, 9);
    await expect(page.getByText("Chyba při načítání dat z formulářů")).toBeVisible();
    await expect(page.getByText("Celkem 0 záznamů")).toBeVisible();
    await expect(page.getByText("Zatím nejsou žádná odeslaná data")).toBeVisible();
    await expect(page).toHaveURL("/admin");
  });
});

test("at phone width each submission is a card: every field visible, nothing off to the side @phone", async ({
  page,
}) => {
  // A list of its own: the phone run must not change the records the other tests count.
  await page.route("**/api/form-submissions", (route) =>
    route.fulfill({
      json: {
        submissions: [
          {
            id: "6b1d8a52-7a4f-4d55-9a0e-1b2c3d4e5f60",
            created_at: "2026-03-07T09:05:00.000Z",
            form_type: "contact",
            name: "Alena Malá",
            email: "alena.mala.s.dlouhou.adresou@priklad-dlouhe-domeny.example.cz",
            phone: "+420 777 123 456",
            service_type: "consultation",
            message: "Dobrý den, ráda bych se objednala na harmonizační setkání v sobotu.",
            privacy_consent: true,
          },
        ],
      },
    }),
  );
  await page.setViewportSize({ width: 360, height: 780 });
  await openAdminAs(page, 16);
  const card = page.locator("[data-submission-list] li").first();
  await expect(card).toBeVisible();
  // The frame stays short on a phone: the first record's name is on the first screen, the
  // title and „Odhlásit se“ share a row, and the sections fold into one button.
  await expect(card.getByRole("link", { name: "Alena Malá" })).toBeInViewport();
  const title = await page.getByRole("heading", { level: 1, name: "Administrace" }).boundingBox();
  const signOut = await page.getByRole("button", { name: "Odhlásit se" }).boundingBox();
  const middle = (signOut?.y ?? 0) + (signOut?.height ?? 0) / 2;
  expect(middle).toBeGreaterThan(title?.y ?? 0);
  expect(middle).toBeLessThan((title?.y ?? 0) + (title?.height ?? 0));
  const menu = page.getByRole("navigation", { name: "Části administrace" });
  await expect(menu.getByRole("link")).toHaveCount(0);
  await expect(
    menu.getByRole("button", { name: "Části administrace: Odeslaná data" }),
  ).toBeVisible();
  await expect(page.locator("table")).toHaveCount(0);
  // 9:05 UTC is 10:05 in Prague in March.
  const expected = "7. 3. 2026 10:05:00";
  for (const text of [
    expected,
    "Kontaktní formulář",
    "Alena Malá",
    "alena.mala.s.dlouhou.adresou@priklad-dlouhe-domeny.example.cz",
    "+420 777 123 456",
    "Harmonizační setkání",
    "Dobrý den, ráda bych se objednala",
  ]) {
    const field = card.getByText(text).first();
    await expect(field).toBeVisible();
    const box = await field.boundingBox();
    expect(box?.x).toBeGreaterThanOrEqual(0);
    expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(360);
  }
  const widths = await page.evaluate(() => ({
    page: document.documentElement.scrollWidth,
    viewport: window.innerWidth,
  }));
  expect(widths.page).toBeLessThanOrEqual(widths.viewport);
  await expect(page.getByRole("button", { name: "Odhlásit se" })).toBeInViewport();
  // The last section, chosen from the button's list, names the button.
  await menu.getByRole("button").click();
  await menu.getByRole("link", { name: "Můj účet" }).click();
  await expect(page).toHaveURL("/admin/ucet");
  await expect(menu.getByRole("button", { name: "Části administrace: Můj účet" })).toBeVisible();
});

test("a long list renders only the rows near the viewport, and scrolls to the oldest record", async ({
  page,
}) => {
  // A list of its own, as the server would send it: newest first, one minute apart.
  const total = 5000;
  const newest = Date.parse("2026-03-07T09:05:00.000Z");
  const submissions = Array.from({ length: total }, (_, index) => ({
    id: `00000000-0000-4000-8000-${String(index).padStart(12, "0")}`,
    created_at: new Date(newest - index * 60_000).toISOString(),
    form_type: "contact",
    name: `Jana Nová ${index + 1}`,
    email: `jana.${index + 1}@example.cz`,
    phone: index % 3 === 0 ? "+420 777 123 456" : null,
    service_type: index % 3 === 0 ? "consultation" : null,
    message:
      index % 3 === 0
        ? `Dobrý den, ráda bych se objednala na harmonizační setkání v lese. Zpráva č. ${index + 1}`
        : null,
    privacy_consent: true,
  }));
  await page.route("**/api/form-submissions", (route) => route.fulfill({ json: { submissions } }));
  await page.setViewportSize({ width: 1280, height: 900 });
  await openAdminAs(page, 18);
  await expect(page.getByText("Celkem 5000 záznamů")).toBeVisible();
  await expect(page.locator("thead th")).toHaveCount(8);
  await expect(page.locator("table")).toHaveAttribute("aria-rowcount", String(total + 1));
  const first = page.locator("tbody tr[data-submission-id]").first();
  await expect(first.locator("td:nth-child(3)")).toHaveText("Jana Nová 1");
  await expect(first).toHaveAttribute("aria-rowindex", "2");
  expect(await rows(page).count()).toBeLessThan(100);

  // An unfolded message keeps its height and its state while the page scrolls.
  await first.getByRole("button", { name: "Zobrazit celou zprávu" }).click();
  await expect(first.getByRole("button", { name: "Skrýt celou zprávu" })).toBeVisible();

  // Rows measured on the way may lengthen the page: to its bottom until it stays there.
  const oldest = page.getByRole("cell", { name: `Jana Nová ${total}`, exact: true });
  // (The privacy tools and the note follow the table: to the table's end, not the page's.)
  await expect(async () => {
    await page.evaluate(() => {
      const body = document.querySelector("tbody") as HTMLElement;
      window.scrollTo(0, body.getBoundingClientRect().bottom + window.scrollY - window.innerHeight);
    });
    await expect(oldest).toBeInViewport({ timeout: 500 });
  }).toPass();
  expect(await rows(page).count()).toBeLessThan(100);
  await expect(page.locator(`tbody tr[aria-rowindex="${total + 1}"]`)).toBeVisible();

  // Delete is offered on the oldest row too.
  await page.getByRole("button", { name: `Smazat záznam: Jana Nová ${total}` }).click();
  const dialog = page.getByRole("alertdialog");
  await expect(dialog.getByRole("heading", { name: "Opravdu smazat?" })).toBeVisible();
  await dialog.getByRole("button", { name: "Zrušit" }).click();
  await expect(dialog).toHaveCount(0);

  await page.evaluate(() => window.scrollTo(0, 0));
  await expect(first.getByRole("button", { name: "Skrýt celou zprávu" })).toBeVisible();

  // The page as far down as the list, at both widths (not the full page: it is thousands of rows long).
  for (const width of [360, 1280]) {
    await page.setViewportSize({ width, height: width === 360 ? 780 : 900 });
    await page.locator(width === 360 ? "[data-submission-list]" : "thead").scrollIntoViewIfNeeded();
    await page.waitForTimeout(300);
    await page.screenshot({ path: screenshotPath(`admin-long-list-${width}.png`) });
  }
});

test.describe("deleting a submission", () => {
  test("the dialog „Opravdu smazat?“ does not close on an outside click; „Zrušit“ keeps the record", async ({
    page,
  }) => {
    await openAdminAs(page, 10);
    await expect(rows(page)).toHaveCount(3);
    await rows(page)
      .first()
      .getByRole("button", { name: /Smazat záznam/ })
      .click();

    const dialog = page.getByRole("alertdialog");
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole("heading", { name: "Opravdu smazat?" })).toBeVisible();
    await expect(
      dialog.getByText("Tuto akci nelze vrátit zpět. Záznam bude trvale odstraněn."),
    ).toBeVisible();
    await expect(dialog.getByRole("button", { name: "Zrušit" })).toBeVisible();
    await expect(dialog.getByRole("button", { name: "Smazat" })).toBeVisible();
    await screenshot(page, "admin-dialog");
    await page.setViewportSize({ width: 1280, height: 900 });

    await page.mouse.click(10, 10);
    await page.mouse.click(1270, 890);
    await expect(dialog).toBeVisible();

    await dialog.getByRole("button", { name: "Zrušit" }).click();
    await expect(dialog).toHaveCount(0);
    await expect(rows(page)).toHaveCount(3);
    await page.reload();
    await expect(rows(page)).toHaveCount(3);
  });

  test("„Smazat“: „Záznam smazán“ and the list reloads without it", async ({ page }) => {
    await openAdminAs(page, 11);
    await expect(page.getByText("Celkem 3 záznamy")).toBeVisible();
    const newest = rows(page).first();
    await expect(newest.locator("td").nth(2)).toHaveText("Cecílie Dvořáková");
    await newest.getByRole("button", { name: /Smazat záznam/ }).click();
    const listReloaded = page.waitForResponse(
      (response) =>
        response.url().endsWith("/api/form-submissions") && response.request().method() === "GET",
    );
    await page.getByRole("alertdialog").getByRole("button", { name: "Smazat" }).click();
    await expect(page.getByText("Záznam smazán")).toBeVisible();
    await listReloaded;
    await expect(page.getByText("Celkem 2 záznamy")).toBeVisible();
    await expect(rows(page).locator("td:nth-child(3)")).toHaveText(["Bára Veselá", "Alena Malá"]);
    await page.reload();
    await expect(rows(page)).toHaveCount(2);
  });

  test("a failed delete: „Chyba při mazání záznamu“, and the record stays", async ({ page }) => {
    await openAdminAs(page, 12);
    await page.route("**/api/form-submissions/*", (route) =>
      route.request().method() === "DELETE"
        ? route.fulfill({ status: 500, json: { error: { code: "internal_error" } } })
        : route.continue(),
    );
    await rows(page)
      .first()
      .getByRole("button", { name: /Smazat záznam/ })
      .click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Smazat" }).click();
    await expect(page.getByText("Chyba při mazání záznamu")).toBeVisible();
    await expect(rows(page)).toHaveCount(2);
  });
});

test("the session refreshes itself before the access token expires, and the page keeps working", async ({
  page,
}) => {
  await page.clock.install();
  await openAdminAs(page, 17);
  const before = (await readStoredSession(page)) as { refresh_token: string; expires_at: number };
  const refreshed = page.waitForResponse(
    (response) =>
      response.url().includes("/auth/v1/token?grant_type=refresh_token") && response.ok(),
  );
  // Close to the end of the hour the library's 30-second check swaps the tokens.
  await page.clock.fastForward("58:30");
  await page.clock.runFor(60_000);
  await refreshed;
  await expect
    .poll(async () => ((await readStoredSession(page)) as { refresh_token: string }).refresh_token)
    .not.toBe(before.refresh_token);
  const after = (await readStoredSession(page)) as { expires_at: number };
  expect(after.expires_at).toBeGreaterThanOrEqual(before.expires_at);
  // The new access token opens the administration API.
  const response = await page.request.get(`${accountsBaseUrl}/api/admin/access`, {
    headers: {
      Authorization: `Bearer ${((await readStoredSession(page)) as { access_token: string }).access_token}`,
    },
  });
  expect(response.status()).toBe(200);
});

test.describe("signing out", () => {
  test("„Odhlásit se“: „Odhlášení úspěšné“, /clenska-sekce, and the administration is closed again", async ({
    page,
  }) => {
    await openAdminAs(page, 13);
    await page.getByRole("button", { name: "Odhlásit se" }).click();
    await expect(page).toHaveURL("/clenska-sekce");
    await expect(page.getByText("Odhlášení úspěšné")).toBeVisible();
    expect(await readStoredSession(page)).toBeNull();
    await page.goto("/admin");
    await expect(page).toHaveURL("/clenska-sekce");
    await expect(page.getByText("Musíte být přihlášeni")).toBeVisible();
  });

  test("signing out in one tab takes every open administration tab to /clenska-sekce", async ({
    context,
    page,
  }) => {
    await signInAsAdmin(page, 14);
    // The session is shared: a second tab opens the administration without signing in.
    const second = await context.newPage();
    await second.goto("/admin");
    await expect(second.getByRole("heading", { level: 1, name: "Administrace" })).toBeVisible();
    const third = await context.newPage();
    await third.goto("/admin");
    await expect(third.getByRole("heading", { level: 1, name: "Administrace" })).toBeVisible();

    await page.bringToFront();
    await page.getByRole("button", { name: "Odhlásit se" }).click();
    await expect(page).toHaveURL("/clenska-sekce");
    await expect(second).toHaveURL("/clenska-sekce");
    await expect(third).toHaveURL("/clenska-sekce");
    await expect(second.getByRole("heading", { name: "Administrace", exact: true })).toHaveCount(0);
  });

  test("after sign-out the old access token opens nothing on the server", async ({ page }) => {
    await openAdminAs(page, 15);
    const session = (await readStoredSession(page)) as { access_token: string };
    await page.getByRole("button", { name: "Odhlásit se" }).click();
    await expect(page).toHaveURL("/clenska-sekce");
    const response = await page.request.get(`${accountsBaseUrl}/api/form-submissions`, {
      headers: { Authorization: `Bearer ${session.access_token}` },
    });
    expect(response.status()).toBe(401);
  });
});
