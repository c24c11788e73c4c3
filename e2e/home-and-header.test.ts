import type { Page } from "@playwright/test";
import { operatorDefaults, site } from "#shared/site";
import { expect, expectNoAxeViolations, fetchHtml, test, waitForHydration } from "./fixtures";

const headerHeight = 72;

const menu = [
  { label: "Vítej", url: "/#welcome", section: "welcome" },
  { label: "Nabízím", url: "/#services", section: "services" },
  { label: "Blog", url: "/#products", section: "products" },
  { label: "Dárek", url: "/darek" },
  { label: "Členská sekce", url: "/clenska-sekce" },
  { label: "Recenze", url: "/#reviews", section: "reviews" },
  { label: "O mně", url: "/about" },
  { label: "Kontakt", url: "/#contact", section: "contact" },
] as const;

const anchors = ["home", "welcome", "services", "products", "reviews", "contact"];

/** Texts the specification (and the site configuration) puts on the home page. */
const homeTexts = [
  site.title,
  ...menu.map((item) => item.label),
  "Objednat konzultaci",
  "Získat dárek zdarma",
  "Více o službách",
  "Dary přírody",
  "Harmonizační setkání",
  "Online kurzy",
  "V přípravě...",
  "Živá setkání",
  "Zjistit více",
  "Síla Matky Země",
  "Celostní přístup",
  "Individuální přístup",
  "Jinačovice, Česká republika",
  operatorDefaults.email,
  operatorDefaults.socialHandle,
  "Pro koho je harmonizační setkání vhodné?",
  "Jsou vaše produkty vhodné i pro citlivou pokožku?",
  "Nabízíte i online konzultace?",
  `© ${site.copyrightYear}`,
];

/** The page's HTML with non-breaking spaces read as spaces and React's text separators dropped. */
function plain(html: string): string {
  return html.replaceAll("\u00a0", " ").replaceAll("<!-- -->", "");
}

function urlOf(page: Page): string {
  const url = new URL(page.url());
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The section has been scrolled to: its top sits just below the sticky header. */
async function expectScrolledTo(page: Page, id: string) {
  const section = page.locator(`#${id}`);
  await expect(section).toBeInViewport();
  await expect
    .poll(
      async () => {
        const top = await section.evaluate((element) => element.getBoundingClientRect().top);
        return top >= headerHeight - 2 && top <= headerHeight + 24;
      },
      { message: `#${id} starts just below the header` },
    )
    .toBe(true);
}

function headerMenu(page: Page) {
  return page.getByRole("navigation", { name: "Hlavní menu" });
}

async function openHome(page: Page, path = "/") {
  await page.goto(path);
  await waitForHydration(page);
}

test.describe("home page content", () => {
  test("the pre-rendered HTML holds every section, anchor and text of the specification", async ({
    page,
  }) => {
    const html = plain(await fetchHtml(page, "/"));
    for (const anchor of anchors) expect(html, `anchor #${anchor}`).toContain(`id="${anchor}"`);
    for (const text of homeTexts) expect(html, text).toContain(text);
    expect(html.match(/<h1[\s>]/g)).toHaveLength(1);
    expect(html.match(/>Zjistit více</g)).toHaveLength(4);
    for (const href of [
      "/darek",
      "/harmonizacni",
      "/#services",
      "/#contact",
      "/?sluzba=products#contact",
      "/?sluzba=course#contact",
      // Issue 36: the live meetings' card leads to her upcoming events.
      "/akce",
      `mailto:${operatorDefaults.email}`,
    ]) {
      expect(html, `link to ${href}`).toContain(`href="${href}"`);
    }
    expect(html).toMatch(/<title>[^<]*Harmonizační setkání[^<]*<\/title>/);
    expect(html).toMatch(/<meta name="description" content="[^"]{120,170}"/);
  });

  test("after hydration the same content is visible", async ({ page }) => {
    await openHome(page);
    for (const anchor of anchors) await expect(page.locator(`#${anchor}`)).toBeAttached();
    await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);
    const main = page.getByRole("main");
    for (const text of homeTexts) {
      await expect(page.getByText(text).filter({ visible: true }).first(), text).toBeVisible();
    }
    await expect(main.getByRole("link", { name: /^Zjistit více/ })).toHaveCount(4);
    for (const question of homeTexts.filter((text) => text.endsWith("?"))) {
      await expect(main.getByText(question)).toBeVisible();
    }
    await expect(page.getByRole("contentinfo")).toContainText(
      `© ${site.copyrightYear} ${operatorDefaults.ownerName}`,
    );
  });

  test("the FAQ answers open and close as disclosures", async ({ page }) => {
    await openHome(page);
    const question = page.getByText("Nabízíte i online konzultace?");
    const answer = page.getByText(/přes videohovor/);
    await expect(answer).toBeHidden();
    await question.click();
    await expect(answer).toBeVisible();
    await expect(answer).toContainText("Brně");
    await question.click();
    await expect(answer).toBeHidden();
  });

  test("the blog shows three articles, each leading to its own page", async ({ page }) => {
    await openHome(page);
    const blog = page.locator("#products");
    await expect(blog.getByRole("article")).toHaveCount(3);
    // The articles are pages of their own now (e2e/blog.test.ts checks which three).
    for (const link of await blog.getByRole("article").getByRole("link").all()) {
      await expect(link).toHaveAttribute("href", /^\/blog\/[a-z0-9-]+$/);
    }
  });
});

