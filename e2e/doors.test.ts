/**
 * Two doors, each named for who goes through it: the administration's
 * sign-in (/prihlaseni) points a member to her area, and her password-reset
 * link lands there, signed in; the owner's notification e-mail leads to its
 * record through the administration's sign-in and her app's code.
 */
import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import type { Page } from "@playwright/test";
import { simpleParser } from "mailparser";
import * as OTPAuth from "otpauth";
import {
  composeMemberWelcomeMail,
  composeSubmissionMail,
  renderStoredMail,
} from "#server/mail/outbox";
import { operatorDefaults } from "#shared/site";
import {
  accountsBaseUrl,
  readRecoveryLink,
  readStoredSession,
  registerAccount,
  seededAdmins,
  twoFactorBaseUrl,
  twoFactorDataDir,
  useOwnAddress,
} from "./accounts-server";
import { expect, expectNoAxeViolations, screenshotPath, test, waitForHydration } from "./fixtures";

test.beforeEach(async ({ context }, testInfo) => useOwnAddress(context, testInfo));

const uniqueEmail = (label: string) =>
  `${label}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.cz`;

/** Seeded administrators no other test file signs in (see the numbers they use). */
const grantingAdmin = seededAdmins[20] as (typeof seededAdmins)[number];
const owner = seededAdmins[21] as (typeof seededAdmins)[number];

async function screenshots(page: Page, name: string) {
  for (const width of [360, 1280]) {
    await page.setViewportSize({ width, height: width === 360 ? 780 : 900 });
    await page.screenshot({ path: screenshotPath(`${name}-${width}.png`), fullPage: true });
    const widths = await page.evaluate(() => [document.documentElement.scrollWidth, innerWidth]);
    expect(widths[0]).toBeLessThanOrEqual(widths[1] as number);
  }
  await page.setViewportSize({ width: 1280, height: 720 });
}

/** A registered, confirmed account given the members' role by an administrator, as on „Uživatelé a role“. */
async function createMember(page: Page, email: string, password: string) {
  await registerAccount(page, email, password);
  const signIn = async (who: { email: string; password: string }) => {
    const response = await page.request.post(
      `${accountsBaseUrl}/auth/v1/token?grant_type=password`,
      { data: who },
    );
    expect(response.status()).toBe(200);
    return (await response.json()) as { access_token: string; user: { id: string } };
  };
  const member = await signIn({ email, password });
  const admin = await signIn(grantingAdmin);
  const granted = await page.request.put(
    `${accountsBaseUrl}/api/admin/users/${member.user.id}/roles/member`,
    { headers: { Authorization: `Bearer ${admin.access_token}` } },
  );
  expect(granted.status()).toBe(200);
}

