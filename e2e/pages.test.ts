import type { Page } from "@playwright/test";
import { contactAbout, paths } from "#shared/routes";
import { operatorDefaults, site } from "#shared/site";
import {
  type ConsoleEntry,
  expect,
  expectNoAxeViolations,
  fetchHtml,
  screenshotPath,
  test,
  waitForHydration,
} from "./fixtures";

type InnerPage = {
  path: string;
  /** The page's one h1. */
  headline: string;
  /** Texts the page must show (the specification's verbatim, the rest its substance). */
  texts: readonly string[];
};

const innerPages = {
  about: {
    path: paths.about,
    headline: "O mně",
    texts: [
      "O mně",
      "O MÉ TVORBĚ",
      operatorDefaults.ownerName,
      "Květinové a bylinné oleje",
      "Bylinná vykuřovadla",
      "Květiny",
      "Dekorace",
      "Zpět na hlavní stránku",
    ],
  },
  gift: {
    path: paths.gift,
    headline: "Dárek pro tebe",
    texts: [
      "Minutový rituál pro každý den",
      "Video krok za krokem",
      "Návod na tvou osobní vůni",
      "Co dostaneš",
      "Zpět na hlavní stránku",
    ],
  },
  harmonisation: {
    path: paths.harmonisation,
    headline: "Harmonizační setkání",
    texts: [
      "Jak setkání vzniklo",
      "Kakaový rituál",
      "Individuální část",
      "Zvuková lázeň",
      "Vědomý dotek",
      "Intuitivní masáž",
      "Řízená meditace",
      "Tvorba osobní vůně",
      site.location.localityLocative,
      site.location.serviceArea,
      "online",
      "Objednat konzultaci",
      "Zpět na hlavní stránku",
    ],
  },
  members: {
    path: paths.members,
    headline: "Členská sekce",
    texts: [
      "Nahrávky meditací",
      "Obsah online kurzů",
      "Materiály ke stažení",
      "Materiály přibývají postupně",
      "Přihlásit se",
      "Co v členské sekci najdete",
      "Zpět na hlavní stránku",
    ],
  },
  blog: {
    path: paths.blog,
    headline: "Čtení pro klidné chvíle",
    texts: ["Blog", "Číst článek", "čtení", "Zpět na hlavní stránku"],
  },
} as const satisfies Record<string, InnerPage>;

/** The two gift forms, by the names they carry. */
const giftForms = ["Rituál zdarma", "Návod na osobní vůni zdarma"];

const missingPath = "/some/missing/path";