test.describe("header on a desktop", () => {
  for (const start of ["/", "/about"]) {
    for (const item of menu) {
      test(`„${item.label}“ from ${start} goes to ${item.url}`, async ({ page }) => {
        await openHome(page, start);
        await headerMenu(page).getByRole("link", { name: item.label, exact: true }).click();
        await expect.poll(() => urlOf(page)).toBe(item.url);
        if ("section" in item) await expectScrolledTo(page, item.section);
        else {
          await expect(
            headerMenu(page).getByRole("link", { name: item.label, exact: true }),
          ).toHaveAttribute("aria-current", "page");
        }
      });
    }

    test(`„Objednat konzultaci“ from ${start} goes to the contact section`, async ({ page }) => {
      await openHome(page, start);
      await page
        .getByRole("banner")
        .getByRole("link", { name: "Objednat konzultaci", exact: true })
        .click();
      await expect.poll(() => urlOf(page)).toBe("/#contact");
      await expectScrolledTo(page, "contact");
    });
  }

  test("leaving the home page before scrolling and coming back by the menu shows every section", async ({
    page,
  }) => {
    // The sections below the first screen wait to load their code until the
    // visitor nears them; here she leaves before that and comes back.
    await openHome(page);
    const requests: string[] = [];
    page.on("request", (request) => requests.push(new URL(request.url()).pathname));
    await headerMenu(page).getByRole("link", { name: "O mně", exact: true }).click();
    await expect.poll(() => urlOf(page)).toBe("/about");
    await headerMenu(page).getByRole("link", { name: "Recenze", exact: true }).click();
    await expect.poll(() => urlOf(page)).toBe("/#reviews");
    await expectScrolledTo(page, "reviews");
    await expect(page.locator("#reviews").getByText("Lucie")).toBeVisible();
    for (const id of ["services", "products", "contact"]) {
      await page.locator(`#${id}`).scrollIntoViewIfNeeded();
      await expect(page.locator(`#${id} h2`)).toBeVisible();
    }
    await expect(
      page.locator("#contact").getByRole("button", { name: "Odeslat zprávu" }),
    ).toBeVisible();
    await expect(page.locator("#contact").getByRole("textbox", { name: /Jméno/ })).toBeEditable();
    expect(requests.filter((path) => path === "/" || path.endsWith(".html"))).toEqual([]);
  });

  test("the site title leads home and the current page is marked", async ({ page }) => {
    await openHome(page, "/about");
    await expect(
      headerMenu(page).getByRole("link", { name: "O mně", exact: true }),
    ).toHaveAttribute("aria-current", "page");
    await page.getByRole("banner").getByRole("link", { name: site.title }).click();
    await expect.poll(() => urlOf(page)).toBe("/");
    await expect(page.getByRole("heading", { level: 1 })).toBeInViewport();
  });

  test("the full menu fits on one line from 1152 px; below it the toggle takes over", async ({
    page,
  }) => {
    await openHome(page);
    for (const width of [1152, 1280, 1440]) {
      await page.setViewportSize({ width, height: 800 });
      await expect(page.getByRole("button", { name: "Otevřít menu" })).toBeHidden();
      const links = headerMenu(page).getByRole("link");
      await expect(links).toHaveCount(9);
      const middles = await links.evaluateAll((elements) =>
        elements.map((element) => {
          const box = element.getBoundingClientRect();
          return box.top + box.height / 2;
        }),
      );
      expect(Math.max(...middles) - Math.min(...middles), `one line at ${width} px`).toBeLessThan(
        2,
      );
      const box = await page.getByRole("banner").boundingBox();
      expect(box?.height).toBeLessThanOrEqual(headerHeight + 1);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(width);
    }
    for (const width of [1024, 1151]) {
      await page.setViewportSize({ width, height: 800 });
      await expect(page.getByRole("button", { name: "Otevřít menu" })).toBeVisible();
      await expect(headerMenu(page).getByRole("link", { name: "Vítej" })).toBeHidden();
      await expect(
        page.getByRole("banner").getByRole("link", { name: "Objednat konzultaci" }),
      ).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(width);
    }
  });

  test("anchors scroll smoothly, and instantly for visitors who ask for reduced motion", async ({
    page,
  }) => {
    // The desktop project asks for reduced motion (playwright.config.ts); most visitors do not.
    await page.emulateMedia({ reducedMotion: "no-preference" });
    await openHome(page);
    const behaviour = () =>
      page.evaluate(() => getComputedStyle(document.documentElement).scrollBehavior);
    expect(await behaviour()).toBe("smooth");
    await page.emulateMedia({ reducedMotion: "reduce" });
    expect(await behaviour()).toBe("auto");
  });

  test("a skip link leads keyboard users past the menu", async ({ page }) => {
    await openHome(page);
    await page.keyboard.press("Tab");
    const skip = page.getByRole("link", { name: "Přeskočit na obsah" });
    await expect(skip).toBeFocused();
    await expect(skip).toBeVisible();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("main")).toBeFocused();
  });
});

