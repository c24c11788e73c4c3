import { authStorageKey } from "#shared/auth-storage-key";
import { paths, publicRoutePaths } from "#shared/routes";
import { expect, test, waitForHydration } from "./fixtures";

// A pre-rendered page runs none of its JavaScript until the visitor's first
// input (web/progressive/page-starter.ts): once it has loaded it only fetches
// its scripts into the cache, at the lowest priority, and the first touch,
// click (a pointer's or assistive technology's), key, focus or turn of the
// wheel starts them.

/** Whether any of the page's modules has run (React Router's own globals). */
function modulesRan(page: import("@playwright/test").Page) {
  return page.evaluate(() => "__reactRouterRouteModules" in window);
}

for (const path of publicRoutePaths) {
  test(`${path} runs no script before the first input, and hydrates at the first @phone`, async ({
    page,
    consoleEntries,
  }) => {
    await page.goto(path);
    // The page's modules come into the cache one by one, a second after the load event.
    await expect
      .poll(() =>
        page.evaluate(
          () =>
            performance
              .getEntriesByType("resource")
              .filter((entry) => /\/entry\.client-[\w-]+\.js$/.test(entry.name)).length,
        ),
      )
      .toBe(1);
    const timing = await page.evaluate(() => {
      const [navigation] = performance.getEntriesByType(
        "navigation",
      ) as PerformanceNavigationTiming[];
      const scripts = performance
        .getEntriesByType("resource")
        .filter((entry) => new URL(entry.name).pathname.endsWith(".js"))
        .map((entry) => ({
          path: new URL(entry.name).pathname,
          startTime: entry.startTime,
          initiator: (entry as PerformanceResourceTiming).initiatorType,
        }));
      return { loadEventEnd: navigation?.loadEventEnd ?? Number.NaN, scripts };
    });
    expect(timing.loadEventEnd).toBeGreaterThan(0);
    expect(timing.scripts.length).toBeGreaterThanOrEqual(3);
    for (const script of timing.scripts) {
      expect(script.startTime, script.path).toBeGreaterThanOrEqual(timing.loadEventEnd);
      expect(script.initiator, script.path).toBe("link");
    }
    await page.waitForTimeout(300);
    expect(await modulesRan(page)).toBe(false);
    await expect(page.locator("html")).not.toHaveAttribute("data-hydrated", /./);

    await waitForHydration(page);
    expect(await modulesRan(page)).toBe(true);
    expect(
      consoleEntries.filter((entry) => entry.type === "error" || entry.type === "pageerror"),
    ).toEqual([]);
  });
}

test("a touch is a first input too @phone", async ({ page }) => {
  test.skip(!test.info().project.use.hasTouch, "a phone's touch screen");
  await page.goto(paths.about);
  // On the heading: a tap on a link would follow it before the scripts ran.
  await page.getByRole("heading", { level: 1 }).tap();
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
});

test("a page with a notice to show starts its scripts at once", async ({ page }) => {
  await page.addInitScript(() => {
    sessionStorage.setItem(
      "flash-notice",
      JSON.stringify({ tone: "info", text: "Zkušební oznámení" }),
    );
  });
  await page.goto(paths.about);
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
  await expect(page.getByText("Zkušební oznámení")).toBeVisible();
});

test("a page opened with a stored session starts its scripts at once", async ({ page }) => {
  const key = authStorageKey(new URL(test.info().project.use.baseURL ?? "").hostname);
  await page.addInitScript((storageKey) => localStorage.setItem(storageKey, "{}"), key);
  await page.goto(paths.blog);
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
});

test("the pre-rendered pages hold no module script of their own, only the starter", async ({
  request,
}) => {
  for (const path of publicRoutePaths) {
    const html = await (await request.get(path)).text();
    expect(html, path).not.toContain('<script type="module"');
    expect(html, path).not.toContain("modulepreload");
    expect(html, path).toMatch(/\(function\(start,files,inputs,atOnce\)/);
  }
});
