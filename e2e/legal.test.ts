import type { Locator, Page } from "@playwright/test";
import { paths, privacyAnchors, publicRoutePaths } from "#shared/routes";
import { operatorDefaults, site } from "#shared/site";
import { expect, expectNoAxeViolations, fetchHtml, test, waitForHydration } from "./fixtures";

const privacyHeadline = "Zásady ochrany osobních údajů";

/** Text as a reader sees it: non-breaking spaces read as spaces. */
const plain = (text: string) => text.replaceAll("\u00a0", " ");

async function open(page: Page, path: string) {
  await page.goto(path);
  await waitForHydration(page);
}

/** The link to the privacy notice inside the label of a form's consent box. */
function consentLink(form: Locator): Locator {
  return form.locator(`label:has(input[type="checkbox"]) a[href="${paths.privacy}"]`);
}

/**
 * Follows a link that should open the privacy notice in a new tab, and
 * checks the notice is what opened.
 */
async function followToPrivacyNotice(page: Page, link: Locator) {
  await expect(link).toHaveAttribute("target", "_blank");
  await expect(link).toHaveAccessibleName(/zásad.* ochrany osobních údajů.*nové záložce/);
  const [notice] = await Promise.all([page.context().waitForEvent("page"), link.click()]);
  await notice.waitForLoadState();
  expect(new URL(notice.url()).pathname).toBe(paths.privacy);
  await expect(notice.getByRole("heading", { level: 1 })).toHaveText(privacyHeadline);
  await notice.close();
}

test.describe("consent labels link to the privacy notice without losing what was typed", () => {
  const giftForms = [
    { name: "Rituál zdarma", type: "ritual" },
    { name: "Návod na osobní vůni zdarma", type: "fragrance" },
  ] as const;

  test("the contact form", async ({ page }) => {
    await open(page, "/");
    const form = page.getByRole("form", { name: "Kontaktní formulář", exact: true });
    await form.scrollIntoViewIfNeeded();
    await form.getByLabel("Jméno", { exact: true }).fill("Petra Nováková");
    await form.getByLabel("E-mail", { exact: true }).fill("petra@example.cz");
    await form.getByLabel("Zpráva", { exact: true }).fill("Ráda bych se objednala na setkání.");
    await form.getByRole("checkbox", { name: /^Souhlasím/ }).check();

    await followToPrivacyNotice(page, consentLink(form));

    await expect(form.getByLabel("Jméno", { exact: true })).toHaveValue("Petra Nováková");
    await expect(form.getByLabel("E-mail", { exact: true })).toHaveValue("petra@example.cz");
    await expect(form.getByLabel("Zpráva", { exact: true })).toHaveValue(
      "Ráda bych se objednala na setkání.",
    );
    // Following the link does not untick (or tick) the box it sits beside.
    await expect(form.getByRole("checkbox", { name: /^Souhlasím/ })).toBeChecked();
  });

  for (const gift of giftForms) {
    test(`the gift form „${gift.name}“`, async ({ page }) => {
      await open(page, paths.gift);
      const form = page.getByRole("form", { name: gift.name, exact: true });
      await form.scrollIntoViewIfNeeded();
      await form.getByLabel("Jméno", { exact: true }).fill("Markéta");
      await form.getByLabel("E-mail", { exact: true }).fill(`marketa-${gift.type}@example.cz`);

      await followToPrivacyNotice(page, consentLink(form));

      await expect(form.getByLabel("Jméno", { exact: true })).toHaveValue("Markéta");
      await expect(form.getByLabel("E-mail", { exact: true })).toHaveValue(
        `marketa-${gift.type}@example.cz`,
      );
      await expect(form.getByRole("checkbox", { name: /^Souhlasím/ })).not.toBeChecked();
    });
  }

  test("the sign-up form", async ({ page }) => {
    await open(page, paths.signIn);
    await page.getByRole("button", { name: "Zaregistrujte se" }).click();
    await page.getByLabel("E-mail").fill("nova@example.cz");
    await page.getByLabel("Heslo", { exact: true }).fill("heslo-123");
    await page.getByLabel("Celé jméno").fill("Nová Členka");

    await followToPrivacyNotice(
      page,
      page.getByRole("main").locator(`form a[href="${paths.privacy}"]`),
    );

    await expect(page.getByLabel("E-mail")).toHaveValue("nova@example.cz");
    await expect(page.getByLabel("Heslo", { exact: true })).toHaveValue("heslo-123");
    await expect(page.getByLabel("Celé jméno")).toHaveValue("Nová Členka");
  });
});

test("the footer names who runs the site and links to the privacy notice on every public page", async ({
  page,
}) => {
  const operator = operatorDefaults;
  for (const path of [...publicRoutePaths, paths.signIn, "/stranka-ktera-neexistuje"]) {
    await page.goto(path);
    const footer = page.getByRole("contentinfo");
    const text = plain((await footer.textContent()) ?? "");
    for (const fact of [
      operatorDefaults.ownerName,
      `IČO ${operator.ico}`,
      plain(operator.seat),
      "živnostenském rejstříku",
    ]) {
      expect(text, `${path}: the footer says „${fact}“`).toContain(fact);
    }
    await expect(footer.locator(`a[href="${paths.privacy}"]`), path).toBeVisible();
  }
});

