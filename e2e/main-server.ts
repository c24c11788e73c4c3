/**
 * The server most browser tests run against (started by e2e/global-setup.ts). Its
 * data folder is emptied before it starts, so every run begins with no
 * submissions, and tests never touch the project's ./data.
 */
import { tmpdir } from "node:os";
import { join } from "node:path";

export const mainPort = Number(process.env.E2E_PORT ?? 3100);
export const mainDataDir = join(tmpdir(), `e2e-data-${mainPort}`);
/** With no SMTP_URL the server writes each e-mail here as an .eml file. */
export const mainMailDir = join(mainDataDir, "mail");

/** Settings of the main test server that tests rely on. */
export const mainServerSettings = {
  NOTIFY_EMAIL: "majitelka@example.cz",
  GIFT_RITUAL_URL: "https://video.example/ranni-ritual",
  GIFT_FRAGRANCE_URL: "https://soubory.example/osobni-vune.pdf",
  FORM_RATE_LIMIT_PER_HOUR: "20",
  // Each test that sends forms browses from an address of its own (X-Forwarded-For).
  TRUST_PROXY: "true",
};
