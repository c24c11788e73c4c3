import AxeBuilder from "@axe-core/playwright";
import type { Locator, Page, Route } from "@playwright/test";
import {
  type FormType,
  giftRateLimitedMessage,
  honeypotField,
  limits,
  messages,
  rateLimitedMessage,
  sendFailedMessage,
  successMessages,
} from "../shared/form-schemas";
import { expect, test, waitForHydration } from "./fixtures";

const endpoint = "**/api/form-submissions";

const forms = {
  contact: { path: "/", name: "Kontaktní formulář", submit: "Odeslat zprávu" },
  gift_ritual: { path: "/darek", name: "Rituál zdarma", submit: "Chci rituál zdarma" },
  gift_fragrance: {
    path: "/darek",
    name: "Návod na osobní vůni zdarma",
    submit: "Chci návod zdarma",
  },
} as const satisfies Record<FormType, { path: string; name: string; submit: string }>;

async function openForm(page: Page, formType: FormType, query = ""): Promise<Locator> {
  const { path, name } = forms[formType];
  await page.goto(`${path}${query}`);
  await waitForHydration(page);
  const form = page.getByRole("form", { name, exact: true });
  await form.scrollIntoViewIfNeeded();
  return form;
}

/** The field whose visible label is `label` (the „(nepovinné)“ mark included). */
function field(form: Locator, label: string): Locator {
  return form.getByLabel(label, { exact: true });
}

const submitButton = (form: Locator, formType: FormType) =>
  form.getByRole("button", { name: forms[formType].submit, exact: true });

/** Asserts the field shows `message` below it, announced through aria-describedby. */
async function expectFieldError(control: Locator, message: string) {
  await expect(control).toHaveAttribute("aria-invalid", "true");
  await expect(control).toHaveAccessibleDescription(new RegExp(escapeRegExp(message)));
  const errorId = `${await control.getAttribute("id")}-error`;
  await expect(control.page().locator(`[id="${errorId}"]`)).toHaveText(message);
}

async function expectNoFieldError(control: Locator) {
  await expect(control).not.toHaveAttribute("aria-invalid", "true");
  const errorId = `${await control.getAttribute("id")}-error`;
  await expect(control.page().locator(`[id="${errorId}"]`)).toHaveCount(0);
}

function escapeRegExp(text: string) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** Types a value longer than the input allows, as a script or an old browser could. */
async function fillBeyondMaxLength(control: Locator, value: string) {
  await control.evaluate((element) => element.removeAttribute("maxlength"));
  await control.fill(value);
}

async function expectNoAxeViolationsIn(page: Page, selector: string) {
  const results = await new AxeBuilder({ page }).include(selector).analyze();
  expect(results.violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);
}

type HeldRequest = {
  body: Promise<Record<string, unknown>>;
  answer: (status: number) => void;
  /** How many submissions arrived. */
  count: () => number;
};

