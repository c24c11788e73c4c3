/**
 * Events on a phone (360 px), on the accounts server: an event made and published through the
 * administration's API (her screens are another test's) is on /akce; a visitor signs up on its
 * page, another without scripts, a third is put on the waiting list; the confirmation's
 * akce.ics parses; the cancel link asks, then gives the freed place to the one waiting, who is
 * told by e-mail. Every screen is also photographed at 1280 px.
 */
import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import type { Page } from "@playwright/test";
import ICAL from "ical.js";
import { type ParsedMail, simpleParser } from "mailparser";
import { homeAnchors } from "#shared/routes";
import { accountsBaseUrl, accountsDataDir, seededAdmins, useOwnAddress } from "./accounts-server";
import {
  expect,
  expectNoAxeViolations,
  expectSiteFrame,
  screenshotPath,
  test,
  waitForHydration,
} from "./fixtures";

test.use({ baseURL: accountsBaseUrl });
test.beforeEach(async ({ context }, testInfo) => useOwnAddress(context, testInfo));

const owner = seededAdmins[9] as (typeof seededAdmins)[number];
const phone = { width: 360, height: 780 };
const day = 24 * 3_600_000;

async function screenshot(page: Page, name: string) {
  for (const width of [1280, 360]) {
    await page.setViewportSize(width === 360 ? phone : { width, height: 900 });
    await page.screenshot({ path: screenshotPath(`events-${name}-${width}.png`), fullPage: true });
  }
}

/** The e-mails the server has written to `address` so far, oldest first. */
async function mailsTo(address: string): Promise<ParsedMail[]> {
  const mailDir = join(accountsDataDir, "mail");
  const files = (await readdir(mailDir).catch(() => [] as string[]))
    .filter((file) => file.endsWith(".eml"))
    .sort();
  const mails = await Promise.all(
    files.map(async (file) => simpleParser(await readFile(join(mailDir, file)))),
  );
  return mails.filter((mail) => {
    const to = Array.isArray(mail.to) ? mail.to[0] : mail.to;
    return to?.value.some((entry) => entry.address === address);
  });
}

async function mailTo(address: string, subject: string): Promise<ParsedMail> {
  let found: ParsedMail | undefined;
  await expect
    .poll(
      async () => {
        found = (await mailsTo(address)).find((mail) => mail.subject?.startsWith(subject));
        return found !== undefined;
      },
      { timeout: 30_000 },
    )
    .toBe(true);
  return found as ParsedMail;
}

/** The page served (the page store's) contains `text` within 10 s. */
async function expectServed(page: Page, path: string, text: string) {
  await expect
    .poll(
      async () =>
        (await (await page.request.get(path)).text()).replace(/\u00a0/g, " ").includes(text),
      { timeout: 10_000 },
    )
    .toBe(true);
}

