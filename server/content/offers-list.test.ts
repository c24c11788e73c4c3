/**
 * Her offers as a list she edits (decision 0042), over HTTP against the real app: she adds
 * „Kakaový rituál pro páry“, and the contact form's API and booking take it; she retires it, and
 * both refuse it while her inbox still names the message that chose it; an offer something
 * refers to cannot be deleted; the list's limits, each refused in Czech with nothing changed.
 */
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bookings, contentEntries, formSubmissions } from "#database/schema";
import type { ContentEntryJson, ContentRevisionsJson } from "#shared/content/content-admin";
import type { Offer, Offers } from "#shared/content/content-schemas";
import { contentSeed } from "#shared/content/content-seed";
import { messages } from "#shared/form-schemas";
import type { Submission } from "#shared/submission";
import { requestAs, startServerSignedInAsAdmin } from "#testing/test-accounts";
import type { TestServer } from "#testing/test-app";
import { openTimeoutMs, testDatabases, testTimeoutMs } from "#testing/test-databases";

const ritual: Offer = {
  id: "kakaovy-ritual-pro-pary",
  name: "Kakaový rituál pro páry",
  formLabel: "Kakaový rituál pro páry",
  summary: "Společný večer u kakaa, ticha a dechu pro dva.",
  description: "",
  points: [],
  status: "",
  durationMinutes: 120,
  priceCzk: 1800,
  places: ["jinacovice"],
  bookable: true,
  shown: true,
};

