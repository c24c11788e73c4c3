/**
 * Test files share one process (`isolate: false`), so work an app left behind must not
 * outlive its database: a sign-up renders the event's pages again after the answer, and
 * closing the database at once waits for that render instead of failing it into whatever
 * test runs next (CI, session 29: „Background task failed“ in server/aborted-body.test.ts).
 */
import { describe, expect, it } from "vitest";
import { startLogCapture } from "#server/logger";
import { insertTestEvent, sampleSignup } from "./sample-events";
import { createTestApp, createTestClock } from "./test-app";
import { openTimeoutMs, testDatabases } from "./test-databases";

describe.each(testDatabases)("an app on $name", ({ open }) => {
  it(
    "closes its database only once the pages a sign-up changed are rendered",
    async () => {
      const database = await open();
      const clock = createTestClock();
      const app = createTestApp(database, { clock });
      const event = await insertTestEvent(database.db, clock.now());
      const capture = startLogCapture();
      try {
        const response = await app.request(`/api/events/${event.id}/signups`, {
          method: "POST",
          headers: { "Content-Type": "application/json", "X-Forwarded-For": "203.0.113.40" },
          body: JSON.stringify(sampleSignup(1)),
        });
        expect(response.status).toBe(201);
        await database.close();
        // Whatever was still running on the closed database has failed by now.
        await new Promise((resolve) => setTimeout(resolve, 500));
        expect(capture.lines().filter((line) => line.level === "error")).toEqual([]);
      } finally {
        capture.stop();
      }
    },
    openTimeoutMs,
  );
});
