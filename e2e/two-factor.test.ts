/**
 * Two-factor sign-in in the browser, against a server that requires
 * administrators to have an authenticator app (ADMIN_REQUIRE_2FA's default):
 * set-up from /admin before any data, sign-out, sign-in with the code; codes
 * computed with `otpauth`, as the app on her phone would.
 */
import type { Page } from "@playwright/test";
import {
  readVerifyLink,
  seededAdmins,
  twoFactorBaseUrl,
  twoFactorDataDir,
  useOwnAddress,
} from "./accounts-server";
import { expect, expectNoAxeViolations, screenshotPath, test, waitForHydration } from "./fixtures";
import { codeFor, setUpApp, signInWithPassword } from "./two-factor-sign-in";

test.use({ baseURL: twoFactorBaseUrl });
test.beforeEach(async ({ context }, testInfo) => useOwnAddress(context, testInfo));

const admin = (number: number) => seededAdmins[number - 1] as (typeof seededAdmins)[number];

async function screenshot(page: Page, name: string) {
  for (const width of [360, 1280]) {
    await page.setViewportSize({ width, height: width === 360 ? 780 : 900 });
    await page.screenshot({ path: screenshotPath(`${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 720 });
}

test("an administrator without an app is led to set it up before any data, then signs out and in with its code", async ({
  page,
  context,
  consoleEntries,
}) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  const clipboard = () => page.evaluate(() => navigator.clipboard.readText());
  await signInWithPassword(page, admin(1).email, admin(1).password);
  await expect(page).toHaveURL("/admin");
  await expect(page.getByText("Přihlášení úspěšné!")).toBeVisible();

  // The set-up screen: QR code, the secret in text, the code field; no data at all.
  await expect(page.getByRole("heading", { name: "Ověření kódem z aplikace" })).toBeVisible();
  const qr = page.getByRole("img", { name: "QR kód pro aplikaci s ověřovacími kódy" });
  await expect(qr).toBeVisible();
  expect(await qr.getAttribute("src")).toMatch(/^data:image\/svg\+xml;utf-8,<svg /);
  expect(await qr.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
  await expect(page.getByRole("heading", { name: "Odeslaná data z formulářů" })).toHaveCount(0);
  // No menu of views that would only lead back here; signing out stays.
  await expect(page.getByRole("navigation", { name: "Části administrace" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Odhlásit se" })).toBeVisible();
  await expectNoAxeViolations(page);
  await screenshot(page, "two-factor-setup");

  const secret = ((await page.getByTestId("two-factor-secret").textContent()) ?? "").replace(
    /\s/g,
    "",
  );
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  // On the phone that shows the page no QR code can be scanned: a link opens the app, or the key
  // is copied whole.
  const openInApp = page.getByRole("link", { name: "Otevřít v aplikaci" });
  const uri = new URL((await openInApp.getAttribute("href")) ?? "");
  expect(uri.protocol).toBe("otpauth:");
  expect(uri.searchParams.get("secret")).toBe(secret);
  await page.getByRole("button", { name: "Zkopírovat klíč" }).click();
  await expect(page.getByText("Klíč je zkopírovaný. Vložte ho do aplikace.")).toBeVisible();
  expect(await clipboard()).toBe(secret);
  // A wrong code first: a Czech reason, and the form stays.
  const right = codeFor(secret);
  await page
    .getByLabel("2. Opište kód, který aplikace ukazuje")
    .fill(right === "000000" ? "111111" : "000000");
  await page.getByRole("button", { name: "Ověřit a zapnout" }).click();
  await expect(
    page.getByText("Kód nesouhlasí. Opište prosím aktuální kód z aplikace."),
  ).toBeVisible();

  await page.getByLabel("2. Opište kód, který aplikace ukazuje").fill(right);
  await page.getByRole("button", { name: "Ověřit a zapnout" }).click();
  await expect(page.getByText("Ověření kódem z aplikace je zapnuté.")).toBeVisible();
  const codes = page.getByRole("list", { name: "Záložní kódy" }).getByRole("listitem");
  await expect(codes).toHaveCount(8);
  await page.getByRole("button", { name: "Zkopírovat kódy" }).click();
  await expect(page.getByText("Záložní kódy jsou zkopírované.", { exact: false })).toBeVisible();
  expect((await clipboard()).split("\n")).toEqual(await codes.allTextContents());
  await page.getByRole("button", { name: "Kódy mám uložené, pokračovat" }).click();
  await expect(page.getByRole("heading", { name: "Odeslaná data z formulářů" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Části administrace" })).toBeVisible();

  await page.getByRole("button", { name: "Odhlásit se" }).click();
  await expect(page).toHaveURL("/clenska-sekce");
  await expect(page.getByText("Odhlášení úspěšné")).toBeVisible();

  // Signing in again: the password, then the code from her app.
  await signInWithPassword(page, admin(1).email, admin(1).password);
  await expect(page.getByRole("heading", { level: 1, name: "Kód z aplikace" })).toBeVisible();
  await expect(page).toHaveURL("/prihlaseni");
  // The code of the set-up was used; the app's next one works.
  await page.getByLabel("Kód z aplikace").fill(codeFor(secret, 30_000));
  await page.getByRole("button", { name: "Ověřit a pokračovat" }).click();
  await expect(page).toHaveURL("/admin");
  await expect(page.getByText("Přihlášení úspěšné!")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Odeslaná data z formulářů" })).toBeVisible();
  // The browser logs every 403 and 422 it was answered (the access check, the wrong code); nothing else.
  const errors = consoleEntries.filter(
    (entry) => entry.type === "error" || entry.type === "pageerror",
  );
  expect(
    errors.filter(
      (entry) =>
        !/^Failed to load resource: the server responded with a status of (403|422)/.test(
          entry.text,
        ),
    ),
  ).toEqual([]);
});

test("a recovery code opens the administration once in place of the app's code", async ({
  page,
}) => {
  await setUpApp(page, admin(2));
  await screenshot(page, "two-factor-recovery-codes");
  const recoveryCode =
    (await page
      .getByRole("list", { name: "Záložní kódy" })
      .getByRole("listitem")
      .first()
      .textContent()) ?? "";
  await page.getByRole("button", { name: "Kódy mám uložené, pokračovat" }).click();
  await page.getByRole("button", { name: "Odhlásit se" }).click();
  await expect(page).toHaveURL("/clenska-sekce");

  await signInWithPassword(page, admin(2).email, admin(2).password);
  await page.getByLabel("Kód z aplikace").fill(recoveryCode);
  await page.getByRole("button", { name: "Ověřit a pokračovat" }).click();
  await expect(page).toHaveURL("/admin");
});

test("with the password alone, /admin shows nothing and leads to the code step", async ({
  page,
}) => {
  await setUpApp(page, admin(3));
  await page.getByRole("button", { name: "Kódy mám uložené, pokračovat" }).click();
  await page.getByRole("button", { name: "Odhlásit se" }).click();
  await signInWithPassword(page, admin(3).email, admin(3).password);
  await expect(page.getByRole("heading", { level: 1, name: "Kód z aplikace" })).toBeVisible();
  await expectNoAxeViolations(page);
  await screenshot(page, "two-factor-code-step");
  // Going to /admin by hand at this point: back to the code step, no data shown.
  await page.goto("/admin");
  await expect(page).toHaveURL("/prihlaseni");
  await expect(page.getByRole("heading", { level: 1, name: "Kód z aplikace" })).toBeVisible();
  await page.getByRole("button", { name: "Přihlásit se jiným účtem" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Přihlášení" })).toBeVisible();
});

test("a recovery link of an administrator with an app: its code first, then the new password", async ({
  page,
}) => {
  const { email, password } = admin(5);
  const secret = await setUpApp(page, admin(5));
  await page.getByRole("button", { name: "Kódy mám uložené, pokračovat" }).click();
  await page.getByRole("button", { name: "Odhlásit se" }).click();
  await expect(page).toHaveURL("/clenska-sekce");
  await page.goto("/prihlaseni");
  await waitForHydration(page);
  await page.getByRole("button", { name: "Zapomenuté heslo?" }).click();
  await page.getByLabel("E-mail").fill(email);
  await page.getByRole("button", { name: "Poslat odkaz" }).click();
  await expect(page.getByRole("status").filter({ hasText: "přijde na něj odkaz" })).toBeVisible();

  await page.goto(await readVerifyLink(email, "recovery", twoFactorDataDir));
  // The server takes a new password only from a session that passed the code: the code first.
  await expect(page.getByRole("heading", { level: 1, name: "Kód z aplikace" })).toBeVisible();
  await expect(
    page.getByText("Než si nastavíte nové heslo, zadejte kód z aplikace ve svém telefonu."),
  ).toBeVisible();
  await expectNoAxeViolations(page);
  await screenshot(page, "two-factor-code-before-new-password");
  await page.getByLabel("Kód z aplikace").fill(codeFor(secret, 30_000));
  await page.getByRole("button", { name: "Ověřit a pokračovat" }).click();

  await expect(page.getByRole("heading", { level: 1, name: "Nové heslo" })).toBeVisible();
  await page.getByLabel("Nové heslo", { exact: true }).fill("meduňka-a-tymián");
  await page.getByLabel("Nové heslo znovu").fill("meduňka-a-tymián");
  await page.getByRole("button", { name: "Uložit nové heslo" }).click();
  await expect(page.getByText("Heslo je změněné.")).toBeVisible();
  await expect(page).toHaveURL("/admin");
  await expect(page.getByRole("heading", { name: "Odeslaná data z formulářů" })).toBeVisible();

  const signIn = (secret: string) =>
    page.request.post(`${twoFactorBaseUrl}/auth/v1/token?grant_type=password`, {
      data: { email, password: secret },
    });
  expect((await signIn(password)).status()).toBe(400);
  expect((await signIn("meduňka-a-tymián")).status()).toBe(200);
});

test("an administrator changes her password on the page; the new one signs her in", async ({
  page,
}) => {
  await setUpApp(page, admin(4));
  await page.getByRole("button", { name: "Kódy mám uložené, pokračovat" }).click();
  await page.getByRole("link", { name: "Můj účet" }).click();
  await page.getByText("Změna hesla").click();
  // Her current password first: a wrong one changes nothing and says so next to its field.
  await page.getByLabel("Současné heslo", { exact: true }).fill("neni-to-ono");
  await page.getByLabel("Nové heslo", { exact: true }).fill("levandule-a-mata");
  await page.getByLabel("Nové heslo znovu").fill("levandule-a-mata");
  await page.getByRole("button", { name: "Změnit heslo" }).click();
  const current = page.getByLabel("Současné heslo", { exact: true });
  await expect(current).toHaveAccessibleDescription("Současné heslo nesouhlasí.");
  await expect(current).toHaveAttribute("aria-invalid", "true");
  await screenshot(page, "admin-password-change-wrong-current");
  await current.fill(admin(4).password);
  await page.getByRole("button", { name: "Změnit heslo" }).click();
  await expect(page.getByText("Heslo je změněné.")).toBeVisible();
  await expect(current).toHaveValue("");

  const signIn = (password: string) =>
    page.request.post(`${twoFactorBaseUrl}/auth/v1/token?grant_type=password`, {
      data: { email: admin(4).email, password },
    });
  expect((await signIn(admin(4).password)).status()).toBe(400);
  expect((await signIn("levandule-a-mata")).status()).toBe(200);
  // A common password is refused with the reason.
  await current.fill("levandule-a-mata");
  await page.getByLabel("Nové heslo", { exact: true }).fill("123456");
  await page.getByLabel("Nové heslo znovu").fill("123456");
  await page.getByRole("button", { name: "Změnit heslo" }).click();
  await expect(
    page.getByText(
      "Toto heslo patří mezi nejčastěji používaná hesla, proto by se dalo snadno uhodnout. Zvolte si prosím jiné.",
    ),
  ).toBeVisible();
});

test("an administrator with her app finds „Administrace“ in the public header and in its phone menu", async ({
  page,
}) => {
  await setUpApp(page, admin(6));
  await page.getByRole("button", { name: "Kódy mám uložené, pokračovat" }).click();
  const header = page.getByRole("banner");
  const link = header.getByRole("link", { name: "Administrace" });

  // A wide screen: beside the menu, named.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto("/");
  await expect(link).toBeVisible();
  await expect(link).toHaveText("Administrace");
  await page.screenshot({ path: screenshotPath("header-administration-1280.png") });
  await link.click();
  await expect(page).toHaveURL("/admin");
  await expect(page.getByRole("heading", { name: "Odeslaná data z formulářů" })).toBeVisible();

  // Back on a public page (the administration has its own frame, with a link to the site), now
  // in the web fonts, which are a little wider than the first page's: the header keeps its one
  // row, down to the narrowest wide screen, where only the icon fits.
  await page.getByRole("link", { name: "Zobrazit web" }).click();
  await expect(page).toHaveURL("/");
  await header.getByRole("link", { name: "O\u00a0mně" }).click();
  await expect(page).toHaveURL("/about");
  await expect(page.locator("html")).toHaveAttribute("data-fonts", "web");
  await page.evaluate(() => document.fonts.ready);
  const consultation = header.getByRole("link", { name: "Objednat konzultaci" });
  for (const width of [1280, 1200, 1152]) {
    await page.setViewportSize({ width, height: 800 });
    await expect(link).toBeVisible();
    await expect(link).toHaveAccessibleName("Administrace");
    expect((await consultation.boundingBox())?.height, `at ${width} px`).toBeLessThan(56);
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
    ).toBe(true);
  }
  await page.screenshot({ path: screenshotPath("header-administration-1152.png") });

  // A phone: at the end of the menu.
  await page.setViewportSize({ width: 360, height: 780 });
  await page.goto("/about");
  await expect(header.getByRole("button", { name: "Otevřít menu" })).toBeVisible();
  await expect(link).toBeHidden();
  await header.getByRole("button", { name: "Otevřít menu" }).click();
  await expect(link).toBeVisible();
  await expectNoAxeViolations(page);
  await page.screenshot({ path: screenshotPath("header-administration-menu-360.png") });
  await link.click();
  await expect(page).toHaveURL("/admin");
  await expect(page.getByRole("heading", { name: "Odeslaná data z formulářů" })).toBeVisible();
});

/** The key the set-up screen shows, without its spaces. */
async function shownSecret(page: Page): Promise<string> {
  const text = (await page.getByTestId("two-factor-secret").textContent()) ?? "";
  return text.replace(/\s/g, "");
}

test("a reload during the set-up keeps the same QR code and key, and the code of the entry added before it verifies", async ({
  page,
}) => {
  await signInWithPassword(page, admin(30).email, admin(30).password);
  await expect(page).toHaveURL("/admin");
  const qr = page.getByRole("img", { name: "QR kód pro aplikaci s ověřovacími kódy" });
  await expect(qr).toBeVisible();
  const secret = await shownSecret(page);
  const qrBefore = await qr.getAttribute("src");

  // She is in her authenticator app, adding the entry, while the tab reloads.
  await page.reload();
  await waitForHydration(page);
  await expect(qr).toBeVisible();
  expect(await shownSecret(page)).toBe(secret);
  expect(await qr.getAttribute("src")).toBe(qrBefore);
  await expect(page.getByTestId("dead-entry-help")).toContainText(
    "Nejspíš ho opisujete ze staršího záznamu",
  );
  await expectNoAxeViolations(page);
  await screenshot(page, "two-factor-setup-after-reload");

  await page.getByLabel("2. Opište kód, který aplikace ukazuje").fill(codeFor(secret));
  await page.getByRole("button", { name: "Ověřit a zapnout" }).click();
  await expect(page.getByText("Ověření kódem z aplikace je zapnuté.")).toBeVisible();
  await expect(page.getByRole("list", { name: "Záložní kódy" }).getByRole("listitem")).toHaveCount(
    8,
  );
});

test("„Nový QR kód“ replaces the set-up: the old entry's code is refused, the screen says to delete it, the new one's verifies", async ({
  page,
}) => {
  await signInWithPassword(page, admin(31).email, admin(31).password);
  await expect(page).toHaveURL("/admin");
  const old = await shownSecret(page);
  await page.getByRole("button", { name: "Nový QR kód" }).click();
  await expect(
    page.getByRole("status").filter({ hasText: "Nový QR kód je připravený." }),
  ).toContainText("přestal platit: smažte ho");
  await expect.poll(() => shownSecret(page)).not.toBe(old);
  await screenshot(page, "two-factor-setup-new-code");
  const secret = await shownSecret(page);
  await expect(page.getByTestId("two-factor-secret")).toBeVisible();

  const field = page.getByLabel("2. Opište kód, který aplikace ukazuje");
  const oldCode = codeFor(old);
  await field.fill(oldCode === codeFor(secret) ? codeFor(old, 30_000) : oldCode);
  await page.getByRole("button", { name: "Ověřit a zapnout" }).click();
  await expect(
    page.getByText("Kód nesouhlasí. Opište prosím aktuální kód z aplikace."),
  ).toBeVisible();
  await field.fill(codeFor(secret));
  await page.getByRole("button", { name: "Ověřit a zapnout" }).click();
  await expect(page.getByText("Ověření kódem z aplikace je zapnuté.")).toBeVisible();
});

test("on „Můj účet“ she adds a second phone, removes the first, and makes new recovery codes: the old ones stop working at once", async ({
  page,
}) => {
  const firstSecret = await setUpApp(page, admin(32));
  const oldCodes = await page
    .getByRole("list", { name: "Záložní kódy" })
    .getByRole("listitem")
    .allTextContents();
  await page.getByRole("button", { name: "Kódy mám uložené, pokračovat" }).click();

  await page.goto("/admin/ucet");
  await waitForHydration(page);
  const apps = page.getByRole("region", { name: "Telefony s aplikací" });
  await expect(apps.getByRole("listitem")).toHaveCount(1);
  await expect(apps.getByRole("listitem")).toContainText("Telefon přidaný");
  await screenshot(page, "account-two-factor-apps");

  // A second phone: its own set-up, no new recovery codes.
  await apps.getByRole("button", { name: "Přidat další telefon" }).click();
  await expect(page.getByRole("heading", { name: "Další telefon" })).toBeVisible();
  await screenshot(page, "account-another-phone");
  const secondSecret = await shownSecret(page);
  expect(secondSecret).not.toBe(firstSecret);
  await page.getByLabel("2. Opište kód, který aplikace ukazuje").fill(codeFor(secondSecret));
  await page.getByRole("button", { name: "Ověřit a přidat" }).click();
  await expect(page.getByText("Telefon je přidaný.", { exact: false })).toBeVisible();
  await expect(apps.getByRole("listitem")).toHaveCount(2);

  // The second phone's next code signs her in, though the first phone is tried first.
  await page.getByRole("button", { name: "Odhlásit se" }).click();
  await expect(page).toHaveURL("/clenska-sekce");
  await signInWithPassword(page, admin(32).email, admin(32).password);
  await page.getByLabel("Kód z aplikace").fill(codeFor(secondSecret, 30_000));
  await page.getByRole("button", { name: "Ověřit a pokračovat" }).click();
  await expect(page).toHaveURL("/admin");
  await page.goto("/admin/ucet");
  await waitForHydration(page);
  await expect(apps.getByRole("listitem")).toHaveCount(2);

  // The first phone goes; a plain question, not the last phone's warning.
  await apps.getByRole("listitem").first().getByRole("button", { name: "Odebrat" }).click();
  const dialog = page.getByRole("alertdialog");
  await expect(dialog.getByRole("heading", { name: "Odebrat tento telefon?" })).toBeVisible();
  await expect(dialog.getByTestId("last-app-warning")).toHaveCount(0);
  await dialog.getByRole("button", { name: "Odebrat" }).click();
  await expect(page.getByText("Telefon je odebraný.", { exact: false })).toBeVisible();
  await expect(apps.getByRole("listitem")).toHaveCount(1);

  // The last one: a clear warning first (and she keeps it).
  await apps.getByRole("button", { name: "Odebrat" }).click();
  await expect(dialog.getByRole("heading", { name: "Odebrat jediný telefon?" })).toBeVisible();
  await expect(dialog.getByTestId("last-app-warning")).toContainText(
    "administrace vás hned požádá o nastavení nové aplikace",
  );
  await screenshot(page, "account-last-phone-warning");
  await dialog.getByRole("button", { name: "Zrušit" }).click();
  await expect(apps.getByRole("listitem")).toHaveCount(1);

  // New recovery codes, shown once with what to do with them.
  await apps.getByRole("button", { name: "Nové záložní kódy" }).click();
  await expect(dialog).toContainText("Dosavadní záložní kódy přestanou platit hned");
  await dialog.getByRole("button", { name: "Vytvořit nové kódy" }).click();
  const shown = page.getByTestId("new-recovery-codes");
  await expect(shown.getByRole("listitem")).toHaveCount(8);
  await expect(shown).toContainText("Starý seznam vyhoďte");
  const newCodes = await shown.getByRole("listitem").allTextContents();
  expect(newCodes).not.toContain(oldCodes[0]);
  await expectNoAxeViolations(page);
  await screenshot(page, "account-new-recovery-codes");
  await shown.getByRole("button", { name: "Kódy mám uložené, pokračovat" }).click();

  // An old code opens nothing any more; a new one does.
  await page.getByRole("button", { name: "Odhlásit se" }).click();
  await expect(page).toHaveURL("/clenska-sekce");
  await signInWithPassword(page, admin(32).email, admin(32).password);
  await page.getByLabel("Kód z aplikace").fill(oldCodes[0] ?? "");
  await page.getByRole("button", { name: "Ověřit a pokračovat" }).click();
  await expect(
    page.getByText("Kód nesouhlasí. Opište prosím aktuální kód z aplikace."),
  ).toBeVisible();
  await expect(page).toHaveURL("/prihlaseni");
  await page.getByLabel("Kód z aplikace").fill(newCodes[0] ?? "");
  await page.getByRole("button", { name: "Ověřit a pokračovat" }).click();
  await expect(page).toHaveURL("/admin");
});