/**
 * English that has crept into Czech pages before, or could. Brand names and
 * technical terms the privacy notice explains (GDPR, localStorage) are not English copy.
 */
const englishWords = [
  "Czech",
  "Republic",
  "Home",
  "Read more",
  "Learn more",
  "Submit",
  "Send",
  "Sending",
  "Loading",
  "Privacy",
  "Policy",
  "Terms",
  "Contact",
  "About",
  "Reviews",
  "Gift",
  "Sign in",
  "Sign up",
  "Log in",
  "Password",
  "Name",
  "Message",
  "Welcome",
  "Thank you",
  "Thanks",
  "Required",
  "Optional",
  "Close",
  "Open menu",
  "Back",
  "Subscribe",
  "Newsletter",
  "Share",
  "Author",
  "min read",
  "Skip to",
  "Error",
  "Success",
];
const englishPattern = new RegExp(
  `(?<!\\p{L})(${englishWords.map((word) => word.replace(" ", "\\s+")).join("|")})(?!\\p{L})`,
  "iu",
);

test("no public page says „Czech Republic“ or anything else in English", async ({ page }) => {
  for (const path of publicRoutePaths) {
    await open(page, path);
    // Every text, also the closed questions and answers, and what screen readers hear.
    const texts = await page.evaluate(() => {
      const body = document.body.cloneNode(true) as HTMLElement;
      for (const element of body.querySelectorAll("script, style, template, noscript")) {
        element.remove();
      }
      const attributes = [
        ...document.body.querySelectorAll("[aria-label], [alt], [title], [placeholder]"),
      ]
        .flatMap((element) =>
          ["aria-label", "alt", "title", "placeholder"].map((name) => element.getAttribute(name)),
        )
        .filter((value): value is string => Boolean(value));
      return [body.textContent ?? "", ...attributes];
    });
    const text = plain(texts.join("\n"));
    expect(text, path).not.toContain("Czech Republic");
    expect(text.match(englishPattern)?.[0], `English on ${path}`).toBeUndefined();
  }
  // The check itself would see the old footer's English.
  expect("Jinačovice, Czech Republic").toMatch(englishPattern);
});

type EmailBreak = { address: string; before: string; after: string };

/**
 * Where the browser wrapped each e-mail address: for every line break inside
 * the address, the text on either side of it (measured per character).
 */
function readEmailBreaks(page: Page, selector: string): Promise<EmailBreak[][]> {
  return page.locator(selector).evaluateAll((links) =>
    links.map((link) => {
      const characters: { character: string; top: number }[] = [];
      const walker = document.createTreeWalker(link, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent ?? "";
        for (let index = 0; index < text.length; index++) {
          const range = document.createRange();
          range.setStart(node, index);
          range.setEnd(node, index + 1);
          const rect = range.getClientRects()[0];
          if (rect) characters.push({ character: text[index] as string, top: rect.top });
        }
      }
      const address = characters.map((entry) => entry.character).join("");
      const breaks = [];
      for (let index = 1; index < characters.length; index++) {
        const previous = characters[index - 1];
        const current = characters[index];
        if (previous && current && current.top > previous.top + 1) {
          breaks.push({
            address,
            before: address.slice(0, index),
            after: address.slice(index),
          });
        }
      }
      return breaks;
    }),
  );
}

function expectOnlyAllowedBreaks(breaksPerAddress: EmailBreak[][], where: string) {
  for (const breaks of breaksPerAddress) {
    for (const found of breaks) {
      const allowed = found.before.endsWith("@") || found.after.startsWith(".");
      expect(allowed, `${where}: „${found.before}“ / „${found.after}“`).toBe(true);
    }
  }
}

test.describe("e-mail addresses at 360 px", () => {
  test.use({ viewport: { width: 360, height: 800 } });

  test("break only after @ or before a dot, on every public page", async ({ page }) => {
    let addresses = 0;
    for (const path of publicRoutePaths) {
      await open(page, path);
      // The contact section's content loads when the visitor nears it.
      await page.locator("footer").scrollIntoViewIfNeeded();
      const contact = page.locator("#contact");
      if ((await contact.count()) > 0) {
        await contact.scrollIntoViewIfNeeded();
        await expect(contact.locator('a[href^="mailto:"]')).toBeVisible();
      }
      const breaks = await readEmailBreaks(page, 'a[href^="mailto:"]');
      addresses += breaks.length;
      expectOnlyAllowedBreaks(breaks, path);
    }
    // Footer, contact section, gift page and privacy notice at least.
    expect(addresses).toBeGreaterThanOrEqual(publicRoutePaths.length + 3);
  });

  test("that wrap in a narrow place keep every word whole", async ({ page }) => {
    await open(page, paths.privacy);
    const links = page.locator('main a[href^="mailto:"]');
    // Squeezed to a few characters, the address must wrap, and only where allowed.
    await links.evaluateAll((elements) => {
      for (const element of elements) {
        (element.parentElement as HTMLElement).style.width = "9ch";
      }
    });
    const breaks = await readEmailBreaks(page, 'main a[href^="mailto:"]');
    expect(breaks.flat().length).toBeGreaterThan(0);
    expectOnlyAllowedBreaks(breaks, "squeezed");
    for (const found of breaks.flat()) {
      expect(plain(found.before + found.after)).toBe(operatorDefaults.email);
    }
  });
});

