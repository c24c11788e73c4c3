import type { CDPSession, Locator, Page } from "@playwright/test";
import { expect, test } from "./fixtures";

/**
 * The phone menu works before the page's scripts have run (they start after
 * the load event) and with scripts blocked: it is a popover the toggle opens
 * by `popovertarget`, which the pre-rendered HTML carries.
 */

const phone = { viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true };

const entries = [
  "Vítej",
  "Nabízím",
  "Blog",
  "Dárek",
  "Členská sekce",
  "Recenze",
  "O mně",
  "Kontakt",
];

function toggleOf(page: Page): Locator {
  return page.getByRole("banner").getByRole("button", { name: /^(Otevřít|Zavřít) menu$/ });
}

/** The toggle's expanded state as Chromium gives it to assistive technology. */
async function readExpandedState(cdp: CDPSession): Promise<boolean | undefined> {
  const { nodes } = await cdp.send("Accessibility.getFullAXTree");
  const toggle = nodes.find(
    (node) => node.role?.value === "button" && /menu$/.test(String(node.name?.value)),
  );
  expect(toggle, "the toggle in the accessibility tree").toBeDefined();
  const expanded = toggle?.properties?.find((property) => property.name === "expanded");
  return expanded?.value.value as boolean | undefined;
}

test.describe("the phone menu with scripts blocked", () => {
  test.use({ ...phone, javaScriptEnabled: false });

  test("the toggle opens the menu with all eight entries and a second tap closes it", async ({
    page,
  }) => {
    await page.goto("/");
    const toggle = toggleOf(page);
    const menu = page.locator("#site-menu");
    await expect(toggle).toHaveAccessibleName("Otevřít menu");
    await expect(menu).toBeHidden();
    const cdp = await page.context().newCDPSession(page);
    expect(await readExpandedState(cdp)).toBe(false);

    await toggle.tap();
    await expect(menu).toBeVisible();
    await expect(toggle).toHaveAccessibleName("Zavřít menu");
    expect(await readExpandedState(cdp)).toBe(true);
    for (const label of entries) {
      const link = menu.getByRole("link", { name: label, exact: true });
      await expect(link).toBeInViewport();
      const box = await link.boundingBox();
      expect(box?.height, `${label} tap target`).toBeGreaterThanOrEqual(44);
    }
    await expect(menu.getByRole("link", { name: "Objednat konzultaci" })).toBeInViewport();

    await toggle.tap();
    await expect(menu).toBeHidden();
    await expect(toggle).toHaveAccessibleName("Otevřít menu");
    expect(await readExpandedState(cdp)).toBe(false);
    expect(await page.evaluate(() => document.documentElement.dataset.hydrated)).toBeUndefined();
  });

  test("a tap outside the menu and Escape close it too", async ({ page }) => {
    await page.goto("/");
    const toggle = toggleOf(page);
    const menu = page.locator("#site-menu");
    await toggle.tap();
    await expect(menu).toBeVisible();
    // Below the menu: the dimmed page.
    await page.touchscreen.tap(180, 700);
    await expect(menu).toBeHidden();

    await toggle.tap();
    await expect(menu).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(menu).toBeHidden();
  });

  test("an entry for another page leads there; an anchor entry scrolls under the open menu", async ({
    page,
  }) => {
    await page.goto("/");
    const toggle = toggleOf(page);
    const menu = page.locator("#site-menu");
    await toggle.tap();
    await menu.getByRole("link", { name: "O mně", exact: true }).tap();
    await expect(page).toHaveURL(/\/about$/);
    await expect(menu).toBeHidden();

    await page.goto("/");
    await toggle.tap();
    await menu.getByRole("link", { name: "Recenze", exact: true }).tap();
    await expect(page).toHaveURL(/\/#reviews$/);
    await expect(page.locator("#reviews")).toBeInViewport();
    // Without scripts nothing can close a popover from a link (only buttons
    // control one), so the menu stays open until the next tap on the toggle or outside.
    await expect(menu).toBeVisible();
    await toggle.tap();
    await expect(menu).toBeHidden();
  });
});

/** Evaluates in the page over the protocol, without Playwright's injected helpers (see below). */
async function evaluateRaw<T>(cdp: CDPSession, expression: string): Promise<T> {
  const { result, exceptionDetails } = await cdp.send("Runtime.evaluate", {
    expression,
    returnByValue: true,
  });
  if (exceptionDetails) throw new Error(`${expression}: ${exceptionDetails.text}`);
  return result.value as T;
}

/** A slow 4G connection and a mid-range phone, as in Lighthouse's mobile run. */
async function throttle(cdp: CDPSession) {
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: 150,
    downloadThroughput: (1.6 * 1024 * 1024) / 8,
    uploadThroughput: (750 * 1024) / 8,
  });
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
}