test.describe("header on a phone", () => {
  test("the toggle opens the menu and a choice navigates and closes it @phone", async ({
    page,
  }) => {
    test.skip(test.info().project.name !== "phone", "the toggle exists below 1152 px");
    await openHome(page);
    const toggle = page.getByRole("button", { name: /^(Otevřít|Zavřít) menu$/ });
    await expect(toggle).toHaveAccessibleName("Otevřít menu");
    const list = page.locator(`#${await toggle.getAttribute("aria-controls")}`);
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await expect(list).toBeHidden();

    await toggle.click();
    await expect(toggle).toHaveAttribute("aria-expanded", "true");
    await expect(toggle).toHaveAccessibleName("Zavřít menu");
    await expect(list).toBeVisible();
    for (const item of menu) {
      const link = list.getByRole("link", { name: item.label, exact: true });
      await expect(link).toBeVisible();
      const box = await link.boundingBox();
      expect(box?.height, `${item.label} tap target`).toBeGreaterThanOrEqual(44);
    }
    await expect(list.getByRole("link", { name: "Objednat konzultaci" })).toBeVisible();

    await list.getByRole("link", { name: "Recenze" }).click();
    await expect.poll(() => urlOf(page)).toBe("/#reviews");
    await expect(list).toBeHidden();
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await expectScrolledTo(page, "reviews");

    await toggle.click();
    await list.getByRole("link", { name: "O mně" }).click();
    await expect.poll(() => urlOf(page)).toBe("/about");
    await expect(list).toBeHidden();
    await toggle.click();
    await list.getByRole("link", { name: "Nabízím" }).click();
    await expect.poll(() => urlOf(page)).toBe("/#services");
    await expectScrolledTo(page, "services");
  });

  test("Escape closes the menu and gives focus back to the toggle @phone", async ({ page }) => {
    test.skip(test.info().project.name !== "phone", "the toggle exists below 1152 px");
    await openHome(page);
    const toggle = page.getByRole("button", { name: /^(Otevřít|Zavřít) menu$/ });
    const box = await toggle.boundingBox();
    expect(box?.width).toBeGreaterThanOrEqual(44);
    expect(box?.height).toBeGreaterThanOrEqual(44);
    await toggle.click();
    const list = page.locator("#site-menu");
    await expect(list).toBeVisible();
    await list.getByRole("link", { name: "Blog" }).focus();
    await page.keyboard.press("Escape");
    await expect(list).toBeHidden();
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await expect(toggle).toBeFocused();
    await expect(toggle).toHaveAccessibleName("Otevřít menu");
  });

  test("the page fits the narrowest phone without sideways scrolling @phone", async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await openHome(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(360);
    await expect(page.getByRole("button", { name: "Otevřít menu" })).toBeInViewport();
    const header = await page.getByRole("banner").boundingBox();
    expect(header?.height).toBeLessThanOrEqual(headerHeight + 1);
  });
});

