/**
 * The owner's inbox (issue 9) in a real browser, against a server of its
 * own whose e-mail goes to the SMTP test peer, so a test can make the mail
 * server refuse a recipient (550) and accept it again. Pictures of each
 * screen at 360 and 1280 px go to e2e/screenshots/inbox.
 */
import { readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Page } from "@playwright/test";
import { eq } from "drizzle-orm";
import Papa from "papaparse";
import { openDatabase } from "#database/open-database";
import { formSubmissions, users } from "#database/schema";
import { saveRetention } from "#server/admin/retention";
import { createAccounts } from "#server/auth/accounts";
import { authStorageKey } from "#shared/auth-storage-key";
import { formatPragueDateTime } from "#shared/prague-time";
import { paths } from "#shared/routes";
import { operatorDefaults } from "#shared/site";
import { seedEmbeddedDatabase } from "#testing/embedded-database-template";
import { buildServerEnv, type ServerProcess, startServerProcess } from "#testing/server-process";
import { startTestSmtpServer, type TestSmtpServer } from "#testing/test-smtp-server";
import { parseAdminCommand, runAdminCommand } from "../scripts/admin";
import { adminSections } from "../web/components/admin/admin-sections";
import { expect, expectNoAxeViolations, screenshotPath, test } from "./fixtures";
import { turnOffWeeklySummaries } from "./own-server";

const port = Number(process.env.E2E_PORT ?? 3100) + 70;
const baseUrl = `http://localhost:${port}`;
const dataDir = join(tmpdir(), `e2e-inbox-${port}`);
const owner = {
  email: "majitelka.inbox@example.cz",
  password: "bylinky-a-vune",
  fullName: "Kateřina Lesná",
};

let smtp: TestSmtpServer;
let server: ServerProcess;

test.describe.configure({ mode: "serial" });
test.use({ baseURL: baseUrl });

test.beforeAll(async () => {
  test.setTimeout(240_000);
  smtp = await startTestSmtpServer();
  await rm(dataDir, { recursive: true, force: true });
  await seedEmbeddedDatabase(dataDir);
  const handle = await openDatabase({ dataDir });
  try {
    const accounts = createAccounts({ db: handle.db, secret: "seeding-only", issuer: baseUrl });
    await accounts.signUp(owner);
    // Her address confirmed, as no role is given to an unconfirmed one.
    await handle.db
      .update(users)
      .set({ emailConfirmedAt: new Date() })
      .where(eq(users.email, owner.email));
    const granted = await runAdminCommand(parseAdminCommand(["grant", owner.email]), {
      db: handle.db,
      siteUrl: baseUrl,
      notifyEmail: operatorDefaults.email,
    });
    if (granted.exitCode !== 0) throw new Error(granted.lines.join("\n"));
    await turnOffWeeklySummaries(handle.db);
  } finally {
    await handle.close();
  }
  server = await startServerProcess({ env: serverEnv() });
});

/** The inbox server's settings, the same at every start. */
function serverEnv() {
  return buildServerEnv({
    port,
    dataDir,
    smtpUrl: smtp.url,
    settings: {
      NOTIFY_EMAIL: "majitelka@example.cz",
      TRUST_PROXY: "true",
      FORM_RATE_LIMIT_PER_HOUR: "1000",
      // The inbox, not two-factor sign-in, is what these tests are about.
      ADMIN_REQUIRE_2FA: "false",
    },
  });
}

test.afterAll(async () => {
  await server?.stop();
  await smtp?.close();
  await rm(dataDir, { recursive: true, force: true });
});

