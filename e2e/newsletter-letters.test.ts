/**
 * Her letters, the subscriber's whole path at 360 px, against a server of its own that sends
 * through a real SMTP peer on loopback (every letter is read as a mail client gets it): a
 * visitor ticks the box on a gift form and gets only the confirmation, confirms; she writes a
 * letter on her phone, is refused an empty subject and a time that has passed, previews it,
 * sends herself a test and then sends it to all; each subscriber gets exactly one letter, every
 * letter with `List-Unsubscribe` and `List-Unsubscribe-Post`; the visitor unsubscribes by the
 * RFC 8058 one-click POST to the header's address; her second letter reaches only the one still
 * subscribed; a third, at one an hour, she stops after the first of two got it. Screenshots of
 * every screen at 360 and 1280 px. Then the gift's thank-you without
 * scripts, which names the confirmation e-mail too.
 */
import type { Page } from "@playwright/test";
import { newsletterBoxLabel } from "#shared/newsletter";
import { letterMessages } from "#shared/newsletter-letters";
import { paths } from "#shared/routes";
import { addressesOf, type CaughtMail } from "#testing/test-smtp-server";
import { accountsServerSettings, seededAdmins } from "./accounts-server";
import { expect, screenshotPath, shootBoth, test, visitAs, waitForHydration } from "./fixtures";
import { mainPort } from "./main-server";
import { setUpOwnServer } from "./own-server";

const owner = seededAdmins[33] as (typeof seededAdmins)[number];
const phone = { width: 360, height: 780 };
const _wide = { width: 1280, height: 900 };

// One server for the file: its tests run in order in one worker, not in two starting a server each.
test.describe.configure({ mode: "default" });

const server = setUpOwnServer({
  port: mainPort + 66,
  name: "letters",
  owner,
  settings: {
    ...accountsServerSettings,
    GIFT_RITUAL_URL: "https://video.example/ranni-ritual",
    LOG_LEVEL: "warn",
  },
});
const { origin } = server;

/** Every message the SMTP peer has accepted for `address`. */
function mailsTo(address: string): CaughtMail[] {
  return server.smtp.mails.filter((mail) => mail.envelopeTo.includes(address));
}

/** Who got what so far, for a failure's message. */
function allReceived(): string {
  return server.smtp.mails
    .map((mail) => `${mail.envelopeTo.join(",")}: ${mail.subject}`)
    .join(" | ");
}

/** A header field as the message carries it, its folded lines joined (RFC 5322 unfolding). */
function headerLine(mail: CaughtMail, name: string): string {
  const line = mail.headerLines.find((each) => each.key === name.toLowerCase())?.line ?? "";
  return line.replace(/\r?\n[ \t]+/g, " ");
}

/** The confirmation link of the newest confirmation e-mail to `address`. */
async function confirmationLink(address: string): Promise<string> {
  await expect
    .poll(
      () => mailsTo(address).filter((mail) => /odběr novinek/.test(mail.subject ?? "")).length,
      {
        // On a busy machine an SMTP round takes seconds, and the outbox sends in order.
        timeout: 90_000,
        message: `a confirmation to ${address}; all: ${allReceived()}`,
      },
    )
    .toBeGreaterThan(0);
  const mail = mailsTo(address)
    .filter((each) => /odběr novinek/.test(each.subject ?? ""))
    .at(-1);
  const link = mail?.text?.match(/https?:\/\/\S+\/novinky\/potvrzeni\/[A-Za-z0-9_-]+/)?.[0];
  expect(link, `the confirmation link to ${address}`).toBeDefined();
  return new URL(String(link)).pathname;
}