/** Holds every script of the page until the returned function is called. */
async function holdScripts(page: Page): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route("**/assets/*.js", async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

/** Holds the next submission until the test answers it with a status. */
async function holdSubmission(page: Page): Promise<HeldRequest> {
  let receiveBody!: (body: Record<string, unknown>) => void;
  let answer!: (status: number) => void;
  const body = new Promise<Record<string, unknown>>((resolve) => {
    receiveBody = resolve;
  });
  const status = new Promise<number>((resolve) => {
    answer = resolve;
  });
  let count = 0;
  await page.route(endpoint, async (route: Route) => {
    count++;
    receiveBody(route.request().postDataJSON());
    const code = await status;
    await route.fulfill(
      code === 201
        ? { status: 201, json: { id: "00000000-0000-4000-8000-000000000001" } }
        : { status: code, json: { error: { code: "test", message: `status ${code}` } } },
    );
  });
  return { body, answer, count: () => count };
}

async function fillContactForm(form: Locator) {
  await field(form, "Jméno").fill("Jana Nováková");
  await field(form, "E-mail").fill("jana@example.cz");
  await field(form, "Telefon (nepovinné)").fill("+420 777 123 456");
  await field(form, "Služba (nepovinné)").selectOption({ label: "Přírodní produkty" });
  await field(form, "Zpráva").fill("Dobrý den, zajímají mě Vaše bylinné oleje.");
  await form.getByRole("checkbox", { name: /^Souhlasím/ }).check();
}

async function fillGiftForm(form: Locator) {
  await field(form, "Jméno").fill("Jana");
  await field(form, "E-mail").fill("jana@example.cz");
  await field(form, "Vzkaz (nepovinné)").fill("Těším se!");
  await form.getByRole("checkbox", { name: /^Souhlasím/ }).check();
}

test.describe("the contact form", () => {
  test("shows the Czech message of each required field when sent empty @phone", async ({
    page,
  }) => {
    let requests = 0;
    await page.route(endpoint, (route) => {
      requests++;
      return route.abort();
    });
    const form = await openForm(page, "contact");
    await submitButton(form, "contact").click();

    await expectFieldError(field(form, "Jméno"), "Jméno musí obsahovat alespoň 2 znaky");
    await expectFieldError(field(form, "E-mail"), "Neplatný e-mail");
    await expectFieldError(field(form, "Zpráva"), "Zpráva musí obsahovat alespoň 10 znaků");
    await expectFieldError(
      form.getByRole("checkbox", { name: /^Souhlasím/ }),
      "Musíte souhlasit se zpracováním údajů",
    );
    await expectNoFieldError(field(form, "Telefon (nepovinné)"));
    await expectNoFieldError(field(form, "Služba (nepovinné)"));
    await expect(field(form, "Jméno")).toBeFocused();
    expect(requests).toBe(0);
  });

  test("removes a message as soon as the field is fixed, and focuses the first field still wrong", async ({
    page,
  }) => {
    const form = await openForm(page, "contact");
    await submitButton(form, "contact").click();
    await expectFieldError(field(form, "Jméno"), messages.nameTooShort);

    await field(form, "Jméno").fill("Jana");
    await expectNoFieldError(field(form, "Jméno"));
    await field(form, "Zpráva").fill("Dobrý den");
    await expectFieldError(field(form, "Zpráva"), messages.messageTooShort);
    await field(form, "Zpráva").pressSequentially("!");
    await expectNoFieldError(field(form, "Zpráva"));
    await form.getByRole("checkbox", { name: /^Souhlasím/ }).check();
    await expectNoFieldError(form.getByRole("checkbox", { name: /^Souhlasím/ }));

    await submitButton(form, "contact").click();
    await expect(field(form, "E-mail")).toBeFocused();
    await expectFieldError(field(form, "E-mail"), messages.emailInvalid);
  });

  test("shows the message of every limit it breaks", async ({ page }) => {
    await page.route(endpoint, (route) => route.abort());
    const form = await openForm(page, "contact");
    const name = field(form, "Jméno");
    const email = field(form, "E-mail");
    const phone = field(form, "Telefon (nepovinné)");
    const message = field(form, "Zpráva");

    await expect(name).toHaveAttribute("maxlength", String(limits.nameMax));
    await expect(email).toHaveAttribute("maxlength", String(limits.emailMax));
    await expect(phone).toHaveAttribute("maxlength", String(limits.phoneMax));

    await name.fill("J");
    await email.fill("jana@example");
    await phone.fill("777 ABC 456");
    await message.fill("a".repeat(9));
    await submitButton(form, "contact").click();
    await expectFieldError(name, messages.nameTooShort);
    await expectFieldError(email, messages.emailInvalid);
    await expectFieldError(phone, messages.phoneInvalid);
    await expectFieldError(message, messages.messageTooShort);

    await fillBeyondMaxLength(name, "a".repeat(limits.nameMax + 1));
    await expectFieldError(name, messages.nameTooLong);
    await fillBeyondMaxLength(email, `${"a".repeat(245)}@example.cz`);
    await expectFieldError(email, messages.emailTooLong);
    await fillBeyondMaxLength(phone, "1".repeat(limits.phoneMax + 1));
    await expectFieldError(phone, messages.phoneTooLong);
    await message.fill("a".repeat(limits.messageMax + 1));
    await expectFieldError(message, messages.messageTooLong);
    await expect(form.getByText(`${limits.messageMax + 1} / ${limits.messageMax}`)).toBeVisible();

    await name.fill("a".repeat(limits.nameMax));
    await expectNoFieldError(name);
    await email.fill(`${"a".repeat(244)}@example.cz`);
    await expectNoFieldError(email);
    await phone.fill("+420 (777) 123-456");
    await expectNoFieldError(phone);
    await message.fill("a".repeat(limits.messageMax));
    await expectNoFieldError(message);
  });

  test("says what is wrong with a name that is no name: digits, hidden characters, a link", async ({
    page,
  }) => {
    await page.route(endpoint, (route) => route.abort());
    const form = await openForm(page, "contact");
    const name = field(form, "Jméno");

    await name.fill("12345");
    await submitButton(form, "contact").click();
    await expectFieldError(name, messages.nameNeedsLetters);
    await name.fill("\u200b\u202e");
    await expectFieldError(name, messages.nameHiddenCharacters);
    await name.fill("Jana www.levne-leky.cz");
    await expectFieldError(name, messages.nameHasLink);
    await name.fill("Jana Nováková");
    await expectNoFieldError(name);
  });

  test("has no accessibility violations with the error messages shown", async ({ page }) => {
    const form = await openForm(page, "contact");
    await submitButton(form, "contact").click();
    await expectFieldError(field(form, "Jméno"), messages.nameTooShort);
    await expectNoAxeViolationsIn(page, 'form[aria-label="Kontaktní formulář"]');
  });

  test("offers the five services and preselects the one in the link @phone", async ({ page }) => {
    const form = await openForm(page, "contact", "?sluzba=workshop#contact");
    const service = field(form, "Služba (nepovinné)");
    await expect(service).toHaveValue("workshop");
    await expect(service.locator("option:checked")).toHaveText("Skupinový workshop");
    await expect(service.locator("option")).toHaveText([
      "Vyberte službu",
      "Harmonizační setkání",
      "Přírodní produkty",
      "Online kurz",
      "Skupinový workshop",
      "Ostatní",
    ]);
  });

  test("preselects the service again when a link leads back to the form on the same page", async ({
    page,
  }) => {
    const form = await openForm(page, "contact");
    const service = field(form, "Služba (nepovinné)");
    // A client-side navigation, as the service cards of the home page make.
    const followLink = (url: string) =>
      page.evaluate((to) => {
        // The state a React Router link pushes: each visit gets a key of its own.
        const index = (window.history.state?.idx ?? 0) + 1;
        const key = Math.random().toString(36).slice(2, 10);
        window.history.pushState({ usr: null, key, idx: index }, "", to);
        window.dispatchEvent(new PopStateEvent("popstate"));
      }, url);

    await service.selectOption("other");
    await followLink("/?sluzba=course#contact");
    await expect(service).toHaveValue("course");
    await service.selectOption("other");
    await followLink("/?sluzba=course#contact");
    await expect(service).toHaveValue("course");
  });

  test("ignores an unknown service in the link", async ({ page }) => {
    const form = await openForm(page, "contact", "?sluzba=masaz");
    await expect(field(form, "Služba (nepovinné)")).toHaveValue("");
  });

  test("reads „Odesílám...“ while sending, then thanks and clears itself @phone", async ({
    page,
  }) => {
    const held = await holdSubmission(page);
    const form = await openForm(page, "contact");
    await fillContactForm(form);
    await submitButton(form, "contact").click();

    const sending = form.getByRole("button", { name: "Odesílám...", exact: true });
    await expect(sending).toBeVisible();
    await expect(sending).toBeDisabled();
    expect(await held.body).toEqual({
      formType: "contact",
      name: "Jana Nováková",
      email: "jana@example.cz",
      phone: "+420 777 123 456",
      serviceType: "products",
      message: "Dobrý den, zajímají mě Vaše bylinné oleje.",
      privacyConsent: true,
      [honeypotField]: "",
    });

    // Enter in a field while sending must not send the form a second time.
    await field(form, "Jméno").press("Enter");

    held.answer(201);
    await expect(form.getByRole("status")).toHaveText(successMessages.contact);
    await expect(form.getByRole("status")).toHaveText("Děkujeme za Vaši zprávu! Brzy se ozveme.");
    expect(held.count()).toBe(1);
    await expect(submitButton(form, "contact")).toBeEnabled();
    await expect(field(form, "Jméno")).toHaveValue("");
    await expect(field(form, "E-mail")).toHaveValue("");
    await expect(field(form, "Telefon (nepovinné)")).toHaveValue("");
    await expect(field(form, "Služba (nepovinné)")).toHaveValue("");
    await expect(field(form, "Zpráva")).toHaveValue("");
    await expect(form.getByRole("checkbox", { name: /^Souhlasím/ })).not.toBeChecked();
    await expect(form.getByRole("alert")).toHaveCount(0);
  });

  test("says something went wrong, keeps what was typed and logs the error when sending fails", async ({
    page,
    consoleEntries,
  }) => {
    const held = await holdSubmission(page);
    const form = await openForm(page, "contact");
    await fillContactForm(form);
    await submitButton(form, "contact").click();
    held.answer(500);

    await expect(form.getByRole("alert")).toHaveText("Něco se pokazilo. Zkuste to prosím znovu.");
    await expect(form.getByRole("alert")).toHaveText(sendFailedMessage);
    await expect(form.getByRole("status")).toHaveText("");
    await expect(field(form, "Jméno")).toHaveValue("Jana Nováková");
    await expect(field(form, "E-mail")).toHaveValue("jana@example.cz");
    await expect(field(form, "Telefon (nepovinné)")).toHaveValue("+420 777 123 456");
    await expect(field(form, "Služba (nepovinné)")).toHaveValue("products");
    await expect(field(form, "Zpráva")).toHaveValue("Dobrý den, zajímají mě Vaše bylinné oleje.");
    await expect(form.getByRole("checkbox", { name: /^Souhlasím/ })).toBeChecked();
    await expect(submitButton(form, "contact")).toBeEnabled();
    expect(
      consoleEntries.some(
        (entry) => entry.type === "error" && entry.text.includes("could not be sent"),
      ),
    ).toBe(true);
  });

  test("fails the same way when the network is down", async ({ page }) => {
    await page.route(endpoint, (route) => route.abort("connectionrefused"));
    const form = await openForm(page, "contact");
    await fillContactForm(form);
    await submitButton(form, "contact").click();
    await expect(form.getByRole("alert")).toHaveText(sendFailedMessage);
    await expect(field(form, "Jméno")).toHaveValue("Jana Nováková");
  });

  test("asks to wait when the server refuses too many messages", async ({ page }) => {
    const held = await holdSubmission(page);
    const form = await openForm(page, "contact");
    await fillContactForm(form);
    await submitButton(form, "contact").click();
    held.answer(429);
    await expect(form.getByRole("alert")).toHaveText(rateLimitedMessage);
    await expect(field(form, "Zpráva")).toHaveValue("Dobrý den, zajímají mě Vaše bylinné oleje.");
  });

  test("sends an empty phone and service as typed, and nothing else", async ({ page }) => {
    const held = await holdSubmission(page);
    const form = await openForm(page, "contact");
    await field(form, "Jméno").fill("  Eva ");
    await field(form, "E-mail").fill("eva@example.cz");
    await field(form, "Zpráva").fill("Kdy bude další workshop?");
    await form.getByRole("checkbox", { name: /^Souhlasím/ }).check();
    await submitButton(form, "contact").click();
    expect(await held.body).toEqual({
      formType: "contact",
      name: "Eva",
      email: "eva@example.cz",
      phone: "",
      serviceType: "",
      message: "Kdy bude další workshop?",
      privacyConsent: true,
      [honeypotField]: "",
    });
    held.answer(201);
    await expect(form.getByRole("status")).toHaveText(successMessages.contact);
  });

  test("keeps what was typed before the page's scripts had started", async ({ page }) => {
    const releaseScripts = await holdScripts(page);
    const held = await holdSubmission(page);
    await page.goto("/", { waitUntil: "domcontentloaded" });
    const form = page.getByRole("form", { name: forms.contact.name, exact: true });
    await field(form, "Jméno").fill("Jana Nováková");
    await field(form, "Zpráva").fill("Napsáno, než se stránka rozběhla.");
    releaseScripts();
    await waitForHydration(page);

    await field(form, "E-mail").fill("jana@example.cz");
    await form.getByRole("checkbox", { name: /^Souhlasím/ }).check();
    await submitButton(form, "contact").click();
    expect(await held.body).toMatchObject({
      name: "Jana Nováková",
      message: "Napsáno, než se stránka rozběhla.",
    });
  });

  test("a form sent before the page's scripts had started is sent once they have", async ({
    page,
  }) => {
    const releaseScripts = await holdScripts(page);
    const held = await holdSubmission(page);
    const documents: string[] = [];
    page.on("request", (request) => {
      if (request.isNavigationRequest()) documents.push(`${request.method()} ${request.url()}`);
    });
    await page.goto("/darek", { waitUntil: "load" });
    const form = page.getByRole("form", { name: forms.gift_ritual.name, exact: true });
    await field(form, "Jméno").fill("Šárka");
    await field(form, "E-mail").fill("sarka@example.cz");
    await form.getByRole("checkbox", { name: /^Souhlasím/ }).check();
    await submitButton(form, "gift_ritual").click();
    // Without its scripts the browser would post the form to the page itself.
    await page.waitForTimeout(300);
    expect(documents.filter((entry) => entry.startsWith("POST"))).toEqual([]);
    expect(new URL(page.url()).pathname).toBe("/darek");

    releaseScripts();
    await waitForHydration(page);
    expect(await held.body).toMatchObject({
      formType: "gift_ritual",
      name: "Šárka",
      email: "sarka@example.cz",
      privacyConsent: true,
    });
    held.answer(201);
    await expect(form.getByRole("status")).toHaveText(successMessages.gift_ritual);
  });

  test("hides the honeypot from people and assistive technology", async ({ page }) => {
    const form = await openForm(page, "contact");
    const honeypot = form.locator(`input[name="${honeypotField}"]`);
    await expect(honeypot).toHaveAttribute("tabindex", "-1");
    await expect(honeypot).toHaveAttribute("autocomplete", "off");
    await expect(honeypot.locator("xpath=..")).toHaveAttribute("aria-hidden", "true");
    const box = await honeypot.boundingBox();
    expect(box === null || box.x + box.width <= 0).toBe(true);
    await expect(form.getByRole("textbox", { name: /nevyplňujte/i })).toHaveCount(0);
  });

  test("gives every control a target of at least 44 px @phone", async ({ page }) => {
    const form = await openForm(page, "contact");
    const targets = [
      field(form, "Jméno"),
      field(form, "E-mail"),
      field(form, "Telefon (nepovinné)"),
      field(form, "Služba (nepovinné)"),
      field(form, "Zpráva"),
      form.locator("label:has(input[type=checkbox])"),
      submitButton(form, "contact"),
    ];
    for (const target of targets) {
      const box = await target.boundingBox();
      expect(box?.height ?? 0).toBeGreaterThanOrEqual(44);
    }
  });
});

test.describe("the gift forms", () => {
  test("both sit on the gift page with ids of their own", async ({ page }) => {
    await openForm(page, "gift_ritual");
    await expect(page.getByRole("form", { name: forms.gift_ritual.name })).toBeVisible();
    await expect(page.getByRole("form", { name: forms.gift_fragrance.name })).toBeVisible();
    const ids = await page.locator("[id]").evaluateAll((elements) => elements.map((e) => e.id));
    expect(ids.filter((id, index) => ids.indexOf(id) !== index)).toEqual([]);
  });

  for (const formType of ["gift_ritual", "gift_fragrance"] as const) {
    test(`${formType}: shows the Czech message of each required field when sent empty @phone`, async ({
      page,
    }) => {
      const form = await openForm(page, formType);
      await submitButton(form, formType).click();
      await expectFieldError(field(form, "Jméno"), "Jméno musí obsahovat alespoň 2 znaky");
      await expectFieldError(field(form, "E-mail"), "Neplatný e-mail");
      await expectFieldError(
        form.getByRole("checkbox", { name: /^Souhlasím/ }),
        "Musíte souhlasit se zpracováním údajů",
      );
      await expectNoFieldError(field(form, "Vzkaz (nepovinné)"));
      await expect(field(form, "Jméno")).toBeFocused();
      await expect(form.getByRole("textbox", { name: "Telefon" })).toHaveCount(0);
      await expect(form.getByRole("combobox")).toHaveCount(0);

      await field(form, "Jméno").fill("Jana");
      await expectNoFieldError(field(form, "Jméno"));
      await field(form, "E-mail").fill("jana@example.cz");
      await expectNoFieldError(field(form, "E-mail"));
    });

    test(`${formType}: shows the message of every limit it breaks`, async ({ page }) => {
      const form = await openForm(page, formType);
      const name = field(form, "Jméno");
      const email = field(form, "E-mail");
      const message = field(form, "Vzkaz (nepovinné)");
      await name.fill("J");
      await email.fill("jana.example.cz");
      await message.fill("a".repeat(limits.messageMax + 1));
      await submitButton(form, formType).click();
      await expectFieldError(name, messages.nameTooShort);
      await expectFieldError(email, messages.emailInvalid);
      await expectFieldError(message, messages.messageTooLong);

      await fillBeyondMaxLength(name, "a".repeat(limits.nameMax + 1));
      await expectFieldError(name, messages.nameTooLong);
      await fillBeyondMaxLength(email, `${"a".repeat(245)}@example.cz`);
      await expectFieldError(email, messages.emailTooLong);
      await message.fill("a".repeat(limits.messageMax));
      await expectNoFieldError(message);
      await message.fill("");
      await expectNoFieldError(message);
    });

    test(`${formType}: reads „Odesílám...“ while sending, then gives its own thanks @phone`, async ({
      page,
    }) => {
      const held = await holdSubmission(page);
      const form = await openForm(page, formType);
      await fillGiftForm(form);
      await submitButton(form, formType).click();

      const sending = form.getByRole("button", { name: "Odesílám...", exact: true });
      await expect(sending).toBeVisible();
      await expect(sending).toBeDisabled();
      expect(await held.body).toEqual({
        formType,
        name: "Jana",
        email: "jana@example.cz",
        message: "Těším se!",
        privacyConsent: true,
        [honeypotField]: "",
      });

      held.answer(201);
      await expect(form.getByRole("status")).toHaveText(successMessages[formType]);
      await expect(field(form, "Jméno")).toHaveValue("");
      await expect(field(form, "E-mail")).toHaveValue("");
      await expect(field(form, "Vzkaz (nepovinné)")).toHaveValue("");
      await expect(form.getByRole("checkbox", { name: /^Souhlasím/ })).not.toBeChecked();
      await expect(submitButton(form, formType)).toBeEnabled();
    });

    test(`${formType}: keeps what was typed when sending fails`, async ({
      page,
      consoleEntries,
    }) => {
      const held = await holdSubmission(page);
      const form = await openForm(page, formType);
      await fillGiftForm(form);
      await submitButton(form, formType).click();
      held.answer(500);
      await expect(form.getByRole("alert")).toHaveText(sendFailedMessage);
      await expect(field(form, "Jméno")).toHaveValue("Jana");
      await expect(field(form, "Vzkaz (nepovinné)")).toHaveValue("Těším se!");
      expect(consoleEntries.some((entry) => entry.type === "error")).toBe(true);
    });

    test(`${formType}: asks to wait when the server refuses too many requests`, async ({
      page,
    }) => {
      const held = await holdSubmission(page);
      const form = await openForm(page, formType);
      await fillGiftForm(form);
      await submitButton(form, formType).click();
      held.answer(429);
      await expect(form.getByRole("alert")).toHaveText(giftRateLimitedMessage);
      await expect(field(form, "E-mail")).toHaveValue("jana@example.cz");
    });
  }

  test("the exact success notices of the two gifts", async ({ page }) => {
    await page.route(endpoint, (route) => route.fulfill({ status: 201, json: { id: "x" } }));
    for (const [formType, notice] of [
      ["gift_ritual", "Děkujeme! Odkaz na rituál Ti brzy pošleme na e-mail."],
      ["gift_fragrance", "Děkujeme! Návod na osobní vůni Ti brzy pošleme na e-mail."],
    ] as const) {
      const form = await openForm(page, formType);
      await fillGiftForm(form);
      await submitButton(form, formType).click();
      await expect(form.getByRole("status")).toHaveText(notice);
    }
  });

  test("one gift form's errors and notices stay in that form", async ({ page }) => {
    await page.route(endpoint, (route) => route.fulfill({ status: 201, json: { id: "x" } }));
    const ritual = await openForm(page, "gift_ritual");
    const fragrance = page.getByRole("form", { name: forms.gift_fragrance.name });
    await submitButton(ritual, "gift_ritual").click();
    await expectFieldError(field(ritual, "Jméno"), messages.nameTooShort);
    await expectNoFieldError(field(fragrance, "Jméno"));

    await fillGiftForm(fragrance);
    await submitButton(fragrance, "gift_fragrance").click();
    await expect(fragrance.getByRole("status")).toHaveText(successMessages.gift_fragrance);
    await expect(ritual.getByRole("status")).toHaveText("");
    await expectFieldError(field(ritual, "Jméno"), messages.nameTooShort);
  });

  test("have no accessibility violations with the error messages shown", async ({ page }) => {
    const ritual = await openForm(page, "gift_ritual");
    const fragrance = page.getByRole("form", { name: forms.gift_fragrance.name });
    await submitButton(ritual, "gift_ritual").click();
    await submitButton(fragrance, "gift_fragrance").click();
    await expectFieldError(field(fragrance, "Jméno"), messages.nameTooShort);
    await expectNoAxeViolationsIn(page, "form");
  });
});