let addressCounter = 0;
async function send(page: Page, submission: Record<string, unknown>) {
  addressCounter += 1;
  const response = await page.request.post(`${baseUrl}/api/form-submissions`, {
    data: { privacyConsent: true, ...submission },
    headers: {
      "X-Forwarded-For": `10.9.${Math.floor(addressCounter / 250)}.${addressCounter % 250}`,
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

async function signIn(page: Page) {
  const response = await page.request.post(`${baseUrl}/auth/v1/token?grant_type=password`, {
    data: { email: owner.email, password: owner.password },
  });
  const session = await response.json();
  await page.goto(`${baseUrl}/robots.txt`);
  await page.evaluate(
    ([key, value]) => localStorage.setItem(key as string, value as string),
    [authStorageKey("localhost"), JSON.stringify(session)],
  );
}

async function openList(page: Page, query = "") {
  await page.goto(`/admin${query}`);
  await expect(page.getByRole("heading", { level: 1, name: "Administrace" })).toBeVisible();
}

/** The administration's „Osobní údaje“: one address's data and the automatic deletion. */
async function openPrivacy(page: Page) {
  await page.goto("/admin/osobni-udaje");
  await expect(page.getByRole("heading", { level: 2, name: "Osobní údaje" })).toBeVisible();
}

async function shoot(page: Page, name: string, fullPage = true) {
  for (const width of [360, 1280]) {
    await page.setViewportSize({ width, height: width === 360 ? 780 : 900 });
    await page.waitForTimeout(300);
    await page.screenshot({ path: screenshotPath("inbox", `${name}-${width}.png`), fullPage });
  }
}

const longMessage =
  `Dobrý den, ${"ráda bych se objednala na harmonizační setkání v lese u potoka. ".repeat(20)}`
    .slice(0, 990)
    .concat(" Děkuji.");

test("the empty inbox: the specification's texts, no toolbar, no banner", async ({ page }) => {
  await signIn(page);
  await openList(page);
  await expect(page.getByText("Celkem 0 záznamů")).toBeVisible();
  await expect(page.getByText("Zatím nejsou žádná odeslaná data")).toBeVisible();
  await expect(page.getByRole("search")).toHaveCount(0);
  await expect(page.locator("[data-mail-banner]")).toHaveCount(0);
  await shoot(page, "empty");
});

test("a refused e-mail: shown on its submission and in the banner, then sent again once the server accepts", async ({
  page,
}) => {
  smtp.refuse.set("odmitnuta@example.cz", 550);
  const id = await send(page, {
    formType: "contact",
    name: "Olga Odmítnutá",
    email: "odmitnuta@example.cz",
    phone: "+420 601 222 333",
    serviceType: "consultation",
    message: "Dobrý den, prosím o zavolání kvůli termínu.",
  });
  await signIn(page);
  // The worker tries at once; a 550 fails it at once, not after eight hours.
  await expect
    .poll(
      async () => {
        await openList(page);
        return page.locator("[data-mail-banner]").count();
      },
      { timeout: 30_000 },
    )
    .toBe(1);
  await page.setViewportSize({ width: 1280, height: 900 });
  const banner = page.locator("[data-mail-banner]");
  await expect(banner).toContainText("E-maily se nepodařilo odeslat u 1 záznamu.");
  const row = page.locator(`[data-submission-id="${id}"]`);
  await expect(row.getByText("E-mail neodešel")).toBeVisible();
  await shoot(page, "list-failed-mail");

  await banner.getByRole("button", { name: "Zobrazit tyto záznamy" }).click();
  await expect(page).toHaveURL(/emaily=neodeslane/);
  await expect(page.locator("[data-submission-id]")).toHaveCount(1);

  await page.setViewportSize({ width: 1280, height: 900 });
  await row.getByRole("link", { name: "Olga Odmítnutá" }).click();
  await expect(page).toHaveURL(`/admin/zaznam/${id}`);
  const failed = page.locator('[data-mail-status="failed"]');
  await expect(failed).toHaveCount(1);
  await expect(failed).toContainText("Potvrzení odesílateli");
  await expect(failed).toContainText("Poštovní server adresu odmítl");
  await expect(failed).toContainText("550");
  await expect(page.locator('[data-mail-status="sent"]')).toContainText("Upozornění pro vás");
  await shoot(page, "detail-failed-mail");

  smtp.refuse.delete("odmitnuta@example.cz");
  await page.setViewportSize({ width: 1280, height: 900 });
  await failed.getByRole("button", { name: "Odeslat znovu" }).click();
  await expect(page.getByText("E-mail je znovu na cestě.")).toBeVisible();
  await expect(page.locator('[data-mail-status="sent"]')).toHaveCount(2, { timeout: 20_000 });
  await smtp.waitForMails(2);
  expect(
    smtp.mails.filter((mail) => mail.envelopeTo.includes("odmitnuta@example.cz")),
  ).toHaveLength(1);
  await page.getByRole("link", { name: "Zpět na seznam" }).click();
  await expect(page.locator("[data-mail-banner]")).toHaveCount(0);
});

test("the detail view: a 1,000-character message whole, reply, call and copy", async ({
  page,
  context,
}) => {
  const id = await send(page, {
    formType: "contact",
    name: "Dlouhá Zpráva",
    email: "dlouha.zprava@example.cz",
    phone: "+420 777 123 456",
    serviceType: "consultation",
    message: longMessage,
  });
  expect(longMessage.length).toBeGreaterThanOrEqual(990);
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await signIn(page);
  for (const width of [360, 1280]) {
    await page.setViewportSize({ width, height: width === 360 ? 780 : 900 });
    await page.goto(`/admin/zaznam/${id}`);
    // In the administration's frame, like its other parts: its menu, with the list the record
    // belongs to as the part she is in, and „Odhlásit se“.
    await expect(page.getByRole("heading", { level: 1, name: "Administrace" })).toBeVisible();
    const views = page.getByRole("navigation", { name: "Části administrace" });
    // On a phone the sections are listed by the menu's button.
    if (width === 360) await views.getByRole("button").click();
    await expect(views.getByRole("link")).toHaveCount(adminSections.length);
    await expect(views.getByRole("link", { name: "Odeslaná data" })).toHaveAttribute(
      "aria-current",
      "true",
    );
    if (width === 360) await page.keyboard.press("Escape");
    await expect(page.getByRole("button", { name: "Odhlásit se" })).toBeVisible();
    await expect(page.getByRole("heading", { level: 2, name: "Dlouhá Zpráva" })).toBeVisible();
    const message = page.locator("[data-full-message]");
    await expect(message).toHaveText(longMessage);
    expect(await message.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(
      true,
    );
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
    ).toBe(true);
  }
  await expect(page.getByRole("link", { name: "Odpovědět" })).toHaveAttribute(
    "href",
    `mailto:dlouha.zprava@example.cz?subject=${encodeURIComponent("Re: Vaše zpráva dorazila – Harmonie přírody")}`,
  );
  await expect(page.getByRole("link", { name: "Zavolat" })).toHaveAttribute(
    "href",
    "tel:+420777123456",
  );
  await page.getByRole("button", { name: "Kopírovat adresu" }).click();
  await expect(page.getByText("Adresa je zkopírovaná.")).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
    "dlouha.zprava@example.cz",
  );
  for (const label of ["Datum", "Typ formuláře", "Jméno", "E-mail", "Telefon", "Služba", "Stav"]) {
    await expect(page.locator("dt", { hasText: label }).first()).toBeVisible();
  }
  await expectNoAxeViolations(page);
  await page.waitForTimeout(6500); // the notice fades before the picture
  await shoot(page, "detail");
});

test("signing out in another tab takes an open record off the screen", async ({
  page,
  context,
}) => {
  const id = await send(page, {
    formType: "contact",
    name: "Otevřený Záznam",
    email: "otevreny.zaznam@example.cz",
    serviceType: "consultation",
    message: "Dobrý den, ozvěte se mi prosím.",
  });
  await signIn(page);
  await page.goto(`/admin/zaznam/${id}`);
  const heading = page.getByRole("heading", { level: 2, name: "Otevřený Záznam" });
  await expect(heading).toBeVisible();

  // The list in a second tab, where she signs out.
  const list = await context.newPage();
  await openList(list);
  await list.getByRole("button", { name: "Odhlásit se" }).click();
  await expect(list).toHaveURL("/clenska-sekce");

  await expect(page).toHaveURL("/clenska-sekce");
  await expect(page.getByText("Musíte být přihlášeni")).toBeVisible();
  await expect(heading).toHaveCount(0);
  await list.close();
});

test("new, handled and new again, each surviving a reload; the count in the page and the tab title", async ({
  page,
}) => {
  const id = await send(page, {
    formType: "gift_ritual",
    name: "Nová Návštěvnice",
    email: "nova@example.cz",
  });
  await signIn(page);
  await page.setViewportSize({ width: 1280, height: 900 });
  await openList(page);
  const newCount = await page.locator("[data-new-count]").textContent();
  const count = Number(newCount?.replace(/\D/g, ""));
  expect(count).toBeGreaterThanOrEqual(1);
  await expect(page).toHaveTitle(new RegExp(`^\\(${count}\\) Administrace`));
  const row = page.locator(`[data-submission-id="${id}"]`);
  await expect(row.getByText("Nová", { exact: true })).toBeVisible();

  // Opening it makes it read.
  await row.getByRole("link", { name: "Nová Návštěvnice" }).click();
  await expect(page.locator("dd", { hasText: "Přečtená" })).toBeVisible();
  await page.getByRole("button", { name: "Označit jako vyřízenou" }).click();
  await expect(page.getByText("Zpráva je označená jako vyřízená.")).toBeVisible();
  await page.reload();
  await expect(page.locator("dd", { hasText: "Vyřízená" })).toBeVisible();
  await page.getByRole("link", { name: "Zpět na seznam" }).click();
  await expect(row.getByText("Vyřízená", { exact: true })).toBeVisible();
  await expect(page).toHaveTitle(
    count - 1 > 0 ? new RegExp(`^\\(${count - 1}\\) `) : /^Administrace/,
  );

  // A handled message can be only read again (not done after all), then new again.
  await page.goto(`/admin/zaznam/${id}`);
  await expect(page.getByRole("button", { name: "Označit jako novou" })).toHaveCount(0);
  await page.getByRole("button", { name: "Označit jako přečtenou" }).click();
  await expect(page.getByText("Zpráva je označená jako přečtená.")).toBeVisible();
  await expect(page.locator("dd", { hasText: "Přečtená" })).toBeVisible();
  await page.getByRole("button", { name: "Označit jako novou" }).click();
  await expect(page.getByText("Zpráva je označená jako nová.")).toBeVisible();
  // Back to the list without opening it again: it counts as new.
  await openList(page);
  await expect(row.getByText("Nová", { exact: true })).toBeVisible();
  await page.reload();
  await expect(row.getByText("Nová", { exact: true })).toBeVisible();
  await expect(page).toHaveTitle(new RegExp(`^\\(${count}\\) Administrace`));
});

for (const width of [360, 1280]) {
  test(`search and filters at ${width} px: instant, kept in the address and restored from it`, async ({
    page,
  }) => {
    if (width === 360) {
      await send(page, {
        formType: "gift_fragrance",
        name: "Cecílie Dvořáková",
        email: "cecilie@example.cz",
        message: "Těším se na vůni.",
      });
      await send(page, { formType: "gift_ritual", name: "Bára Veselá", email: "bara@example.cz" });
    }
    await signIn(page);
    await page.setViewportSize({ width, height: width === 360 ? 780 : 900 });
    await openList(page);
    const search = page.getByRole("searchbox", { name: "Hledat" });
    await search.fill("dvorakova");
    await expect(page).toHaveURL(/hledat=dvorakova/);
    await expect(page.locator("[data-submission-id]")).toHaveCount(1);
    await expect(page.locator("[data-submission-id]")).toContainText("Cecílie Dvořáková");
    await expect(page.locator("[data-shown-count]")).toContainText("Zobrazeno 1 z");
    await page.reload();
    await expect(page.getByRole("searchbox", { name: "Hledat" })).toHaveValue("dvorakova");
    await expect(page.locator("[data-submission-id]")).toHaveCount(1);
    // The keyboard's search key puts the keyboard away (the field loses focus); the count is
    // right under the field.
    await search.focus();
    await search.press("Enter");
    await expect(search).not.toBeFocused();
    const field = await search.boundingBox();
    const shown = await page.locator("[data-shown-count]").boundingBox();
    expect((shown?.y ?? 0) - ((field?.y ?? 0) + (field?.height ?? 0))).toBeLessThan(
      width === 360 ? 40 : 200,
    );

    await page.getByRole("button", { name: "Zrušit hledání" }).click();
    if (width === 360) {
      // On a phone the filters wait behind one button, so that the list starts near the top.
      await expect(page.getByLabel("Formulář", { exact: true })).toHaveCount(0);
      const firstCard = await page.locator("[data-submission-id]").first().boundingBox();
      expect(firstCard?.y).toBeLessThan(900);
      await page.getByRole("button", { name: "Filtry" }).click();
    }
    await page.getByLabel("Formulář", { exact: true }).selectOption("gift_ritual");
    await expect(page).toHaveURL(/formular=gift_ritual/);
    const names = page.locator("[data-submission-id]");
    await expect(names.filter({ hasText: "Bára Veselá" })).toHaveCount(1);
    await expect(names.filter({ hasText: "Cecílie" })).toHaveCount(0);

    await page.getByLabel("Formulář", { exact: true }).selectOption("");
    await page.getByLabel("Od", { exact: true }).fill("2099-01-01");
    await expect(page.getByText("Hledání ani filtrům neodpovídá žádný záznam.")).toBeVisible();
    await page.getByLabel("Od", { exact: true }).fill("2000-01-01");
    await page.getByLabel("Do", { exact: true }).fill("2000-12-31");
    await expect(page.getByText("Hledání ani filtrům neodpovídá žádný záznam.")).toBeVisible();
    await page.getByRole("button", { name: "Zrušit filtry" }).click();

    await page.getByLabel("Stav", { exact: true }).selectOption("vyrizene");
    await expect(page).toHaveURL(/stav=vyrizene/);
    await page.reload();
    // Set in the address, the filters show at once, and the phone's button counts them.
    await expect(page.getByLabel("Stav", { exact: true })).toHaveValue("vyrizene");
    if (width === 360) {
      await expect(page.getByRole("button", { name: "Filtry (1)" })).toHaveAttribute(
        "aria-expanded",
        "true",
      );
    }
    for (const text of await page.locator("[data-submission-id]").allTextContents()) {
      expect(text).toContain("Vyřízená");
    }
  });
}

test("the list with data passes axe at both widths; pictures of it", async ({ page }) => {
  await signIn(page);
  await openList(page);
  for (const width of [360, 1280]) {
    await page.setViewportSize({ width, height: width === 360 ? 780 : 900 });
    await expect(page.locator("[data-submission-id]").first()).toBeVisible();
    await expectNoAxeViolations(page);
  }
  await shoot(page, "list");
});

test("both readings of each form type count as one in the filter", async ({ page }) => {
  const row = (id: string, formType: string) => ({
    id: `00000000-0000-4000-8000-00000000000${id}`,
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
          row("1", "kontakt"),
          row("2", "darek_1"),
          row("3", "gift_ritual"),
          row("4", "contact"),
        ],
      },
    }),
  );
  await signIn(page);
  await openList(page, "?formular=gift_ritual");
  await expect(page.locator("[data-submission-id]")).toHaveCount(2);
  await page.getByLabel("Formulář", { exact: true }).selectOption("contact");
  await expect(page.locator("[data-submission-id]")).toHaveCount(2);
  await expect(page.locator("[data-submission-id]").first()).toContainText("Kontaktní formulář");
});