async function confirm(page: Page, address: string) {
  await page.goto(`${origin}${await confirmationLink(address)}`);
  await page.getByRole("button", { name: "Potvrdit odběr" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Odběr je potvrzený");
}

/** „Napsat dopis“ from „Novinky“, the subject and a line of text, saved as a draft. */
async function writeLetter(page: Page, subject: string, text: string) {
  await page.goto(`${origin}${paths.adminNewsletter}`);
  await page.getByRole("link", { name: "Napsat dopis" }).click();
  await expect(page.getByRole("heading", { level: 2, name: "Nový dopis" })).toBeVisible();
  await page.getByLabel("Předmět", { exact: true }).fill(subject);
  await page.getByRole("textbox", { name: "Text dopisu" }).click();
  await page.keyboard.type(text);
  await page.getByRole("button", { name: "Uložit koncept" }).click();
  await expect(page).toHaveURL(/\/admin\/novinky\/dopisy\/[0-9a-f-]{36}$/);
  await expect(page.getByRole("heading", { level: 2, name: subject })).toBeVisible();
}

/** „Odeslat všem přihlášeným (N)“, its question naming the count, and the wait until it went. */
async function sendToAll(page: Page, count: number) {
  await page.getByRole("button", { name: `Odeslat všem přihlášeným (${count})` }).click();
  const dialog = page.getByRole("alertdialog");
  await expect(dialog).toContainText(
    count === 1 ? "1 přihlášenému odběrateli" : `${count} přihlášeným odběratelům`,
  );
  await dialog.getByRole("button", { name: `Odeslat (${count})` }).click();
  // Its progress is asked for again every few seconds until it went.
  await expect(page.locator("[data-state]").first()).toHaveText("odeslaný", { timeout: 120_000 });
}

test("a visitor ticks the box, confirms and gets exactly one letter; she writes, previews, tests and sends on her phone; one click unsubscribes, and the next letter reaches only the others", async ({
  page,
}) => {
  test.setTimeout(600_000);
  await page.setViewportSize(phone);
  await page.context().setExtraHTTPHeaders({ "X-Forwarded-For": "10.66.0.1" });
  const visitor = `alena-${Date.now()}@example.cz`;
  const reader = `blogova-${Date.now()}@example.cz`;

  // The gift form with its box ticked: the thank-you names the confirmation e-mail.
  await page.goto(`${origin}${paths.gift}`);
  await waitForHydration(page);
  const form = page.getByRole("form", { name: "Rituál zdarma", exact: true });
  await form.scrollIntoViewIfNeeded();
  await form.getByLabel("Jméno", { exact: true }).fill("Alena Odběratelka");
  await form.getByLabel("E-mail", { exact: true }).fill(visitor);
  await form.getByRole("checkbox", { name: /^Souhlasím/ }).check();
  await form.getByRole("checkbox", { name: new RegExp(`^${newsletterBoxLabel}`) }).check();
  await form.getByRole("button", { name: "Chci rituál zdarma", exact: true }).click();
  await expect(form.getByRole("status")).toContainText(
    "Zvlášť přijde ještě odkaz, kterým odběr novinek potvrdíš",
  );

  // Only the gift and the confirmation: no letter, nothing with an unsubscribe header.
  const confirmation = await confirmationLink(visitor);
  await expect.poll(() => mailsTo(visitor).length, { timeout: 90_000 }).toBe(2);
  expect(mailsTo(visitor).map((mail) => mail.subject)).toEqual(
    expect.arrayContaining(["Potvrď prosím odběr novinek", expect.stringMatching(/^Tvůj dárek/)]),
  );
  for (const mail of mailsTo(visitor)) expect(headerLine(mail, "List-Unsubscribe")).toBe("");
  await page.goto(`${origin}${confirmation}`);
  await page.getByRole("button", { name: "Potvrdit odběr" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Odběr je potvrzený");

  // A second subscriber, from the blog's small form, stays on the list to the end.
  await page.goto(`${origin}${paths.blog}#novinky`);
  await page.locator("#novinky").getByLabel("E-mail", { exact: true }).fill(reader);
  await page.locator("#novinky").getByRole("button", { name: "Přihlásit se k novinkám" }).click();
  await expect(page).toHaveURL(/#novinky-odeslano$/);
  await confirm(page, reader);

  // Her list of subscribers, from her phone.
  await server.signIn(page);
  await page.goto(`${origin}${paths.adminNewsletter}`);
  const card = page.locator(`[data-subscriber="${visitor}"]`);
  await expect(card.locator("[data-state]")).toHaveText("přihlášen");
  await expect(card).toContainText("Dárek – rituál");
  await expect(card).toContainText("Potvrzeno");
  await shootBoth(page, "newsletter-letters", "subscribers");

  // Her sending rate, up for the test: the letters need not wait their turn.
  await page.goto(`${origin}${paths.adminLetters}`);
  await page.getByLabel("Dopisů za hodinu").fill("0");
  await page.getByRole("button", { name: "Uložit rychlost" }).click();
  await expect(page.locator("#letters-rate-error")).toHaveText(letterMessages.rate);
  await page.getByLabel("Dopisů za hodinu").fill("3600");
  await page.getByRole("button", { name: "Uložit rychlost" }).click();
  await expect(page.getByText("Uloženo: nejvýš 3600 dopisů za hodinu.")).toBeVisible();

  // An empty subject is refused at its field, and nothing is saved.
  await page.getByRole("link", { name: "Napsat dopis" }).click();
  await page.getByRole("textbox", { name: "Text dopisu" }).click();
  await page.keyboard.type("Milí přátelé,");
  await page.getByRole("button", { name: "Uložit koncept" }).click();
  await expect(page.locator("#letter-subject-error")).toHaveText(letterMessages.subject);
  await expect(page).toHaveURL(/\/dopisy\/novy$/);

  // The letter: a subject, her text, a button to her article and its announcement.
  const subject = `Jarní rovnodennost ${Date.now() % 10_000}`;
  await page.getByLabel("Předmět", { exact: true }).fill(subject);
  await page.getByRole("textbox", { name: "Text dopisu" }).click();
  await page.keyboard.press("End");
  await page.keyboard.type(" jaro je tu a s ním chuť vyjít ven.");
  await page.getByRole("button", { name: "Tlačítko" }).click();
  const buttonDialog = page.getByRole("dialog", { name: "Vložit tlačítko" });
  await buttonDialog
    .getByRole("button", { name: /^Vložit tlačítko na: / })
    .first()
    .click();
  await expect(page.getByRole("textbox", { name: "Text dopisu" }).locator("a.button")).toHaveText(
    "Přečíst článek",
  );
  await page.getByRole("radio", { name: /^Článek/ }).check();
  await page.getByLabel("Který článek").selectOption({ index: 1 });
  await shootBoth(page, "newsletter-letters", "compose");
  await page.getByRole("button", { name: "Uložit koncept" }).click();
  await expect(page).toHaveURL(/\/admin\/novinky\/dopisy\/[0-9a-f-]{36}$/);
  await expect(page.getByRole("heading", { level: 2, name: subject })).toBeVisible();

  // The preview: the e-mail as it comes, at a phone's width.
  await page.getByRole("button", { name: "Zobrazit náhled" }).click();
  const preview = page.frameLocator('[data-testid="letter-preview"]');
  await expect(preview.locator("body")).toContainText("jaro je tu a s ním chuť vyjít ven");
  // Her button in the text, and the announcement's.
  await expect(preview.getByRole("link", { name: "Přečíst článek" })).toHaveCount(2);
  await page.getByTestId("letter-preview").scrollIntoViewIfNeeded();
  await shootBoth(page, "newsletter-letters", "preview");

  // A test to herself, and where it went.
  await page.getByRole("button", { name: "Poslat zkoušku na můj e-mail" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Zkušební dopis" })).toContainText(
    owner.email,
  );
  await expect
    .poll(() => mailsTo(owner.email).map((mail) => mail.subject), { timeout: 90_000 })
    .toContain(`[Zkouška] ${subject}`);
  expect(mailsTo(visitor)).toHaveLength(2);

  // A time that has passed is refused at its field.
  await page.getByLabel("Den", { exact: true }).fill("2020-01-01");
  await page.getByLabel("Čas", { exact: true }).fill("08:00");
  await page.getByRole("button", { name: "Naplánovat" }).click();
  await expect(page.locator("#letter-schedule-day-error")).toHaveText(
    letterMessages.scheduledInPast,
  );
  await expect(page.locator("[data-state]").first()).toHaveText("koncept");

  await sendToAll(page, 2);
  await expect(page.getByText("Odesláno", { exact: true })).toBeVisible();

  // Each subscriber gets it exactly once, with the one-click unsubscribe headers.
  await expect
    .poll(() => mailsTo(reader).filter((m) => m.subject === subject).length, { timeout: 90_000 })
    .toBe(1);
  await expect
    .poll(() => mailsTo(visitor).filter((m) => m.subject === subject).length, { timeout: 90_000 })
    .toBe(1);
  const letter = mailsTo(visitor).find((mail) => mail.subject === subject) as CaughtMail;
  expect(addressesOf(letter.to)).toEqual([visitor]);
  const listUnsubscribe = headerLine(letter, "List-Unsubscribe");
  expect(listUnsubscribe).toMatch(/<mailto:[^>]+>/);
  const oneClickUrl = listUnsubscribe.match(/<(https?:\/\/[^>]+)>/)?.[1];
  expect(oneClickUrl).toBeDefined();
  expect(headerLine(letter, "List-Unsubscribe-Post")).toBe(
    "List-Unsubscribe-Post: List-Unsubscribe=One-Click",
  );
  expect(letter.html).toContain("odhlásit");

  // Her list: the letter with its figures.
  await page.goto(`${origin}${paths.adminLetters}`);
  const listed = page.locator(`[data-letter="${subject}"]`);
  await expect(listed.locator("[data-state]")).toHaveText("odeslaný");
  await expect(listed).toContainText("Odesláno:2");
  await shootBoth(page, "newsletter-letters", "list");

  // RFC 8058, as a mail client makes it: a POST to the header's address, no cookie, no page.
  const oneClick = await fetch(String(oneClickUrl), {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: "List-Unsubscribe=One-Click",
  });
  expect(oneClick.status).toBe(200);
  await page.goto(`${origin}${paths.adminNewsletter}`);
  await expect(card.locator("[data-state]")).toHaveText("odhlášen");

  // The second letter reaches only the one still subscribed.
  const second = `Letní slunovrat ${Date.now() % 10_000}`;
  await writeLetter(page, second, "Krásný den, léto klepe na dveře.");
  await sendToAll(page, 1);
  await expect
    .poll(() => mailsTo(reader).filter((m) => m.subject === second).length, { timeout: 90_000 })
    .toBe(1);
  // Long enough for a letter to the visitor to have come, had one been sent.
  await page.waitForTimeout(3000);
  expect(mailsTo(visitor).filter((mail) => mail.subject === second)).toEqual([]);
  expect(mailsTo(visitor).filter((mail) => mail.subject === subject)).toHaveLength(1);

  // Every letter anyone got carried both header fields.
  const letters = server.smtp.mails.filter(
    (mail) => mail.subject === subject || mail.subject === second,
  );
  expect(letters).toHaveLength(3);
  for (const each of letters) {
    expect(headerLine(each, "List-Unsubscribe")).toMatch(/<mailto:[^>]+>, *<https?:\/\/[^>]+>/);
    expect(headerLine(each, "List-Unsubscribe-Post")).toMatch(/List-Unsubscribe=One-Click$/);
  }

  // The visible link: the page says it worked and offers to come back.
  await page.goto(String(oneClickUrl));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Odhlášení proběhlo");
  await shootBoth(page, "newsletter-letters", "unsubscribed");

  // A third letter, at one an hour to two readers, stopped after the first got it.
  const third = `blogova-treti-${Date.now()}@example.cz`;
  await page.goto(`${origin}${paths.blog}#novinky`);
  await page.locator("#novinky").getByLabel("E-mail", { exact: true }).fill(third);
  await page.locator("#novinky").getByRole("button", { name: "Přihlásit se k novinkám" }).click();
  await expect(page).toHaveURL(/#novinky-odeslano$/);
  await confirm(page, third);
  await page.goto(`${origin}${paths.adminLetters}`);
  await page.getByLabel("Dopisů za hodinu").fill("1");
  await page.getByRole("button", { name: "Uložit rychlost" }).click();
  await expect(page.getByText("Uloženo: nejvýš 1 dopis za hodinu.")).toBeVisible();
  const stopped = `Podzimní bylinky ${Date.now() % 10_000}`;
  await writeLetter(page, stopped, "Sbírám poslední bylinky před mrazem.");
  await page.getByRole("button", { name: "Odeslat všem přihlášeným (2)" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Odeslat (2)" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Odesláno" })).toHaveText(
    "Odesláno 1 z 2",
    { timeout: 90_000 },
  );
  await page.getByRole("button", { name: "Zastavit odesílání" }).click();
  const stopDialog = page.getByRole("alertdialog");
  await expect(stopDialog).toContainText("Zatím ho dostal 1 z 2. Ostatním už nepřijde");
  await page.screenshot({
    path: screenshotPath("newsletter-letters", "stop-question-360.png"),
  });
  await stopDialog.getByRole("button", { name: "Zastavit odesílání" }).click();
  await expect(page.locator("[data-state]").first()).toHaveText("zastavený");
  await expect(page.getByText("Zastaveno, dostal ho 1 z 2.").first()).toBeVisible();
  await shootBoth(page, "newsletter-letters", "stopped");
  await page.goto(`${origin}${paths.adminLetters}`);
  const listedStopped = page.locator(`[data-letter="${stopped}"]`);
  await expect(listedStopped.locator("[data-state]")).toHaveText("zastavený");
  await expect(listedStopped).toContainText("Zastaveno, dostal ho 1 z 2.");
  await shootBoth(page, "newsletter-letters", "list-stopped");
  // The second reader never gets it.
  await page.waitForTimeout(3000);
  expect(server.smtp.mails.filter((mail) => mail.subject === stopped)).toHaveLength(1);
});

test.describe("the gift's thank-you without scripts", () => {
  test.use({ javaScriptEnabled: false });

  test("names the newsletter's confirmation e-mail when the box was ticked", async ({ page }) => {
    const email = await visitAs(page);
    await page.setViewportSize(phone);
    await page.goto(paths.gift);
    const form = page.getByRole("form", { name: "Rituál zdarma", exact: true });
    await form.getByLabel("Jméno", { exact: true }).fill("Jana Bez Skriptů");
    await form.getByLabel("E-mail", { exact: true }).fill(email);
    await form.getByRole("checkbox", { name: /^Souhlasím/ }).check();
    await form.getByRole("checkbox", { name: new RegExp(`^${newsletterBoxLabel}`) }).check();
    await form.getByRole("button", { name: "Chci rituál zdarma", exact: true }).click();
    await expect(page).toHaveURL(/\/darek#odeslano-ritual-novinky$/);
    const notice = page.locator("#odeslano-ritual-novinky");
    await expect(notice).toBeVisible();
    await expect(notice).toContainText("Děkujeme! Odkaz na rituál Ti brzy pošleme na e-mail.");
    await expect(notice).toContainText("odkaz, kterým odběr novinek potvrdíš");
    await expect(page.locator("#odeslano-ritual")).toBeHidden();
    await page.screenshot({
      path: screenshotPath("newsletter-letters", "gift-thanks-without-scripts-360.png"),
    });
  });
});
