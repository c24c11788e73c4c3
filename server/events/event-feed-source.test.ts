/**
 * Her events in her private calendar feed, through the real app on each database: a published
 * event is listed with how many have signed up and how many wait, a cancelled one as CANCELLED,
 * a draft not at all; her bookings stay beside them.
 */
import ICAL from "ical.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertTestEvent, sampleSignup } from "#testing/sample-events";
import { createSignedInAccount } from "#testing/test-accounts";
import { startTestServer, type TestServer } from "#testing/test-app";
import { openTimeoutMs, testDatabases, testTimeoutMs } from "#testing/test-databases";

describe.each(testDatabases)(
  "her events in her calendar feed on $name",
  { timeout: testTimeoutMs },
  (testDatabase) => {
    let server: TestServer;
    let token: string;

    beforeAll(async () => {
      server = await startTestServer({
        open: testDatabase.open,
        settings: { ADMIN_REQUIRE_2FA: "false" },
      });
      token = await createSignedInAccount(server, "kalendar-akci@example.cz", "admin");
    }, openTimeoutMs);
    afterAll(async () => {
      await server?.close();
    });

    const signUp = (eventId: string, index: number) =>
      fetch(`${server.origin}/api/events/${eventId}/signups`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify(sampleSignup(`feed-${eventId.slice(0, 8)}-${index}`)),
      });

    it("lists each published event with its sign-ups, a cancelled one as CANCELLED, no draft", async () => {
      const now = server.now();
      // Whole minutes: an iCalendar time has no milliseconds.
      const startsAt = new Date(Math.ceil(now.getTime() / 3_600_000) * 3_600_000 + 7 * 86_400_000);
      const open = await insertTestEvent(server.db, now, {
        title: "Kruh žen u ohně",
        capacity: 2,
        startsAt,
        endsAt: new Date(startsAt.getTime() + 7_200_000),
      });
      const cancelled = await insertTestEvent(server.db, now, {
        title: "Bylinková dílna",
        state: "cancelled",
      });
      await insertTestEvent(server.db, now, { title: "Tajný koncept", state: "draft" });
      for (const index of [1, 2, 3]) expect((await signUp(open.id, index)).status).toBe(201);

      const settings = await fetch(`${server.origin}/api/admin/booking-settings/feed`, {
        headers: { Authorization: `Bearer ${token}` },
      });
      const { address } = (await settings.json()) as { address: string };
      const calendar = new ICAL.Component(ICAL.parse(await (await fetch(address)).text()));
      const entries = calendar.getAllSubcomponents("vevent").map((component) => ({
        component,
        event: new ICAL.Event(component),
      }));
      const host = new URL(server.origin).host;
      const byUid = (id: string) => entries.find(({ event }) => event.uid === `akce-${id}@${host}`);

      const listed = byUid(open.id);
      expect(listed?.event.summary).toBe("Kruh žen u ohně (2/2)");
      expect(listed?.component.getFirstPropertyValue("status")).toBe("CONFIRMED");
      expect(listed?.event.description).toContain("Obsazeno 2 ze 2 míst");
      expect(listed?.event.description).toContain("Na čekací listině: 1");
      expect(listed?.event.description).toContain("Místo: Květná 12, Brno");
      expect(listed?.event.startDate.toJSDate().toISOString()).toBe(open.startsAt.toISOString());

      const gone = byUid(cancelled.id);
      expect(gone?.event.summary).toBe("Zrušeno: Bylinková dílna (0/20)");
      expect(gone?.component.getFirstPropertyValue("status")).toBe("CANCELLED");

      expect(entries.map(({ event }) => event.summary).join()).not.toContain("Tajný koncept");
    });
  },
);