type MenuToggle = { state: string; hydrated: boolean; at: number };

test.describe("the phone menu on a slow connection", () => {
  test.use(phone);

  test("the first tap on the toggle after the first paint opens the menu, before the scripts have run", async ({
    page,
  }) => {
    test.setTimeout(90_000);
    const cdp = await page.context().newCDPSession(page);
    // Test instrumentation, not the page's code: notes each time the menu
    // opens or closes whether the page had hydrated by then, and when it did.
    await page.addInitScript(() => {
      const log: { state: string; hydrated: boolean; at: number }[] = [];
      Object.assign(window, { menuToggles: log });
      document.addEventListener(
        "toggle",
        (event) => {
          if ((event.target as Element).id !== "site-menu") return;
          log.push({
            state: (event as ToggleEvent).newState,
            hydrated: document.documentElement.dataset.hydrated === "true",
            at: Math.round(performance.now()),
          });
        },
        true,
      );
      new MutationObserver((_, observer) => {
        if (document.documentElement.dataset.hydrated !== "true") return;
        Object.assign(window, { hydratedAt: Math.round(performance.now()) });
        observer.disconnect();
      }).observe(document, { subtree: true, attributeFilter: ["data-hydrated"] });
    });

    // Where the toggle is, from a first visit without throttling (the header
    // is laid out the same on every load); then a fresh load from the network.
    const toggle = toggleOf(page);
    await cdp.send("Page.enable");
    await cdp.send("Page.setLifecycleEventsEnabled", { enabled: true });
    await page.goto("/");
    const box = await toggle.boundingBox();
    if (!box) throw new Error("no toggle on the page");
    await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
    await throttle(cdp);

    // The tap goes in as the browser reports the first paint, at the toggle's
    // place, as a finger would; the page is read over the protocol only
    // after it. (Playwright's own checks before a tap run in the page and
    // take seconds on a throttled CPU, long enough for the page to hydrate.)
    const firstPaint = new Promise<void>((resolve) => {
      let loaderId = "";
      cdp.on("Page.lifecycleEvent", (event) => {
        // The new document's own first paint, not one of the first visit.
        if (event.name === "init") loaderId = event.loaderId;
        else if (event.name === "firstPaint" && event.loaderId === loaderId) resolve();
      });
    });
    await page.goto("/", { waitUntil: "commit" });
    await firstPaint;
    await page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2);
    await expect
      .poll(() => evaluateRaw<MenuToggle[]>(cdp, "menuToggles"), {
        message: "the first tap opened the menu before the page hydrated",
      })
      .toEqual([{ state: "open", hydrated: false, at: expect.any(Number) }]);

    const menu = page.locator("#site-menu");
    for (const label of entries) {
      await expect(menu.getByRole("link", { name: label, exact: true })).toBeVisible();
    }

    // Hydration keeps the menu open and takes over its state.
    await expect
      .poll(() => evaluateRaw<number | undefined>(cdp, "window.hydratedAt"), { timeout: 30_000 })
      .toBeGreaterThan(0);
    const timing = await evaluateRaw<string>(
      cdp,
      `JSON.stringify({ firstPaint: Math.round(performance.getEntriesByName("first-paint")[0].startTime), menuOpened: menuToggles[0].at, hydrated: hydratedAt })`,
    );
    test.info().annotations.push({ type: "timing in ms", description: timing });
    await expect(menu).toBeVisible();
    await expect(toggle).toHaveAttribute("aria-expanded", "true");
    await toggle.tap();
    await expect(menu).toBeHidden();
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
  });
});
