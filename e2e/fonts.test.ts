import type { Page } from "@playwright/test";
import { paths, publicRoutePaths } from "#shared/routes";
import { webFontFamilies } from "../web/progressive/page-starter";
import { expect, test, waitForHydration } from "./fixtures";

/** The font files of web/app.css, as Vite names them (name, hash, extension). */
const fontFiles = {
  loraCzech: "lora-czech-wght-normal",
  publicSansCzech: "public-sans-czech-wght-normal",
  loraLatinExt: "lora-latin-ext-wght-normal",
  publicSansLatinExt: "public-sans-latin-ext-wght-normal",
} as const;

/** The web fonts' files that every page but the first of a visit uses. */
const everydayFiles = [
  "lora-latin-wght-normal",
  "lora-czech-wght-normal",
  "public-sans-latin-wght-normal",
  "public-sans-czech-wght-normal",
];

function isFontFile(url: string, name: string): boolean {
  const file = new URL(url).pathname.split("/").pop() ?? "";
  return file.startsWith(`${name}-`) && file.endsWith(".woff2");
}

/**
 * The URL of every woff2 file the page requests from now on; with `fontsOnly`, only the loads of
 * its fonts and preloads, not the prefetches for the next page.
 */
function recordFontRequests(page: Page, { fontsOnly = false } = {}): string[] {
  const urls: string[] = [];
  page.on("request", (request) => {
    if (!request.url().endsWith(".woff2")) return;
    if (!fontsOnly || request.resourceType() === "font") urls.push(request.url());
  });
  return urls;
}

/**
 * The web font faces (not the local fallbacks) whose unicode-range holds the
 * letter, with their status once the fonts the page needs have loaded.
 */
function facesCovering(page: Page, letter: string) {
  return page.evaluate(
    async ({ codePoint, families }) => {
      await document.fonts.ready;
      const covers = (unicodeRange: string) =>
        unicodeRange.split(",").some((range) => {
          const [start = "", end = start] = range.trim().replace(/^U\+/i, "").split("-");
          return Number.parseInt(start, 16) <= codePoint && codePoint <= Number.parseInt(end, 16);
        });
      return [...document.fonts]
        .map((face) => ({
          family: face.family.replace(/^"|"$/g, ""),
          unicodeRange: face.unicodeRange,
          status: face.status,
        }))
        .filter((face) => families.includes(face.family) && covers(face.unicodeRange))
        .map(({ family, status }) => ({ family, status }))
        .sort((a, b) => a.family.localeCompare(b.family, "en"));
    },
    { codePoint: letter.codePointAt(0) ?? 0, families: [...webFontFamilies] as string[] },
  );
}

/**
 * Opens the page as a link from another page of the site would: the first
 * page of a visit is set in the local fallbacks (web/progressive/page-starter.ts).
 */
async function openFromSite(page: Page, path: string) {
  const origin = test.info().project.use.baseURL ?? "";
  await page.goto(path, { referer: new URL("/", origin).href });
  await expect(page.locator("html")).toHaveAttribute("data-fonts", "web");
}

for (const path of publicRoutePaths) {
  test(`${path} sets its Czech letters from the small subsets, never from the latin-ext files`, async ({
    page,
  }) => {
    const requested = recordFontRequests(page);
    await openFromSite(page, path);
    await waitForHydration(page);

    // Exactly one face per family holds ř, and it has loaded.
    expect(await facesCovering(page, "ř")).toEqual([
      { family: "Lora Variable", status: "loaded" },
      { family: "Public Sans Variable", status: "loaded" },
    ]);
    const rendersInWebFonts = await page.evaluate(() => [
      document.fonts.check('16px "Lora Variable"', "ČčĎďĚěŇňŘřŠšŤťŮůŽž"),
      document.fonts.check('16px "Public Sans Variable"', "ČčĎďĚěŇňŘřŠšŤťŮůŽž"),
    ]);
    expect(rendersInWebFonts).toEqual([true, true]);

    const requestedFile = (name: string) => requested.some((url) => isFontFile(url, name));
    expect(requestedFile(fontFiles.loraCzech), "Lora Czech subset requested").toBe(true);
    expect(requestedFile(fontFiles.publicSansCzech), "Public Sans Czech subset requested").toBe(
      true,
    );
    expect(requestedFile(fontFiles.loraLatinExt), "Lora latin-ext requested").toBe(false);
    expect(requestedFile(fontFiles.publicSansLatinExt), "Public Sans latin-ext requested").toBe(
      false,
    );
  });
}