describe.each(testDatabases)(
  "her offers as a list she edits on $name",
  { timeout: testTimeoutMs },
  ({ open }) => {
    let server: TestServer;
    let token: string;
    const published: string[][] = [];
    let address = 0;

    beforeAll(async () => {
      ({ server, token } = await startServerSignedInAsAdmin(open, published));
    }, openTimeoutMs);
    afterAll(async () => {
      await server?.close();
    });

    const admin = (method: string, path: string, body?: unknown) =>
      requestAs(server, token, method, `/api/admin${path}`, body);
    /** A visitor's JSON request, each from an address of its own (the rate limits are shared). */
    const visit = (path: string, body: unknown) => {
      address += 1;
      return fetch(`${server.origin}${path}`, {
        method: "POST",
        headers: {
          "Content-Type": "application/json",
          "X-Forwarded-For": `203.0.113.${address}`,
        },
        body: JSON.stringify(body),
      });
    };
    const contact = (serviceType: string) =>
      visit("/api/form-submissions", {
        formType: "contact",
        name: "Jana Nováková",
        email: `jana${address}@example.cz`,
        serviceType,
        message: "Dobrý den, ráda bych přišla i s manželem.",
        privacyConsent: true,
      });

    async function entry() {
      const response = await admin("GET", "/content/offers");
      expect(response.status).toBe(200);
      return (await response.json()) as ContentEntryJson<"offers">;
    }
    /** Saves `data` as her draft and publishes it; the publish's answer. */
    async function publish(data: Offers) {
      const saved = await admin("PUT", "/content/offers/draft", {
        version: (await entry()).version,
        data,
      });
      expect(saved.status).toBe(200);
      const { version } = (await saved.json()) as ContentEntryJson;
      return admin("POST", "/content/offers/publish", { version });
    }
    const submissions = async () =>
      (await server.db.select({ n: count() }).from(formSubmissions))[0]?.n;

    it("takes a new offer in the contact form and booking once she publishes it", async () => {
      // Before: an id of the right form that her list does not have is refused.
      const early = await contact(ritual.id);
      expect(early.status).toBe(422);
      expect(await early.json()).toEqual({
        error: {
          code: "validation_failed",
          message: messages.serviceTypeInvalid,
          fields: { serviceType: messages.serviceTypeInvalid },
        },
      });
      expect(await submissions()).toBe(0);

      const seed = contentSeed.offers;
      expect((await publish({ offers: [...seed.offers, ritual], retired: [] })).status).toBe(200);
      expect(published.at(-1)).toContain("/");

      const sent = await contact(ritual.id);
      expect(sent.status).toBe(201);
      const [row] = await server.db.select().from(formSubmissions);
      expect(row?.serviceType).toBe(ritual.id);

      const free = await fetch(`${server.origin}/api/booking/free-times?offer=${ritual.id}`);
      expect(free.status).toBe(200);
      const { days } = (await free.json()) as { days: { starts: string[] }[] };
      const start = days.flatMap((day) => day.starts)[0];
      expect(start).toBeDefined();
      const booked = await visit("/api/bookings", {
        offerId: ritual.id,
        startsAt: start,
        name: "Jana Nováková",
        email: "jana.rezervace@example.cz",
        phone: "",
        note: "",
        privacyConsent: true,
      });
      expect(booked.status).toBe(201);
      const [booking] = await server.db.select().from(bookings);
      expect(booking?.offerId).toBe(ritual.id);
    });

    it("refuses a retired offer in the form and booking, and still names it in her inbox", async () => {
      const { published: live } = await entry();
      const offers = live.offers.filter((offer) => offer.id !== ritual.id);
      expect((await publish({ offers, retired: [ritual] })).status).toBe(200);

      const before = await submissions();
      const refused = await contact(ritual.id);
      expect(refused.status).toBe(422);
      expect(((await refused.json()) as { error: { code: string } }).error.code).toBe(
        "validation_failed",
      );
      expect(await submissions()).toBe(before);
      const free = await fetch(`${server.origin}/api/booking/free-times?offer=${ritual.id}`);
      expect(free.status).toBe(422);

      const inbox = await requestAs(server, token, "GET", "/api/form-submissions");
      expect(inbox.status).toBe(200);
      const { submissions: listed } = (await inbox.json()) as { submissions: Submission[] };
      expect(listed.find((each) => each.service_type === ritual.id)?.service_label).toBe(
        "Kakaový rituál pro páry",
      );
    });

    it("refuses to delete an offer a message or a booking refers to, in Czech, changing nothing", async () => {
      const before = await entry();
      const response = await admin("PUT", "/content/offers/draft", {
        version: before.version,
        data: { offers: before.published.offers, retired: [] },
      });
      expect(response.status).toBe(409);
      const message =
        "Nabídku „Kakaový rituál pro páry“ nejde smazat, protože se jí týkají zprávy z kontaktního formuláře a rezervace. Nechte ji vyřazenou: na webu není a její název u nich zůstane.";
      expect(await response.json()).toEqual({
        error: { code: "offer_in_use", message, fields: { retired: message } },
      });
      expect(await entry()).toEqual(before);
    });

    it("deletes a retired offer nothing refers to", async () => {
      const { published: live } = await entry();
      const unused = { ...ritual, id: "zvukova-lazen", name: "Zvuková lázeň" };
      expect((await publish({ ...live, retired: [...live.retired, unused] })).status).toBe(200);
      const response = await publish(live);
      expect(response.status).toBe(200);
      expect((await entry()).published.retired.map((offer) => offer.id)).toEqual([ritual.id]);
    });

    it("restores an earlier list and keeps an offer added since that a message names, retired", async () => {
      const { published: before } = await entry();
      expect((await publish(before)).status).toBe(200);
      const listed = await admin("GET", "/content/offers/revisions");
      const [earlier] = ((await listed.json()) as ContentRevisionsJson).revisions;
      expect(earlier).toBeDefined();

      // She adds a sound bath, and a visitor asks about it.
      const bath = {
        ...ritual,
        id: "zvukova-koupel",
        name: "Zvuková koupel",
        formLabel: "Zvuková koupel",
      };
      expect((await publish({ ...before, offers: [...before.offers, bath] })).status).toBe(200);
      expect((await contact(bath.id)).status).toBe(201);

      const restored = await admin("POST", `/content/offers/revisions/${earlier?.id}/restore`, {
        version: (await entry()).version,
      });
      expect(restored.status).toBe(200);
      const { published: live } = await entry();
      // The earlier list is on the site again; the sound bath is retired, not gone.
      expect(live.offers.map((offer) => offer.id)).toEqual(before.offers.map((offer) => offer.id));
      expect(live.retired.map((offer) => offer.id)).toEqual([
        ...before.retired.map((offer) => offer.id),
        bath.id,
      ]);
      expect((await contact(bath.id)).status).toBe(422);
      const inbox = await requestAs(server, token, "GET", "/api/form-submissions");
      const { submissions: messages } = (await inbox.json()) as { submissions: Submission[] };
      expect(messages.find((each) => each.service_type === bath.id)?.service_label).toBe(
        "Zvuková koupel",
      );
    });

    it.each([
      ["no offer on the site", () => ({ offers: [], retired: [] }), "offers"],
      [
        "thirteen offers",
        () => ({
          offers: Array.from({ length: 13 }, (_, n) => ({ ...ritual, id: `nabidka-${n}` })),
          retired: [],
        }),
        "offers",
      ],
      ["an id that is no slug", () => ({ offers: [{ ...ritual, id: "Rituál" }] }), "offers.0.id"],
      ["no summary", () => ({ offers: [{ ...ritual, summary: " " }] }), "offers.0.summary"],
    ])("refuses %s field by field, in Czech, changing nothing", async (_case, data, field) => {
      const before = await entry();
      const response = await admin("PUT", "/content/offers/draft", {
        version: before.version,
        data: data(),
      });
      expect(response.status).toBe(422);
      const { error } = (await response.json()) as {
        error: { code: string; fields: Record<string, string> };
      };
      expect(error.code).toBe("validation_failed");
      expect(error.fields[field]).toMatch(/[áéíóúýčďěňřšťůž]|Vyplňte|nabídk/);
      expect(await entry()).toEqual(before);
      const [row] = await server.db
        .select()
        .from(contentEntries)
        .where(eq(contentEntries.key, "offers"));
      expect(row?.version).toBe(before.version);
    });
  },
);
