import { defineConfig, devices } from "@playwright/test";
import { accountsDataDir, accountsPort } from "./e2e/accounts-server";
import { mainDataDir, mainServerSettings } from "./e2e/main-server";

const port = Number(process.env.E2E_PORT ?? 3100);

export default defineConfig({
  testDir: "e2e",
  testMatch: "**/*.test.ts",
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  retries: process.env.CI ? 1 : 0,
  workers: 2,
  reporter: process.env.CI ? [["list"]] : [["list"]],
  use: {
    baseURL: `http://localhost:${port}`,
    trace: "retain-on-failure",
    launchOptions: {
      // Debian's Chromium: test tools never download a browser of their own.
      executablePath: "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
      ],
    },
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
      env: {
        PORT: String(port),
        BUILD_DIR: process.env.BUILD_DIR ?? "build",
        DATA_DIR: mainDataDir,
        SITE_URL: `http://localhost:${port}`,
        ...mainServerSettings,
        // Mail goes to the data folder as .eml files, the data into the embedded database.
        SMTP_URL: "",
        DATABASE_URL: "",
      },
      reuseExistingServer: false,
      stdout: "pipe",
      timeout: 120_000,
    },
    {
      // Sign-in and administration tests: a server of their own with seeded administrators.
      command: "tsx e2e/seed-accounts.ts && tsx server/main.ts",
      url: `http://localhost:${accountsPort}/healthz`,
      env: {
        PORT: String(accountsPort),
        BUILD_DIR: process.env.BUILD_DIR ?? "build",
        DATA_DIR: accountsDataDir,
        SITE_URL: `http://localhost:${accountsPort}`,
        // Each test browses from an address of its own (X-Forwarded-For), so rate limits stay apart.
        TRUST_PROXY: "true",
        FORM_RATE_LIMIT_PER_HOUR: "1000",
        SMTP_URL: "",
        DATABASE_URL: "",
      },
      reuseExistingServer: false,
      stdout: "pipe",
      timeout: 120_000,
    },
  ],
});
