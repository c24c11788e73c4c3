/**
 * Her private calendar feed, through the real app on each database: the address she copies
 * opens an iCalendar file (parsed with ical.js) listing her pending and confirmed bookings at
 * their Prague times, across the spring change too; any other address is 404; a new address
 * ends the old one at once and is in the audit log.
 */
import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import ICAL from "ical.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, type BookingState, bookings } from "#database/schema";
import { pragueMoment } from "#shared/booking-time";
import { formatPragueDateTime, formatPragueTime } from "#shared/prague-time";
import { paths } from "#shared/routes";
import { createSignedInAccount } from "#testing/test-accounts";
import { startTestServer, type TestServer } from "#testing/test-app";
import { openTimeoutMs, testDatabases, testTimeoutMs } from "#testing/test-databases";

const minute = 60_000;
const adminEmail = "kalendar@example.cz";

describe.each(testDatabases)(
  "her private calendar feed on $name",
  { timeout: testTimeoutMs },
  (testDatabase) => {
    let server: TestServer;
    let token: string;

    beforeAll(async () => {
      server = await startTestServer({
        open: testDatabase.open,
        settings: { ADMIN_REQUIRE_2FA: "false" },
      });
      // Monday 1 March 2027: the spring change (Sunday 28 March) is ahead.
      server.advance(new Date("2027-03-01T09:00:00Z").getTime() - server.now().getTime());
      token = await createSignedInAccount(server, adminEmail, "admin");
    }, openTimeoutMs);
    afterAll(async () => {
      await server?.close();
    });

    const admin = (method: string) =>
      fetch(`${server.origin}/api/admin/booking-settings/feed`, {
        method,
        headers: { Authorization: `Bearer ${token}` },
      });
    const readAddress = async (method = "GET") => {
      const response = await admin(method);
      expect(response.status).toBe(200);
      return ((await response.json()) as { address: string }).address;
    };

    async function book(
      state: BookingState,
      day: string,
      time: number,
      minutes: number,
      who: { name: string; phone?: string; note?: string },
    ) {
      const startsAt = pragueMoment(day, time);
      const endsAt = new Date(startsAt.getTime() + minutes * minute);
      const [row] = await server.db
        .insert(bookings)
        .values({
          offerId: "consultation",
          startsAt,
          endsAt,
          blockedUntil: endsAt,
          state,
          name: who.name,
          email: `${who.name.split(" ")[0]?.toLowerCase()}@example.cz`,
          phone: who.phone ?? null,
          note: who.note ?? null,
          privacyConsent: true,
          cancelTokenHash: randomBytes(16).toString("hex"),
        })
        .returning();
      return row?.id ?? "";
    }

    it(
      "lists her pending and confirmed bookings at their Prague times, and nothing else",
      async () => {
        const pending = await book("pending", "2027-03-27", 10 * 60, 180, {
          name: "Jana Nováková",
          phone: "777 123 456",
          note: "Poprvé, těším se.",
        });
        // From 1:30 in winter time to 3:30 in summer time: one hour across the spring change.
        const night = await book("confirmed", "2027-03-28", 90, 60, { name: "Eva Malá" });
        const after = await book("confirmed", "2027-03-29", 10 * 60, 180, { name: "Petra Nová" });
        await book("cancelled", "2027-03-30", 10 * 60, 180, { name: "Zrušená Návštěva" });
        // Ended more than eight weeks ago.
        await book("confirmed", "2026-12-01", 10 * 60, 180, { name: "Dávná Klientka" });

        const address = await readAddress();
        expect(address).toMatch(
          new RegExp(`^${server.origin}${paths.calendarFeed}/[A-Za-z0-9_-]{43}\\.ics$`),
        );
        // The same address each time she opens her settings.
        expect(await readAddress()).toBe(address);

        const response = await fetch(address);
        expect(response.status).toBe(200);
        expect(response.headers.get("content-type")).toBe("text/calendar; charset=utf-8");
        expect(response.headers.get("cache-control")).toBe("no-store");
        expect(response.headers.get("x-robots-tag")).toBe("noindex");
        const calendar = new ICAL.Component(ICAL.parse(await response.text()));
        const events = calendar
          .getAllSubcomponents("vevent")
          .map((component) => ({ component, event: new ICAL.Event(component) }));
        const host = new URL(server.origin).host;
        expect(events.map(({ event }) => event.uid)).toEqual([
          `${pending}@${host}`,
          `${night}@${host}`,
          `${after}@${host}`,
        ]);
        const when = (index: number) => {
          const { event } = events[index] as (typeof events)[number];
          return `${formatPragueDateTime(event.startDate.toJSDate())}–${formatPragueTime(event.endDate.toJSDate())}`;
        };
        expect(when(0)).toBe("27. 3. 2027 10:00–13:00");
        expect(when(1)).toBe("28. 3. 2027 1:30–3:30");
        expect(when(2)).toBe("29. 3. 2027 10:00–13:00");
        // Winter time before the change, summer time after it.
        expect(events[0]?.event.startDate.toJSDate().toISOString()).toBe(
          "2027-03-27T09:00:00.000Z",
        );
        expect(events[2]?.event.startDate.toJSDate().toISOString()).toBe(
          "2027-03-29T08:00:00.000Z",
        );

        const [first] = events;
        expect(first?.event.summary).toBe("Nepotvrzeno: Jana Nováková – Harmonizační setkání");
        expect(first?.component.getFirstPropertyValue("status")).toBe("TENTATIVE");
        expect(first?.event.description).toContain("jana@example.cz");
        expect(first?.event.description).toContain("777 123 456");
        expect(first?.event.description).toContain("Poprvé, těším se.");
        expect(first?.event.description).toContain("čeká na moje potvrzení");
        expect(events[2]?.event.summary).toBe("Petra Nová – Harmonizační setkání");
        expect(events[2]?.component.getFirstPropertyValue("status")).toBe("CONFIRMED");
      },
      testTimeoutMs,
    );

    it(
      "answers 404 for any other address",
      async () => {
        for (const file of [`${randomBytes(32).toString("base64url")}.ics`, "x.ics", "nic"]) {
          const response = await fetch(`${server.origin}${paths.calendarFeed}/${file}`);
          expect(response.status).toBe(404);
          expect(response.headers.get("cache-control")).toBe("no-store");
          expect(response.headers.get("x-robots-tag")).toBe("noindex");
        }
      },
      testTimeoutMs,
    );

    it(
      "gives a new address that ends the old one at once, with its audit entry",
      async () => {
        const old = await readAddress();
        const rotated = await readAddress("POST");
        expect(rotated).not.toBe(old);
        expect((await fetch(old)).status).toBe(404);
        expect((await fetch(rotated)).status).toBe(200);
        expect(await readAddress()).toBe(rotated);

        const entries = await server.db
          .select()
          .from(auditLog)
          .where(eq(auditLog.action, "booking_feed_rotated"));
        expect(entries).toHaveLength(1);
        expect(entries[0]?.actorEmail).toBe(adminEmail);
      },
      testTimeoutMs,
    );

    it(
      "shows its address to an administrator only",
      async () => {
        expect((await fetch(`${server.origin}/api/admin/booking-settings/feed`)).status).toBe(401);
        const rotate = await fetch(`${server.origin}/api/admin/booking-settings/feed`, {
          method: "POST",
        });
        expect(rotate.status).toBe(401);
      },
      testTimeoutMs,
    );
  },
);