test("the CSV export of the current view: BOM, „;“, Czech letters intact, a formula neutralised", async ({
  page,
}) => {
  await send(page, {
    formType: "contact",
    name: "Žofie Šťastná",
    email: "zofie@example.cz",
    serviceType: "consultation",
    message: '=HYPERLINK("http://zle.example","klikni") prosím o termín',
  });
  await signIn(page);
  await page.setViewportSize({ width: 1280, height: 900 });
  await openList(page, "?hledat=zofie");
  await expect(page.locator("[data-submission-id]")).toHaveCount(1);
  const downloading = page.waitForEvent("download");
  await page.getByRole("button", { name: "Stáhnout CSV" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^odeslana-data-\d{4}-\d{2}-\d{2}\.csv$/);
  await expect(page.getByText("Soubor CSV se zobrazenými záznamy je stažený.")).toBeVisible();
  const bytes = await readFile((await download.path()) as string);
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const text = bytes.toString("utf8").slice(1);
  const parsed = Papa.parse<string[]>(text, { delimiter: ";", skipEmptyLines: true });
  expect(parsed.errors).toEqual([]);
  expect(parsed.data).toHaveLength(2);
  expect(parsed.data[0]?.slice(0, 4)).toEqual(["Datum", "Typ formuláře", "Jméno", "E-mail"]);
  expect(parsed.data[1]?.[2]).toBe("Žofie Šťastná");
  expect(parsed.data[1]?.[6]?.startsWith("'=HYPERLINK")).toBe(true);
});

test("everything about one address: exported as one file, erased after a confirmation naming what goes", async ({
  page,
}) => {
  await send(page, { formType: "gift_ritual", name: "Gita Gdpr", email: "gita@example.cz" });
  await send(page, {
    formType: "contact",
    name: "Gita Gdpr",
    email: "gita@example.cz",
    message: "Dobrý den, ještě jeden dotaz.",
  });
  await signIn(page);
  await page.setViewportSize({ width: 1280, height: 900 });
  // Reached from the list through the administration's menu.
  await openList(page);
  await page
    .getByRole("navigation", { name: "Části administrace" })
    .getByRole("link", { name: "Osobní údaje" })
    .click();
  await expect(page).toHaveURL("/admin/osobni-udaje");
  await page.getByLabel("E-mailová adresa").fill("gita@example.cz");
  // For her: a text anyone can read. For a machine: the same as JSON.
  const readable = page.waitForEvent("download");
  await page.getByRole("button", { name: "Stáhnout údaje", exact: true }).click();
  expect((await readable).suggestedFilename()).toBe("udaje-gita@example.cz.txt");
  const report = await readFile((await (await readable).path()) as string, "utf8");
  expect(report).toContain("Údaje o e-mailové adrese gita@example.cz");
  expect(report).toContain("ODESLANÉ FORMULÁŘE (2)");
  expect(report).toContain("Dobrý den, ještě jeden dotaz.");
  expect(report).not.toContain("{");
  await expect(page.getByText("Soubor s údaji adresy je stažený.")).toBeVisible();
  const downloading = page.waitForEvent("download");
  await page.getByRole("button", { name: "Pro přenos jinam" }).click();
  expect((await downloading).suggestedFilename()).toBe("udaje-gita@example.cz.json");
  const file = JSON.parse(await readFile((await (await downloading).path()) as string, "utf8"));
  expect(file.submissions).toHaveLength(2);
  expect(file.mails.length).toBeGreaterThanOrEqual(3);
  expect(report).toContain(`E-MAILY (${file.mails.length})`);

  await page.getByRole("button", { name: "Smazat údaje…" }).click();
  const dialog = page.getByRole("alertdialog");
  await expect(dialog.getByRole("heading", { name: "Smazat údaje adresy?" })).toBeVisible();
  await expect(dialog).toContainText("gita@example.cz");
  await expect(dialog).toContainText(
    `Smaže se: 2 záznamy z formulářů a ${file.mails.length} e-maily.`,
  );
  await page.mouse.click(5, 5);
  await expect(dialog).toBeVisible();
  await shoot(page, "gdpr-dialog", false);
  await dialog.getByRole("button", { name: "Smazat vše" }).click();
  await expect(page.getByText("Údaje adresy gita@example.cz jsou smazané.")).toBeVisible();
  await openList(page);
  await expect(page.locator("[data-submission-id]").first()).toBeVisible();
  await expect(page.locator("[data-submission-id]", { hasText: "Gita Gdpr" })).toHaveCount(0);
  await openPrivacy(page);
  await page.getByLabel("E-mailová adresa").fill("gita@example.cz");
  await page.getByRole("button", { name: "Smazat údaje…" }).click();
  await expect(page.getByText("O této adrese web nic neuchovává.", { exact: true })).toBeVisible();
  // Downloading what is kept about an address with nothing stored: the file, and a word on it.
  const nothing = page.waitForEvent("download");
  await page.getByRole("button", { name: "Pro přenos jinam" }).click();
  const empty = JSON.parse(await readFile((await (await nothing).path()) as string, "utf8"));
  expect(empty.submissions).toEqual([]);
  await expect(
    page.getByText("O této adrese web nic neuchovává. Stažený soubor to potvrzuje."),
  ).toBeVisible();
});

test("the retention setting: off by default, saved in the database, shown after a reload", async ({
  page,
}) => {
  const id = await send(page, {
    formType: "contact",
    name: "Radka Ročníková",
    email: "rocnikova@example.cz",
    message: "Dobrý den, ozvěte se mi prosím.",
  });
  await signIn(page);
  await openPrivacy(page);
  const status = page.locator("[data-retention-status]");
  await expect(status).toContainText("Vypnuto");
  await page.getByLabel("Mazat záznamy starší než").check();
  // Two years deletes nothing she has now: saved without a question.
  await page.getByLabel("Počet měsíců").fill("24");
  await page.getByRole("button", { name: "Uložit" }).click();
  await expect(page.getByText("Nastavení je uložené.")).toBeVisible();
  await page.reload();
  await expect(status).toContainText(
    "Zapnuto: server jednou denně smaže záznamy starší než 24 měsíců.",
  );
  await shoot(page, "privacy");
  // When the records cannot be counted, a new rule still asks first, and says so.
  await page.route("**/api/admin/retention/preview", (route) =>
    route.fulfill({ status: 500, json: { error: { code: "internal_error" } } }),
  );
  await page.getByLabel("Počet měsíců").fill("12");
  await page.getByRole("button", { name: "Uložit" }).click();
  const dialog = page.getByRole("alertdialog");
  await expect(dialog).toContainText("Kolik jich teď je, se nepodařilo zjistit.");
  await dialog.getByRole("button", { name: "Zrušit" }).click();
  await expect(status).toContainText("24\u00a0měsíců");
  await page.unroute("**/api/admin/retention/preview");
  // Nothing here is two years old: every record stays.
  await openList(page);
  await expect(page.locator(`[data-submission-id="${id}"]`)).toBeVisible();
});

test("retention: at its start the server deletes what is older than the setting and keeps the rest; the audit log and the privacy notice say so", async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  const day = 24 * 60 * 60_000;
  // Records of long ago, written while the server is stopped: the embedded database has one user at a time.
  await server.stop();
  const handle = await openDatabase({ dataDir });
  try {
    const dated = (name: string, daysAgo: number) => ({
      createdAt: new Date(Date.now() - daysAgo * day),
      formType: "contact",
      name,
      email: "retence@example.cz",
      message: `${name}: zpráva z dávné doby.`,
      privacyConsent: true,
    });
    await handle.db
      .insert(formSubmissions)
      .values([dated("Stará Retence", 2 * 365 + 40), dated("Mladší Retence", 2 * 365 - 40)]);
    await saveRetention(handle.db, 24, new Date());
  } finally {
    await handle.close();
  }
  // The rule runs at every start (then daily): a restart applies it now.
  server = await startServerProcess({ env: serverEnv() });

  await signIn(page);
  await page.setViewportSize({ width: 1280, height: 900 });
  const older = page.locator("[data-submission-id]", { hasText: "Stará Retence" });
  const newer = page.locator("[data-submission-id]", { hasText: "Mladší Retence" });
  await expect(async () => {
    await openList(page, "?hledat=retence");
    await expect(newer.first()).toBeVisible();
    await expect(older).toHaveCount(0);
  }).toPass({ timeout: 30_000 });

  // The audit log names the deletion by form and date, never by its content.
  await page.getByRole("link", { name: "Záznamy změn" }).click();
  const entry = page
    .locator("[data-audit-entry]")
    .filter({ hasText: "protože byl starší než nastavená doba uchování." });
  await expect(entry).toHaveCount(1);
  await expect(entry).toContainText("Smazán záznam „Kontaktní formulář“ odeslaný");
  await expect(entry).toContainText("Kdo: automatické mazání starých záznamů");
  await expect(entry).not.toContainText("Retence");

  // The privacy notice quotes the setting…
  await page.goto("/zasady-ochrany-osobnich-udaju");
  const notice = page.locator("[data-retention-notice]");
  await expect(notice).toHaveAttribute("data-retention-notice", "on");
  await expect(notice).toHaveText(
    "Web jednou denně sám smaže zprávy a žádosti o dárek starší než 24 měsíců. Do té doby zůstávají v mé administraci, pokud je nesmažu dřív. Kromě toho mám pevné pravidlo:",
  );
  await expect(notice).toContainText("24\u00a0měsíců");
  // …and says what holds either way without scripts.
  const withoutScripts = await browser.newContext({ javaScriptEnabled: false, baseURL: baseUrl });
  const plain = await withoutScripts.newPage();
  await plain.goto("/zasady-ochrany-osobnich-udaju");
  await expect(plain.locator("[data-retention-notice]")).toHaveText(
    "Zprávy a žádosti o dárek zůstávají v mé administraci, dokud je nesmažu. Pokud mám zapnuté automatické mazání, web navíc jednou denně sám smaže ty, které jsou starší než nastavený počet měsíců. V každém případě mám pevné pravidlo:",
  );
  await withoutScripts.close();

  // With the rule off, the notice says the site deletes nothing by itself.
  await openPrivacy(page);
  // The form shows the stored rule once it has loaded; only then is the box hers to change.
  await expect(page.locator("[data-retention-status]")).toContainText("Zapnuto");
  // A shorter rule that would delete records she has („Mladší Retence“, 23 months old) asks first.
  await page.getByLabel("Počet měsíců").fill("12");
  await page.getByRole("button", { name: "Uložit" }).click();
  const dialog = page.getByRole("alertdialog");
  await expect(dialog.getByRole("heading", { name: "Mazat staré záznamy?" })).toBeVisible();
  // (\s: the typography puts no-break spaces after short words and numbers.)
  await expect(dialog).toContainText(
    /smaže\s1\száznam\sstarší\snež\s12\směsíců,\si\ss\sjeho\se-maily/,
  );
  await shoot(page, "retention-dialog", false);
  await page.setViewportSize({ width: 1280, height: 900 });
  await dialog.getByRole("button", { name: "Zrušit" }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.locator("[data-retention-status]")).toContainText("24\u00a0měsíců");
  const rule = page.getByLabel("Mazat záznamy starší než");
  await expect(rule).toBeChecked();
  await rule.uncheck();
  await expect(rule).not.toBeChecked();
  // Saved once the server has answered (an earlier notice may still be showing).
  const saved = page.waitForResponse(
    (response) =>
      response.url().endsWith("/api/admin/retention") && response.request().method() === "PUT",
  );
  await page.getByRole("button", { name: "Uložit" }).click();
  expect((await saved).ok()).toBe(true);
  await page.goto("/zasady-ochrany-osobnich-udaju");
  await expect(notice).toHaveAttribute("data-retention-notice", "off");
  await expect(notice).toHaveText(
    "Web sám zprávy ani žádosti o dárek automaticky nemaže: zůstávají v mé administraci, dokud je nesmažu. Proto mám pevné pravidlo:",
  );
});

