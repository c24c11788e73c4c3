import AxeBuilder from "@axe-core/playwright";
import { test as base, expect, type Page } from "@playwright/test";

export type ConsoleEntry = { type: string; text: string };

/** Every page records what its scripts print, so tests can demand a clean console. */
export const test = base.extend<{ consoleEntries: ConsoleEntry[] }>({
  consoleEntries: async ({ page }, use) => {
    const entries: ConsoleEntry[] = [];
    page.on("console", (message) => entries.push({ type: message.type(), text: message.text() }));
    page.on("pageerror", (error) => entries.push({ type: "pageerror", text: error.message }));
    await use(entries);
  },
});

export { expect };

/** The HTML the server sends, before any script runs. */
export async function fetchHtml(page: Page, path: string): Promise<string> {
  const response = await page.request.get(path);
  expect(response.status(), `status of ${path}`).toBe(200);
  return response.text();
}

/** Waits until React has hydrated the page. */
export async function waitForHydration(page: Page) {
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
}

export async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);
}
