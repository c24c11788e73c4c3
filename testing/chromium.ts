/**
 * The one Chromium every tool drives: Debian's, at /usr/bin/chromium (or
 * CHROME_PATH), with the same flags for the browser tests (Playwright),
 * Lighthouse, the bench and the image scripts. Tools never download a browser.
 */
import { existsSync } from "node:fs";
import { type Browser, chromium, type LaunchOptions } from "@playwright/test";

export const chromiumPath = process.env.CHROME_PATH || "/usr/bin/chromium";

/**
 * The browser tests run in Debian's headless build of the same Chromium
 * (`apt-get install chromium-headless-shell`, which .ci/run installs) when it
 * is there: the same engine without the desktop browser around it, it took a
 * fifth less processor time over the pages and header tests (160 → 129 s).
 * Lighthouse keeps the full browser, whose figures the budgets were set with.
 */
const headlessShellPath = "/usr/lib/chromium/chromium-headless-shell";
export const browserTestsChromiumPath =
  process.env.CHROME_PATH || (existsSync(headlessShellPath) ? headlessShellPath : chromiumPath);

export const chromiumFlags: readonly string[] = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];

/** For `chromium.launch`. */
export const chromiumLaunchOptions = {
  executablePath: chromiumPath,
  args: [...chromiumFlags],
} satisfies LaunchOptions;

/** For Playwright's `launchOptions` in the browser tests. */
export const browserTestsLaunchOptions = {
  ...chromiumLaunchOptions,
  executablePath: browserTestsChromiumPath,
} satisfies LaunchOptions;

/** A headless Chromium driven by Playwright, outside the browser tests. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch(chromiumLaunchOptions);
}