test("a letter beyond Czech, such as Slovak ľ, still comes from the latin-ext file", async ({
  page,
}) => {
  const requested = recordFontRequests(page);
  await openFromSite(page, paths.about);
  await waitForHydration(page);
  await page.evaluate(() => document.fonts.ready);
  expect(requested.some((url) => isFontFile(url, fontFiles.publicSansLatinExt))).toBe(false);

  const latinExtRequest = page.waitForRequest((request) =>
    isFontFile(request.url(), fontFiles.publicSansLatinExt),
  );
  await page.evaluate(() => {
    const name = document.createElement("p");
    name.style.fontFamily = '"Public Sans Variable"';
    name.textContent = "Ľubica Štefaňáková";
    document.body.append(name);
  });
  await latinExtRequest;

  await expect
    .poll(() => facesCovering(page, "ľ"))
    .toEqual([
      { family: "Lora Variable", status: "unloaded" },
      { family: "Public Sans Variable", status: "loaded" },
    ]);
  expect(await page.evaluate(() => document.fonts.check('16px "Public Sans Variable"', "ľ"))).toBe(
    true,
  );
});

test("an en dash keeps its full width and the spaces around it, and its file loads once", async ({
  page,
}) => {
  // The prefetch for the next page may come before the test ends, from the cache.
  const requested = recordFontRequests(page, { fontsOnly: true });
  await openFromSite(page, paths.gift);
  await waitForHydration(page);
  // „minutu – ráno“ in Public Sans (the space before the dash is a non-breaking one); beside it,
  // the dash between two non-breaking spaces, which the font does not kern.
  const widths = await page.evaluate(async () => {
    await document.fonts.ready;
    const paragraph = [...document.querySelectorAll("main p")].find((element) =>
      element.textContent?.includes("minutu\u00a0– ráno"),
    );
    const text = paragraph?.firstChild;
    if (!paragraph || !(text instanceof Text)) return null;
    const widthOf = (node: Text, index: number) => {
      const range = document.createRange();
      range.setStart(node, index);
      range.setEnd(node, index + 1);
      return range.getBoundingClientRect().width;
    };
    const reference = document.createElement("span");
    reference.textContent = "\u00a0–\u00a0";
    paragraph.append(reference);
    const referenceText = reference.firstChild as Text;
    return {
      dash: widthOf(text, text.data.indexOf("–")),
      spaceAfter: widthOf(text, text.data.indexOf("–") + 1),
      unkernedDash: widthOf(referenceText, 1),
      unkernedSpace: widthOf(referenceText, 0),
    };
  });
  expect(widths).not.toBeNull();
  if (!widths) return;
  expect(widths.dash).toBeCloseTo(widths.unkernedDash, 0);
  expect(widths.spaceAfter).toBeCloseTo(widths.unkernedSpace, 0);
  const publicSansLatin = requested.filter((url) =>
    isFontFile(url, "public-sans-latin-wght-normal"),
  );
  expect(publicSansLatin).toHaveLength(1);
});

/** The family the page's body text is set in, as the browser resolved it. */
function bodyFontFamily(page: Page) {
  return page.evaluate(() => getComputedStyle(document.body).fontFamily);
}

/** The page at `path` is set in the web fonts. */
async function expectInWebFonts(page: Page, path: string) {
  await expect(page).toHaveURL(path);
  await expect(page.locator("html")).toHaveAttribute("data-fonts", "web");
  expect(await bodyFontFamily(page)).toMatch(/^"Public Sans Variable"/);
}

