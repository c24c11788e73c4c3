/**
 * A new account's address is confirmed through the link of the e-mail sent
 * at registration (the server writes mail as .eml files; the test reads them).
 */
import { authMessages, authNotices } from "#shared/auth-schemas";
import { accountsBaseUrl, readVerifyLink, useOwnAddress } from "./accounts-server";
import { expect, test, waitForHydration } from "./fixtures";

test.use({ baseURL: accountsBaseUrl });
test.beforeEach(async ({ context }, testInfo) => useOwnAddress(context, testInfo));

test("registration sends a confirmation e-mail whose link confirms the address and leads to the site", async ({
  page,
}) => {
  const email = `potvrzeni-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.cz`;
  await page.goto("/prihlaseni");
  await waitForHydration(page);
  await page.getByRole("button", { name: "Zaregistrujte se" }).click();
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Heslo", { exact: true }).fill("bylinky-a-vune");
  await page.getByLabel("Celé jméno").fill("Petra Nováková");
  await page.getByRole("button", { name: "Zaregistrovat se" }).click();
  await expect(page.getByText(authNotices.registered)).toBeVisible();
  await expect(page.getByText(authNotices.confirmAddressFirst)).toBeVisible();

  // Until the address is confirmed, the sign-in says so, and offers the e-mail again.
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Heslo", { exact: true }).fill("bylinky-a-vune");
  await page.getByRole("button", { name: "Přihlásit se" }).click();
  await expect(page.getByText(authMessages.emailNotConfirmed)).toBeVisible();
  await page.getByRole("button", { name: "Poslat potvrzovací e-mail znovu" }).click();
  // The sign-up's e-mail left a moment ago: one a minute to one address.
  await expect(
    page.getByText("E-mail odešel před chvílí. O další můžete požádat za minutu."),
  ).toBeVisible();

  const signIn = async (status: number) => {
    const response = await page.request.post(
      `${accountsBaseUrl}/auth/v1/token?grant_type=password`,
      {
        data: { email, password: "bylinky-a-vune" },
      },
    );
    expect(response.status()).toBe(status);
    return (await response.json()) as {
      code?: string;
      user?: { email_confirmed_at: string | null };
    };
  };
  expect((await signIn(400)).code).toBe("email_not_confirmed");

  const link = await readVerifyLink(email, "signup");
  await page.goto(link);
  // The site says so; she is signed in, in the members' area, where she may ask for access,
  // and the link's session is off the address.
  await expect(page.getByText("Děkuji, vaše e-mailová adresa je potvrzená.")).toBeVisible();
  await expect(page).toHaveURL(/\/clenska-sekce#?$/);
  await expect(page.getByText(`Přihlášený účet: ${email}`)).toBeVisible();
  await expect(page.getByRole("button", { name: "Požádat o přístup" })).toBeVisible();
  expect((await signIn(200)).user?.email_confirmed_at).toBeTruthy();

  // The same link again is spent: our own words for it, whatever the address carried.
  await page.goto(link);
  await expect(
    page.getByText(
      "Odkaz pro potvrzení e-mailu je neplatný nebo vypršel. Požádejte prosím o nový.",
    ),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await page.goto(
    "/about#error=access_denied&error_code=otp_expired&error_description=Zavolejte+na+900",
  );
  await expect(
    page.getByText(
      "Odkaz pro potvrzení e-mailu je neplatný nebo vypršel. Požádejte prosím o nový.",
    ),
  ).toBeVisible();
  await expect(page.getByText("Zavolejte na 900")).toHaveCount(0);
});
