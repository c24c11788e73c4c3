/**
 * The one Chromium every tool drives: Debian's, at /usr/bin/chromium (or
 * CHROME_PATH), with the same flags for the browser tests (Playwright),
 * Lighthouse, the bench and the image scripts. Tools never download a browser.
 */
import { type Browser, chromium, type LaunchOptions } from "@playwright/test";

export const chromiumPath = process.env.CHROME_PATH || "/usr/bin/chromium";

export const chromiumFlags: readonly string[] = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];

/** For Playwright's `launchOptions` and `chromium.launch`. */
export const chromiumLaunchOptions = {
  executablePath: chromiumPath,
  args: [...chromiumFlags],
} satisfies LaunchOptions;

/** A headless Chromium driven by Playwright, outside the browser tests. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch(chromiumLaunchOptions);
}
