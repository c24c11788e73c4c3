import { defineConfig, devices } from "@playwright/test";
import { chromiumLaunchOptions } from "#testing/chromium";
import { buildServerEnv } from "#testing/server-process";
import {
  accountsDataDir,
  accountsPort,
  accountsServerSettings,
  twoFactorBaseUrl,
  twoFactorDataDir,
  twoFactorPort,
  twoFactorServerSettings,
} from "./e2e/accounts-server";
import { mainDataDir, mainServerSettings } from "./e2e/main-server";

const port = Number(process.env.E2E_PORT ?? 3100);

// The servers' output is shown with the tests': their warnings and errors, not a line per request.
const quietLog = { LOG_LEVEL: "warn" };

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
    baseURL: `http://localhost:${port}`,
    // Locally, a trace of each failure, with the page's DOM at every step but
    // without its screencast (recording frames took a third of the run's time).
    // In CI none: nothing there keeps the files, and recording every test's DOM
    // cost about a tenth of the run (pages and header files: 171 s without, 183–189 s with).
    trace: process.env.CI
      ? "off"
      : { mode: "retain-on-failure", screenshots: false, snapshots: true },
    screenshot: "only-on-failure",
    // Debian's Chromium: test tools never download a browser of their own.
    launchOptions: chromiumLaunchOptions,
  },
  projects: [
    { name: "desktop", use: { ...devices["Desktop Chrome"], channel: undefined } },
    {
      name: "phone",
      use: { ...devices["Pixel 7"], channel: undefined },
      grep: /@phone/,
    },
  ],
  webServer: [
    {
      // Most browser tests: a server on a data folder emptied first, never the project's ./data.
      command: `rm -rf "${mainDataDir}" && tsx server/main.ts`,
      url: `http://localhost:${port}/healthz`,
      // Mail goes to the data folder as .eml files, the data into the embedded database.
      env: buildServerEnv({
        port,
        dataDir: mainDataDir,
        settings: { ...mainServerSettings, ...quietLog },
      }),
      reuseExistingServer: false,
      stdout: "pipe",
      timeout: 120_000,
    },
    {
      // Sign-in and administration tests: a server of their own with seeded administrators.
      command: "tsx e2e/seed-accounts.ts && tsx server/main.ts",
      url: `http://localhost:${accountsPort}/healthz`,
      env: buildServerEnv({
        port: accountsPort,
        dataDir: accountsDataDir,
        settings: { ...accountsServerSettings, ...quietLog },
      }),
      reuseExistingServer: false,
      stdout: "pipe",
      timeout: 120_000,
    },
    {
      // Two-factor tests: administrators must set up an authenticator app (the default).
      command: `tsx e2e/seed-accounts.ts "${twoFactorDataDir}" ${twoFactorBaseUrl} && tsx server/main.ts`,
      url: `http://localhost:${twoFactorPort}/healthz`,
      env: buildServerEnv({
        port: twoFactorPort,
        dataDir: twoFactorDataDir,
        settings: { ...twoFactorServerSettings, ...quietLog },
      }),
      reuseExistingServer: false,
      stdout: "pipe",
      timeout: 120_000,
    },
  ],
});
