/**
 * The three forms with scripts blocked: the browser posts them itself, the
 * server stores them and queues their e-mails (read here as the .eml files
 * the test server writes once the record and its mail are stored), and
 * answers with a page: the thank-you notice, or the form with what was
 * typed and the specification's messages. With scripts running nothing of
 * this is used: the forms still send JSON.
 */
import type { Locator, Page } from "@playwright/test";
import { type FormType, messages, successMessages } from "../shared/form-schemas";
import { contactAbout } from "../shared/routes";
import { heldSubmissionPatienceMs } from "../web/progressive/held-submissions";
import {
  expect,
  mailsAbout,
  screenshotPath,
  test,
  visitAs,
  waitForHydration,
  waitForMails,
} from "./fixtures";
import { mainServerSettings } from "./main-server";

const forms = {
  contact: {
    path: "/",
    name: "Kontaktní formulář",
    submit: "Odeslat zprávu",
    sent: "/#odeslano-kontakt",
  },
  gift_ritual: {
    path: "/darek",
    name: "Rituál zdarma",
    submit: "Chci rituál zdarma",
    sent: "/darek#odeslano-ritual",
  },
  gift_fragrance: {
    path: "/darek",
    name: "Návod na osobní vůni zdarma",
    submit: "Chci návod zdarma",
    sent: "/darek#odeslano-vune",
  },
} as const satisfies Record<FormType, Record<string, string>>;

const formOf = (page: Page, formType: FormType) =>
  page.getByRole("form", { name: forms[formType].name, exact: true });
const field = (form: Locator, label: string) => form.getByLabel(label, { exact: true });
const submit = (form: Locator, formType: FormType) =>
  form.getByRole("button", { name: forms[formType].submit, exact: true }).click();

