/**
 * The one Chromium every tool drives: Debian's, at /usr/bin/chromium (or
 * CHROME_PATH), with the same flags for the browser tests (Playwright),
 * Lighthouse, the bench and the image scripts. Tools never download a browser.
 */
import { existsSync } from "node:fs";
import { type Browser, chromium, type LaunchOptions } from "@playwright/test";

export const chromiumPath = process.env.CHROME_PATH || "/usr/bin/chromium";

/**
 * The browser tests and Lighthouse run in Debian's headless build of the same Chromium
 * (`apt-get install chromium-headless-shell`, which .ci/run installs) when it is there: the same
 * engine, without the desktop browser around it. The browser tests took a fifth less processor
 * time over the pages and header tests (160 → 129 s). Lighthouse measures the page without the
 * desktop browser's own work beside it: its window's compositor and mojo traffic took 160–180
 * ms of processor time in a page's first 400 ms, on the same two cores as the page's main thread,
 * whose tasks it stretched into blocking time (docs/decisions/0043).
 */
const headlessShellPath = "/usr/lib/chromium/chromium-headless-shell";
export const headlessChromiumPath =
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
  executablePath: headlessChromiumPath,
} satisfies LaunchOptions;

/** A headless Chromium driven by Playwright, outside the browser tests. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch(chromiumLaunchOptions);
}