test("a visitor signs up (also without scripts), the .ics parses, cancelling promotes the one waiting", async ({
  page,
  browser,
  consoleEntries,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize(phone);
  const slug = `kruh-zen-${Date.now().toString(36)}`;
  const startsAt = new Date(Math.ceil((Date.now() + 9 * day) / 3_600_000) * 3_600_000);

  // She makes the event and publishes it (the API her screens call).
  const session = await page.request.post("/auth/v1/token?grant_type=password", {
    data: { email: owner.email, password: owner.password },
  });
  const { access_token: token } = (await session.json()) as { access_token: string };
  const headers = { Authorization: `Bearer ${token}` };
  const created = await page.request.post("/api/admin/events", {
    headers,
    data: {
      event: {
        title: "Kruh žen u ohně",
        slug,
        description:
          "<p>Večer pro ženy, které si chtějí na chvíli sednout, zpomalit a být spolu. Uvaříme si bylinkový čaj, zapálíme oheň a podělíme se o to, co nás těší i tíží.</p><ul><li><p>teplé oblečení a deku</p></li><li><p>hrnek na čaj</p></li></ul>",
        photoId: null,
        startsAt: startsAt.toISOString(),
        endsAt: new Date(startsAt.getTime() + 2.5 * 3_600_000).toISOString(),
        signupDeadline: new Date(startsAt.getTime() - day).toISOString(),
        placeKind: "address",
        address: "Zahrada u Lípy, Jinačovice 12",
        onlineNote: null,
        priceCzk: 450,
        capacity: 2,
        maxPlacesPerSignup: 1,
        waitingList: true,
      },
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { event } = (await created.json()) as { event: { id: string; version: number } };
  const published = await page.request.post(`/api/admin/events/${event.id}/publish`, {
    headers,
    data: { version: event.version },
  });
  expect(published.status()).toBe(200);

  // The list, and the event's page.
  await page.goto("/akce");
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Akce");
  const card = page.getByRole("link", { name: "Kruh žen u ohně" }).first();
  await expect(card).toBeVisible();
  await screenshot(page, "list");
  // A client-side navigation renders the sign-up from its code (on the page's own first visit
  // it stays the rendered markup and its code never loads).
  await waitForHydration(page);
  await card.click();
  await expect(page).toHaveURL(new RegExp(`/akce/${slug}$`));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Kruh žen u ohně");
  await expect(page.getByLabel("Jméno a příjmení")).toBeVisible();
  await page.goto(`/akce/${slug}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Kruh žen u ohně");
  await expect(page.getByText("Zbývají 2 volná místa")).toBeVisible();
  // The sign-up deadline beside the date (the day before it starts).
  await expect(
    page.getByText(/^Přihlášky do \d{1,2}\.\s\p{L}+\s\d{4}\sv\s\d{1,2}:\d{2}$/u),
  ).toBeVisible();
  await expect(page.getByRole("link", { name: "Ukázat na mapě" })).toHaveAttribute(
    "href",
    /^https:\/\/mapy\.cz\/zakladni\?q=Zahrada/,
  );
  await expectNoAxeViolations(page);
  await screenshot(page, "event");
  // Its opening ends where the head's `rel=expect` waits for it (no paint before, no warning).
  await expect(page.locator("#first-screen-end")).toHaveCount(1);
  expect(consoleEntries.map(({ text }) => text).join("\n")).not.toContain("expected to be parsed");

  // The first visitor, with scripts.
  const first = `prvni-${slug}@example.cz`;
  await page.getByLabel("Jméno a příjmení").fill("Jana Nováková");
  await page.getByLabel("E-mail").fill(first);
  await page.getByLabel(/Souhlasím se zpracováním/).check();
  await page.getByRole("button", { name: "Přihlásit se" }).click();
  await expect(page.getByRole("heading", { name: "Máte místo" })).toBeVisible();
  await screenshot(page, "confirmed");

  // The same address again, with scripts: refused, and the message's „napište mi prosím“ is
  // followed by the way to the contact form.
  await page.goto(`/akce/${slug}`);
  await page.getByLabel("Jméno a příjmení").fill("Jana Nováková");
  await page.getByLabel("E-mail").fill(first);
  await page.getByLabel(/Souhlasím se zpracováním/).check();
  await page.getByRole("button", { name: "Přihlásit se" }).click();
  await expect(
    page.getByText("Na tuto akci už je přihláška s touto e-mailovou adresou."),
  ).toBeVisible();
  await expect(page.getByRole("link", { name: "Napsat zprávu" })).toHaveAttribute(
    "href",
    `/#${homeAnchors.contact}`,
  );
  await screenshot(page, "refused-scripts");

  // The second, without scripts; her first try repeats the first one's address.
  const plain = await browser.newContext({
    javaScriptEnabled: false,
    baseURL: accountsBaseUrl,
    viewport: phone,
  });
  const noScript = await plain.newPage();
  // The page is rendered again after each sign-up, within moments.
  await expectServed(page, `/akce/${slug}`, "Zbývá 1 volné místo");
  await noScript.goto(`/akce/${slug}`);
  await expect(noScript.getByText("Zbývá 1 volné místo")).toBeVisible();
  await noScript.getByLabel("Jméno a příjmení").fill("Petra Malá");
  await noScript.getByLabel("E-mail").fill(first);
  await noScript.getByLabel(/Souhlasím se zpracováním/).check();
  await noScript.getByRole("button", { name: "Přihlásit se" }).click();
  await expect(noScript.getByRole("alert")).toContainText("Opravte prosím");
  await expect(
    noScript.getByText("Na tuto akci už je přihláška s touto e-mailovou adresou."),
  ).toBeVisible();
  await expect(noScript.getByLabel("Jméno a příjmení")).toHaveValue("Petra Malá");
  await screenshot(noScript, "refused");
  await expect(noScript.getByRole("link", { name: "Napsat zprávu" })).toHaveAttribute(
    "href",
    `/#${homeAnchors.contact}`,
  );
  await expectSiteFrame(noScript);
  const second = `druha-${slug}@example.cz`;
  await noScript.getByLabel("E-mail").fill(second);
  await noScript.getByRole("button", { name: "Přihlásit se" }).click();
  await expect(noScript.getByRole("heading", { name: "Máte místo" })).toBeVisible();
  await screenshot(noScript, "confirmed-no-script");
  await expectSiteFrame(noScript);

  // Full now: the page offers the waiting list.
  await expectServed(page, `/akce/${slug}`, "Obsazeno");
  await noScript.goto(`/akce/${slug}`);
  await expect(noScript.getByRole("button", { name: "Zapsat se na čekací listinu" })).toBeVisible();
  await screenshot(noScript, "full");
  const third = `treti-${slug}@example.cz`;
  await noScript.getByLabel("Jméno a příjmení").fill("Eva Dubová");
  await noScript.getByLabel("E-mail").fill(third);
  await noScript.getByLabel(/Souhlasím se zpracováním/).check();
  await noScript.getByRole("button", { name: "Zapsat se na čekací listinu" }).click();
  await expect(noScript.getByRole("heading", { name: "Jste na čekací listině" })).toBeVisible();
  await screenshot(noScript, "waitlisted");
  await plain.close();

  // The first one's confirmation: its calendar file, and the cancel link.
  const confirmation = await mailTo(first, "Přihláška je potvrzená");
  const ics = confirmation.attachments.find((file) => file.filename === "akce.ics");
  const calendar = new ICAL.Component(ICAL.parse(ics?.content.toString("utf8") ?? ""));
  const vevent = new ICAL.Event(calendar.getFirstSubcomponent("vevent") ?? undefined);
  expect(vevent.startDate.toJSDate().toISOString()).toBe(startsAt.toISOString());
  expect(vevent.location).toBe("Zahrada u Lípy, Jinačovice 12");
  expect(vevent.summary).toContain("Kruh žen u ohně");
  const link = confirmation.text?.match(/https?:\/\/\S+\/akce\/zruseni\/[\w-]+/)?.[0] ?? "";
  await page.goto(new URL(link).pathname);
  await expect(page.getByRole("heading", { name: "Zrušit přihlášku?" })).toBeVisible();
  await screenshot(page, "cancel");
  await page.getByRole("button", { name: "Ano, zrušit přihlášku" }).click();
  await expect(page.getByRole("heading", { name: "Přihláška je zrušená" })).toBeVisible();
  await screenshot(page, "cancelled");

  // The one waiting has the place, by e-mail with her own calendar file.
  const promoted = await mailTo(third, "Uvolnilo se místo");
  expect(promoted.attachments.map((file) => file.filename)).toEqual(["akce.ics"]);
  await expectServed(page, "/akce", "Obsazeno");
});
