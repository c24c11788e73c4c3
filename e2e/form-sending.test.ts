/**
 * The three forms against the real server, nothing mocked: typed in the
 * browser, stored, and e-mailed (the test server writes mail as .eml files).
 */
import type { Locator, Page } from "@playwright/test";
import {
  type FormType,
  formTypeNames,
  giftRateLimitedMessage,
  serviceTypes,
  successMessages,
} from "../shared/form-schemas";
import {
  expect,
  headerHas,
  mailsAbout,
  test,
  visitAs,
  waitForHydration,
  waitForMails,
} from "./fixtures";
import { mainServerSettings } from "./main-server";

const forms = {
  contact: { path: "/", name: "Kontaktní formulář", submit: "Odeslat zprávu" },
  gift_ritual: { path: "/darek", name: "Rituál zdarma", submit: "Chci rituál zdarma" },
  gift_fragrance: {
    path: "/darek",
    name: "Návod na osobní vůni zdarma",
    submit: "Chci návod zdarma",
  },
} as const satisfies Record<FormType, { path: string; name: string; submit: string }>;

async function openForm(page: Page, formType: FormType): Promise<Locator> {
  await page.goto(forms[formType].path);
  await waitForHydration(page);
  const form = page.getByRole("form", { name: forms[formType].name, exact: true });
  await form.scrollIntoViewIfNeeded();
  return form;
}

const field = (form: Locator, label: string) => form.getByLabel(label, { exact: true });

test.describe("sending the forms to the real server", () => {
  test("the contact form: typed, stored, thanked, and e-mailed to both sides", async ({ page }) => {
    const email = await visitAs(page);
    const form = await openForm(page, "contact");
    await field(form, "Jméno").fill("Jana Nováková");
    await field(form, "E-mail").fill(email);
    await field(form, "Telefon (nepovinné)").fill("+420 777 123 456");
    await field(form, "Služba (nepovinné)").selectOption({ label: serviceTypes.products });
    await field(form, "Zpráva").fill("Dobrý den,\nzajímají mě Vaše bylinné oleje.");
    await form.getByRole("checkbox", { name: /^Souhlasím/ }).check();
    await form.getByRole("button", { name: forms.contact.submit, exact: true }).click();

    await expect(form.getByRole("status")).toHaveText(successMessages.contact);
    const { owner, visitor } = await waitForMails(email);
    expect(owner.subject).toBe(`${formTypeNames.contact}: Jana Nováková`);
    expect(headerHas(owner.replyTo, email)).toBe(true);
    for (const value of [
      "Jana Nováková",
      email,
      "+420 777 123 456",
      serviceTypes.products,
      "Dobrý den,\nzajímají mě Vaše bylinné oleje.",
    ]) {
      expect(owner.text).toContain(value);
    }
    expect(visitor.subject).toBe("Vaše zpráva dorazila – Harmonie přírody");
    // It goes to whatever address was typed, so it quotes nothing the visitor wrote.
    expect(visitor.text).not.toContain("bylinné oleje");
  });

  for (const [formType, link] of [
    ["gift_ritual", mainServerSettings.GIFT_RITUAL_URL],
    ["gift_fragrance", mainServerSettings.GIFT_FRAGRANCE_URL],
  ] as const) {
    test(`${formType}: typed, stored, thanked, and the gift e-mailed to the visitor`, async ({
      page,
    }) => {
      const email = await visitAs(page);
      const form = await openForm(page, formType);
      await field(form, "Jméno").fill("Šárka");
      await field(form, "E-mail").fill(email);
      await field(form, "Vzkaz (nepovinné)").fill("Těším se!");
      await form.getByRole("checkbox", { name: /^Souhlasím/ }).check();
      await form.getByRole("button", { name: forms[formType].submit, exact: true }).click();

      await expect(form.getByRole("status")).toHaveText(successMessages[formType]);
      const { owner, visitor } = await waitForMails(email);
      expect(owner.subject).toBe(`${formTypeNames[formType]}: Šárka`);
      expect(owner.text).toContain("Těším se!");
      expect(visitor.subject).toMatch(/^Tvůj dárek: /);
      expect(visitor.text).toContain(link);
    });
  }

  test("the failure notice when the server refuses: too many messages from one address", async ({
    page,
  }) => {
    const email = await visitAs(page);
    const limit = Number(mainServerSettings.FORM_RATE_LIMIT_PER_HOUR);
    for (let n = 0; n < limit; n++) {
      const response = await page.request.post("/api/form-submissions", {
        data: {
          formType: "gift_ritual",
          name: "Šárka",
          email: `${n}-${email}`,
          privacyConsent: true,
        },
      });
      expect(response.status()).toBe(201);
    }

    const form = await openForm(page, "gift_ritual");
    await field(form, "Jméno").fill("Šárka");
    await field(form, "E-mail").fill(email);
    await form.getByRole("checkbox", { name: /^Souhlasím/ }).check();
    await form.getByRole("button", { name: forms.gift_ritual.submit, exact: true }).click();

    await expect(form.getByRole("alert")).toHaveText(giftRateLimitedMessage);
    await expect(field(form, "E-mail")).toHaveValue(email);
    expect(await mailsAbout(email)).toEqual([]);
  });
});
