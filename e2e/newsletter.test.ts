/**
 * The newsletter at 360 px, against the accounts test server: the unticked box on a gift form,
 * ticked; only the confirmation arrives beside the gift; the confirmation page's button; the
 * one-click unsubscribe as a mail client makes it (no cookie, no sign-in); the state in her list.
 * Screenshots of every screen at 360 and 1280 px.
 */
import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import type { Page } from "@playwright/test";
import { type ParsedMail, simpleParser } from "mailparser";
import { unsubscribeToken } from "#server/newsletter/subscribers";
import { newsletterBoxLabel } from "#shared/newsletter";
import type { NewsletterListJson } from "#shared/newsletter-schemas";
import { paths } from "#shared/routes";
import {
  accountsBaseUrl,
  accountsDataDir,
  seededAdmins,
  storeSession,
  useOwnAddress,
} from "./accounts-server";
import { expect, expectSiteFrame, screenshotPath, test, waitForHydration } from "./fixtures";

test.use({ baseURL: accountsBaseUrl });
test.beforeEach(async ({ context }, testInfo) => useOwnAddress(context, testInfo));

const owner = seededAdmins[11] as (typeof seededAdmins)[number];
const phone = { width: 360, height: 780 };
const wide = { width: 1280, height: 900 };

/** The e-mails written so far to `email` in the server's mail folder. */
async function mailsTo(email: string): Promise<ParsedMail[]> {
  const mailDir = join(accountsDataDir, "mail");
  const files = (await readdir(mailDir).catch(() => [] as string[])).filter((name) =>
    name.endsWith(".eml"),
  );
  const mails = await Promise.all(
    files.map(async (file) => simpleParser(await readFile(join(mailDir, file)))),
  );
  return mails.filter((mail) => {
    const to = Array.isArray(mail.to) ? mail.to : mail.to ? [mail.to] : [];
    return to.some((each) => each.value.some((entry) => entry.address === email));
  });
}

async function shootBoth(page: Page, name: string) {
  for (const [width, size] of [
    [360, phone],
    [1280, wide],
  ] as const) {
    await page.setViewportSize(size);
    await page.screenshot({
      path: screenshotPath("newsletter", `${name}-${width}.png`),
      fullPage: true,
    });
  }
  await page.setViewportSize(phone);
}

