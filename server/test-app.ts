/**
 * Builds the real app for integration tests, with a test configuration, a
 * clock the test moves, and a database from `testDatabases`.
 */
import type { DatabaseHandle } from "#database/open-database";
import { createApp } from "./app";
import type { Clock } from "./clock";
import { type Config, loadConfig } from "./config";

export const testSettings = {
  NOTIFY_EMAIL: "majitelka@example.cz",
  MAIL_FROM: '"Harmonie přírody" <web@example.cz>',
  SITE_URL: "https://harmonie.example",
  GIFT_RITUAL_URL: "https://video.example/ranni-ritual",
  GIFT_FRAGRANCE_URL: "https://soubory.example/osobni-vune.pdf",
  FORM_RATE_LIMIT_PER_HOUR: "1000",
  TRUST_PROXY: "true",
};

export function testConfig(settings: Record<string, string> = {}): Config {
  return loadConfig({ ...testSettings, ...settings });
}

export type TestClock = Clock & { advance(ms: number): void; set(date: Date): void };

export function createTestClock(start = new Date("2026-05-04T08:00:00Z")): TestClock {
  let current = start.getTime();
  return {
    now: () => new Date(current),
    advance: (ms) => {
      current += ms;
    },
    set: (date) => {
      current = date.getTime();
    },
  };
}

export function createTestApp(
  database: DatabaseHandle,
  {
    clock = createTestClock(),
    settings,
    onMailQueued,
  }: { clock?: Clock; settings?: Record<string, string>; onMailQueued?: () => void } = {},
) {
  return createApp({ config: testConfig(settings), database, clock, onMailQueued });
}

/** A JSON POST to the form API, as the forms send it. */
export function postForm(
  app: ReturnType<typeof createApp>,
  body: unknown,
  {
    address = "203.0.113.7",
    headers = {},
  }: { address?: string; headers?: Record<string, string> } = {},
) {
  return app.request("/api/form-submissions", {
    method: "POST",
    headers: { "Content-Type": "application/json", "X-Forwarded-For": address, ...headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
}
