/**
 * Users and roles, the audit log and her own sign-ins on the administration
 * page, against the accounts test server; the last administrator on a
 * server of her own (on the shared one many administrators exist).
 */
import type { Page } from "@playwright/test";
import { formatPragueDate } from "#shared/prague-time";
import {
  accountsBaseUrl,
  accountsServerSettings,
  lastAdminPort,
  seededAdmins,
  seededConfirmedAccounts,
  seededUnconfirmed,
  storeSession,
  useOwnAddress,
} from "./accounts-server";
import { expect, expectNoAxeViolations, screenshotPath, test } from "./fixtures";
import { setUpOwnServer } from "./own-server";

test.use({ baseURL: accountsBaseUrl });
test.beforeEach(async ({ context }, testInfo) => useOwnAddress(context, testInfo));

const admin = (number: number) => seededAdmins[number - 1] as (typeof seededAdmins)[number];
const confirmed = (number: number) =>
  seededConfirmedAccounts[number - 1] as (typeof seededConfirmedAccounts)[number];

async function openUsersAs(page: Page, account: { email: string; password: string }) {
  await storeSession(page, account.email, account.password);
  await page.goto("/admin/uzivatele");
  await expect(page.getByRole("heading", { level: 2, name: "Uživatelé a role" })).toBeVisible();
}

async function searchFor(page: Page, text: string) {
  await page.getByLabel("Hledat podle e-mailu nebo jména").fill(text);
  await page.getByRole("button", { name: "Hledat" }).click();
  await expect(page.getByText("Nalezeno: 1 účet")).toBeVisible();
}

/** The account's row of the table (the desktop project is 1280 px wide). */
const rowOf = (page: Page, email: string) => page.locator(`tr[data-user="${email}"]`);

async function changeRole(page: Page, email: string, button: string, confirm: string) {
  await rowOf(page, email).getByRole("button", { name: button }).click();
  const dialog = page.getByRole("alertdialog");
  await expect(dialog).toContainText(email);
  await dialog.getByRole("button", { name: confirm }).click();
  await expect(dialog).toBeHidden();
}

/** Today in Prague, in the page's Czech date format, „23. 11. 2026“. */
const today = () => formatPragueDate(new Date());
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

async function screenshots(page: Page, name: string) {
  for (const width of [360, 1280]) {
    const height = width === 360 ? 780 : 900;
    await page.setViewportSize({ width, height });
    // The top of a long page: the header, the menu and the first entries.
    await page.screenshot({
      path: screenshotPath("users", `${name}-${width}.png`),
      fullPage: true,
      clip: { x: 0, y: 0, width, height: height * 2 },
    });
  }
  await page.setViewportSize({ width: 1280, height: 720 });
}

