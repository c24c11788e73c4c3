import { randomBytes } from "node:crypto";
import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { test as base, expect, type Page } from "@playwright/test";
import { type ParsedMail, simpleParser } from "mailparser";
import { site } from "../shared/site";
import { mainMailDir, mainServerSettings } from "./main-server";

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

/**
 * Where a browser test saves a screenshot for a person to look at: one folder, ignored by git
 * (the failures' own screenshots stay in Playwright's `test-results/`).
 */
export function screenshotPath(...parts: string[]): string {
  return join(import.meta.dirname, "screenshots", ...parts);
}

/**
 * Whole-page screenshots of an administration screen at 360 and 1280 px into `folder`, once the
 * notices of the moment before (a toast) have left; the page is at phone width afterwards.
 */
export async function shootBoth(page: Page, folder: string, name: string) {
  for (const [width, size] of [
    [360, { width: 360, height: 780 }],
    [1280, { width: 1280, height: 900 }],
  ] as const) {
    await page.setViewportSize(size);
    await expect(page.locator("[data-sonner-toast]")).toHaveCount(0, { timeout: 10_000 });
    await page.screenshot({ path: screenshotPath(folder, `${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 360, height: 780 });
}

/** The HTML the server sends, before any script runs. */
export async function fetchHtml(page: Page, path: string): Promise<string> {
  const response = await page.request.get(path);
  expect(response.status(), `status of ${path}`).toBe(200);
  return response.text();
}

/**
 * Presses Shift, a first input that changes nothing on the page, as a
 * visitor's first input starts a pre-rendered page's scripts
 * (web/progressive/page-starter.ts), and waits until React has hydrated it.
 */
export async function waitForHydration(page: Page) {
  await page.keyboard.press("Shift");
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
}

export async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);
}

/** Each test sends from an address and an e-mail of its own: rate limits and mail stay apart. */
export async function visitAs(page: Page) {
  const id = randomBytes(4);
  await page.context().setExtraHTTPHeaders({
    "X-Forwarded-For": `10.${id[0]}.${id[1]}.${id[2]}`,
  });
  return `navstevnice-${id.toString("hex")}@example.cz`;
}

/** Every e-mail the server has written so far that involves `address`. */
export async function mailsAbout(address: string): Promise<ParsedMail[]> {
  const files = (await readdir(mainMailDir).catch(() => [])).filter((file) =>
    file.endsWith(".eml"),
  );
  const mails = await Promise.all(
    files.map(async (file) => simpleParser(await readFile(join(mainMailDir, file)))),
  );
  return mails.filter((mail) =>
    [mail.to, mail.replyTo].some((header) => headerHas(header, address)),
  );
}

export function headerHas(header: ParsedMail["to"] | ParsedMail["replyTo"], address: string) {
  const objects = Array.isArray(header) ? header : header ? [header] : [];
  return objects.some((object) => object.value.some((entry) => entry.address === address));
}

export async function waitForMails(address: string) {
  await expect.poll(async () => (await mailsAbout(address)).length, { timeout: 30_000 }).toBe(2);
  const mails = await mailsAbout(address);
  const owner = mails.find((mail) => headerHas(mail.to, mainServerSettings.NOTIFY_EMAIL));
  const visitor = mails.find((mail) => headerHas(mail.to, address));
  expect(owner, "the practitioner's notification").toBeDefined();
  expect(visitor, "the visitor's e-mail").toBeDefined();
  return { owner: owner as ParsedMail, visitor: visitor as ParsedMail };
}

/**
 * A page the server answers per request in the site's frame (server/plain-page.ts), at the
 * viewport's width: the header's mark and name lead home, the headings are in Lora and the text
 * in Public Sans from the build's files, nothing scrolls sideways, every link and button is at
 * least 44 px tall, and the focus shows.
 */
export async function expectSiteFrame(page: Page) {
  const home = page.getByRole("banner").getByRole("link", { name: site.title, exact: true });
  await expect(home).toHaveAttribute("href", "/");
  await expect(home.locator("svg")).toBeVisible();
  const fontOf = (selector: string) =>
    page
      .locator(selector)
      .first()
      .evaluate((element) => getComputedStyle(element).fontFamily);
  expect(await fontOf("h1")).toMatch(/^"?Lora/);
  expect(await fontOf("main p")).toMatch(/^"?Public Sans/);
  const loaded = await page.evaluate(async () => {
    await document.fonts.ready;
    return [...document.fonts]
      .filter((face) => face.status === "loaded")
      .map((face) => face.family.replaceAll('"', ""));
  });
  expect(loaded).toEqual(expect.arrayContaining(["Lora First Visit", "Public Sans First Visit"]));
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
  ).toBeLessThanOrEqual(0);
  const targets = page.locator("a, button");
  expect(await targets.count()).toBeGreaterThanOrEqual(2);
  for (const target of await targets.all()) {
    if (!(await target.isVisible())) continue;
    const box = await target.boundingBox();
    expect(box?.height, `${await target.textContent()} tap target`).toBeGreaterThanOrEqual(44);
  }
  // The next link or button by the keyboard shows its focus.
  await page.keyboard.press("Tab");
  const focused = page.locator(":focus");
  await expect(focused).toHaveCount(1);
  expect(await focused.evaluate((element) => getComputedStyle(element).outlineStyle)).toBe("solid");
}
