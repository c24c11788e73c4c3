/**
 * The booking page over real HTTP with the real build's pages (`npm run build`), on each test
 * database: the stored page in the site's frame, listed in the sitemap; without scripts an
 * offer's free times and the form rendered per request by the same page, a form post answered
 * with 303 to its result, the page again with messages for bad input and, for a time taken
 * meanwhile, the message and the free times; the rate limit; the booking's e-mail as from the API.
 */
import { resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#database/open-database";
import { publishedContent } from "#server/app";
import { createPages } from "#server/pages/pages";
import { bookingMessages, bookingRateLimitedMessage } from "#shared/booking-schemas";
import { pragueMoment } from "#shared/booking-time";
import { bookingPageSeed } from "#shared/content/page-booking";
import { homeAnchors, homeSection } from "#shared/routes";
import { startTestServer, type TestServer, testConfig } from "#testing/test-app";
import { openTimeoutMs, testDatabases, testTimeoutMs } from "#testing/test-databases";

const buildDir = resolve("build");
/** What a browser's `name="…" value="…"` looks like once React has rendered it. */
/** A page's text as read (tags out), to find a sentence that typography may have wrapped in spans. */
const textOf = (html: string) =>
  html
    .replace(/<[^>]*>/g, "")
    .replaceAll("&nbsp;", " ")
    .replaceAll("\u00a0", " ");
const executableScript = /<script\b(?![^>]*type="application\/(?:ld\+)?json")[^>]*>/i;

describe.each(testDatabases)("the booking page on $name", ({ open }) => {
  let database: DatabaseHandle;
  let server: TestServer;
  beforeAll(async () => {
    database = await open();
    server = await startTestServer({
      open: async () => database,
      // Low enough to reach in a test; each test below posts from an address of its own.
      settings: { BUILD_DIR: buildDir, FORM_RATE_LIMIT_PER_HOUR: "4" },
      pages: createPages({
        database,
        serverBuildFile: testConfig({ BUILD_DIR: buildDir }).serverBuildFile,
        getLoadContext: publishedContent(database),
      }),
    });
  }, openTimeoutMs);
  afterAll(async () => {
    await server?.close();
  });

  const get = (path: string) => fetch(`${server.origin}${path}`, { redirect: "manual" });
  const timesPage = "/rezervace?nabidka=consultation";
  // A week from the server's (real) today, on her default hours: surely free and in the horizon.
  const freeStart = async (skip = 0) => {
    const page = await (await get(timesPage)).text();
    const value = [...page.matchAll(/name="startsAt" value="([^"]+)"/g)][skip]?.[1];
    if (!value) throw new Error("no free time on the page");
    return value;
  };
  const post = (address: string, fields: Record<string, string>) =>
    fetch(`${server.origin}/rezervace`, {
      method: "POST",
      redirect: "manual",
      headers: {
        "Content-Type": "application/x-www-form-urlencoded",
        "Sec-Fetch-Site": "same-origin",
        "X-Forwarded-For": address,
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
    "serves the stored page in the site's frame: her texts, each bookable offer a choice, listed in the sitemap",
    async () => {
      const response = await get("/rezervace");
      expect(response.status).toBe(200);
      expect(response.headers.get("Cache-Control")).toBe("no-cache");
      const page = await response.text();
      expect(textOf(page)).toContain(bookingPageSeed.intro.heading);
      // The site's header and footer, as on every public page.
      expect(page).toMatch(/<header\b/);
      expect(page).toMatch(/<footer\b/);
      expect(page).toMatch(/<form [^>]*action="\/rezervace" method="get"/);
      expect(page).toMatch(/<button type="submit"[^>]* value="consultation"[^>]*name="nabidka"/);
      expect(textOf(page)).toContain("Délka: 3 hodiny");
      // Offers that cannot be booked online are not offered.
      expect(page).not.toContain('value="products"');
      // The times are never in a stored page.
      expect(page).not.toContain('name="startsAt"');
      expect(await (await get("/sitemap.xml")).text()).toContain("/rezervace</loc>");
    },
    openTimeoutMs,
  );

  it(
    "without scripts lists an offer's free times by day in the same page, fresh at every request",
    async () => {
      const response = await get(timesPage);
      expect(response.status).toBe(200);
      expect(response.headers.get("Cache-Control")).toBe("no-store");
      expect(response.headers.get("X-Robots-Tag")).toBe("noindex");
      const page = await response.text();
      expect(textOf(page)).toContain(bookingPageSeed.steps.timesHeading);
      expect(page).toMatch(
        /<legend[^>]*>(úterý|středa|čtvrtek) \d+\.\u00a0[a-zěščřžýáíéůú]+<\/legend>/,
      );
      expect(page).toMatch(/<form id="booking-form" [^>]*action="\/rezervace" method="post"/);
      expect(page).not.toMatch(executableScript);
      // An offer that is not bookable, or no offer at all, leads back to the choice.
      expect((await get("/rezervace?nabidka=products")).headers.get("Location")).toBe("/rezervace");
      expect((await get("/rezervace?nabidka=%3Cscript%3E")).status).toBe(303);
      // Posted for an offer she has taken off online booking meanwhile: said so, with her way to
      // write and the way back to the offers, and nothing booked.
      const startsAt = await freeStart();
      const gone = await post("192.0.2.19", { ...visitor, offerId: "products", startsAt });
      expect(gone.status).toBe(422);
      const goneText = await gone.text();
      expect(goneText).toContain(bookingMessages.offerNotBookable);
      expect(goneText).toContain(
        `<a href="${homeSection(homeAnchors.contact)}" class="button">Napsat zprávu</a>`,
      );
      expect(goneText).toContain(
        '<a href="/rezervace" class="button primary">Vybrat jinou nabídku</a>',
      );
      expect(await (await get(timesPage)).text()).toContain(`value="${startsAt}"`);
    },
    openTimeoutMs,
  );

  it(
    "books with a plain post, answers 303 to the result, and the time is gone from the list",
    async () => {
      const startsAt = await freeStart();
      const response = await post("192.0.2.10", { ...visitor, startsAt });
      expect(response.status).toBe(303);
      const location = response.headers.get("Location") ?? "";
      expect(location).toMatch(/^\/rezervace\/hotovo\?stav=pending&cas=/);
      const result = await (await get(location)).text();
      expect(textOf(result)).toContain(bookingPageSeed.done.pendingHeading);
      expect(textOf(result)).toContain(bookingPageSeed.done.mailNote);
      expect(result).toMatch(/<footer\b/);
      expect(await (await get(timesPage)).text()).not.toContain(`value="${startsAt}"`);
      await server.settle();
      const mails = await server.readMails();
      expect(
        mails.some((mail) => mail.attachments.some((file) => file.filename === "rezervace.ics")),
      ).toBe(true);

      // The same time again (a second visitor whose page was older): 409, the message, other times.
      const again = await post("192.0.2.11", { ...visitor, email: "petra@example.cz", startsAt });
      expect(again.status).toBe(409);
      const page = await again.text();
      expect(textOf(page)).toContain(bookingMessages.taken.split(" – ")[0]);
      expect(page).toContain('name="startsAt"');
      expect(page).not.toContain(`value="${startsAt}"`);
      expect(page).toContain('value="petra@example.cz"');
    },
    openTimeoutMs,
  );

  it(
    "answers bad input with the page again, the message by its field and what was typed kept",
    async () => {
      const response = await post("192.0.2.20", {
        ...visitor,
        email: "jana.example.cz",
        startsAt: await freeStart(),
      });
      expect(response.status).toBe(422);
      const page = await response.text();
      expect(page).toContain('id="booking-email-error"');
      expect(textOf(page)).toContain("Neplatný e-mail");
      expect(page).toContain('value="Jana Nováková"');
      expect(page).toContain("Těším se.</textarea>");
      const outside = await post("192.0.2.21", {
        ...visitor,
        startsAt: pragueMoment("2026-01-01", 3 * 60).toISOString(),
      });
      expect(outside.status).toBe(422);
      expect(textOf(await outside.text())).toContain(bookingMessages.notOffered.slice(0, 30));
    },
    openTimeoutMs,
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

  it(
    "refuses a fifth post from one address within the hour with 429, Retry-After and the message",
    async () => {
      const startsAt = await freeStart(1);
      for (let sent = 0; sent < 4; sent += 1) {
        // A time never offered: counted, refused, nothing stored.
        const refused = await post("192.0.2.30", {
          ...visitor,
          startsAt: pragueMoment("2026-01-01", 3 * 60).toISOString(),
        });
        expect(refused.status).toBe(422);
      }
      const limited = await post("192.0.2.30", { ...visitor, startsAt });
      expect(limited.status).toBe(429);
      expect(Number(limited.headers.get("Retry-After"))).toBeGreaterThan(0);
      const page = await limited.text();
      expect(textOf(page)).toContain(bookingRateLimitedMessage.slice(0, 30));
      expect(page).toContain('value="Jana Nováková"');
      expect(await (await get(timesPage)).text()).toContain(`value="${startsAt}"`);
    },
    openTimeoutMs,
  );
});
