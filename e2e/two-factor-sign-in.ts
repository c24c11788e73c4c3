/**
 * An administrator's sign-in with her authenticator app, on the two-factor
 * tests' server (ADMIN_REQUIRE_2FA at its default): codes computed with
 * `otpauth`, as the app on her phone would.
 */
import type { Page } from "@playwright/test";
import * as OTPAuth from "otpauth";
import { expect, waitForHydration } from "./fixtures";

/** The code the app shows `offsetMs` from now (each code is accepted once). */
export function codeFor(secret: string, offsetMs = 0) {
  const totp = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret) });
  return totp.generate({ timestamp: Date.now() + offsetMs });
}

export async function signInWithPassword(page: Page, email: string, password: string) {
  await page.goto("/prihlaseni");
  await waitForHydration(page);
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Heslo", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Přihlásit se" }).click();
}

/** Sets up the app from /admin after a password sign-in; returns its secret. */
export async function setUpApp(
  page: Page,
  { email, password }: { email: string; password: string },
): Promise<string> {
  await signInWithPassword(page, email, password);
  await expect(page).toHaveURL("/admin");
  await expect(page.getByRole("heading", { name: "Ověření kódem z aplikace" })).toBeVisible();
  const secret = ((await page.getByTestId("two-factor-secret").textContent()) ?? "").replace(
    /\s/g,
    "",
  );
  await page.getByLabel("2. Opište kód, který aplikace ukazuje").fill(codeFor(secret));
  await page.getByRole("button", { name: "Ověřit a zapnout" }).click();
  await expect(page.getByRole("heading", { name: "Záložní kódy" })).toBeVisible();
  return secret;
}