/** The page's HTML with non-breaking spaces read as spaces and React's text separators dropped. */
function plain(html: string): string {
  return html.replaceAll("\u00a0", " ").replaceAll("<!-- -->", "");
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

function errorsIn(entries: ConsoleEntry[]): ConsoleEntry[] {
  return entries.filter((entry) => entry.type === "error" || entry.type === "pageerror");
}

async function open(page: Page, path: string) {
  await page.goto(path);
  await waitForHydration(page);
}

const backLinks = (page: Page) =>
  page.getByRole("main").getByRole("link", { name: "Zpět na hlavní stránku" });

test("the members' page, pre-rendered while materials come and go, never says they are not there yet", async ({
  page,
}) => {
  const html = plain(await fetchHtml(page, paths.members));
  // Whether there are materials is for the member area to say, once she signs in.
  for (const claim of ["v přípravě", "Připravuji", "připravuje", "budou čekat"]) {
    expect(html, `HTML says „${claim}“`).not.toContain(claim);
  }
  expect(html).toContain("Materiály přibývají postupně");
});

test("the gift page speaks with „ty“ in lowercase: capitals belong in a personal letter, not on a page for everyone", async ({
  page,
}) => {
  await open(page, paths.gift);
  // The forms come to life near the screen.
  await page.locator("footer").scrollIntoViewIfNeeded();
  await expect(page.getByRole("button", { name: "Chci rituál zdarma" })).toBeVisible();
  // What a visitor sees: the specification's thanks („… Ti brzy pošleme …“), hidden until a
  // form is sent, stay as quoted.
  // biome-ignore lint/performance/useDomNodeTextContent: the rendered text, without hidden notices
  const text = (await page.locator("main").innerText()).replaceAll("\u00a0", " ");
  // A capital form in the middle of a sentence (after a word or a comma), where only the
  // lowercase one belongs; a sentence may still start with „Tvoje“.
  const capitals = text.match(
    /(?<=[\p{Ll},] )(Ti|Tě|Tebe|Tobě|Tebou|Tvůj|Tvoje|Tvoji|Tvou|Tvá|Tvé|Tvého|Tvému|Tvým|Tvých)(?![\p{L}])/gu,
  );
  expect(capitals ?? []).toEqual([]);
  expect(text).toContain("Připravila jsem pro tebe dva dárky zdarma");
  for (const width of [360, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await open(page, paths.gift);
    await page.screenshot({ path: screenshotPath(`gift-${width}.png`), fullPage: true });
  }
});

for (const [name, innerPage] of Object.entries(innerPages) as [string, InnerPage][]) {
  test.describe(`${name} page (${innerPage.path})`, () => {
    test("is pre-rendered with its content, one h1 and its own title", async ({ page }) => {
      const html = plain(await fetchHtml(page, innerPage.path));
      expect(html).not.toContain("TODO");
      expect(html).toMatch(
        new RegExp(`<h1[^>]*>(<[^>]+>)*${escapeRegExp(innerPage.headline)}(<[^>]+>)*</h1>`),
      );
      expect(html.match(/<h1[\s>]/g)).toHaveLength(1);
      for (const text of innerPage.texts) expect(html, `HTML contains „${text}“`).toContain(text);
      expect(html).toMatch(/<title>[^<]+ \| /);
      expect(html).toContain(`<link rel="canonical" href="${site.url}${innerPage.path}"`);
    });

    test("shows its content after hydration, with a clean console and no axe violations @phone", async ({
      page,
      consoleEntries,
    }) => {
      await open(page, innerPage.path);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(innerPage.headline);
      const main = page.getByRole("main");
      for (const text of innerPage.texts) {
        await expect(main.getByText(text, { exact: false }).first()).toBeVisible();
      }
      await expectNoAxeViolations(page);
      expect(errorsIn(consoleEntries)).toEqual([]);
    });

    test("its back links lead to the main page @phone", async ({ page }) => {
      await open(page, innerPage.path);
      const links = backLinks(page);
      expect(await links.count()).toBeGreaterThanOrEqual(2);
      for (const link of await links.all()) {
        await expect(link).toHaveAttribute("href", "/");
        const box = await link.boundingBox();
        expect(box?.height, "tap target height").toBeGreaterThanOrEqual(44);
      }
      await links.last().scrollIntoViewIfNeeded();
      await links.last().click();
      await expect(page).toHaveURL(/\/$/);
      await expect(page.locator("#services")).toBeAttached();
    });
  });
}

test.describe("about page", () => {
  test("shows three pictures that load, each with a Czech description and a reserved size @phone", async ({
    page,
  }) => {
    const html = await fetchHtml(page, paths.about);
    const images = html.match(/<img [^>]*>/g) ?? [];
    expect(images.length).toBeGreaterThanOrEqual(3);
    for (const image of images) {
      expect(image).toMatch(/ alt="[^"]{20,}"/);
      expect(image).toMatch(/ width="\d+"/);
      expect(image).toMatch(/ height="\d+"/);
    }

    await open(page, paths.about);
    const pictures = page.getByRole("main").getByRole("img", { name: /^Ilustrace/ });
    await expect(pictures).toHaveCount(3);
    for (const picture of await pictures.all()) {
      await picture.scrollIntoViewIfNeeded();
      await expect
        .poll(() => picture.evaluate((image: HTMLImageElement) => image.naturalWidth))
        .toBeGreaterThan(0);
    }
  });

  test("the section „O MÉ TVORBĚ“ is a heading of its own", async ({ page }) => {
    await open(page, paths.about);
    await expect(page.getByRole("heading", { level: 2, name: "O MÉ TVORBĚ" })).toBeVisible();
  });
});

test.describe("gift page", () => {
  test("holds both gift forms, the ritual first, each in its own section @phone", async ({
    page,
  }) => {
    await open(page, paths.gift);
    const forms = page.getByRole("form");
    await expect(forms).toHaveCount(2);
    await expect(forms.nth(0)).toHaveAccessibleName(giftForms[0] as string);
    await expect(forms.nth(1)).toHaveAccessibleName(giftForms[1] as string);
    const ritual = page.getByRole("region", { name: "Minutový rituál pro každý den" });
    const fragrance = page.getByRole("region", { name: "Návod na tvou osobní vůni" });
    await expect(ritual.getByRole("form", { name: giftForms[0] })).toBeVisible();
    await expect(fragrance.getByRole("form", { name: giftForms[1] })).toBeVisible();
  });

  test("a jump from the list keeps the gift forms it passes, still waiting for their code, in place", async ({
    page,
  }) => {
    // A short window: the forms are more than a screen away, so their code has not loaded.
    await page.setViewportSize({ width: 1280, height: 300 });
    await open(page, paths.gift);
    expect(await page.locator("[data-load-when-near][data-hydrated]").count()).toBe(0);
    const ritual = page.locator("#minutovy-ritual");
    const before = (await ritual.boundingBox())?.height ?? 0;
    expect(before).toBeGreaterThan(0);
    // The jump renders the page again; the forms' markup must not give way to nothing meanwhile.
    await ritual.evaluate((section) => {
      const heights: number[] = [];
      new ResizeObserver(() => heights.push(section.getBoundingClientRect().height)).observe(
        section,
      );
      (window as unknown as { ritualHeights: number[] }).ritualHeights = heights;
    });
    await page.getByRole("link", { name: /Návod na osobní vůni/ }).click();
    await expect(page.getByRole("heading", { name: "Návod na tvou osobní vůni" })).toBeInViewport();
    await page.waitForTimeout(500);
    const heights = await page.evaluate(
      () => (window as unknown as { ritualHeights: number[] }).ritualHeights,
    );
    expect(Math.min(...heights)).toBeGreaterThanOrEqual(before - 1);
  });

  test("the list of gifts at the top leads to each gift", async ({ page }) => {
    await open(page, paths.gift);
    await page.getByRole("link", { name: /Návod na osobní vůni/ }).click();
    await expect(page).toHaveURL(/#osobni-vune$/);
    await expect(page.getByRole("heading", { name: "Návod na tvou osobní vůni" })).toBeInViewport();
  });
});

test.describe("harmonisation page", () => {
  test("the booking buttons lead to the contact form with the session chosen", async ({ page }) => {
    await open(page, paths.harmonisation);
    const booking = page.getByRole("main").getByRole("link", { name: "Objednat konzultaci" });
    expect(await booking.count()).toBeGreaterThanOrEqual(2);
    for (const link of await booking.all()) {
      await expect(link).toHaveAttribute("href", contactAbout("consultation"));
    }
  });

  test("shows the session's three parts in order", async ({ page }) => {
    await open(page, paths.harmonisation);
    const steps = page.getByRole("region", { name: "Jak setkání probíhá" }).locator("ol > li");
    await expect(steps.getByRole("heading", { level: 3 })).toHaveText([
      "Kakaový rituál",
      "Individuální část",
      "Tvorba osobní vůně",
    ]);
  });
});

test.describe("parts that need no JavaScript", () => {
  // Each part by a text that only its code holds, and the footer by its motto.
  const footerText = "Zpomalit. Nadechnout se. Vrátit se k sobě.";
  const staticParts = [
    { path: paths.about, texts: ["Z lesa přes únavu zpátky k sobě", "Květinové a bylinné oleje"] },
    {
      path: paths.harmonisation,
      texts: ["Jak setkání vzniklo", "Tvorba osobní vůně", "Co je dobré vědět"],
    },
    {
      path: paths.gift,
      texts: ["Minutový rituál, který zvládneš kdykoli", "Jen přírodní suroviny"],
    },
    {
      path: paths.privacy,
      texts: ["Pověřence pro ochranu osobních údajů nemám", "Kdykoli mě můžete požádat"],
    },
    {
      path: paths.members,
      texts: ["Co v členské sekci najdete", "Nahrávky meditací"],
    },
  ];
  for (const { path, texts } of staticParts) {
    test(`${path} keeps its text sections and the footer as pre-rendered, without their code`, async ({
      page,
    }) => {
      const scripts: Promise<string>[] = [];
      page.on("response", (response) => {
        if (response.request().resourceType() === "script") {
          scripts.push(response.text().catch(() => ""));
        }
      });
      await open(page, path);
      await page.getByRole("contentinfo").scrollIntoViewIfNeeded();
      await page.waitForLoadState("networkidle");
      for (const text of [...texts, footerText]) {
        await expect(page.getByText(text).first()).toBeVisible();
      }
      const code = await Promise.all(scripts);
      expect(code.length, "the page's scripts ran").toBeGreaterThan(0);
      for (const text of [...texts, footerText]) {
        expect(
          code.filter((script) => script.includes(text)),
          `scripts holding „${text}“`,
        ).toEqual([]);
      }
    });
  }

  test("a client-side navigation to /about brings the story and the creations whole", async ({
    page,
  }) => {
    await open(page, paths.home);
    // A mark that a full page load would wipe out.
    await page.evaluate(() => {
      (window as unknown as { stayed: boolean }).stayed = true;
    });
    await page.getByRole("banner").getByRole("link", { name: "O mně" }).click();
    await expect(page).toHaveURL(paths.about);
    await expect(
      page.getByRole("heading", { level: 2, name: "Z lesa přes únavu zpátky k sobě" }),
    ).toBeVisible();
    await expect(page.getByRole("heading", { name: "Květinové a bylinné oleje" })).toBeVisible();
    await expect(page.getByRole("contentinfo")).toContainText(operatorDefaults.ico);
    expect(
      await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed),
      "the page was not loaded anew",
    ).toBe(true);
  });

  test("a client-side navigation to /darek brings what each gift is whole, beside its form", async ({
    page,
  }) => {
    await open(page, paths.home);
    await page.evaluate(() => {
      (window as unknown as { stayed: boolean }).stayed = true;
    });
    await page.getByRole("banner").getByRole("link", { name: "Dárek", exact: true }).click();
    await expect(page).toHaveURL(paths.gift);
    for (const name of ["Minutový rituál pro každý den", "Návod na tvou osobní vůni"]) {
      const offer = page.getByRole("region", { name });
      await expect(offer.getByRole("heading", { level: 2, name })).toBeVisible();
      await expect(offer.getByRole("heading", { name: "Co dostaneš" })).toBeVisible();
      // The form beside it loads as she nears it, as on the first visit.
      await offer.scrollIntoViewIfNeeded();
      await expect(offer.getByRole("textbox", { name: /Jméno/ })).toBeVisible();
    }
    expect(
      await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed),
      "the page was not loaded anew",
    ).toBe(true);
  });
});

test.describe("members' section", () => {
  test("its sign-in leads to the members' sign-in; registration and a forgotten password open their forms @phone", async ({
    page,
  }) => {
    await open(page, paths.members);
    await page.getByRole("main").getByRole("link", { name: "Přihlásit se" }).click();
    await expect(page).toHaveURL(/#clenstvi$/);
    await expect(page.locator("#clenstvi").getByLabel("E-mail")).toBeVisible();
    await expect(page.getByRole("link", { name: "Zapomenuté heslo" })).toHaveAttribute(
      "href",
      `${paths.signIn}?rezim=heslo`,
    );
    await page.getByRole("link", { name: "registrací" }).click();
    await expect(page).toHaveURL(`${paths.signIn}?rezim=registrace`);
    await expect(page.getByRole("heading", { level: 1, name: "Registrace" })).toBeVisible();
  });

  test("speaks to members only: the administration has its own door, not a box here", async ({
    page,
  }) => {
    await open(page, paths.members);
    await expect(page.getByRole("heading", { name: "Co v členské sekci najdete" })).toBeVisible();
    await expect(page.getByRole("main").getByText(/administr/i)).toHaveCount(0);
  });
});

test.describe("not-found page", () => {
  test("an unknown address answers 404 with the not-found page", async ({ page }) => {
    const response = await page.request.get(missingPath);
    expect(response.status()).toBe(404);
    const html = plain(await response.text());
    expect(html).toContain(">404<");
    expect(html).toContain("Oops! Page not found");
    expect(html).toContain("Return to Home");
    expect(html).toContain('<meta name="robots" content="noindex, nofollow"');
  });

  test("logs the missing path to the console with no input, once, and leads home @phone", async ({
    page,
    consoleEntries,
  }) => {
    // No input: other pages' scripts wait for one, this page's log must not.
    await page.goto(missingPath);
    const logged = () =>
      consoleEntries.filter(
        (entry) =>
          entry.text === `404 Error: User attempted to access non-existent route: ${missingPath}`,
      ).length;
    await expect.poll(logged).toBe(1);
    await expect(
      page.getByRole("heading", { level: 1, name: "Oops! Page not found" }),
    ).toBeVisible();
    await expect(page.getByText("404", { exact: true })).toBeVisible();
    // Screenshots of the wide and the narrow screen, once (the phone project keeps its own screen).
    if (test.info().project.name === "desktop") {
      for (const width of [360, 1280]) {
        await page.setViewportSize({ width, height: width === 360 ? 780 : 900 });
        await page.screenshot({ path: screenshotPath(`not-found-${width}.png`), fullPage: true });
      }
    }
    await waitForHydration(page);
    expect(logged()).toBe(1);
    await expectNoAxeViolations(page);

    const home = page.getByRole("link", { name: "Return to Home" });
    await expect(home).toHaveAttribute("href", "/");
    await home.click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.locator("#services")).toBeAttached();
  });
});

test.describe("an unknown article", () => {
  for (const path of [`${paths.blog}/neexistujici`, `${paths.blog}/Minuta-Pro-Sebe-Ranni-Ritual`]) {
    test(`${path} answers 404 with the not-found page, and stays on it after a tap`, async ({
      page,
    }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(404);
      const heading = page.getByRole("heading", { level: 1, name: "Oops! Page not found" });
      await expect(heading).toBeVisible();
      // The first tap starts the page's scripts; the hydrated page is the same not-found page
      // (it once turned into „Unexpected Application Error!“, `No result found for routeId`).
      await page.locator("main").click({ position: { x: 5, y: 5 } });
      await waitForHydration(page);
      await expect(heading).toBeVisible();
      await expect(page.getByText("Unexpected Application Error!")).toHaveCount(0);
      await expect(page.getByText("No result found")).toHaveCount(0);
      if (test.info().project.name === "desktop" && path.endsWith("neexistujici")) {
        for (const width of [360, 1280]) {
          await page.setViewportSize({ width, height: width === 360 ? 780 : 900 });
          await page.screenshot({
            path: screenshotPath(`unknown-article-${width}.png`),
            fullPage: true,
          });
        }
      }
    });
  }
});

test.describe("error screen", () => {
  test("a route that fails to render shows the generic error screen with the error text", async ({
    page,
  }) => {
    await open(page, paths.home);
    // The about page's code, as the browser receives it, now throws while rendering.
    await page.route("**/assets/about-*.js", (route) =>
      route.fulfill({
        contentType: "text/javascript",
        body: [
          "export async function clientLoader() { return null; }",
          'export default function About() { throw new Error("Testovací chyba"); }',
        ].join("\n"),
      }),
    );
    await page
      .getByRole("navigation", { name: "Hlavní menu" })
      .getByRole("link", { name: "O mně" })
      .click();

    await expect(
      page.getByRole("heading", { level: 1, name: "Unexpected Application Error!" }),
    ).toBeVisible();
    await expect(page.getByText("Testovací chyba")).toBeVisible();
    await expect(page.getByRole("link", { name: "Zpět na hlavní stránku" })).toHaveAttribute(
      "href",
      "/",
    );
    await expectNoAxeViolations(page);
  });
});
