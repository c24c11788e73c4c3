/**
 * The members' section in the browser, with the real session library, on a
 * server of its own whose mail goes to a real SMTP peer: a visitor sees the
 * public content (and no session code), an account without the role asks for
 * access once, a member sees the materials area and plays a video the owner
 * uploaded, and both sign out.
 */
import { execFileSync } from "node:child_process";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Page, Request } from "@playwright/test";
import { openDatabase } from "#database/open-database";
import { paths } from "#shared/routes";
import { operatorDefaults } from "#shared/site";
import { recordVideo } from "#testing/sample-media";
import { buildServerEnv, type ServerProcess, startServerProcess } from "#testing/server-process";
import { addressesOf, startTestSmtpServer, type TestSmtpServer } from "#testing/test-smtp-server";
import {
  seededAdmins,
  seededConfirmedAccounts,
  seededUnconfirmed,
  storageKey,
} from "./accounts-server";
import { expect, expectNoAxeViolations, screenshotPath, test, waitForHydration } from "./fixtures";
import { turnOffWeeklySummaries } from "./own-server";

// Its own server: +50 and +51 are the accounts and two-factor servers, +52 the last-administrator test's.
const port = Number(process.env.E2E_PORT ?? 3100) + 53;
const baseUrl = `http://localhost:${port}`;
const dataDir = join(tmpdir(), `e2e-members-${port}`);
const ownerEmail = "majitelka@example.cz";

const owner = seededAdmins[0] as (typeof seededAdmins)[number];
const [withoutRole, member] = seededConfirmedAccounts as [
  (typeof seededConfirmedAccounts)[number],
  (typeof seededConfirmedAccounts)[number],
];

let smtp: TestSmtpServer;
let server: ServerProcess;

// One server for the file: its tests run in order, in one worker.
test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  // Seeding and a first start of the embedded database, as the other test servers take.
  test.setTimeout(180_000);
  smtp = await startTestSmtpServer();
  const run = (args: string[]) =>
    execFileSync(process.execPath, ["--import", "tsx", ...args], {
      // The site's address as the server's own, for the link in the new member's e-mail.
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "", SITE_URL: baseUrl },
      stdio: "pipe",
    });
  // Confirmed accounts without a role (seed-accounts.ts); one is made a member by the admin command.
  run(["e2e/seed-accounts.ts", dataDir, baseUrl]);
  run(["scripts/admin.ts", "grant", member.email, "member"]);
  const handle = await openDatabase({ dataDir });
  try {
    await turnOffWeeklySummaries(handle.db);
  } finally {
    await handle.close();
  }
  server = await startServerProcess({
    env: buildServerEnv({
      port,
      dataDir,
      smtpUrl: smtp.url,
      settings: { NOTIFY_EMAIL: ownerEmail, TRUST_PROXY: "true", ADMIN_REQUIRE_2FA: "false" },
    }),
  });
});

test.afterAll(async () => {
  await server?.stop();
  await smtp?.close();
});

/**
 * Requests for the members' area's code or the session library's: the bundler names the library's
 * chunk after one of its modules (`auth-client`, or `api-answer` since the typed API clients share it).
 */
function sessionCode(requests: Request[]) {
  return requests.filter((request) =>
    /\/assets\/(member-area|auth-client|api-answer)-/.test(request.url()),
  );
}

async function openMembers(page: Page) {
  await page.goto(`${baseUrl}${paths.members}`);
  await waitForHydration(page);
}

async function signIn(page: Page, account: { email: string; password: string }) {
  const area = page.locator("#clenstvi");
  await area.getByLabel("E-mail").fill(account.email);
  await area.getByLabel("Heslo", { exact: true }).fill(account.password);
  await area.getByRole("button", { name: "Přihlásit se" }).click();
}