test("granting and revoking member and admin on the page, each behind a confirmation", async ({
  page,
}) => {
  const target = confirmed(1);
  await openUsersAs(page, admin(25));
  await searchFor(page, target.email);
  const row = rowOf(page, target.email);
  await expect(row).toContainText("potvrzená");
  await expect(row).toContainText("žádná");

  // „Zrušit“ changes nothing.
  await row.getByRole("button", { name: "Dát přístup do členské sekce" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Zrušit" }).click();
  await expect(row).toContainText("žádná");

  await changeRole(page, target.email, "Dát přístup do členské sekce", "Dát přístup");
  await expect(page.getByText(/^Přístup do členské sekce pro \S+ je přidaný\.$/)).toBeVisible();
  await expect(row).toContainText("členská sekce");

  await changeRole(page, target.email, "Dát přístup do administrace", "Dát přístup");
  await expect(row).toContainText("administrace");
  // She is an administrator now: the administration lets her in.
  const session = (await (
    await page.request.post("/auth/v1/token?grant_type=password", {
      data: { email: target.email, password: target.password },
    })
  ).json()) as { access_token: string };
  const access = () =>
    page.request.get("/api/admin/access", {
      headers: { Authorization: `Bearer ${session.access_token}` },
    });
  expect((await access()).status()).toBe(200);

  await changeRole(page, target.email, "Odebrat přístup do administrace", "Odebrat přístup");
  await expect(row.getByRole("button", { name: "Dát přístup do administrace" })).toBeVisible();
  expect((await access()).status()).toBe(403);
  await changeRole(page, target.email, "Odebrat přístup do členské sekce", "Odebrat přístup");
  await expect(row).toContainText("žádná");

  // The changes were stored, not only drawn.
  await page.reload();
  await searchFor(page, target.email);
  await expect(rowOf(page, target.email)).toContainText("žádná");
});

test("the audit log shows each change, who made it and when", async ({ page }) => {
  const target = confirmed(2);
  const session = (await (
    await page.request.post("/auth/v1/token?grant_type=password", {
      data: { email: admin(29).email, password: admin(29).password },
    })
  ).json()) as { access_token: string };
  const headers = { Authorization: `Bearer ${session.access_token}` };
  const { users } = (await (
    await page.request.get(`/api/admin/users?q=${target.email}`, { headers })
  ).json()) as { users: { id: string }[] };
  const rolePath = (role: string) => `/api/admin/users/${users[0]?.id}/roles/${role}`;
  for (const [method, role] of [
    ["PUT", "member"],
    ["PUT", "admin"],
    ["DELETE", "admin"],
    ["DELETE", "member"],
  ] as const) {
    const response = await page.request.fetch(rolePath(role), { method, headers });
    expect(response.status()).toBe(200);
  }

  await storeSession(page, admin(29).email, admin(29).password);
  await page.goto("/admin");
  await page.getByRole("link", { name: "Záznamy změn" }).click();
  await expect(page).toHaveURL("/admin/zaznamy-zmen");
  await expect(page.getByRole("link", { name: "Záznamy změn" })).toHaveAttribute(
    "aria-current",
    "page",
  );
  const entries = page.locator("[data-audit-entry]").filter({ hasText: target.email });
  const by = `Kdo: ${admin(29).email}`;
  const at = `${escapeRegExp(today())} \\d{1,2}:\\d{2}`;
  const line = (sentence: string) =>
    new RegExp(`^${at}${escapeRegExp(sentence)}${escapeRegExp(by)}$`);
  await expect(entries).toHaveText([
    line(`Účtu ${target.email} byl odebrán přístup do členské sekce.`),
    line(`Účtu ${target.email} byl odebrán přístup do administrace.`),
    line(`Účet ${target.email} dostal přístup do administrace.`),
    line(`Účet ${target.email} dostal přístup do členské sekce.`),
  ]);
  // The seed's grants were made on the server's command line.
  await expect(
    page.locator("[data-audit-entry]").filter({ hasText: "Kdo: správa přímo na serveru" }).first(),
  ).toBeVisible();
  await expectNoAxeViolations(page);
  await screenshots(page, "audit-log");
});

test("the users list: cards on a phone, a table on a wide screen", async ({ page }) => {
  await openUsersAs(page, admin(26));
  await page.setViewportSize({ width: 360, height: 780 });
  const card = page.locator(`li[data-user="${seededUnconfirmed.email}"]`);
  await expect(card).toBeVisible();
  await expect(rowOf(page, seededUnconfirmed.email)).toBeHidden();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await page.setViewportSize({ width: 1280, height: 900 });
  await expect(card).toBeHidden();
  await expect(rowOf(page, seededUnconfirmed.email)).toBeVisible();
  await screenshots(page, "users");
  await searchFor(page, seededUnconfirmed.email);
  await expectNoAxeViolations(page);
});

test("no role for an unconfirmed address: the page says why and offers only to send the confirmation again", async ({
  page,
}) => {
  await openUsersAs(page, admin(27));
  await searchFor(page, seededUnconfirmed.email);
  const row = rowOf(page, seededUnconfirmed.email);
  await expect(row).toContainText("nepotvrzená");
  await expect(row).toContainText(
    "Roli zatím nelze přidělit: účet nemá potvrzenou e-mailovou adresu. Půjde to, až ji potvrdí odkazem z e-mailu.",
  );
  await expect(row.getByRole("button")).toHaveText(["Poslat potvrzení znovu"]);

  // Asked directly, the server refuses too, with the same reason.
  const session = (await (
    await page.request.post("/auth/v1/token?grant_type=password", {
      data: { email: admin(27).email, password: admin(27).password },
    })
  ).json()) as { access_token: string };
  const users = (await (
    await page.request.get(`/api/admin/users?q=${seededUnconfirmed.email}`, {
      headers: { Authorization: `Bearer ${session.access_token}` },
    })
  ).json()) as { users: { id: string }[] };
  const refused = await page.request.put(`/api/admin/users/${users.users[0]?.id}/roles/member`, {
    headers: { Authorization: `Bearer ${session.access_token}` },
  });
  expect(refused.status()).toBe(409);
  expect(((await refused.json()) as { error: { code: string } }).error.code).toBe(
    "email_not_confirmed",
  );
});

test("„Odhlásit všude jinde“ ends her other sign-ins and keeps this one", async ({ page }) => {
  // Another browser of hers, signed in with its own User-Agent.
  const elsewhere = (await (
    await page.request.post("/auth/v1/token?grant_type=password", {
      data: { email: admin(28).email, password: admin(28).password },
      headers: { "User-Agent": "Mozilla/5.0 (Linux; Android 14) Chrome/130.0 Mobile" },
    })
  ).json()) as { access_token: string };
  await storeSession(page, admin(28).email, admin(28).password);
  await page.goto("/admin/ucet");
  await expect(page.getByRole("heading", { level: 2, name: "Moje přihlášení" })).toBeVisible();
  await expect(page.locator("[data-session=current]")).toHaveCount(1);
  await expect(page.locator("[data-session=current]")).toContainText("toto zařízení");
  await expect(page.locator("[data-session=other]").first()).toBeVisible();
  await expect(page.getByText("Chrome v Androidu")).toBeVisible();
  await expectNoAxeViolations(page);
  await screenshots(page, "sign-ins");

  await page.getByRole("button", { name: "Odhlásit všude jinde" }).click();
  await expect(page.getByText("Přihlášení na ostatních zařízeních jsou ukončená.")).toBeVisible();
  await expect(page.locator("[data-session=other]")).toHaveCount(0);
  await expect(page.getByText("Jinde účet přihlášený není.")).toBeVisible();
  const refused = await page.request.get("/api/admin/access", {
    headers: { Authorization: `Bearer ${elsewhere.access_token}` },
  });
  expect(refused.status()).toBe(401);
  // This browser is still signed in.
  await page.getByRole("link", { name: "Uživatelé a role" }).click();
  await expect(page.getByRole("heading", { level: 2, name: "Uživatelé a role" })).toBeVisible();
});

test.describe("on a server of its own: one administrator, mail through the SMTP test peer", () => {
  // One server for both tests: they must run one after the other, in one worker.
  test.describe.configure({ mode: "serial" });
  const owner = {
    email: "jedina@example.cz",
    password: "bylinky-a-vune",
    fullName: "Jediná Správkyně",
  };
  /** Registered, her address never confirmed: the confirmation is sent again from the page. */
  const newcomer = {
    email: "nova.clenka@example.cz",
    password: "bylinky-a-vune",
    fullName: "Nová Členka",
  };
  const server = setUpOwnServer({
    // Not accountsPort + 1: that is the two-factor server's port, which answered this test's
    // /healthz while its own server could not listen, and knew no such account.
    port: lastAdminPort,
    name: "last-admin",
    owner,
    seedAccounts: async (accounts) => {
      await accounts.signUp(newcomer);
    },
    settings: accountsServerSettings,
  });

  async function signInHere(page: Page) {
    await server.signIn(page);
    await page.goto(`${server.origin}/admin/uzivatele`);
  }

  test("„Poslat potvrzení znovu“ sends the confirmation e-mail; once followed, the role can be given", async ({
    page,
    browser,
  }) => {
    // The limit of one e-mail a minute counts in clock minutes: both sends must fall in one.
    test.setTimeout(90_000);
    const second = new Date().getSeconds();
    if (second > 35) await page.waitForTimeout((61 - second) * 1000);
    const { origin } = server;
    await signInHere(page);
    const row = rowOf(page, newcomer.email);
    await expect(row).toContainText("nepotvrzená");
    await expect(row.getByRole("button", { name: /přístup/ })).toHaveCount(0);
    await row.getByRole("button", { name: "Poslat potvrzení znovu" }).click();
    await expect(
      page.getByText(
        `Potvrzovací e-mail je na cestě na adresu ${newcomer.email}. Odkaz v\u00a0něm platí 24\u00a0hodin.`,
      ),
    ).toBeVisible();

    // The mail server receives it, addressed to her, with a link that confirms the address.
    const [mail] = await server.smtp.waitForMails(1);
    expect(mail?.envelopeTo).toEqual([newcomer.email]);
    expect(mail?.subject).toBe("Potvrzení e-mailu – Harmonie přírody");
    const link = mail?.text?.match(/https?:\/\/[^\s\]>)]+\/auth\/v1\/verify\?[^\s\]>)]+/)?.[0];
    expect(link, "the confirmation link").toBeDefined();
    expect(new URL(link as string).origin).toBe(origin);

    // Sent twice within a minute: a notice in view says why not, and no second e-mail goes.
    await row.getByRole("button", { name: "Poslat potvrzení znovu" }).click();
    const notice = page.getByText(
      "Potvrzovací e-mail na tuto adresu odešel před chvílí. Další půjde poslat za minutu.",
    );
    await expect(notice).toBeVisible();
    await expect(notice).toBeInViewport();

    // The newcomer follows the link in her own browser (it signs a member in, and must not take
    // the administrator's session in this one); the page then offers the roles.
    const newcomersBrowser = await browser.newContext();
    const mailApp = await newcomersBrowser.newPage();
    await mailApp.goto(link as string);
    await expect(mailApp.getByText("Děkuji, vaše e-mailová adresa je potvrzená.")).toBeVisible();
    // A member's confirmation lands in the members' area, signed in (no role yet, so the door).
    await expect(mailApp).toHaveURL(new RegExp(`^${origin}/clenska-sekce`));
    await newcomersBrowser.close();
    await page.reload();
    await expect(rowOf(page, newcomer.email)).toContainText("potvrzená");
    await expect(
      rowOf(page, newcomer.email).getByRole("button", { name: "Poslat potvrzení znovu" }),
    ).toHaveCount(0);
    await changeRole(page, newcomer.email, "Dát přístup do členské sekce", "Dát přístup");
    await expect(rowOf(page, newcomer.email)).toContainText("členská sekce");
    // One confirmation e-mail only; the grant then welcomes her in the members' area.
    const mails = await server.smtp.waitForMails(2);
    expect(mails.map((sent) => sent.subject)).toEqual([
      "Potvrzení e-mailu – Harmonie přírody",
      expect.not.stringContaining("Potvrzení"),
    ]);
    expect(mails[1]?.envelopeTo).toEqual([newcomer.email]);
  });

  test("the last administrator keeps the role, and the page says why", async ({ page }) => {
    const { origin } = server;
    await signInHere(page);
    const row = rowOf(page, owner.email);
    await expect(row).toContainText("administrace");

    await row.getByRole("button", { name: "Odebrat přístup do administrace" }).click();
    const dialog = page.getByRole("alertdialog");
    await expect(dialog).toContainText(
      "Jde o váš vlastní účet: hned poté se do administrace už nedostanete.",
    );
    await dialog.getByRole("button", { name: "Odebrat přístup" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "poslední" })).toHaveText(
      "Toto je poslední účet s rolí administrátora. Aby se do administrace stále dalo dostat, přidělte nejdřív tuto roli jinému účtu.",
    );
    await expect(row).toContainText("administrace");
    await page.reload();
    await expect(rowOf(page, owner.email)).toContainText("administrace");
    await expect(page).toHaveURL(`${origin}/admin/uzivatele`);
  });
});
