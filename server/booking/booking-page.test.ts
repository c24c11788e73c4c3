/**
 * The booking page without scripts, over real HTTP: a plain list of days and times, a form
 * post answered with 303 to its result, the page again with messages for bad input and, for a
 * time taken meanwhile, the next free times; the booking's e-mail follows as from the API.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bookingMessages } from "#shared/booking-schemas";
import { pragueMoment } from "#shared/booking-time";
import { startTestServer, type TestServer } from "#testing/test-app";
import { openTimeoutMs, testTimeoutMs } from "#testing/test-databases";

describe("the booking page without scripts", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  }, openTimeoutMs);
  afterAll(async () => {
    await server?.close();
  });

  // A week from the server's (real) today, on her default hours: surely free and in the horizon.
  const freeStart = async () => {
    const page = await (await fetch(`${server.origin}/rezervace`)).text();
    const value = page.match(/name="startsAt" value="([^"]+)"/)?.[1];
    if (!value) throw new Error("no free time on the page");
    return value;
  };
  const post = (fields: Record<string, string>) =>
    fetch(`${server.origin}/rezervace`, {
      method: "POST",
      redirect: "manual",
      headers: {
        "Content-Type": "application/x-www-form-urlencoded",
        "Sec-Fetch-Site": "same-origin",
      },
      body: new URLSearchParams(fields),
    });
  const visitor = {
    offerId: "consultation",
    name: "Jana Nováková",
    email: "jana@example.cz",
    phone: "",
    note: "Těším se.",
    privacyConsent: "on",
    website: "",
  };

  it(
    "lists the free times as radio buttons under each day, fresh at every request",
    async () => {
      const response = await fetch(`${server.origin}/rezervace`);
      expect(response.status).toBe(200);
      expect(response.headers.get("Cache-Control")).toBe("no-store");
      const page = await response.text();
      expect(page).toContain("Rezervace: Harmonizační setkání");
      expect(page).toMatch(/<legend>(úterý|středa|čtvrtek) \d+\. [a-zěščřžýáíéůú]+<\/legend>/);
      expect(page).not.toContain("<script");
    },
    testTimeoutMs,
  );

  it(
    "books with a plain post, answers 303 to the result, and the time is gone from the list",
    async () => {
      const startsAt = await freeStart();
      const response = await post({ ...visitor, startsAt });
      expect(response.status).toBe(303);
      const location = response.headers.get("Location") ?? "";
      expect(location).toMatch(/^\/rezervace\/hotovo\?stav=pending&cas=/);
      const result = await (await fetch(`${server.origin}${location}`)).text();
      expect(result).toContain("Rezervace čeká na potvrzení");
      expect(await (await fetch(`${server.origin}/rezervace`)).text()).not.toContain(
        `value="${startsAt}"`,
      );
      const mails = await server.readMails();
      expect(
        mails.some((mail) => mail.attachments.some((file) => file.filename === "rezervace.ics")),
      ).toBe(true);

      // The same time again (a second visitor whose page was older): 409, the message, other times.
      const again = await post({ ...visitor, email: "petra@example.cz", startsAt });
      expect(again.status).toBe(409);
      const page = await again.text();
      expect(page).toContain(bookingMessages.taken.split(" – ")[0]);
      expect(page).toContain('name="startsAt"');
      expect(page).toContain('value="petra@example.cz"');
    },
    testTimeoutMs,
  );

  it(
    "answers bad input with the page again, the message by its field and what was typed kept",
    async () => {
      const response = await post({
        ...visitor,
        email: "jana.example.cz",
        startsAt: await freeStart(),
      });
      expect(response.status).toBe(422);
      const page = await response.text();
      expect(page).toContain('id="email-error">Neplatný e-mail');
      expect(page).toContain('value="Jana Nováková"');
      const outside = await post({
        ...visitor,
        startsAt: pragueMoment("2026-01-01", 3 * 60).toISOString(),
      });
      expect(outside.status).toBe(422);
    },
    testTimeoutMs,
  );

  it(
    "refuses a post from another site",
    async () => {
      const response = await fetch(`${server.origin}/rezervace`, {
        method: "POST",
        headers: {
          "Content-Type": "application/x-www-form-urlencoded",
          "Sec-Fetch-Site": "cross-site",
        },
        body: new URLSearchParams({ ...visitor, startsAt: await freeStart() }),
      });
      expect(response.status).toBe(403);
    },
    testTimeoutMs,
  );
});
