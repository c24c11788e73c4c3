/**
 * `POST /formular`, the forms as a browser posts them with scripts blocked:
 * stored like the JSON route's (same records, same e-mails, same limits),
 * answered with a page; bad input answered 4xx with the form and its
 * messages, never 5xx, nothing stored; cross-site posts refused.
 */
import { asc, count } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { contentEntries, formSubmissions, mailOutbox } from "#database/schema";
import { contentSeed } from "#shared/content/content-seed";
import { giftRateLimitedMessage, messages } from "#shared/form-schemas";
import { createTestApp, testSettings } from "#testing/test-app";
import {
  emptyTables,
  openTimeoutMs,
  type TestDatabaseHandle,
  testDatabases,
  testTimeoutMs,
} from "#testing/test-databases";
import { maxBodyBytes } from "./form-submissions-route";

const siteOrigin = testSettings.SITE_URL;

const contact = {
  formType: "contact",
  name: "Jana Nováková",
  email: "jana.novakova@example.cz",
  phone: "+420 777 123 456",
  serviceType: "consultation",
  message: "Dobrý den,\r\nráda bych se objednala na harmonizační setkání.",
  privacyConsent: "on",
  website: "",
};
const ritualGift = {
  formType: "gift_ritual",
  name: "Šárka Dvořáková",
  email: "sarka@example.cz",
  message: "",
  privacyConsent: "on",
  website: "",
};

/** The text of a page, as read: tags left out (a hyphenated word sits in a span of its own). */
const textOf = (html: string) => html.replace(/<[^>]*>/g, "").replaceAll("\u00a0", " ");

/** A form's body as a browser encodes it; a field set to undefined is not sent (an unticked box). */
function encode(fields: Record<string, string | undefined>): string {
  return new URLSearchParams(
    Object.entries(fields).filter((entry): entry is [string, string] => entry[1] !== undefined),
  ).toString();
}

