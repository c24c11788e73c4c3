/**
 * The sign-ups' rate limit on each database: within the forms' hourly limit per address, the
 * JSON API and the form without scripts share one count; over it, 429 with `Retry-After` and
 * the Czech message (the form again, with what was typed), nothing stored; another address has
 * its own count.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eventSignups } from "#database/schema";
import { eventMessages } from "#shared/events";
import { homeAnchors, homeSection, paths } from "#shared/routes";
import { insertTestEvent, sampleSignup } from "#testing/sample-events";
import { createTestApp, createTestClock } from "#testing/test-app";
import {
  openTimeoutMs,
  type TestDatabaseHandle,
  testDatabases,
  testTimeoutMs,
} from "#testing/test-databases";

describe.each(testDatabases)("the sign-ups' rate limit on $name", ({ open }) => {
  let database: TestDatabaseHandle;
  let app: ReturnType<typeof createTestApp>;
  const clock = createTestClock();

  beforeAll(async () => {
    database = await open();
    app = createTestApp(database, { clock, settings: { FORM_RATE_LIMIT_PER_HOUR: "2" } });
  }, openTimeoutMs);
  afterAll(async () => {
    await database?.close();
  });

  const signUp = (eventId: string, address: string, index: string) =>
    app.request(`/api/events/${eventId}/signups`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-Forwarded-For": address },
      body: JSON.stringify(sampleSignup(index)),
    });
  const post = (eventId: string, address: string, email: string) =>
    app.request(`${paths.events}/prihlaska/${eventId}`, {
      method: "POST",
      headers: {
        "Content-Type": "application/x-www-form-urlencoded",
        Origin: "https://harmonie.example",
        "X-Forwarded-For": address,
      },
      body: new URLSearchParams({ name: "Jana Nováková", email, privacyConsent: "on" }).toString(),
    });

  it(
    "refuses a third sign-up from one address within the hour, by JSON and by the plain form",
    async () => {
      const event = await insertTestEvent(database.db, clock.now());
      const stored = async () =>
        (await database.db.select().from(eventSignups).where(eq(eventSignups.eventId, event.id)))
          .length;
      expect((await signUp(event.id, "203.0.113.9", "limit-1")).status).toBe(201);
      expect((await post(event.id, "203.0.113.9", "limit-2@example.cz")).status).toBe(303);

      const refused = await signUp(event.id, "203.0.113.9", "limit-3");
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
      expect(await refused.json()).toEqual({
        error: { code: "rate_limited", message: eventMessages.rateLimited },
      });

      const plain = await post(event.id, "203.0.113.9", "limit-4@example.cz");
      expect(plain.status).toBe(429);
      expect(Number(plain.headers.get("Retry-After"))).toBeGreaterThan(0);
      const page = (await plain.text()).replace(/\u00a0/g, " ");
      expect(page).toContain(eventMessages.rateLimited);
      // Its „nebo mi napište“ is followed by the way to.
      expect(page).toContain(
        `<a href="${homeSection(homeAnchors.contact)}" class="button">Napsat zprávu</a>`,
      );
      expect(page).toContain('value="limit-4@example.cz"');
      expect(await stored()).toBe(2);

      // Another visitor's address has its own count.
      expect((await signUp(event.id, "198.51.100.9", "limit-5")).status).toBe(201);
      expect(await stored()).toBe(3);
    },
    testTimeoutMs,
  );
});