test("the delete dialog names the record, keeps its texts and refuses an outside click", async ({
  page,
}) => {
  await send(page, {
    formType: "gift_fragrance",
    name: "Smazatelná Osoba",
    email: "smazat@example.cz",
  });
  await signIn(page);
  await page.setViewportSize({ width: 360, height: 780 });
  await openList(page, "?hledat=smazatelna");
  await page.getByRole("button", { name: "Smazat záznam: Smazatelná Osoba" }).click();
  const dialog = page.getByRole("alertdialog");
  await expect(dialog.getByRole("heading", { name: "Opravdu smazat?" })).toBeVisible();
  await expect(
    dialog.getByText("Tuto akci nelze vrátit zpět. Záznam bude trvale odstraněn."),
  ).toBeVisible();
  await expect(dialog.locator("[data-record]")).toContainText("Smazatelná Osoba");
  await expect(dialog.locator("[data-record]")).toContainText("Dárek - Vůně");
  await page.mouse.click(5, 5);
  await expect(dialog).toBeVisible();
  await shoot(page, "delete-dialog", false);
  await dialog.getByRole("button", { name: "Smazat" }).click();
  await expect(page.getByText("Záznam smazán")).toBeVisible();
  await expect(page.getByText("Hledání ani filtrům neodpovídá žádný záznam.")).toBeVisible();
});