test.describe("the administration's sign-in and the members' area", () => {
  test.use({ baseURL: accountsBaseUrl });

  test("a member who signs in on /prihlaseni is refused as the specification says, and pointed to her area", async ({
    page,
  }) => {
    const email = uniqueEmail("clenka");
    await createMember(page, email, "heslo-123");
    await page.goto("/prihlaseni");
    await waitForHydration(page);
    // The page says whose door it is, and where the members' door is.
    await expect(page.getByText("Administrace", { exact: true })).toBeVisible();
    await expect(
      page.getByRole("heading", { level: 1, name: "Přihlášení do administrace" }),
    ).toBeVisible();
    await expect(page.getByText("Jste členka? Přihlaste se v\u00a0členské sekci")).toBeVisible();
    await expect(
      page.getByRole("link", { name: "Přihlaste se v\u00a0členské sekci" }),
    ).toHaveAttribute("href", "/clenska-sekce#clenstvi");
    await screenshots(page, "doors-sign-in");

    await page.getByLabel("E-mail").fill(email);
    await page.getByLabel("Heslo", { exact: true }).fill("heslo-123");
    await page.getByRole("button", { name: "Přihlásit se" }).click();
    // The specification's refusal stays, and so does its sign-out; beside it, her way in.
    await expect(
      page.locator("[data-sonner-toast]").getByText("Váš účet nemá oprávnění administrátora."),
    ).toBeVisible();
    await expect.poll(() => readStoredSession(page)).toBeNull();
    const pointer = page.getByRole("status").filter({ hasText: "Materiály pro členky" });
    await expect(pointer).toBeVisible();
    await expectNoAxeViolations(page);
    await screenshots(page, "doors-sign-in-member-refused");
    await pointer.getByRole("link", { name: "Přejít do členské sekce" }).click();

    await expect(page).toHaveURL("/clenska-sekce#clenstvi");
    const area = page.locator("#clenstvi");
    await area.getByLabel("E-mail").fill(email);
    await area.getByLabel("Heslo", { exact: true }).fill("heslo-123");
    await area.getByRole("button", { name: "Přihlásit se" }).click();
    await expect(page.getByRole("heading", { level: 2, name: "Vaše materiály" })).toBeVisible();
  });

  test("a member's password reset lands in her area, signed in, and sets her new password there", async ({
    page,
  }) => {
    const email = uniqueEmail("zapomnela");
    await createMember(page, email, "stare-heslo-1");
    await page.goto("/clenska-sekce");
    await waitForHydration(page);
    // The members' page speaks to members only: no box about the administration.
    await expect(page.getByText(/administr/i)).toHaveCount(0);
    await screenshots(page, "doors-members-page");

    await page.locator("#clenstvi").getByRole("link", { name: "Zapomenuté heslo" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Zapomenuté heslo" })).toBeVisible();
    await page.getByLabel("E-mail").fill(email);
    await page.getByRole("button", { name: "Poslat odkaz" }).click();
    await expect(page.getByRole("status").filter({ hasText: "přijde na něj odkaz" })).toBeVisible();

    await page.goto(await readRecoveryLink(email));
    await expect(page).toHaveURL(/\/clenska-sekce#?$/);
    const area = page.locator("#clenstvi");
    await expect(area.getByRole("heading", { level: 2, name: "Nové heslo" })).toBeVisible();
    await screenshots(page, "doors-members-new-password");
    await area.getByLabel("Nové heslo", { exact: true }).fill("nove-heslo-2");
    await area.getByLabel("Nové heslo znovu").fill("nove-heslo-2");
    await area.getByRole("button", { name: "Uložit nové heslo" }).click();
    await expect(area.getByText("Heslo je změněné.")).toBeVisible();
    await expect(area.getByRole("heading", { level: 2, name: "Vaše materiály" })).toBeVisible();
    await expect(area.getByText(`Přihlášený účet: ${email}`)).toBeVisible();

    const signIn = (password: string) =>
      page.request.post(`${accountsBaseUrl}/auth/v1/token?grant_type=password`, {
        data: { email, password },
      });
    expect((await signIn("stare-heslo-1")).status()).toBe(400);
    expect((await signIn("nove-heslo-2")).status()).toBe(200);
  });

  test("a record's page sends a visitor without a session to the sign-in, which ignores a return path off the site", async ({
    page,
  }) => {
    await page.goto("/admin/zaznam/neexistuje");
    await expect(page).toHaveURL(
      `/prihlaseni?zpet=${encodeURIComponent("/admin/zaznam/neexistuje")}`,
    );
    // The specification's own redirect of /admin stays.
    await page.goto("/admin");
    await expect(page).toHaveURL("/clenska-sekce");

    await page.goto(`/prihlaseni?zpet=${encodeURIComponent("https://zlo.example/admin")}`);
    await waitForHydration(page);
    await expect(
      page.getByText("Po přihlášení se otevře stránka, na kterou vede váš odkaz."),
    ).toHaveCount(0);
    await page.getByLabel("E-mail").fill(grantingAdmin.email);
    await page.getByLabel("Heslo", { exact: true }).fill(grantingAdmin.password);
    await page.getByRole("button", { name: "Přihlásit se" }).click();
    await expect(page).toHaveURL("/admin");
  });
});

/** The owner's notification of the submission sent by `name`, read from the server's mail folder. */
async function readNotification(name: string) {
  const mailDir = join(twoFactorDataDir, "mail");
  for (let attempt = 0; attempt < 50; attempt += 1) {
    for (const file of (await readdir(mailDir).catch(() => [] as string[])).sort().reverse()) {
      if (!file.endsWith(".eml")) continue;
      const mail = await simpleParser(await readFile(join(mailDir, file)));
      if (mail.subject === `Kontaktní formulář: ${name}`) return mail;
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`No notification of ${name} in ${mailDir}`);
}

test.describe("the owner's notification", () => {
  test.use({ baseURL: twoFactorBaseUrl });

  test("from the notification's link, the owner reaches the record through sign-in and her app's code", async ({
    page,
  }) => {
    // She has her app (set up on her first visit), and is signed out on this phone.
    await page.goto("/prihlaseni");
    await waitForHydration(page);
    await page.getByLabel("E-mail").fill(owner.email);
    await page.getByLabel("Heslo", { exact: true }).fill(owner.password);
    await page.getByRole("button", { name: "Přihlásit se" }).click();
    await expect(page).toHaveURL("/admin");
    const secret = ((await page.getByTestId("two-factor-secret").textContent()) ?? "").replace(
      /\s/g,
      "",
    );
    const codeAt = (offsetMs: number) =>
      new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret) }).generate({
        timestamp: Date.now() + offsetMs,
      });
    await page.getByLabel("2. Opište kód, který aplikace ukazuje").fill(codeAt(0));
    await page.getByRole("button", { name: "Ověřit a zapnout" }).click();
    await expect(page.getByRole("heading", { name: "Záložní kódy" })).toBeVisible();
    await page.evaluate(() => localStorage.clear());

    const name = `Alžběta Dveřní ${Date.now()}`;
    const sent = await page.request.post(`${twoFactorBaseUrl}/api/form-submissions`, {
      data: {
        formType: "contact",
        name,
        email: "alzbeta@example.cz",
        message: "Dobrý den, ráda bych přišla na harmonizační setkání.",
        privacyConsent: true,
      },
    });
    expect(sent.status()).toBe(201);
    const notification = await readNotification(name);
    expect(notification.to && !Array.isArray(notification.to) && notification.to.text).toBe(
      operatorDefaults.email,
    );
    const link = notification.text?.match(/https?:\/\/\S+\/admin\/zaznam\/[\w-]+/)?.[0];
    if (!link) throw new Error("no link to the record in the notification");
    const id = link.split("/").at(-1) ?? "";
    // The record's id is in the link only, never printed for her to read.
    expect(notification.text?.replaceAll(link, "")).not.toContain(id);
    expect(notification.html).toContain(`href="${link}"`);

    await page.goto(link);
    await expect(page).toHaveURL(`/prihlaseni?zpet=${encodeURIComponent(`/admin/zaznam/${id}`)}`);
    await expect(
      page.getByRole("heading", { level: 1, name: "Přihlášení do administrace" }),
    ).toBeVisible();
    await expect(
      page.getByText("Po přihlášení se otevře stránka, na kterou vede váš odkaz."),
    ).toBeVisible();
    await page.getByLabel("E-mail").fill(owner.email);
    await page.getByLabel("Heslo", { exact: true }).fill(owner.password);
    await page.getByRole("button", { name: "Přihlásit se" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Kód z aplikace" })).toBeVisible();
    await page.getByLabel("Kód z aplikace").fill(codeAt(30_000));
    await page.getByRole("button", { name: "Ověřit a pokračovat" }).click();

    await expect(page).toHaveURL(`/admin/zaznam/${id}`);
    await expect(page.getByText(name).first()).toBeVisible();
    await expect(page.getByText("ráda bych přišla na harmonizační setkání")).toBeVisible();
  });
});

test("pictures of the new member's welcome and of the owner's notification, as a mail client shows them", async ({
  page,
}) => {
  const settings = {
    notifyEmail: operatorDefaults.email,
    siteUrl: "https://www.harmonieprirody.cz",
    giftLinks: { ritual: "", fragrance: "" },
  };
  const welcome = composeMemberWelcomeMail(
    { to: "petra@example.cz", fullName: "Petra Nováková" },
    settings,
  );
  const { toOwner } = await composeSubmissionMail(
    {
      id: "8f0c6f8e-0000-4000-8000-000000000001",
      createdAt: new Date("2026-11-27T08:30:00Z"),
      formType: "contact",
      name: "Alžběta Dveřní",
      email: "alzbeta@example.cz",
      phone: "+420 777 123 456",
      serviceType: "consultation",
      message: "Dobrý den,\nráda bych přišla na harmonizační setkání.",
      privacyConsent: true,
    },
    settings,
  );
  for (const [name, mail] of [
    ["mail-member-welcome", welcome],
    ["mail-owner-notification", toOwner],
  ] as const) {
    const { html } = await renderStoredMail(mail);
    for (const width of [360, 1280]) {
      await page.setViewportSize({ width, height: 800 });
      await page.setContent(html);
      await page.screenshot({ path: screenshotPath(`${name}-${width}.png`), fullPage: true });
    }
  }
});