test("the first page of a visit is set in its first-visit fonts, then fetches the web fonts for the next", async ({
  page,
}) => {
  const requested = recordFontRequests(page);
  await page.goto(paths.home);
  await expect(page.locator("html")).not.toHaveAttribute("data-fonts", /./);
  expect(await bodyFontFamily(page)).toMatch(/^"Public Sans First Visit", "Public Sans Fallback"/);
  expect(
    await page.evaluate(() =>
      [...document.fonts]
        .filter((face) => face.family.includes("Variable"))
        .map((face) => face.status),
    ),
  ).not.toContain("loaded");

  // The page preloads the two small first-visit files; once it has loaded, the Czech and latin
  // files of both web fonts come into the cache.
  const firstVisitFiles = ["lora-first-visit-600", "public-sans-first-visit-400"];
  const namesOf = (urls: string[]) =>
    urls.map((url) => [...firstVisitFiles, ...everydayFiles].find((name) => isFontFile(url, name)));
  await expect
    .poll(() => namesOf(requested))
    .toEqual(expect.arrayContaining([...firstVisitFiles, ...everydayFiles]));
  expect(requested).toHaveLength(6);
  const startedBeforeLoad = await page.evaluate(() => {
    const [navigation] = performance.getEntriesByType(
      "navigation",
    ) as PerformanceNavigationTiming[];
    return performance
      .getEntriesByType("resource")
      .filter((entry) => entry.name.endsWith(".woff2"))
      .filter((entry) => entry.startTime < (navigation?.loadEventEnd ?? Number.POSITIVE_INFINITY))
      .map((entry) => entry.name);
  });
  // Before the load event, only the first-visit files.
  expect(namesOf(startedBeforeLoad).sort()).toEqual(firstVisitFiles.toSorted());

  // The next page, opened by a link, is set in them from its first paint, from the cache.
  await page.evaluate(() => document.fonts.ready);
  await page
    .getByRole("contentinfo")
    .getByRole("link", { name: /^O\smně$/ })
    .click();
  await expectInWebFonts(page, paths.about);
  await page.evaluate(() => document.fonts.ready);
  const fontLoads = await page.evaluate(() =>
    performance
      .getEntriesByType("resource")
      .filter((entry) => entry.name.endsWith(".woff2"))
      .map((entry) => ({
        file: entry.name.split("/").pop(),
        fromCache: (entry as PerformanceResourceTiming).transferSize === 0,
      })),
  );
  expect(fontLoads.length).toBeGreaterThanOrEqual(2);
  for (const load of fontLoads) expect(load, load.file).toMatchObject({ fromCache: true });
});

test("a page reached by a client-side navigation is set in the web fonts", async ({ page }) => {
  await page.goto(paths.home);
  await waitForHydration(page);
  await expect(page.locator("html")).not.toHaveAttribute("data-fonts", /./);
  await page
    .getByRole("banner")
    .getByRole("link", { name: /^O\smně$/ })
    .click();
  await expectInWebFonts(page, paths.about);
});

/**
 * The fonts Chromium really drew the element's text with (DevTools' "Rendered Fonts"), by
 * family name, with the number of glyphs each drew.
 */
async function renderedFonts(page: Page, selector: string) {
  const session = await page.context().newCDPSession(page);
  await session.send("DOM.enable");
  await session.send("CSS.enable");
  const { root } = await session.send("DOM.getDocument");
  const { nodeId } = await session.send("DOM.querySelector", { nodeId: root.nodeId, selector });
  const { fonts } = await session.send("CSS.getPlatformFontsForNode", { nodeId });
  await session.detach();
  return fonts.map(({ familyName, glyphCount }) => ({ familyName, glyphCount }));
}

/** Every layout shift the page has had so far, as the Layout Instability API reports them. */
function layoutShifts(page: Page) {
  return page.evaluate(
    () =>
      new Promise<number[]>((resolve) => {
        new PerformanceObserver((list) => {
          resolve(list.getEntries().map((entry) => (entry as unknown as { value: number }).value));
        }).observe({ type: "layout-shift", buffered: true });
        setTimeout(() => resolve([]), 500);
      }),
  );
}

/** The two first-visit files (web/app.css, preloaded by web/root.tsx) have both arrived. */
async function waitForFirstVisitFiles(page: Page) {
  await expect
    .poll(() =>
      page.evaluate(
        () =>
          performance
            .getEntriesByType("resource")
            .filter((entry) => entry.name.includes("first-visit") && entry.name.endsWith(".woff2"))
            .filter((entry) => (entry as PerformanceResourceTiming).responseEnd > 0).length,
      ),
    )
    .toBe(2);
}

/**
 * Whether both first-visit files had arrived a moment before the page's first paint, when the
 * fonts for it were chosen (`font-display: optional`: later, the page rightly keeps the local
 * fonts). A file that came within the last 20 ms before it counts as late: too close to tell.
 */
