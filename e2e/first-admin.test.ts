/**
 * The first administrator in one step: a fresh server, with an empty data
 * folder and so no administrator, prints a set-up link in its log; opened on
 * a phone, it makes the owner's account, signs her in, sets up her
 * authenticator app and leads her into the administration.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Page } from "@playwright/test";
import * as OTPAuth from "otpauth";
import { firstAdminMessages } from "#shared/first-admin";
import { paths } from "#shared/routes";
import { buildServerEnv, type ServerProcess, startServerProcess } from "#testing/server-process";
import { expect, expectNoAxeViolations, screenshotPath, test } from "./fixtures";

// A server of its own: its port differs from every other server's (main, +50, +51, +52).
const port = Number(process.env.E2E_PORT ?? 3100) + 57;
const baseUrl = `http://localhost:${port}`;

const owner = {
  email: "katerina@example.cz",
  fullName: "Kateřina Lesná",
  password: "levandule-a-santal",
};

let server: ServerProcess;
let dataDir: string;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  dataDir = await mkdtemp(join(tmpdir(), "e2e-first-admin-"));
  server = await startServerProcess({
    seedDatabase: true,
    env: buildServerEnv({ port, dataDir, settings: { TRUST_PROXY: "true" } }),
  });
});

test.afterAll(async () => {
  await server?.stop();
  await rm(dataDir, { recursive: true, force: true });
});

/** The set-up link, as the owner reads it in the server's log. */
async function readSetUpLink(): Promise<string> {
  await expect.poll(() => server.output()).toContain(paths.firstAdmin);
  const links = server.output().match(/https?:\/\/\S+\/admin\/zalozeni-uctu#[\w-]+/g) ?? [];
  expect(links).toHaveLength(1);
  return links[0] as string;
}

async function screenshot(page: Page, name: string) {
  // From the top: the sticky site header would otherwise cover the part scrolled to.
  await page.evaluate(() => window.scrollTo(0, 0));
  for (const width of [360, 1280]) {
    await page.setViewportSize({ width, height: width === 360 ? 780 : 900 });
    await page.screenshot({ path: screenshotPath(`${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 360, height: 780 });
}

async function fillAccount(page: Page, account: typeof owner) {
  await page.getByLabel("E-mail").fill(account.email);
  await page.getByLabel("Celé jméno").fill(account.fullName);
  await page.getByLabel("Heslo", { exact: true }).fill(account.password);
  await page.getByLabel("Heslo znovu").fill(account.password);
  await page.getByRole("button", { name: "Založit účet" }).click();
}

test("the link from a fresh server's log makes the owner an administrator with her app, on a phone", async ({
  page,
  browser,
  consoleEntries,
}) => {
  test.setTimeout(120_000);
  const link = await readSetUpLink();
  expect(link.startsWith(`${baseUrl}${paths.firstAdmin}#`)).toBe(true);
  // The page is never indexed; its address alone (the fragment stays in the browser) is a page.
  const plain = await page.request.get(`${baseUrl}${paths.firstAdmin}`);
  expect(plain.headers()["x-robots-tag"]).toBe("noindex, nofollow");

  await page.setViewportSize({ width: 360, height: 780 });
  await page.goto(link);
  await expect(
    page.getByRole("heading", { level: 2, name: "Založte si účet administrátora" }),
  ).toBeVisible();
  await expect(page.getByText("Krok 1 ze 2: účet")).toBeVisible();
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex, nofollow");
  await expectNoAxeViolations(page);

  // Every field at once, as registration checks them.
  await page.getByRole("button", { name: "Založit účet" }).click();
  await expect(page.getByText("Zadejte prosím platnou e-mailovou adresu.")).toBeVisible();
  await expect(page.getByText("Vyplňte prosím celé jméno.")).toBeVisible();
  await expect(page.getByText("Heslo musí mít alespoň 6 znaků.")).toBeVisible();
  await expect(page.getByLabel("E-mail")).toBeFocused();
  await screenshot(page, "first-admin-refused");
  await page.reload();
  await expect(page.getByRole("button", { name: "Založit účet" })).toBeVisible();
  await screenshot(page, "first-admin-form");
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBe(0);

  await fillAccount(page, owner);
  await expect(page.getByText("Krok 2 ze 2: kód z aplikace")).toBeVisible();
  // The spent link leaves the address.
  expect(new URL(page.url()).hash).toBe("");
  const secret = ((await page.getByTestId("two-factor-secret").textContent()) ?? "").replace(
    /\s/g,
    "",
  );
  await screenshot(page, "first-admin-app");
  const code = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret) }).generate();
  await page.getByLabel("2. Opište kód, který aplikace ukazuje").fill(code);
  await page.getByRole("button", { name: "Ověřit a zapnout" }).click();
  await expect(page.getByRole("list", { name: "Záložní kódy" })).toBeVisible();
  await page.getByRole("button", { name: "Kódy mám uložené, pokračovat" }).click();

  await expect(page).toHaveURL(`${baseUrl}${paths.admin}`);
  await expect(
    page.getByRole("heading", { level: 2, name: "Odeslaná data z formulářů" }),
  ).toBeVisible();
  await expect(page.getByText(owner.email)).toBeVisible();

  // The same link in another browser: spent, and the page says so instead of the form.
  const other = await browser.newContext({ viewport: { width: 360, height: 780 } });
  try {
    const stranger = await other.newPage();
    await stranger.goto(link);
    await fillAccount(stranger, { ...owner, email: "nekdo@example.cz" });
    await expect(stranger.getByRole("alert")).toHaveText(firstAdminMessages.linkInvalid);
    await expect(stranger.getByRole("button", { name: "Založit účet" })).toBeHidden();
    await expect(
      stranger.getByRole("heading", { level: 2, name: "Účet se nepodařilo založit" }),
    ).toBeVisible();
    await expect(stranger.getByRole("link", { name: "Přejít na přihlášení" })).toBeVisible();
    await screenshot(stranger, "first-admin-link-spent");
  } finally {
    await other.close();
  }
  expect(consoleEntries.filter((entry) => entry.type === "error")).toEqual([]);
});
