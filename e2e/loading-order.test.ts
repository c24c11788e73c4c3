import { publicRoutePaths } from "#shared/routes";
import { expect, test, waitForHydration } from "./fixtures";

// On a slow connection a page's text, fonts and first picture get the
// bandwidth first: its JavaScript is asked for only after the load event
// (react-router.config.ts, startScriptsAfterLoad), and the page still
// becomes interactive.
for (const path of publicRoutePaths) {
  test(`${path} asks for its JavaScript only after it has loaded @phone`, async ({
    page,
    consoleEntries,
  }) => {
    await page.goto(path);
    await waitForHydration(page);
    const timing = await page.evaluate(() => {
      const [navigation] = performance.getEntriesByType(
        "navigation",
      ) as PerformanceNavigationTiming[];
      const scripts = performance
        .getEntriesByType("resource")
        .filter((entry) => new URL(entry.name).pathname.endsWith(".js"))
        .map((entry) => ({ path: new URL(entry.name).pathname, startTime: entry.startTime }));
      return { loadEventStart: navigation?.loadEventStart ?? Number.NaN, scripts };
    });
    expect(timing.loadEventStart).toBeGreaterThan(0);
    expect(timing.scripts.length).toBeGreaterThan(3);
    for (const script of timing.scripts) {
      expect(script.startTime, script.path).toBeGreaterThanOrEqual(timing.loadEventStart);
    }
    expect(
      consoleEntries.filter((entry) => entry.type === "error" || entry.type === "pageerror"),
    ).toEqual([]);
  });
}

test("the pre-rendered pages hold no module script of their own, only the starter", async ({
  request,
}) => {
  for (const path of publicRoutePaths) {
    const html = await (await request.get(path)).text();
    expect(html, path).not.toContain('<script type="module"');
    expect(html, path).toMatch(/addEventListener\("load",start/);
  }
});