test.describe("the forms with scripts blocked", () => {
  test.use({ javaScriptEnabled: false });

  test("the contact form is stored, e-mailed to both sides and thanked; a reload sends nothing again", async ({
    page,
  }) => {
    const email = await visitAs(page);
    await page.goto("/");
    const form = formOf(page, "contact");
    await field(form, "Jméno").fill("Jana Nováková");
    await field(form, "E-mail").fill(email);
    await field(form, "Telefon (nepovinné)").fill("+420 777 123 456");
    await field(form, "Služba (nepovinné)").selectOption({ label: "Přírodní produkty" });
    await field(form, "Zpráva").fill("Dobrý den,\nzajímají mě vaše bylinné oleje.");
    await form.getByRole("checkbox", { name: /^Souhlasím/ }).check();
    await submit(form, "contact");

    await expect(page).toHaveURL(new RegExp(`${forms.contact.sent}$`));
    const notice = page.locator("#odeslano-kontakt");
    await expect(notice).toBeVisible();
    await expect(notice).toHaveText(successMessages.contact);
    await expect(notice).toBeInViewport();
    await expect(field(form, "Jméno")).toHaveValue("");
    const { owner, visitor } = await waitForMails(email);
    expect(owner.subject).toBe("Kontaktní formulář: Jana Nováková");
    for (const value of ["+420 777 123 456", "Přírodní produkty"]) {
      expect(owner.text).toContain(value);
    }
    // The CR LF the browser posts arrives as the line break the scripts send.
    expect(owner.text).toContain("Dobrý den,\nzajímají mě vaše bylinné oleje.");
    expect(visitor.subject).toBe("Vaše zpráva dorazila – Harmonie přírody");

    await page.reload();
    await expect(notice).toBeVisible();
    await page.goBack();
    await page.goForward();
    await page.waitForTimeout(500);
    expect(await mailsAbout(email)).toHaveLength(2);
  });

  for (const [formType, link, other] of [
    ["gift_ritual", mainServerSettings.GIFT_RITUAL_URL, "#odeslano-vune"],
    ["gift_fragrance", mainServerSettings.GIFT_FRAGRANCE_URL, "#odeslano-ritual"],
  ] as const) {
    test(`${formType}: stored, the gift e-mailed and the visitor thanked`, async ({ page }) => {
      const email = await visitAs(page);
      await page.goto("/darek");
      const form = formOf(page, formType);
      await field(form, "Jméno").fill("Šárka");
      await field(form, "E-mail").fill(email);
      await field(form, "Vzkaz (nepovinné)").fill("Těším se!");
      await form.getByRole("checkbox", { name: /^Souhlasím/ }).check();
      await submit(form, formType);

      await expect(page).toHaveURL(new RegExp(`${forms[formType].sent}$`));
      await expect(form.getByText(successMessages[formType], { exact: true })).toBeVisible();
      // Only the form that was sent says so.
      await expect(page.locator(other)).toBeHidden();
      const { owner, visitor } = await waitForMails(email);
      expect(owner.text).toContain("Těším se!");
      expect(visitor.subject).toMatch(/^Tvůj dárek: /);
      expect(visitor.text).toContain(link);
    });
  }

  test("the contact form's thank-you notice is what the screen shows where the post lands @phone", async ({
    page,
  }) => {
    const email = await visitAs(page);
    await page.goto("/");
    const form = formOf(page, "contact");
    await field(form, "Jméno").fill("Jana Nováková");
    await field(form, "E-mail").fill(email);
    await field(form, "Zpráva").fill("Dobrý den, ráda bych se objednala.");
    await form.getByRole("checkbox", { name: /^Souhlasím/ }).check();
    await submit(form, "contact");
    await expect(page).toHaveURL(new RegExp(`${forms.contact.sent}$`));

    // Once the sections near the screen are laid out, the notice is still where the jump put it,
    // and nothing covers it (the sticky header, another section).
    const notice = page.locator("#odeslano-kontakt");
    await expect(notice).toBeVisible();
    // The jump may be a smooth scroll, slow on a busy phone: where it ends is what counts.
    const place = () =>
      notice.evaluate((element) => {
        const box = element.getBoundingClientRect();
        const middle = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
        return {
          within: box.top >= 0 && box.bottom <= window.innerHeight,
          shown: middle !== null && element.contains(middle),
        };
      });
    await expect.poll(place, { timeout: 10_000 }).toEqual({ within: true, shown: true });
    // And it stays there.
    await page.waitForTimeout(500);
    expect(await place()).toEqual({ within: true, shown: true });
    // Screenshots of the wide and the narrow screen, once (the phone project keeps its own screen).
    if (test.info().project.name !== "desktop") return;
    for (const width of [360, 1280]) {
      await page.setViewportSize({ width, height: width === 360 ? 780 : 900 });
      // A page of its own for each width, as a visitor at that width loads it: the same address
      // again would only jump within the page laid out for the width before, whose sections
      // above the notice then shrink to the new width's after the jump (seen in CI).
      await page.goto(forms.contact.sent.replace("#", `?znovu=${width}#`));
      // As above: the jump ends where the notice is, however slowly the page gets there.
      await expect.poll(place, { timeout: 10_000 }).toEqual({ within: true, shown: true });
      await page.screenshot({ path: screenshotPath(`contact-sent-without-scripts-${width}.png`) });
    }
  });

  test("a bad contact form comes back with what was typed and each message by its field, then sends once corrected", async ({
    page,
  }) => {
    const email = await visitAs(page);
    await page.goto("/");
    let form = formOf(page, "contact");
    await field(form, "Jméno").fill("J");
    await field(form, "E-mail").fill("jana.example.cz");
    await field(form, "Telefon (nepovinné)").fill("+420 777 123 456");
    await field(form, "Služba (nepovinné)").selectOption({ label: "Online kurz" });
    await field(form, "Zpráva").fill("Ahoj");
    await submit(form, "contact");

    await expect(page).toHaveURL(/\/formular$/);
    form = formOf(page, "contact");
    const expected = [
      ["Jméno", "J", messages.nameTooShort],
      ["E-mail", "jana.example.cz", messages.emailInvalid],
      ["Zpráva", "Ahoj", messages.messageTooShort],
    ] as const;
    for (const [label, value, message] of expected) {
      await expect(field(form, label)).toHaveValue(value);
      await expect(field(form, label)).toHaveAttribute("aria-invalid", "true");
      await expect(field(form, label)).toHaveAccessibleDescription(new RegExp(message));
    }
    await expect(form.getByRole("checkbox", { name: /^Souhlasím/ })).toHaveAccessibleDescription(
      messages.consentRequired,
    );
    await expect(field(form, "Telefon (nepovinné)")).toHaveValue("+420 777 123 456");
    await expect(field(form, "Služba (nepovinné)")).toHaveValue("course");
    // The first field to correct has the focus.
    await expect(field(form, "Jméno")).toBeFocused();
    expect(await mailsAbout(email)).toEqual([]);

    await field(form, "Jméno").fill("Jana");
    await field(form, "E-mail").fill(email);
    await field(form, "Zpráva").fill("Ahoj, mám dotaz na online kurz.");
    await form.getByRole("checkbox", { name: /^Souhlasím/ }).check();
    await submit(form, "contact");
    await expect(page).toHaveURL(new RegExp(`${forms.contact.sent}$`));
    await expect(page.locator("#odeslano-kontakt")).toHaveText(successMessages.contact);
    await waitForMails(email);
  });

  test("a bad gift form comes back in the gift page, the other gift's form untouched", async ({
    page,
  }) => {
    await visitAs(page);
    await page.goto("/darek");
    const form = formOf(page, "gift_fragrance");
    await field(form, "Jméno").fill("Šárka");
    await field(form, "E-mail").fill("sarka@");
    await field(form, "Vzkaz (nepovinné)").fill("Těším se!");
    await submit(form, "gift_fragrance");

    await expect(page).toHaveURL(/\/formular$/);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(field(form, "Jméno")).toHaveValue("Šárka");
    await expect(field(form, "Vzkaz (nepovinné)")).toHaveValue("Těším se!");
    await expect(field(form, "E-mail")).toHaveValue("sarka@");
    await expect(field(form, "E-mail")).toHaveAccessibleDescription(
      new RegExp(messages.emailInvalid),
    );
    await expect(form.getByRole("checkbox", { name: /^Souhlasím/ })).toHaveAccessibleDescription(
      messages.consentRequired,
    );
    await expect(form).toBeInViewport();
    const ritual = formOf(page, "gift_ritual");
    await expect(field(ritual, "Jméno")).toHaveValue("");
    await expect(ritual.getByText(messages.consentRequired)).toHaveCount(0);
  });

  test("a link about one service finds it chosen in the contact form; an unknown one chooses nothing", async ({
    page,
  }) => {
    await page.goto(contactAbout("course"));
    const service = field(formOf(page, "contact"), "Služba (nepovinné)");
    await expect(service).toHaveValue("course");
    await page.goto("/?sluzba=nic-takoveho");
    await expect(service).toHaveValue("");
  });
});