test("a gift with the newsletter box: only the confirmation comes, its button confirms, one click unsubscribes, and her list shows it", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const email = `odberatelka-${Date.now()}@example.cz`;
  await page.setViewportSize(phone);

  // The box is there and unticked in the HTML the server sends, before any script.
  const html = await (await page.request.get(paths.gift)).text();
  const boxes = html.match(/<input[^>]*name="newsletter"[^>]*>/g) ?? [];
  expect(boxes).toHaveLength(2);
  for (const box of boxes) expect(box).not.toMatch(/checked/);

  await page.goto(paths.gift);
  await waitForHydration(page);
  const form = page.getByRole("form", { name: "Rituál zdarma", exact: true });
  await form.scrollIntoViewIfNeeded();
  const box = form.getByRole("checkbox", { name: new RegExp(`^${newsletterBoxLabel}`) });
  await expect(box).not.toBeChecked();
  await form.getByLabel("Jméno", { exact: true }).fill("Alena Odběratelka");
  await form.getByLabel("E-mail", { exact: true }).fill(email);
  await form.getByRole("checkbox", { name: /^Souhlasím/ }).check();
  await box.check();
  await box.scrollIntoViewIfNeeded();
  await shootBoth(page, "gift-box");
  await form.getByRole("button", { name: "Chci rituál zdarma", exact: true }).click();
  await expect(form.getByRole("status")).toContainText("Děkujeme!");

  // Of the newsletter only its confirmation (the gift's own e-mail waits while the gift has no
  // material on this server, and would be the only other one).
  const confirmationSubject = "Potvrď prosím odběr novinek";
  await expect
    .poll(async () => (await mailsTo(email)).map((mail) => mail.subject), { timeout: 30_000 })
    .toContain(confirmationSubject);
  const mails = await mailsTo(email);
  const others = mails.filter((mail) => mail.subject !== confirmationSubject);
  expect(mails.length - others.length).toBe(1);
  for (const mail of others) expect(mail.subject).toMatch(/^Tvůj dárek: /);
  const confirmation = mails.find((mail) => mail.subject === confirmationSubject);
  const link = confirmation?.text?.match(/https?:\/\/\S+\/novinky\/potvrzeni\/[A-Za-z0-9_-]+/)?.[0];
  expect(link).toBeDefined();

  // Opened from her e-mail on a phone with scripts blocked: the page in the site's frame.
  const plain = await browser.newContext({ javaScriptEnabled: false, viewport: phone });
  const noScript = await plain.newPage();
  await noScript.goto(new URL(new URL(String(link)).pathname, page.url()).href);
  await expect(noScript.getByRole("heading", { level: 1 })).toHaveText("Potvrzení odběru novinek");
  await expectSiteFrame(noScript);
  await plain.close();

  // Opening the link asks; the button confirms.
  await page.goto(new URL(String(link)).pathname);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Potvrzení odběru novinek");
  await shootBoth(page, "confirm");
  await page.getByRole("button", { name: "Potvrdit odběr" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Odběr je potvrzený");
  await shootBoth(page, "confirmed");
  await expectSiteFrame(page);

  // Her list: confirmed. The unsubscribe token is made as a letter will make it.
  const session = await storeSession(page, owner.email, owner.password);
  const listed = (await (
    await page.request.get("/api/admin/newsletter/subscribers", {
      headers: { Authorization: `Bearer ${session.access_token}` },
    })
  ).json()) as NewsletterListJson;
  const subscriber = listed.subscribers.find((row) => row.email === email);
  expect(subscriber?.state).toBe("subscribed");
  const secret = (await readFile(join(accountsDataDir, "auth-secret"), "utf8")).trim();
  const unsubscribePath = `${paths.newsletterUnsubscribe}/${unsubscribeToken(secret, String(subscriber?.id))}`;

  // RFC 8058, as a mail client makes it: a POST with no cookie, no sign-in, no page.
  const oneClick = await fetch(`${accountsBaseUrl}${unsubscribePath}`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: "List-Unsubscribe=One-Click",
  });
  expect(oneClick.status).toBe(200);

  await page.goto(paths.adminNewsletter);
  const card = page.locator(`[data-subscriber="${email}"]`);
  await expect(card.locator("[data-state]")).toHaveText("odhlášen");
  await expect(card).toContainText("Dárek – rituál");
  await page.getByRole("button", { name: /^odhlášen/ }).click();
  await expect(page).toHaveURL(/\?stav=odhlasen$/);
  await expect(card).toBeVisible();
  await shootBoth(page, "her-list");

  // The visible link: the page says it worked and offers to come back.
  await page.goto(unsubscribePath);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Odhlášení proběhlo");
  await expect(page.getByRole("button", { name: "Přihlásit se znovu" })).toBeVisible();
  await shootBoth(page, "unsubscribed");
  // Nothing more came after the confirmation.
  expect(await mailsTo(email)).toHaveLength(mails.length);
});

test("the blog's small form signs up without scripts, and a bad address gets the form again", async ({
  page,
}) => {
  await page.setViewportSize(phone);
  await page.goto(`${paths.blog}#novinky`);
  const section = page.locator("#novinky");
  await expect(section.getByRole("heading", { level: 2 })).toHaveText("Novinky e-mailem");
  await shootBoth(page, "blog-form");
  await section.getByLabel("E-mail", { exact: true }).fill(`blog-${Date.now()}@example.cz`);
  await section.getByRole("button", { name: "Přihlásit se k novinkám" }).click();
  await expect(page).toHaveURL(/\/blog#novinky-odeslano$/);
  await expect(page.locator("#novinky-odeslano")).toBeVisible();
  await shootBoth(page, "blog-sent");

  await page.goto(`${paths.blog}#novinky`);
  // The browser's own check aside, as a visitor whose browser skips it would send.
  await section.locator("form").evaluate((element) => element.setAttribute("novalidate", ""));
  await section.getByLabel("E-mail", { exact: true }).fill("bez-zavinace");
  await section.getByRole("button", { name: "Přihlásit se k novinkám" }).click();
  await expect(page.getByRole("alert")).toHaveText("Neplatný e-mail");
  await shootBoth(page, "blog-refused");
});