test("the member made with npm run admin -- grant is told by e-mail, with the link to her area", async () => {
  const [welcome] = await smtp.waitForMails(1);
  expect(addressesOf(welcome?.to)).toEqual([member.email]);
  // The command ran with the default settings: answers go to the site's own address.
  expect(addressesOf(welcome?.replyTo)).toEqual([operatorDefaults.email]);
  expect(welcome?.subject).toBe("Členská sekce je pro vás otevřená – Harmonie přírody");
  expect(welcome?.text).toContain(`${baseUrl}${paths.members}#clenstvi`);
  // The other tests count only what they send.
  smtp.mails.splice(0);
});

test("a visitor sees the public content and the members' sign-in, without the session library", async ({
  page,
}) => {
  const requests: Request[] = [];
  page.on("request", (request) => requests.push(request));
  await openMembers(page);

  await expect(page.getByRole("heading", { level: 1, name: "Členská sekce" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Nahrávky meditací" })).toBeVisible();
  await expect(
    page.getByRole("heading", { level: 2, name: "Přihlášení do členské sekce" }),
  ).toBeVisible();
  // Members only: the administration's door is not on this page.
  await expect(page.getByRole("main").getByText(/administr/i)).toHaveCount(0);
  await expectNoAxeViolations(page);
  expect(sessionCode(requests).map((request) => request.url())).toEqual([]);

  // The hero's button leads to the members' sign-in on this page; using the form brings its code.
  await page.getByRole("main").getByRole("link", { name: "Přihlásit se" }).click();
  await expect(page).toHaveURL(/#clenstvi$/);
  expect(sessionCode(requests)).toEqual([]);
  const loading = page.waitForRequest((request) => /\/assets\/member-area-/.test(request.url()));
  await page.locator("#clenstvi").getByLabel("E-mail").fill("pis@example.cz");
  await loading;
  await expect(page.locator("[data-load-when-near=member-area]")).toHaveAttribute(
    "data-hydrated",
    "true",
  );
  // What was typed meanwhile stays, and so does the focus.
  await expect(page.locator("#clenstvi").getByLabel("E-mail")).toHaveValue("pis@example.cz");
  await expect(page.locator("#clenstvi").getByLabel("E-mail")).toBeFocused();
});

test("a jump to the members' anchor brings the sign-in's code and keeps the form", async ({
  page,
}) => {
  await openMembers(page);
  await page.evaluate(() => {
    location.hash = "clenstvi";
  });
  await expect(page.locator("#clenstvi").getByLabel("E-mail")).toBeVisible();
  await signIn(page, member);
  await expect(page.getByRole("heading", { level: 2, name: "Vaše materiály" })).toBeVisible();
  // The hero's button no longer offers a sign-in: it leads to her materials.
  const hero = page.getByRole("main");
  await expect(hero.getByRole("link", { name: "Vaše materiály" })).toHaveAttribute(
    "href",
    "#clenstvi",
  );
  await expect(hero.getByRole("link", { name: "Přihlásit se" })).toHaveCount(0);
  await page.getByRole("button", { name: "Odhlásit se" }).click();
  await expect(page.getByText("Odhlášení úspěšné")).toBeVisible();
  await expect(hero.getByRole("link", { name: "Přihlásit se" })).toBeVisible();
});

test("a press on the sign-in button during which its code arrives still signs in", async ({
  page,
}) => {
  // The code arrives while the button is held down: were the live part to
  // replace the pre-rendered one under the pointer, the browser would send
  // no click (a lost tap, as a slow phone would see it).
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/member-area-/, async (route) => {
    await held;
    await route.continue();
  });
  await openMembers(page);
  const area = page.locator("#clenstvi");
  await area.getByLabel("E-mail").fill(member.email);
  await area.getByLabel("Heslo", { exact: true }).fill(member.password);
  const button = area.getByRole("button", { name: "Přihlásit se" });
  await button.scrollIntoViewIfNeeded();
  const box = await button.boundingBox();
  expect(box).not.toBeNull();
  if (!box) return;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  const loaded = page.waitForResponse(/\/assets\/member-area-/);
  release();
  await (await loaded).finished();
  // Time for the live part to mount, were it to mount under the pressed button.
  await page.waitForTimeout(500);
  await page.mouse.up();
  await expect(page.getByRole("heading", { level: 2, name: "Vaše materiály" })).toBeVisible();
  await page.getByRole("button", { name: "Odhlásit se" }).click();
  await expect(page.getByText("Odhlášení úspěšné")).toBeVisible();
});

test("an account without the role asks for access once and sees that it was sent", async ({
  page,
}) => {
  await openMembers(page);
  await signIn(page, withoutRole);

  await expect(
    page.getByRole("heading", { level: 2, name: "Přístup do členské sekce" }),
  ).toBeVisible();
  await expect(
    page.getByRole("main").getByRole("link", { name: "Přístup do členské sekce" }),
  ).toBeVisible();
  await expect(page.getByText(`Přihlášený účet: ${withoutRole.email}`)).toBeVisible();
  await expect(page.getByText("Váš účet zatím přístup do členské sekce nemá.")).toBeVisible();
  await page.getByRole("button", { name: "Požádat o přístup" }).click();
  await expect(page.getByText("Děkuji, žádost o přístup mám.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Požádat o přístup" })).toHaveCount(0);

  const [mail] = await smtp.waitForMails(1);
  expect(addressesOf(mail?.to)).toEqual([ownerEmail]);
  expect(addressesOf(mail?.replyTo)).toEqual([withoutRole.email]);
  expect(mail?.subject).toBe(`Žádost o přístup do členské sekce: ${withoutRole.fullName}`);
  expect(mail?.text).toContain(`${baseUrl}${paths.adminUsers}`);

  // Back later the same day: the page remembers the request, and asking again sends nothing.
  await openMembers(page);
  await expect(page.getByText("Děkuji, žádost o přístup mám.")).toBeVisible();
  // When, in Prague time, on one line: „Žádost odešla 26. 11. 2026 v 21:50.“
  await expect(
    page.getByText(
      /^Žádost odešla \d{1,2}\.\u00a0\d{1,2}\.\u00a0\d{4}\u00a0v\u00a0\d{1,2}:\d{2}\.$/,
    ),
  ).toBeVisible();
  for (const width of [360, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.getByText("Děkuji, žádost o přístup mám.").scrollIntoViewIfNeeded();
    await page.screenshot({ path: screenshotPath("members", `access-requested-${width}.png`) });
  }
  const again = await page.evaluate(async (key) => {
    const session = JSON.parse(localStorage.getItem(key) ?? "{}") as { access_token?: string };
    const response = await fetch("/api/members/access-requests", {
      method: "POST",
      headers: { Authorization: `Bearer ${session.access_token}` },
    });
    return { status: response.status, body: await response.json() };
  }, storageKey);
  expect(again).toMatchObject({ status: 200, body: { sent: false } });
  await page.waitForTimeout(1000);
  expect(smtp.mails).toHaveLength(1);

  await page.getByRole("button", { name: "Odhlásit se" }).click();
  await expect(page.getByText("Odhlášení úspěšné")).toBeVisible();
  await expect(
    page.getByRole("heading", { level: 2, name: "Přihlášení do členské sekce" }),
  ).toBeVisible();
});

test("a member signs in, sees the materials area and signs out", async ({ page }) => {
  await openMembers(page);
  await signIn(page, member);

  await expect(page.getByRole("heading", { level: 2, name: "Vaše materiály" })).toBeVisible();
  await expect(page.getByText(`Přihlášený účet: ${member.email}`)).toBeVisible();
  // The owner has not added any material for members on this test's server yet.
  await expect(
    page.getByText("Zatím tu žádné materiály nejsou. Jakmile nějaké přidám, najdete je tady."),
  ).toBeVisible();
  await expectNoAxeViolations(page);

  // The session survives a new visit.
  await openMembers(page);
  await expect(page.getByRole("heading", { level: 2, name: "Vaše materiály" })).toBeVisible();

  await page.getByRole("button", { name: "Odhlásit se" }).click();
  await expect(page.getByText("Odhlášení úspěšné")).toBeVisible();
  expect(await page.evaluate((key) => localStorage.getItem(key), storageKey)).toBeNull();
  await expect(page.getByRole("button", { name: "Přihlásit se" })).toBeVisible();
  // No e-mail for a member.
  expect(smtp.mails).toHaveLength(1);
});

test("the header shows „Administrace“ to the owner signed in here, never to a visitor or a member", async ({
  page,
}) => {
  const header = page.getByRole("banner");
  const adminLink = header.getByRole("link", { name: "Administrace" });
  const openMenu = () => header.getByRole("button", { name: "Otevřít menu" }).click();
  const storedRoles = () =>
    page.evaluate(
      (key) => JSON.parse(localStorage.getItem(key) ?? "{}").user?.app_metadata?.roles,
      storageKey,
    );

  // A visitor, on a wide screen and in the phone menu.
  await openMembers(page);
  await expect(adminLink).toHaveCount(0);
  await page.setViewportSize({ width: 360, height: 780 });
  await openMenu();
  await expect(page.locator("#site-menu").getByRole("link", { name: "Kontakt" })).toBeVisible();
  await expect(adminLink).toHaveCount(0);

  // A member, once her session is stored and the page has read it.
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, member);
  await expect(page.getByRole("heading", { level: 2, name: "Vaše materiály" })).toBeVisible();
  expect(await storedRoles()).toEqual(["member"]);
  await openMembers(page);
  await expect(page.getByRole("heading", { level: 2, name: "Vaše materiály" })).toBeVisible();
  await expect(adminLink).toHaveCount(0);
  await page.setViewportSize({ width: 360, height: 780 });
  await openMenu();
  await expect(page.locator("#site-menu").getByRole("link", { name: "Kontakt" })).toBeVisible();
  await expect(adminLink).toHaveCount(0);
  await page.keyboard.press("Escape");
  await page.getByRole("button", { name: "Odhlásit se" }).click();
  await expect(page.getByText("Odhlášení úspěšné")).toBeVisible();

  // The owner signs in here: the link comes without a new page, and goes when she signs out.
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, owner);
  await expect(page.getByRole("heading", { level: 2, name: "Vaše materiály" })).toBeVisible();
  await expect(adminLink).toBeVisible();
  await page.getByRole("button", { name: "Odhlásit se" }).click();
  await expect(page.getByText("Odhlášení úspěšné")).toBeVisible();
  await expect(adminLink).toHaveCount(0);

  // Signed in again, she opens the administration from the phone menu.
  await signIn(page, owner);
  await expect(page.getByRole("heading", { level: 2, name: "Vaše materiály" })).toBeVisible();
  await page.setViewportSize({ width: 360, height: 780 });
  await openMenu();
  await adminLink.click();
  await expect(page).toHaveURL(`${baseUrl}${paths.admin}`);
  await expect(page.getByRole("heading", { level: 1, name: "Administrace" })).toBeVisible();
});

test("a wrong password is refused in Czech and the form stays", async ({ page }) => {
  await openMembers(page);
  await signIn(page, { email: member.email, password: "spatne-heslo" });
  await expect(page.locator("#clenstvi").getByRole("status")).not.toBeEmpty();
  await expect(
    page.getByRole("heading", { level: 2, name: "Přihlášení do členské sekce" }),
  ).toBeVisible();
  await expect(page.locator("#clenstvi").getByLabel("Heslo", { exact: true })).toHaveValue("");
});

/** An access token from the real password sign-in, for the API calls a test makes itself. */
async function accessToken(page: Page, account: { email: string; password: string }) {
  const response = await page.request.post(`${baseUrl}/auth/v1/token?grant_type=password`, {
    data: { email: account.email, password: account.password },
  });
  expect(response.status(), `sign-in of ${account.email}`).toBe(200);
  return ((await response.json()) as { access_token: string }).access_token;
}

test("a member plays the owner's video and sees her YouTube link framed; others cannot fetch them", async ({
  page,
}) => {
  test.setTimeout(120_000);
  // The owner adds a video file and a YouTube link for members, through the administration's API.
  const ownerToken = await accessToken(page, owner);
  const asOwner = { Authorization: `Bearer ${ownerToken}` };
  const created = await page.request.post(`${baseUrl}/api/admin/materials`, {
    headers: asOwner,
    data: { title: "Večerní rituál", description: "Krátké ztišení.", place: "members" },
  });
  expect(created.status()).toBe(201);
  const { material } = (await created.json()) as { material: { id: string } };
  await page.goto(`${baseUrl}/robots.txt`);
  const uploaded = await page.request.put(`${baseUrl}/api/admin/materials/${material.id}/file`, {
    headers: { ...asOwner, "Content-Type": "video/webm" },
    data: await recordVideo(page),
  });
  expect(uploaded.status()).toBe(200);
  const linked = await page.request.post(`${baseUrl}/api/admin/materials`, {
    headers: asOwner,
    data: { title: "Dech lesa", place: "members", link: "https://youtu.be/dQw4w9WgXcQ" },
  });
  expect(linked.status()).toBe(201);

  // Only the members' section may frame YouTube, and only now that it offers a YouTube link.
  const membersPage = await page.request.get(`${baseUrl}${paths.members}`);
  expect(membersPage.headers()["content-security-policy"]).toContain(
    "frame-src https://www.youtube-nocookie.com",
  );
  const home = await page.request.get(`${baseUrl}/`);
  expect(home.headers()["content-security-policy"]).not.toContain("frame-src");

  // The member signs in on the members' page and plays the video, from its middle too.
  const violations: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  await openMembers(page);
  await signIn(page, member);
  await expect(page.getByRole("heading", { level: 3, name: "Večerní rituál" })).toBeVisible();
  const video = page.locator(`video[aria-label="Večerní rituál"]`);
  const played = await video.evaluate(
    (element: HTMLVideoElement) =>
      new Promise<{ canPlay: boolean; seeked: boolean }>((resolve, reject) => {
        setTimeout(() => reject(new Error(`readyState ${element.readyState}`)), 20_000);
        const seek = () => {
          element.addEventListener("seeked", () => resolve({ canPlay: true, seeked: true }), {
            once: true,
          });
          element.currentTime = 1;
        };
        if (element.readyState >= 3) seek();
        else element.addEventListener("canplay", seek, { once: true });
      }),
  );
  expect(played).toEqual({ canPlay: true, seeked: true });
  const player = page.locator('iframe[title="Dech lesa"]');
  await expect(player).toHaveAttribute("src", /^https:\/\/www\.youtube-nocookie\.com\/embed\//);
  expect(violations).toEqual([]);
  for (const width of [360, 1280]) {
    await page.setViewportSize({ width, height: width === 360 ? 800 : 900 });
    await page.locator("#clenstvi").screenshot({
      path: screenshotPath("members", `signed-in-${width}.png`),
    });
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: screenshotPath("members", `signed-in-hero-${width}.png`) });
  }
  const fileUrl = await video.evaluate((element: HTMLVideoElement) => element.src);
  const unsigned = `${new URL(fileUrl).origin}${new URL(fileUrl).pathname}`;

  // An anonymous visitor: no list, and the file's address without its signature is refused.
  const anonymousList = await page.request.get(`${baseUrl}/api/members/materials`);
  expect(anonymousList.status()).toBe(401);
  expect((await page.request.get(unsigned)).status()).toBe(401);
  // A signed address altered by a byte is refused too.
  const tampered = fileUrl.replace(
    /sig=(.)/,
    (_, first: string) => `sig=${first === "A" ? "B" : "A"}`,
  );
  expect((await page.request.get(tampered)).status()).toBe(403);
  // An account without the role gets no list, hence no signed address.
  const withoutRoleList = await page.request.get(`${baseUrl}/api/members/materials`, {
    headers: { Authorization: `Bearer ${await accessToken(page, withoutRole)}` },
  });
  expect(withoutRoleList.status()).toBe(403);
  expect(await withoutRoleList.text()).not.toContain(material.id);

  await page.getByRole("button", { name: "Odhlásit se" }).click();
  await expect(page.getByText("Odhlášení úspěšné")).toBeVisible();
  // Signed out: the list is gone from the page.
  await expect(page.getByRole("heading", { level: 3, name: "Večerní rituál" })).toHaveCount(0);
});