test.describe("home page buttons", () => {
  test("the hero buttons lead to the gift page and to the services", async ({ page }) => {
    await openHome(page);
    const hero = page.locator("#home");
    await hero.getByRole("link", { name: "Více o službách" }).click();
    await expect.poll(() => urlOf(page)).toBe("/#services");
    await expectScrolledTo(page, "services");
    await page.evaluate(() => window.scrollTo(0, 0));
    await hero.getByRole("link", { name: "Získat dárek zdarma" }).click();
    await expect.poll(() => urlOf(page)).toBe("/darek");
  });

  test("the hero buttons work on a phone too @phone", async ({ page }) => {
    await openHome(page);
    const hero = page.locator("#home");
    await expect(hero.getByRole("link", { name: "Získat dárek zdarma" })).toBeInViewport();
    await hero.getByRole("link", { name: "Získat dárek zdarma" }).click();
    await expect.poll(() => urlOf(page)).toBe("/darek");
  });

  const cards = [
    { name: "Zjistit více – Dary přírody", url: "/?sluzba=products#contact" },
    { name: "Zjistit více – Harmonizační setkání", url: "/harmonizacni" },
    { name: "Zjistit více – Online kurzy", url: "/?sluzba=course#contact" },
    // Issue 36: her upcoming events, not the contact form.
    { name: "Zjistit více – Živá setkání", url: "/akce" },
  ];

  test("the four „Zjistit více“ links have names that tell the cards apart", async ({ page }) => {
    await openHome(page);
    const links = page.locator("#services").getByRole("link", { name: /^Zjistit více/ });
    await expect(links).toHaveCount(4);
    for (const [index, card] of cards.entries()) {
      await expect(links.nth(index)).toHaveAccessibleName(card.name);
      await expect(links.nth(index)).toHaveText("Zjistit více");
    }
  });

  for (const card of cards) {
    test(`„${card.name}“ goes to ${card.url}`, async ({ page }) => {
      await openHome(page);
      await page.locator("#services").getByRole("link", { name: card.name, exact: true }).click();
      await expect.poll(() => urlOf(page)).toBe(card.url);
      if (card.url.endsWith("#contact")) {
        await expectScrolledTo(page, "contact");
        const service = new URLSearchParams(card.url.slice(1, card.url.indexOf("#"))).get("sluzba");
        await expect(
          page.locator("#contact").getByRole("combobox", { name: /Služba/ }),
          "the contact form has the service chosen",
        ).toHaveValue(service ?? "");
      }
    });
  }

  test("the button below the benefits leads to the contact section", async ({ page }) => {
    await openHome(page);
    const services = page.locator("#services");
    await expect(services.getByText("Síla Matky Země")).toBeVisible();
    await services.getByRole("link", { name: "Objednat konzultaci" }).click();
    await expect.poll(() => urlOf(page)).toBe("/#contact");
    await expectScrolledTo(page, "contact");
  });
});

test.describe("quality of the home page", () => {
  test("no console errors while loading and scrolling the home page @phone", async ({
    page,
    consoleEntries,
  }) => {
    await openHome(page);
    await page.locator("#contact").scrollIntoViewIfNeeded();
    await page.getByRole("contentinfo").scrollIntoViewIfNeeded();
    expect(
      consoleEntries.filter((entry) => entry.type === "error" || entry.type === "pageerror"),
    ).toEqual([]);
  });

  test("the welcome, offer, blog and reviews stay as pre-rendered and load no code of their own @phone", async ({
    page,
  }) => {
    const scripts: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
    });
    await openHome(page);
    // Mark the pre-rendered nodes: were React to render the parts again, the marks would go.
    await page.evaluate(() => {
      for (const id of ["welcome", "services", "products", "reviews"]) {
        document.getElementById(id)?.setAttribute("data-pre-rendered", "");
      }
    });
    for (const id of ["welcome", "services", "products", "reviews", "contact"]) {
      await page.locator(`#${id}`).scrollIntoViewIfNeeded();
    }
    await expect(
      page.locator("#contact").getByRole("button", { name: "Odeslat zprávu" }),
    ).toBeVisible();
    const blog = page.locator("#products");
    await expect(blog.getByRole("article").getByRole("link")).toHaveCount(3);
    for (const id of ["welcome", "services", "products", "reviews"]) {
      await expect(page.locator(`#${id}`)).toHaveAttribute("data-pre-rendered", "");
    }
    expect(scripts.some((path) => path.includes("/contact-content-"))).toBe(true);
    expect(
      scripts.filter((path) => /\/assets\/(welcome|services|blog|reviews)-/.test(path)),
      "code of the static parts",
    ).toEqual([]);
  });

  test("axe finds no accessibility violations on the home page @phone", async ({ page }) => {
    await openHome(page);
    await page.emulateMedia({ reducedMotion: "reduce" });
    await expectNoAxeViolations(page);
  });

  test("axe finds no violations with the phone menu open @phone", async ({ page }) => {
    test.skip(test.info().project.name !== "phone", "the toggle exists below 1152 px");
    await openHome(page);
    await page.emulateMedia({ reducedMotion: "reduce" });
    await page.getByRole("button", { name: "Otevřít menu" }).click();
    await expect(page.locator("#site-menu")).toBeVisible();
    await expectNoAxeViolations(page);
  });
});