describe.each(testDatabases)(
  "POST /formular on $name",
  { timeout: testTimeoutMs },
  (testDatabase) => {
    let database: TestDatabaseHandle;

    beforeAll(async () => {
      database = await testDatabase.open();
    }, openTimeoutMs);
    afterAll(async () => {
      await database?.close();
    }, openTimeoutMs);
    beforeEach(async () => {
      await emptyTables(database);
    });

    // The page renderer of the real build (`npm run build`) renders a refused form's page.
    const app = (settings: Record<string, string> = {}) => createTestApp(database, { settings });

    let addressCounter = 0;
    function post(
      target: ReturnType<typeof app>,
      body: string,
      headers: Record<string, string> = {},
    ) {
      addressCounter += 1;
      return target.request("/formular", {
        method: "POST",
        headers: {
          "Content-Type": "application/x-www-form-urlencoded",
          "Sec-Fetch-Site": "same-origin",
          Origin: siteOrigin,
          "X-Forwarded-For": `198.51.100.${addressCounter % 250}`,
          ...headers,
        },
        body,
      });
    }

    async function storedCounts() {
      const [submissions] = await database.db.select({ n: count() }).from(formSubmissions);
      const [mails] = await database.db.select({ n: count() }).from(mailOutbox);
      return { submissions: submissions?.n, mails: mails?.n };
    }

    it("stores a contact message and its two e-mails, and sends the visitor to the thank-you notice", async () => {
      const response = await post(app(), encode(contact));

      expect(response.status).toBe(303);
      expect(response.headers.get("Location")).toBe("/#odeslano-kontakt");
      const rows = await database.db.select().from(formSubmissions);
      expect(rows).toEqual([
        expect.objectContaining({
          formType: "contact",
          name: "Jana Nováková",
          email: contact.email,
          phone: contact.phone,
          serviceType: "consultation",
          // The CR LF a browser posts is stored as the LF its scripts send.
          message: "Dobrý den,\nráda bych se objednala na harmonizační setkání.",
          privacyConsent: true,
        }),
      ]);
      const mails = await database.db.select().from(mailOutbox).orderBy(asc(mailOutbox.id));
      expect(mails.map(({ kind, to }) => ({ kind, to }))).toEqual([
        { kind: "owner_notification", to: testSettings.NOTIFY_EMAIL },
        { kind: "contact_confirmation", to: contact.email },
      ]);
    });

    it.each([
      ["gift_ritual", "/darek#odeslano-ritual", "darek_1"],
      ["gift_fragrance", "/darek#odeslano-vune", "darek_2"],
    ])("stores a %s request and queues the gift", async (formType, location, legacy) => {
      for (const sent of [formType, legacy]) {
        const response = await post(app(), encode({ ...ritualGift, formType: sent }));
        expect(response.status).toBe(303);
        expect(response.headers.get("Location")).toBe(location);
      }
      const rows = await database.db.select().from(formSubmissions);
      expect(rows.map((row) => [row.formType, row.message])).toEqual([
        [formType, null],
        [formType, null],
      ]);
      expect((await storedCounts()).mails).toBe(4);
    });

    it("sends the visitor of a ritual gift that has no video yet to the notice that says it waits", async () => {
      const response = await post(
        app({ GIFT_RITUAL_URL: "" }),
        encode({ ...ritualGift, formType: "gift_ritual" }),
      );
      expect(response.status).toBe(303);
      expect(response.headers.get("Location")).toBe("/darek#odeslano-ritual-ceka");
      const mails = await database.db.select().from(mailOutbox).orderBy(asc(mailOutbox.id));
      // The owner's notification of the request, the gift held back, and her word that it waits.
      expect(mails.map(({ kind, status }) => ({ kind, status }))).toEqual([
        { kind: "owner_notification", status: "pending" },
        { kind: "gift_delivery", status: "waiting" },
        { kind: "gift_waiting", status: "pending" },
      ]);
    });

    it("sends the visitor who ticked the newsletter's box to the notice that names its confirmation e-mail", async () => {
      const ticked = await post(app(), encode({ ...ritualGift, newsletter: "on" }));
      expect(ticked.status).toBe(303);
      expect(ticked.headers.get("Location")).toBe("/darek#odeslano-ritual-novinky");
      const waiting = await post(
        app({ GIFT_RITUAL_URL: "" }),
        encode({ ...ritualGift, email: "druha@example.cz", newsletter: "on" }),
      );
      expect(waiting.headers.get("Location")).toBe("/darek#odeslano-ritual-ceka-novinky");
      // Each anchor has its notice on the gift page (here as a refused form's answer renders it).
      const refused = await post(app(), encode({ ...ritualGift, name: "J", newsletter: "on" }));
      expect(refused.status).toBe(422);
      const giftPage = await refused.text();
      for (const anchor of ["odeslano-ritual-novinky", "odeslano-ritual-ceka-novinky"]) {
        const notice = giftPage.match(new RegExp(`<p id="${anchor}"[^>]*>(.*?)</p>`))?.[1] ?? "";
        expect(textOf(notice)).toContain("odkaz, kterým odběr novinek potvrdíš");
      }
    });

    it("answers a bad contact form with its page: what was typed, each message by its field, no scripts", async () => {
      const response = await post(
        app(),
        encode({
          ...contact,
          name: "J",
          email: "jana.example.cz",
          message: "Ahoj <b>",
          privacyConsent: undefined,
        }),
      );

      expect(response.status).toBe(422);
      expect(response.headers.get("Content-Type")).toMatch(/^text\/html; charset=UTF-8/i);
      const html = await response.text();
      // The home page as her published content has it, its structured data, none of its scripts.
      expect(textOf(html)).toContain("Vraťte se k sobě");
      expect(html).toContain('<script type="application/ld+json">');
      expect(html).not.toMatch(/<script(?![^>]*application\/ld\+json)[^>]*>/);
      for (const message of [
        messages.nameTooShort,
        messages.emailInvalid,
        messages.messageTooShort,
        messages.consentRequired,
      ]) {
        expect(textOf(html)).toContain(message);
      }
      expect(html).toMatch(/<input[^>]*id="contact-form-name"[^>]*autofocus=""[^>]*value="J"/);
      expect(html).toContain('value="jana.example.cz"');
      expect(html).toContain('value="+420 777 123 456"');
      expect(html).toMatch(/<option value="consultation" selected="">/);
      expect(html).toContain(">Ahoj &lt;b&gt;</textarea>");
      expect(html).toMatch(/<input[^>]*id="contact-form-privacyConsent"(?![^>]*checked)[^>]*>/);
      expect(await storedCounts()).toEqual({ submissions: 0, mails: 0 });
    });

    it("renders a refused form's page from her published content: „Služba“ as her offers name it", async () => {
      const offers = structuredClone(contentSeed.offers);
      for (const offer of offers.offers) {
        if (offer.id === "workshop") offer.formLabel = "Kruh žen";
        if (offer.id === "course") offer.shown = false;
      }
      const at = new Date();
      await database.db
        .insert(contentEntries)
        .values({ key: "offers", published: offers, updatedAt: at, publishedAt: at });
      const response = await post(
        app(),
        encode({ ...contact, serviceType: "workshop", name: "J" }),
      );
      expect(response.status).toBe(422);
      const html = await response.text();
      expect(html).toMatch(/<option value="workshop" selected="">Kruh žen<\/option>/);
      expect(html).not.toContain('<option value="course"');
      expect(html).toContain('<option value="other">Ostatní</option>');
    });

    it("takes an offer she added and refuses one she retired, telling it by „Služba“ (decision 0042)", async () => {
      const [first] = contentSeed.offers.offers;
      if (!first) throw new Error("no offer");
      const ritual = { ...first, id: "kakaovy-ritual-pro-pary", formLabel: "Kakaový rituál" };
      const retired = { ...first, id: "zvukova-lazen", formLabel: "Zvuková lázeň" };
      const at = new Date();
      const published = { offers: [...contentSeed.offers.offers, ritual], retired: [retired] };
      await database.db
        .insert(contentEntries)
        .values({ key: "offers", published, updatedAt: at, publishedAt: at })
        .onConflictDoUpdate({ target: contentEntries.key, set: { published } });
      const taken = await post(app(), encode({ ...contact, serviceType: ritual.id }));
      expect(taken.status).toBe(303);
      expect((await database.db.select().from(formSubmissions))[0]?.serviceType).toBe(ritual.id);

      const refused = await post(app(), encode({ ...contact, serviceType: retired.id }));
      expect(refused.status).toBe(422);
      const html = await refused.text();
      expect(textOf(html)).toContain(messages.serviceTypeInvalid);
      expect(html).toMatch(/<option value="kakaovy-ritual-pro-pary">Kakaový rituál<\/option>/);
      expect(html).not.toContain('<option value="zvukova-lazen"');
      expect(await storedCounts()).toEqual({ submissions: 1, mails: 2 });
    });

    it("answers a bad gift form in the gift page, leaving the other gift's form as it was", async () => {
      const response = await post(
        app(),
        encode({ ...ritualGift, formType: "gift_fragrance", email: "@example.cz" }),
      );
      expect(response.status).toBe(422);
      const html = await response.text();
      expect(html).toMatch(/<form[^>]*id="gift-fragrance-form"[^>]*action="\/formular"/);
      expect(textOf(html)).toContain(messages.emailInvalid);
      expect(html).toMatch(/id="gift-fragrance-form-privacyConsent"[^>]*checked=""/);
      // The ritual's form is as the page always has it: empty, no message.
      expect(html).not.toMatch(/id="gift-ritual-form-email"[^>]*aria-invalid/);
      expect(html).not.toMatch(/id="gift-ritual-form-name"[^>]*value="Šárka/);
      expect(html).not.toMatch(/<script\b[^>]*\bsrc=/);
      expect(await storedCounts()).toEqual({ submissions: 0, mails: 0 });
    });

    /** Posts no form of the site would send: each answered 4xx, none stored. */
    const badPosts: [
      string,
      string | Uint8Array<ArrayBuffer>,
      Record<string, string>,
      number,
      string,
    ][] = [
      ["a name of one letter", encode({ ...contact, name: "J" }), {}, 422, messages.nameTooShort],
      [
        "a phone with letters",
        encode({ ...contact, phone: "volejte" }),
        {},
        422,
        messages.phoneInvalid,
      ],
      [
        "an unknown service",
        encode({ ...contact, serviceType: "masáž" }),
        {},
        422,
        messages.serviceTypeInvalid,
      ],
      [
        "a message of 1001 characters",
        encode({ ...contact, message: "ř".repeat(1001) }),
        {},
        422,
        messages.messageTooLong,
      ],
      [
        "a gift with a phone",
        encode({ ...ritualGift, phone: "777123456" }),
        {},
        422,
        messages.fieldNotAllowed,
      ],
      [
        "an unknown field",
        encode({ ...contact, isAdmin: "true" }),
        {},
        422,
        messages.fieldNotAllowed,
      ],
      ...["constructor", "toString", "hasOwnProperty", "__proto__"].map(
        (field): [string, string, Record<string, string>, number, string] => [
          `a field named ${field}`,
          `${encode(contact)}&${field}=1`,
          {},
          422,
          messages.fieldNotAllowed,
        ],
      ),
      [
        "a NUL character in the name",
        encode({ ...contact, name: "Jana\u0000Nováková" }),
        {},
        422,
        messages.textUnstorable,
      ],
      [
        "an unknown form type",
        encode({ ...contact, formType: "newsletter" }),
        {},
        422,
        messages.formTypeInvalid,
      ],
      [
        "no form type",
        encode({ ...contact, formType: undefined }),
        {},
        422,
        messages.formTypeInvalid,
      ],
      ["an empty body", "", {}, 422, messages.formTypeInvalid],
      [
        "percent-encoded bytes that are not UTF-8",
        encode({ ...contact }).replace("name=", "name=%FF%FE"),
        {},
        400,
        "UTF-8",
      ],
      [
        "bytes that are not UTF-8",
        new Uint8Array(Buffer.from(`${encode(contact)}&x=\u00ff`, "latin1")),
        {},
        400,
        "UTF-8",
      ],
      [
        "JSON",
        JSON.stringify(contact),
        { "Content-Type": "application/json" },
        415,
        "application/x-www-form-urlencoded",
      ],
      [
        "another charset",
        encode(contact),
        { "Content-Type": "application/x-www-form-urlencoded; charset=iso-8859-2" },
        415,
        "UTF-8",
      ],
      [
        "a multipart body",
        encode(contact),
        { "Content-Type": "multipart/form-data; boundary=x" },
        415,
        "UTF-8",
      ],
      [
        "a body over the limit",
        encode({ ...contact, message: "a".repeat(maxBodyBytes) }),
        {},
        413,
        "příliš velká",
      ],
      [
        "another site, by Sec-Fetch-Site",
        encode(contact),
        { "Sec-Fetch-Site": "cross-site", Origin: "https://zly.example" },
        403,
        "jen z jeho stránky",
      ],
      [
        "a sister site, by Sec-Fetch-Site",
        encode(contact),
        { "Sec-Fetch-Site": "same-site" },
        403,
        "jen z jeho stránky",
      ],
      [
        "another site, by Origin alone",
        encode(contact),
        { "Sec-Fetch-Site": "", Origin: "https://zly.example" },
        403,
        "jen z jeho stránky",
      ],
      [
        "an opaque origin",
        encode(contact),
        { "Sec-Fetch-Site": "", Origin: "null" },
        403,
        "jen z jeho stránky",
      ],
      [
        "neither Sec-Fetch-Site nor Origin",
        encode(contact),
        { "Sec-Fetch-Site": "", Origin: "" },
        403,
        "jen z jeho stránky",
      ],
    ];

    it.each(badPosts)(
      "%s: answered with a page, nothing stored",
      async (_name, body, headers, status, text) => {
        // An empty header stands for one the browser did not send.
        const sent = Object.fromEntries(
          Object.entries(headers).filter(([, value]) => value !== ""),
        );
        const target = app();
        const response = await (async () => {
          addressCounter += 1;
          const all: Record<string, string> = {
            "Content-Type": "application/x-www-form-urlencoded",
            "Sec-Fetch-Site": "same-origin",
            Origin: siteOrigin,
            "X-Forwarded-For": `203.0.113.${addressCounter % 250}`,
          };
          for (const [header, value] of Object.entries(headers)) {
            if (value === "") delete all[header];
          }
          return target.request("/formular", {
            method: "POST",
            headers: { ...all, ...sent },
            body,
          });
        })();

        expect(response.status).toBe(status);
        expect(response.headers.get("Content-Type")).toMatch(/^text\/html/);
        expect(textOf(await response.text())).toContain(text);
        expect(await storedCounts()).toEqual({ submissions: 0, mails: 0 });
      },
    );

    it("a post with Origin alone from the site itself is taken (browsers without Sec-Fetch-Site)", async () => {
      const target = app();
      const response = await target.request("/formular", {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: siteOrigin },
        body: encode(ritualGift),
      });
      expect(response.status).toBe(303);
      expect((await storedCounts()).submissions).toBe(1);
    });

    it("shares the JSON route's limit of sends per address, and says so by the form, values kept", async () => {
      const target = app({ FORM_RATE_LIMIT_PER_HOUR: "2" });
      const from = { "X-Forwarded-For": "192.0.2.44" };
      const json = (body: object) =>
        target.request("/api/form-submissions", {
          method: "POST",
          headers: { "Content-Type": "application/json", ...from },
          body: JSON.stringify(body),
        });
      expect((await json({ ...ritualGift, privacyConsent: true })).status).toBe(201);
      expect((await post(target, encode(ritualGift), from)).status).toBe(303);

      const refused = await post(target, encode({ ...ritualGift, name: "Eliška" }), from);
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
      const html = await refused.text();
      expect(textOf(html)).toContain(giftRateLimitedMessage);
      expect(html).toContain('value="Eliška"');
      expect((await storedCounts()).submissions).toBe(2);
    });

    it("a filled-in hidden field is thanked like a person and nothing is kept", async () => {
      const response = await post(app(), encode({ ...contact, website: "https://spam.example" }));
      expect(response.status).toBe(303);
      expect(await storedCounts()).toEqual({ submissions: 0, mails: 0 });
    });

    it("an address asked for with GET leads home", async () => {
      const response = await app().request("/formular");
      expect(response.status).toBe(303);
      expect(response.headers.get("Location")).toBe("/");
    });
  },
);