test("back from a record far down the list on a phone, its card is in view again", async ({
  page,
}) => {
  const ids: string[] = [];
  for (let n = 1; n <= 12; n++) {
    ids.push(
      await send(page, {
        formType: "contact",
        name: `Návrat Zpět ${n}`,
        email: `navrat${n}@example.cz`,
        message: "Dobrý den, mám dotaz k setkání.",
      }),
    );
  }
  await signIn(page);
  await page.setViewportSize({ width: 360, height: 780 });
  await openList(page, "?hledat=navrat");
  // The oldest of them is the last card.
  const oldest = page.locator(`[data-submission-id="${ids[0]}"]`);
  await oldest.scrollIntoViewIfNeeded();
  await oldest.getByRole("link", { name: "Návrat Zpět 1" }).click();
  await expect(page).toHaveURL(`/admin/zaznam/${ids[0]}`);

  await page.getByRole("link", { name: "Zpět na seznam" }).click();
  await expect(page).toHaveURL("/admin?hledat=navrat");
  await expect(oldest).toBeInViewport();
  await expect(oldest.getByRole("link", { name: "Návrat Zpět 1" })).toBeFocused();
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(1000);
});

/**
 * Where each of the given addresses, as shown, moves to a new line: the character before
 * each break (it must be „@“), and whether any of its characters runs past the screen's
 * right edge. Read from the rendered text, character by character, whatever its markup.
 */
