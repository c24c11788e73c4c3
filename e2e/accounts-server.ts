/**
 * The browser tests of sign-in and administration run against a server of
 * their own, so the submissions other tests send never change the counts
 * they check. Its data folder is made fresh, with seeded administrators,
 * before it starts (see seed-accounts.ts).
 */
import { createHash } from "node:crypto";
import { readdir, readFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { BrowserContext, Page, TestInfo } from "@playwright/test";
import { simpleParser } from "mailparser";
import { authStorageKey } from "#shared/auth-storage-key";

const mainPort = Number(process.env.E2E_PORT ?? 3100);

export const accountsPort = mainPort + 50;
export const accountsBaseUrl = `http://localhost:${accountsPort}`;
export const accountsDataDir = join(tmpdir(), `e2e-accounts-${accountsPort}`);

/** Settings of the accounts test server that tests rely on. */
export const accountsServerSettings = {
  // Each test browses from an address of its own (X-Forwarded-For), so rate limits stay apart.
  TRUST_PROXY: "true",
  FORM_RATE_LIMIT_PER_HOUR: "1000",
  // Its seeded administrators sign in with a password alone; the two-factor
  // tests run against a server of their own that requires an app (two-factor-server.ts).
  ADMIN_REQUIRE_2FA: "false",
};

/**
 * The two-factor tests' server: administrators there must set up an
 * authenticator app (ADMIN_REQUIRE_2FA at its default, true).
 */
export const twoFactorPort = mainPort + 51;
export const twoFactorBaseUrl = `http://localhost:${twoFactorPort}`;
export const twoFactorDataDir = join(tmpdir(), `e2e-two-factor-${twoFactorPort}`);
export const twoFactorServerSettings = {
  TRUST_PROXY: "true",
  FORM_RATE_LIMIT_PER_HOUR: "1000",
};

/**
 * The last-administrator test's server of its own (users.test.ts): one
 * administrator only. Its port must differ from every other server's.
 */
export const lastAdminPort = mainPort + 52;

/**
 * Administrators made before the server starts: one per test that signs one in. Taken (index):
 * 0 members; 0–5 admin and two-factor (`admin(n)` is index n - 1); 14 and 19 content; 15 photos;
 * 13 content on PostgreSQL (e2e/postgres-server.ts);
 * 36 her operator's facts (operator.test.ts);
 * 16 articles; 17 materials; 20–21 doors; 22 page texts; 23 sign-in; 24–28 users; 29–31
 * two-factor; 8 her bookings; 9 events; 10 events administration; 11 newsletter.
 * 35 „Přehled“ (overview.test.ts).
 * Take a free one, never a taken one: a test that changes its administrator's
 * factors or sessions breaks another that shares it.
 * Also taken: 7 her booking rules (booking-settings.test.ts).
 * Also taken: 33 her letters (newsletter-letters.test.ts, seeded into its own server).
 * Also taken: 34 her events' texts, feed and privacy screens (events-screens.test.ts).
 * Also taken: 32 her offers added and retired (offers.test.ts).
 * Also taken: 37 how long the visit counts are kept (overview-settings.test.ts).
 * Also taken: 39 „Můj účet“ in the administration's menu (admin-menu-account.test.ts).
 */
export const seededAdmins = Array.from({ length: 40 }, (_, index) => ({
  email: `spravkyne${index + 1}@example.cz`,
  password: "bylinky-a-vune",
  fullName: "Kateřina Lesná",
}));

/** Accounts with a confirmed address and no role, to be given roles on the page: one per test. */
export const seededConfirmedAccounts = Array.from({ length: 4 }, (_, index) => ({
  email: `overena${index + 1}@example.cz`,
  password: "bylinky-a-vune",
  fullName: "Lucie Dubová",
}));

/** An account whose address was never confirmed: no role may be given to it. */
export const seededUnconfirmed = {
  email: "nepotvrzena@example.cz",
  password: "bylinky-a-vune",
  fullName: "Eva Malá",
};

/** The session's key in localStorage, for the host the tests browse. */
export const storageKey = authStorageKey("localhost");

/** Each test browses from an address of its own, so the server's rate limits keep tests apart. */
export async function useOwnAddress(context: BrowserContext, testInfo: TestInfo) {
  const digest = createHash("sha256").update(`${testInfo.testId}-${testInfo.retry}`).digest();
  await context.setExtraHTTPHeaders({
    "X-Forwarded-For": `10.${digest[0]}.${digest[1]}.${digest[2]}`,
  });
}

type SessionBody = { access_token: string; refresh_token: string; expires_at: number };

async function postJson(page: Page, path: string, data: unknown) {
  const response = await page.request.post(`${accountsBaseUrl}${path}`, { data });
  if (!response.ok()) throw new Error(`${path}: ${response.status()} ${await response.text()}`);
  return response.json();
}

/**
 * Registers an account through the real API (registration grants no role) and
 * confirms its address with the link of its e-mail, as she would: only then
 * does it sign in.
 */
export async function registerAccount(
  page: Page,
  email: string,
  password = "heslo-123",
  { confirmed = true }: { confirmed?: boolean } = {},
) {
  await postJson(page, "/auth/v1/signup", { email, password, data: { full_name: "Jana Nová" } });
  if (!confirmed) return;
  const link = await readVerifyLink(email, "signup");
  const response = await page.request.get(link, { maxRedirects: 0 });
  if (response.status() !== 303) throw new Error(`confirmation of ${email}: ${response.status()}`);
}

/** Signs in through the API and leaves the session where the browser library keeps it. */
export async function storeSession(page: Page, email: string, password: string) {
  const session = (await postJson(page, "/auth/v1/token?grant_type=password", {
    email,
    password,
  })) as SessionBody;
  await page.goto(`${accountsBaseUrl}/robots.txt`);
  await page.evaluate(
    ([key, value]) => localStorage.setItem(key as string, value as string),
    [storageKey, JSON.stringify(session)],
  );
  return session;
}

export async function readStoredSession(page: Page): Promise<Record<string, unknown> | null> {
  const stored = await page.evaluate((key) => localStorage.getItem(key), storageKey);
  return stored === null ? null : JSON.parse(stored);
}

/** Sends a form as the public site does, through the real form API. */
export async function sendSubmission(page: Page, submission: Record<string, unknown>) {
  return postJson(page, "/api/form-submissions", { privacyConsent: true, ...submission });
}

/** The link of the newest recovery e-mail to an address, read from the server's mail folder. */
export function readRecoveryLink(email: string): Promise<string> {
  return readVerifyLink(email, "recovery");
}

/** The link of the newest e-mail to an address that leads to `/auth/v1/verify?type=…`. */
export async function readVerifyLink(
  email: string,
  type: "recovery" | "signup",
  dataDir = accountsDataDir,
): Promise<string> {
  const mailDir = join(dataDir, "mail");
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const files = (await readdir(mailDir).catch(() => [] as string[]))
      .filter((file) => file.endsWith(".eml"))
      .sort()
      .reverse();
    for (const file of files) {
      const mail = await simpleParser(await readFile(join(mailDir, file)));
      const to = Array.isArray(mail.to) ? mail.to[0] : mail.to;
      if (to?.text !== email) continue;
      const link = mail.text?.match(/https?:\/\/[^\s\]>)]+\/auth\/v1\/verify\?[^\s\]>)]+/)?.[0];
      if (link && new URL(link).searchParams.get("type") === type) return link;
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`No ${type} e-mail to ${email} in ${mailDir}`);
}