test.describe("the privacy notice", () => {
  test("is pre-rendered with its sections, the operator and the supervisory authority", async ({
    page,
  }) => {
    const html = plain((await fetchHtml(page, paths.privacy)).replaceAll("<!-- -->", ""));
    expect(html).toMatch(new RegExp(`<h1[^>]*>${privacyHeadline}</h1>`));
    expect(html).toContain(`<link rel="canonical" href="${site.url}${paths.privacy}"`);
    for (const id of Object.values(privacyAnchors)) expect(html).toContain(`id="${id}"`);
    for (const text of [
      operatorDefaults.ownerName,
      operatorDefaults.ico,
      plain(operatorDefaults.seat),
      "Úřad pro ochranu osobních údajů",
      "Pplk. Sochora 27, 170 00 Praha 7",
      "www.uoou.cz",
      "čl. 6 odst. 1 písm. a)",
      "čl. 6 odst. 1 písm. b)",
      "čl. 6 odst. 1 písm. f)",
      "sb-…-auth-token",
      "nepoužívá žádné analytické, reklamní ani sledovací cookies",
      "přihlásit se k odběru novinek",
    ]) {
      expect(html, `the notice says „${text}“`).toContain(text);
    }
    // The forms it once counted as three are more now (the newsletter, booking, events).
    expect(html).not.toContain("tři formuláře");
    // Its summary says visits are counted (issue 38), not that they are not.
    expect(html).toContain("Návštěvy počítám sama, anonymně a bez cookies.");
    expect(html).not.toContain("žádné měření návštěvnosti");
  });

  test("reads well to assistive technology, with a clean console @phone", async ({
    page,
    consoleEntries,
  }) => {
    await open(page, paths.privacy);
    await page.emulateMedia({ reducedMotion: "reduce" });
    await expectNoAxeViolations(page);
    expect(consoleEntries.filter((entry) => entry.type === "error")).toEqual([]);
  });

  test("loads no code for its text as pre-rendered, and comes whole after a client-side navigation", async ({
    page,
  }) => {
    const scripts: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
    });
    const textCode = () => scripts.filter((path) => /\/assets\/(opening|closing)-/.test(path));
    await open(page, paths.privacy);
    // Mark the pre-rendered text: were React to render it again, the marks would go.
    await page.evaluate(() => {
      for (const part of document.querySelectorAll("[data-static-part] section")) {
        part.setAttribute("data-pre-rendered", "");
      }
    });
    for (const id of ["spravce", privacyAnchors.cookies, privacyAnchors.rights]) {
      await page.locator(`#${id}`).scrollIntoViewIfNeeded();
      await expect(page.locator(`#${id}`)).toHaveAttribute("data-pre-rendered", "");
    }
    // The retention section is the page's own code: it asks the server and says what holds.
    await expect(page.locator("[data-retention-notice]")).not.toHaveAttribute(
      "data-retention-notice",
      "unknown",
    );
    expect(textCode(), "code of the notice's text").toEqual([]);

    // Back from another page (the footer's links load their page whole, being pre-rendered
    // themselves): the notice renders from its code, whole, the anchors included.
    await page.getByRole("banner").locator(`a[href="${paths.about}"]`).first().click();
    await expect(page).toHaveURL(paths.about);
    await page.goBack();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(privacyHeadline);
    await expect(page.locator(`#${privacyAnchors.rights}`)).toContainText(
      "Kdykoli mě můžete požádat",
    );
    await expect(page.locator(`#${privacyAnchors.cookies}`)).toContainText("harmonie_device");
    expect(textCode()).toHaveLength(2);
  });

  test("is in the sitemap", async ({ page }) => {
    const sitemap = await fetchHtml(page, "/sitemap.xml");
    expect(sitemap).toContain(`<loc>${site.url}${paths.privacy}</loc>`);
  });

  test("/gdpr and /cookies lead to it for good", async ({ page }) => {
    for (const [path, target] of [
      ["/gdpr", paths.privacy],
      ["/cookies", `${paths.privacy}#${privacyAnchors.cookies}`],
    ] as const) {
      const response = await page.request.get(path, { maxRedirects: 0 });
      expect(response.status(), path).toBe(301);
      expect(response.headers().location, path).toBe(target);
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(privacyHeadline);
    }
    await expect(page.locator(`#${privacyAnchors.cookies}`)).toBeInViewport();
  });
});