async function addressBreaks(page: Page, addresses: string[]) {
  return page.evaluate((wanted) => {
    const characters: { char: string; top: number | null; right: number }[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    const range = document.createRange();
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? "";
      for (let index = 0; index < text.length; index++) {
        range.setStart(node, index);
        range.setEnd(node, index + 1);
        const rect = [...range.getClientRects()].find((box) => box.width > 0);
        characters.push({
          char: text[index] as string,
          top: rect ? rect.top + window.scrollY : null,
          right: rect ? rect.right : 0,
        });
      }
    }
    const all = characters.map((entry) => entry.char).join("");
    const found: { address: string; brokenAfter: string[]; pastEdge: boolean }[] = [];
    for (const address of wanted) {
      for (let start = all.indexOf(address); start >= 0; start = all.indexOf(address, start + 1)) {
        const letters = characters.slice(start, start + address.length);
        if (letters.some((letter) => letter.top === null)) continue; // not shown
        const brokenAfter: string[] = [];
        for (let index = 1; index < letters.length; index++) {
          const before = letters[index - 1] as { char: string; top: number };
          const here = letters[index] as { top: number };
          if (Math.abs(here.top - before.top) > 4) brokenAfter.push(before.char);
        }
        const pastEdge = letters.some((letter) => letter.right > window.innerWidth + 0.5);
        found.push({ address, brokenAfter, pastEdge });
      }
    }
    return found;
  }, addresses);
}

