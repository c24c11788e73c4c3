import { defineConfig, devices } from "@playwright/test";
import { browserTestsLaunchOptions } from "#testing/chromium";
import { mainPort } from "./e2e/main-server";

export default defineConfig({
  testDir: "e2e",
  testMatch: "**/*.test.ts",
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  // No retries, in CI either: a test that fails once is a flake to fix, not to hide.
  retries: 0,
  workers: 2,
  reporter: process.env.CI ? [["list"]] : [["list"]],
  use: {
    baseURL: `http://localhost:${mainPort}`,
    // Locally, a trace of each failure, with the page's DOM at every step but
    // without its screencast (recording frames took a third of the run's time).
    // In CI none: nothing there keeps the files, and recording every test's DOM
    // cost about a tenth of the run (pages and header files: 171 s without, 183–189 s with).
    trace: process.env.CI
      ? "off"
      : { mode: "retain-on-failure", screenshots: false, snapshots: true },
    screenshot: "only-on-failure",
    // Debian's Chromium (its headless build when installed): test tools never download a browser.
    launchOptions: browserTestsLaunchOptions,
  },
  projects: [
    // The wide screen with reduced motion: the hero's 12-second sway and smooth scrolling repaint
    // every frame in software, which took a third of these tests' processor time (pages, header
    // and forms: 293 → 191 s). The phone project keeps motion, as most visitors have it.
    {
      name: "desktop",
      use: { ...devices["Desktop Chrome"], channel: undefined, reducedMotion: "reduce" },
    },
    {
      name: "phone",
      use: { ...devices["Pixel 7"], channel: undefined },
      grep: /@phone/,
    },
  ],
  // The three test servers (main, accounts, two-factor), started side by side: e2e/global-setup.ts.
  globalSetup: "./e2e/global-setup.ts",
});