async function firstVisitFilesCameInTime(page: Page): Promise<boolean> {
  await waitForFirstVisitFiles(page);
  return page.evaluate(() => {
    const firstPaint = performance.getEntriesByName("first-paint")[0]?.startTime;
    if (firstPaint === undefined) return false;
    return performance
      .getEntriesByType("resource")
      .filter((entry) => entry.name.includes("first-visit") && entry.name.endsWith(".woff2"))
      .every((entry) => (entry as PerformanceResourceTiming).responseEnd <= firstPaint - 20);
  });
}

test("the first page of a visit shows its headings in Lora and its text in Public Sans when they arrive in time", async ({
  page,
  browser,
}) => {
  // On a busy machine the files sometimes come after the first paint, and the page keeps the
  // local fonts as it should: each first visit whose files came in time must be in the brand's
  // fonts, and at least one of three fresh visits must be such a visit.
  const { baseURL, viewport, deviceScaleFactor, userAgent, reducedMotion } =
    test.info().project.use;
  const late: string[] = [];
  for (let visit = 1; visit <= 3; visit += 1) {
    // A new browser context each time: an empty cache, no referrer, as a first visit.
    const context =
      visit === 1
        ? undefined
        : await browser.newContext({
            baseURL,
            viewport,
            deviceScaleFactor,
            userAgent,
            reducedMotion,
          });
    const tab = context ? await context.newPage() : page;
    try {
      await tab.goto(paths.home);
      await expect(tab.locator("html")).not.toHaveAttribute("data-fonts", /./);
      if (!(await firstVisitFilesCameInTime(tab))) {
        late.push(`visit ${visit}`);
        continue;
      }
      // Their Czech letters too („Harmonizační setkání…“, „…přírody…“), not from a local font.
      expect(await renderedFonts(tab, "h1")).toEqual([
        { familyName: "Lora", glyphCount: expect.any(Number) },
      ]);
      // The file pinned to weight 400 keeps the variable font's default name, „Public Sans Thin“.
      expect(await renderedFonts(tab, "main h1 ~ p")).toEqual([
        { familyName: expect.stringMatching(/^Public Sans/), glyphCount: expect.any(Number) },
      ]);
      expect(await layoutShifts(tab)).toEqual([]);
      return;
    } finally {
      await context?.close();
    }
  }
  throw new Error(
    `The first-visit fonts came after the first paint in every visit: ${late.join(", ")}`,
  );
});

test("on a slow connection the first page keeps the local fonts, and nothing moves when the files arrive", async ({
  page,
}) => {
  const session = await page.context().newCDPSession(page);
  await session.send("Network.enable");
  // Slower than the moment Chromium waits for preloaded fonts before its first paint.
  await session.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: 400,
    downloadThroughput: (400 * 1024) / 8,
    uploadThroughput: (400 * 1024) / 8,
  });
  await page.goto(paths.home);
  await expect(page.locator("html")).not.toHaveAttribute("data-fonts", /./);
  await waitForFirstVisitFiles(page);
  // The files are there, yet the page stays in the fallbacks it was first painted in
  // (`font-display: optional`): no swap, no shift.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(resolve)));
  expect(await renderedFonts(page, "h1")).toEqual([
    { familyName: "Liberation Serif", glyphCount: expect.any(Number) },
  ]);
  expect(await renderedFonts(page, "main h1 ~ p")).toEqual([
    { familyName: "Liberation Sans", glyphCount: expect.any(Number) },
  ]);
  expect(await layoutShifts(page)).toEqual([]);
  await session.detach();
});

test("a first page led by a photo keeps the local fonts and preloads none", async ({ page }) => {
  const requested = recordFontRequests(page, { fontsOnly: true });
  await page.goto(paths.about);
  await expect(page.locator("html")).toHaveAttribute("data-first-page-fonts", "local");
  expect(await renderedFonts(page, "h1")).toEqual([
    { familyName: "Liberation Serif", glyphCount: expect.any(Number) },
  ]);
  // The lead's text under its first line (which is set in the serif).
  expect(await renderedFonts(page, "main h1 ~ div p:not(.font-serif)")).toEqual([
    { familyName: "Liberation Sans", glyphCount: expect.any(Number) },
  ]);
  expect(requested).toEqual([]);
});