/** Every <time> on the page: its moment and the text it shows. */
async function shownTimes(page: Page) {
  return page.locator("main time[datetime]").evaluateAll((times) =>
    times
      .filter((time) => (time as HTMLElement).offsetParent !== null)
      .map((time) => ({
        moment: time.getAttribute("datetime") as string,
        text: (time.textContent ?? "").replace(/\s+/g, " ").trim(),
      })),
  );
}

test.describe("the administration on a phone, in a browser set to New York time", () => {
  test.use({ timezoneId: "America/New_York" });

  test("at 360 px every section is reachable from the menu, nothing scrolls sideways, no address breaks inside a word, no public header or footer, every time in Prague time", async ({
    page,
  }) => {
    // Every section of the menu in turn (twelve now, „Přehled“ with its charts among them).
    test.setTimeout(120_000);
    const addresses = ["lucie.markova@example.cz", "bozena.nemcova@posta.babicka.example.cz"];
    const ids = [
      await send(page, {
        formType: "contact",
        name: "Lucie Marková",
        email: addresses[0],
        phone: "+420 604 111 222",
        serviceType: "consultation",
        message: "Dobrý den, ráda bych přišla na harmonizační setkání.",
      }),
      await send(page, { formType: "gift_ritual", name: "Božena Marková", email: addresses[1] }),
    ];
    await signIn(page);
    await page.setViewportSize({ width: 360, height: 780 });
    await openList(page, "?hledat=markova");
    const menu = page.getByRole("navigation", { name: "Části administrace" });
    const menuButton = menu.getByRole("button", { name: /Části administrace/ });

    /** What must hold on every screen of the administration at 360 px. */
    async function checkScreen(name: string, shownAddresses: string[]) {
      // The site's header and footer (the footer loads after the content) are not there.
      await page.waitForLoadState("networkidle");
      // Each check soft: a run without the change shows every one that fails.
      await expect.soft(page.getByRole("navigation", { name: "Hlavní menu" })).toHaveCount(0);
      await expect.soft(page.locator("header.sticky, footer")).toHaveCount(0);
      await expect.soft(page.getByRole("contentinfo")).toHaveCount(0);
      // Measured once the layout has settled after the screen's last resize.
      await expect.soft
        .poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), {
          message: `${name}: no sideways scroll`,
          timeout: 5000,
        })
        .toBeLessThanOrEqual(0);
      const breaks = await addressBreaks(page, shownAddresses);
      expect(breaks.length, `${name}: the addresses are shown`).toBeGreaterThan(0);
      for (const address of breaks) {
        expect.soft(address.pastEdge, `${address.address} within the screen`).toBe(false);
        expect
          .soft(
            address.brokenAfter.filter((char) => char !== "@"),
            address.address,
          )
          .toEqual([]);
      }
      for (const time of await shownTimes(page)) {
        expect
          .soft([
            formatPragueDateTime(time.moment),
            formatPragueDateTime(time.moment, { seconds: true }),
          ])
          .toContain(time.text);
      }
    }

    // The list: its cards show both addresses and their times.
    await expect(page.locator("[data-submission-list] li")).toHaveCount(2);
    await checkScreen("Odeslaná data", [...addresses, owner.email]);
    await expect(menuButton).toContainText("Odeslaná data");
    expect((await shownTimes(page)).length).toBe(2);
    await shoot(page, "phone-list");
    // The wide screen's table keeps them whole too.
    await page.setViewportSize({ width: 1280, height: 900 });
    await expect(page.locator("tbody tr")).toHaveCount(2);
    await checkScreen("the table", [...addresses, owner.email]);
    await page.setViewportSize({ width: 360, height: 780 });
    await menuButton.click();
    await page.screenshot({ path: screenshotPath("inbox", "phone-menu-open-360.png") });
    await menuButton.click();

    // The menu lists every section, the current one marked; each is reached from it.
    for (const section of adminSections) {
      await menuButton.click();
      await expect(menuButton).toHaveAttribute("aria-expanded", "true");
      const links = menu.getByRole("link");
      await expect(links).toHaveText(adminSections.map((each) => each.label));
      for (const link of await links.all()) await expect(link).toBeInViewport();
      await menu.getByRole("link", { name: section.label }).click();
      await expect(page).toHaveURL(section.to);
      await expect(menuButton).toContainText(section.label);
      await expect(menuButton).toHaveAttribute("aria-expanded", "false");
      await menuButton.click();
      await expect(menu.getByRole("link", { name: section.label })).toHaveAttribute(
        "aria-current",
        "page",
      );
      await expect(menu.locator("a[aria-current]:visible")).toHaveCount(1);
      await page.keyboard.press("Escape");
      await expect(menuButton).toBeFocused();
      await expect(menu.getByRole("link")).toHaveCount(0);
      await shoot(page, `phone-section-${adminSections.indexOf(section) + 1}`);
      await page.setViewportSize({ width: 360, height: 780 });
      // Her own address is in the frame's header on every screen.
      await checkScreen(
        section.label,
        section.to === paths.admin ? [...addresses, owner.email] : [owner.email],
      );
    }

    // A record: its address, its time and its e-mails' times in Prague time too.
    await page.goto(`/admin/zaznam/${ids[0]}`);
    await expect(page.getByRole("heading", { level: 2, name: "Lucie Marková" })).toBeVisible();
    await expect(menuButton).toContainText("Odeslaná data");
    await checkScreen("the record", [addresses[0] as string, owner.email]);
    await shoot(page, "phone-record");
  });
});