test("a signed-in account changes its password in the members' area, giving the current one", async ({
  page,
}) => {
  await openMembers(page);
  await signIn(page, withoutRole);
  const area = page.locator("#clenstvi");
  await area.getByText("Změna hesla").click();
  const current = area.getByLabel("Současné heslo", { exact: true });
  const change = async (from: string, to: string) => {
    await current.fill(from);
    await area.getByLabel("Nové heslo", { exact: true }).fill(to);
    await area.getByLabel("Nové heslo znovu").fill(to);
    await area.getByRole("button", { name: "Změnit heslo" }).click();
  };
  // A wrong current password changes nothing and is said next to its field.
  await change("neni-to-ono", "mata-a-medunka");
  await expect(current).toHaveAccessibleDescription("Současné heslo nesouhlasí.");
  await expect(current).toBeFocused();
  for (const width of [360, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await area.locator("details").screenshot({
      path: screenshotPath("members", `password-change-${width}.png`),
    });
  }
  await expectNoAxeViolations(page);
  await change(withoutRole.password, "mata-a-medunka");
  await expect(area.getByRole("status").filter({ hasText: "Heslo je změněné." })).toBeVisible();
  await expect(current).toHaveValue("");

  // The new password signs in; then it goes back, so that the account stays as seeded.
  await page.getByRole("button", { name: "Odhlásit se" }).click();
  await signIn(page, { email: withoutRole.email, password: "mata-a-medunka" });
  await expect(
    page.getByRole("heading", { level: 2, name: "Přístup do členské sekce" }),
  ).toBeVisible();
  await area.getByText("Změna hesla").click();
  await change("mata-a-medunka", withoutRole.password);
  await expect(area.getByRole("status").filter({ hasText: "Heslo je změněné." })).toBeVisible();
});

test("an account whose address is not confirmed is told to confirm it first, and may have the e-mail sent again", async ({
  page,
}) => {
  await openMembers(page);
  await signIn(page, seededUnconfirmed);
  const area = page.locator("#clenstvi");
  await expect(area.getByRole("status").first()).toContainText(
    "Nejdřív prosím potvrďte svou e-mailovou adresu",
  );
  await expect(
    page.getByRole("heading", { level: 2, name: "Přihlášení do členské sekce" }),
  ).toBeVisible();
  const before = smtp.mails.length;
  await area.getByRole("button", { name: "Poslat potvrzovací e-mail znovu" }).click();
  await expect(area.getByText("Poslala jsem vám nový e-mail s")).toBeVisible();
  const mails = await smtp.waitForMails(before + 1);
  const mail = mails.at(-1);
  expect(addressesOf(mail?.to)).toEqual([seededUnconfirmed.email]);
  expect(mail?.text).toContain("/auth/v1/verify?token=");
  expect(await page.evaluate((key) => localStorage.getItem(key), storageKey)).toBeNull();
});