test("with scripts running the forms still send JSON, and the page stays where it is", async ({
  page,
}) => {
  const email = await visitAs(page);
  const posts: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST") posts.push(new URL(request.url()).pathname);
  });
  await page.goto("/darek");
  await waitForHydration(page);
  const form = formOf(page, "gift_ritual");
  await field(form, "Jméno").fill("Šárka");
  await field(form, "E-mail").fill(email);
  await form.getByRole("checkbox", { name: /^Souhlasím/ }).check();
  await submit(form, "gift_ritual");

  await expect(form.getByRole("status")).toHaveText(successMessages.gift_ritual);
  expect(posts).toEqual(["/api/form-submissions"]);
  await expect(page).toHaveURL(/\/darek$/);
  // The notice for a send without scripts stays hidden.
  await expect(page.locator("#odeslano-ritual")).toBeHidden();
  await waitForMails(email);
});

test("when the scripts never arrive, a held form is posted by the browser after the wait, and sent once", async ({
  page,
}) => {
  const email = await visitAs(page);
  // The page's modules fail to load; its first inline script (which holds the form) runs.
  await page.route("**/*.js", (route) => route.abort());
  await page.clock.install();
  const posts: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST") posts.push(new URL(request.url()).pathname);
  });
  await page.goto("/darek");
  const form = formOf(page, "gift_ritual");
  await field(form, "Jméno").fill("Šárka");
  await field(form, "E-mail").fill(email);
  await form.getByRole("checkbox", { name: /^Souhlasím/ }).check();
  await submit(form, "gift_ritual");

  // Held while the code might still come: nothing posted yet.
  await page.clock.runFor(heldSubmissionPatienceMs - 1000);
  expect(posts).toEqual([]);
  await page.clock.runFor(1000);
  await expect(page).toHaveURL(new RegExp(`${forms.gift_ritual.sent}$`));
  await expect(form.getByText(successMessages.gift_ritual, { exact: true })).toBeVisible();
  expect(posts).toEqual(["/formular"]);
  const { visitor } = await waitForMails(email);
  expect(visitor.subject).toMatch(/^Tvůj dárek: /);
});
