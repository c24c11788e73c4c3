/**
 * `GET /metrics`: absent without a token, refused without the right one, and
 * with it the Prometheus text counting what happened, on both databases.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#database/open-database";
import { createTestApp, postForm, testSettings } from "#testing/test-app";
import { openTimeoutMs, testDatabases, testTimeoutMs } from "#testing/test-databases";
import { systemClock } from "./clock";
import { createMailTransport } from "./mail/mail-transport";
import { observeMailTransport } from "./mail/observed-transport";
import { sendPendingMail } from "./mail/send-pending-mail";
import { createMetrics } from "./metrics";

const token = "a-metrics-token-for-the-test";
const ritualGift = {
  formType: "gift_ritual",
  name: "Šárka Dvořáková",
  email: "sarka@example.cz",
  privacyConsent: true,
  website: "",
};

/** The value of one sample line of the text format, or undefined when absent. */
function sample(text: string, name: string): number | undefined {
  const line = text.split("\n").find((candidate) => candidate.startsWith(`${name} `));
  return line === undefined ? undefined : Number(line.slice(name.length + 1));
}

describe.each(testDatabases)("GET /metrics on $name", (database) => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await database.open();
  }, openTimeoutMs);
  afterAll(() => handle?.close());

  it("does not exist when no METRICS_TOKEN is set", async () => {
    const app = createTestApp(handle);
    const response = await app.request("/metrics", {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(response.status).toBe(404);
  });

  it("refuses a request without the token, or with another one", async () => {
    const app = createTestApp(handle, { settings: { METRICS_TOKEN: token } });
    const without = await app.request("/metrics");
    expect(without.status).toBe(401);
    expect(without.headers.get("WWW-Authenticate")).toBe("Bearer");
    expect(await without.text()).not.toContain("harmonie_");
    const wrong = await app.request("/metrics", {
      headers: { Authorization: "Bearer a-metrics-token-for-the-tesT" },
    });
    expect(wrong.status).toBe(401);
  });

  it(
    "counts a submission by its form type, its e-mails waiting, and the request by route and status",
    async () => {
      const metrics = createMetrics(handle);
      const app = createTestApp(handle, { settings: { METRICS_TOKEN: token } });
      const scrape = async (from = app) => {
        const response = await from.request("/metrics", {
          headers: { Authorization: `Bearer ${token}` },
        });
        expect(response.status).toBe(200);
        expect(response.headers.get("Content-Type")).toMatch(/^text\/plain; version=0\.0\.4/);
        return response.text();
      };
      const before = await scrape();
      const ritualBefore =
        sample(before, 'harmonie_form_submissions{form_type="gift_ritual"}') ?? 0;
      expect((await postForm(app, ritualGift)).status).toBe(201);

      const after = await scrape();
      expect(sample(after, 'harmonie_form_submissions{form_type="gift_ritual"}')).toBe(
        ritualBefore + 1,
      );
      expect(sample(after, 'harmonie_mail_outbox{status="pending"}')).toBe(2);
      expect(sample(after, 'harmonie_mail_outbox{status="failed"}')).toBe(0);
      expect(
        sample(
          after,
          'harmonie_http_request_duration_seconds_count{method="POST",route="/api/form-submissions",status="201"}',
        ),
      ).toBe(1);
      expect(sample(after, 'harmonie_database_pool_connections{state="waiting"}')).toBe(0);

      // The worker's transport times each attempt; the outbox drains.
      const mailDir = await mkdtemp(join(tmpdir(), "metrics-mail-"));
      try {
        const transport = createMailTransport({
          smtpUrl: undefined,
          mailDir,
          from: testSettings.MAIL_FROM,
          messageIdDomain: "example.cz",
        });
        const observed = observeMailTransport(transport, metrics.observeMailSend);
        expect(await sendPendingMail(handle.db, observed, systemClock)).toMatchObject({ sent: 2 });
        const text = await metrics.registry.metrics();
        expect(sample(text, 'harmonie_mail_send_duration_seconds_count{result="sent"}')).toBe(2);
        expect(sample(text, 'harmonie_mail_outbox{status="pending"}')).toBe(0);
      } finally {
        await rm(mailDir, { recursive: true, force: true });
      }
    },
    testTimeoutMs,
  );
});
