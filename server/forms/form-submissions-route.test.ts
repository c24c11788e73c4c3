import { asc, count } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { formSubmissions, mailOutbox } from "#database/schema";
import { captureLog } from "#server/logger";
import { renderStoredMail } from "#server/mail/outbox";
import { formTypeNames, giftRateLimitedMessage, sendFailedMessage } from "#shared/form-schemas";
import { refuseWrites } from "#testing/injected-failure";
import { sampleContact, sampleRitualGift } from "#testing/sample-submissions";
import { createTestApp, createTestClock, postForm, testSettings } from "#testing/test-app";
import {
  emptyTables,
  openTimeoutMs,
  type TestDatabaseHandle,
  testDatabases,
  testTimeoutMs,
} from "#testing/test-databases";
import { maxBodyBytes } from "./form-submissions-route";

const contact = sampleContact;
const ritualGift = sampleRitualGift;
const fragranceGift = { ...ritualGift, formType: "gift_fragrance", message: "Těším se!" };

/** Runs `action` and returns the warnings it logged, as their JSON lines. */
async function captureWarnings(action: () => Promise<void>): Promise<string[]> {
  const lines = await captureLog(action);
  return lines.filter((line) => line.level === "warn").map((line) => JSON.stringify(line));
}

const text = (length: number) => "ř".repeat(length);
const without = <T extends object>(value: T, key: keyof T) => {
  const { [key]: _omitted, ...rest } = value;
  return rest;
};

/** Every rule of the forms broken one at a time, and payloads of the wrong shape. */
const badPayloads: [string, unknown, string | null][] = [
  ["contact: name of 1 character", { ...contact, name: "J" }, "name"],
  ["contact: name of 101 characters", { ...contact, name: text(101) }, "name"],
  ["contact: name of spaces only", { ...contact, name: "      " }, "name"],
  ["contact: invalid e-mail", { ...contact, email: "jana.example.cz" }, "email"],
  [
    "contact: e-mail of 256 characters",
    { ...contact, email: `${"a".repeat(245)}@example.cz` },
    "email",
  ],
  ["contact: phone of 21 characters", { ...contact, phone: "1".repeat(21) }, "phone"],
  ["contact: phone with letters", { ...contact, phone: "volejte večer" }, "phone"],
  ["contact: unknown service", { ...contact, serviceType: "masáž" }, "serviceType"],
  ["contact: service of 101 characters", { ...contact, serviceType: text(101) }, "serviceType"],
  ["contact: message of 9 characters", { ...contact, message: "Dobrý den" }, "message"],
  ["contact: message of 1001 characters", { ...contact, message: text(1001) }, "message"],
  ["contact: message missing", without(contact, "message"), "message"],
  ["contact: consent false", { ...contact, privacyConsent: false }, "privacyConsent"],
  ["contact: consent missing", without(contact, "privacyConsent"), "privacyConsent"],
  ["contact: consent as a string", { ...contact, privacyConsent: "true" }, "privacyConsent"],
  ["ritual gift: name of 1 character", { ...ritualGift, name: "Š" }, "name"],
  ["ritual gift: name of 101 characters", { ...ritualGift, name: text(101) }, "name"],
  ["ritual gift: invalid e-mail", { ...ritualGift, email: "sarka@" }, "email"],
  [
    "ritual gift: e-mail of 256 characters",
    { ...ritualGift, email: `${"a".repeat(245)}@example.cz` },
    "email",
  ],
  ["ritual gift: message of 1001 characters", { ...ritualGift, message: text(1001) }, "message"],
  ["ritual gift: consent false", { ...ritualGift, privacyConsent: false }, "privacyConsent"],
  ["ritual gift: a phone", { ...ritualGift, phone: "777123456" }, "phone"],
  ["ritual gift: a service", { ...ritualGift, serviceType: "consultation" }, "serviceType"],
  ["fragrance gift: name of 1 character", { ...fragranceGift, name: "Š" }, "name"],
  ["fragrance gift: invalid e-mail", { ...fragranceGift, email: "@example.cz" }, "email"],
  [
    "fragrance gift: message of 1001 characters",
    { ...fragranceGift, message: text(1001) },
    "message",
  ],
  ["fragrance gift: consent false", { ...fragranceGift, privacyConsent: false }, "privacyConsent"],
  ["fragrance gift: a phone", { ...fragranceGift, phone: "777123456" }, "phone"],
  ["wrong type: name as a number", { ...contact, name: 12345 }, "name"],
  ["wrong type: e-mail as null", { ...contact, email: null }, "email"],
  ["wrong type: consent as 1", { ...ritualGift, privacyConsent: 1 }, "privacyConsent"],
  ["wrong type: message as a list", { ...contact, message: ["Dobrý den, ráda bych…"] }, "message"],
  ["wrong type: phone as a number", { ...contact, phone: 777123456 }, "phone"],
  ["missing: name", without(contact, "name"), "name"],
  ["missing: e-mail", without(ritualGift, "email"), "email"],
  ["missing: form type", without(contact, "formType"), "formType"],
  ["unknown form type", { ...contact, formType: "newsletter" }, "formType"],
  ["form type of another case", { ...contact, formType: "Contact" }, "formType"],
  ["an unknown field", { ...contact, isAdmin: true }, "isAdmin"],
  ["a field named constructor", { ...contact, constructor: "x" }, "constructor"],
  [
    "a field named __proto__",
    JSON.parse(`{"__proto__":"x",${JSON.stringify(contact).slice(1)}`),
    "__proto__",
  ],
  ["a NUL character in the name", { ...contact, name: "Jana\u0000Nováková" }, "name"],
  ["an empty object", {}, null],
  ["a list instead of an object", [contact], null],
  ["null instead of an object", null, null],
  ["a string instead of an object", JSON.stringify("Jana"), null],
];

describe.each(testDatabases)(
  "POST /api/form-submissions on $name",
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

    async function storedCounts() {
      const [submissions] = await database.db.select({ n: count() }).from(formSubmissions);
      const [mails] = await database.db.select({ n: count() }).from(mailOutbox);
      return { submissions: submissions?.n, mails: mails?.n };
    }

    async function storedMail() {
      return database.db.select().from(mailOutbox).orderBy(asc(mailOutbox.id));
    }

    it("answers 201 with a short JSON body as it is, its length declared, however the browser accepts compression", async () => {
      const response = await postForm(createTestApp(database), contact, {
        headers: { "Accept-Encoding": "gzip, deflate, br" },
      });

      expect(response.status).toBe(201);
      expect(response.headers.get("Content-Encoding")).toBeNull();
      expect(response.headers.get("Content-Type")).toBe("application/json");
      const body = await response.text();
      expect(response.headers.get("Content-Length")).toBe(String(Buffer.byteLength(body)));
      expect(JSON.parse(body)).toEqual({ id: expect.any(String), giftWaits: false });
    });

    it("stores a contact message with every field, and its two e-mails, and answers 201 with the id", async () => {
      let storedSignals = 0;
      const app = createTestApp(database, {
        onMailQueued: () => storedSignals++,
      });
      const response = await postForm(app, { ...contact, name: "  Jana Nováková  " });

      expect(response.status).toBe(201);
      const { id } = (await response.json()) as { id: string };
      const rows = await database.db.select().from(formSubmissions);
      expect(rows).toEqual([
        {
          id,
          createdAt: new Date("2026-05-04T08:00:00Z"),
          formType: "contact",
          name: "Jana Nováková",
          email: contact.email,
          phone: contact.phone,
          serviceType: "consultation",
          message: contact.message,
          privacyConsent: true,
          // New in the owner's inbox: neither opened nor handled.
          readAt: null,
          handledAt: null,
        },
      ]);
      const mails = await storedMail();
      expect(
        mails.map(({ kind, to, replyTo, submissionId, status }) => ({
          kind,
          to,
          replyTo,
          submissionId,
          status,
        })),
      ).toEqual([
        {
          kind: "owner_notification",
          to: testSettings.NOTIFY_EMAIL,
          replyTo: contact.email,
          submissionId: id,
          status: "pending",
        },
        {
          kind: "contact_confirmation",
          to: contact.email,
          replyTo: testSettings.NOTIFY_EMAIL,
          submissionId: id,
          status: "pending",
        },
      ]);
      expect(mails[0]?.subject).toBe(`${formTypeNames.contact}: Jana Nováková`);
      expect(storedSignals).toBe(1);
    });

    it.each([
      ["gift_ritual", ritualGift, testSettings.GIFT_RITUAL_URL],
      ["gift_fragrance", fragranceGift, testSettings.GIFT_FRAGRANCE_URL],
    ] as const)(
      "stores a %s request and queues the gift itself for the visitor",
      async (formType, payload, link) => {
        const response = await postForm(createTestApp(database), payload);

        expect(response.status).toBe(201);
        const [row] = await database.db.select().from(formSubmissions);
        expect(row).toMatchObject({
          formType,
          name: payload.name,
          email: payload.email,
          phone: null,
          serviceType: null,
          message: "message" in payload ? payload.message : null,
        });
        const [owner, gift] = await storedMail();
        expect(owner).toMatchObject({ kind: "owner_notification", replyTo: payload.email });
        expect(owner?.subject).toBe(`${formTypeNames[formType]}: ${payload.name}`);
        expect(gift).toMatchObject({ kind: "gift_delivery", to: payload.email });
        // Stored with what its template needs; the worker renders it when it sends it.
        expect(gift?.html).toBeNull();
        const body = await renderStoredMail(gift as { kind: string; data: unknown });
        expect(body.html).toContain(`href="${link}"`);
        expect(body.text).toContain(link);
      },
    );

    it.each([
      ["kontakt", "contact", contact],
      ["darek_1", "gift_ritual", ritualGift],
      ["darek_2", "gift_fragrance", fragranceGift],
    ] as const)(
      "accepts the legacy form type %s and stores it as %s",
      async (legacy, canonical, payload) => {
        const response = await postForm(createTestApp(database), { ...payload, formType: legacy });

        expect(response.status).toBe(201);
        const [row] = await database.db.select().from(formSubmissions);
        expect(row?.formType).toBe(canonical);
      },
    );

    it("stores empty optional fields as absent", async () => {
      const response = await postForm(createTestApp(database), {
        ...contact,
        phone: "",
        serviceType: "",
      });

      expect(response.status).toBe(201);
      const [row] = await database.db.select().from(formSubmissions);
      expect(row).toMatchObject({ phone: null, serviceType: null });
    });

    it("accepts the longest values the forms allow", async () => {
      const response = await postForm(createTestApp(database), {
        ...contact,
        name: text(100),
        email: `${"a".repeat(244)}@example.cz`,
        phone: "+".repeat(20),
        message: text(1000),
      });

      expect(response.status).toBe(201);
      expect(await storedCounts()).toEqual({ submissions: 1, mails: 2 });
    });

    it.each(badPayloads)(
      "refuses %s with 422, field messages, and stores nothing",
      async (_case, payload, field) => {
        const response = await postForm(createTestApp(database), payload);

        expect(response.status).toBe(422);
        const body = (await response.json()) as {
          error: { code: string; message: string; fields?: Record<string, string> };
        };
        expect(body.error.code).toBe("validation_failed");
        expect(body.error.message).toMatch(/\p{L}/u);
        if (field) expect(Object.keys(body.error.fields ?? {})).toContain(field);
        expect(await storedCounts()).toEqual({ submissions: 0, mails: 0 });
      },
    );

    it.each([
      ["malformed JSON", '{"name": "Jana"', 400, "invalid_json"],
      ["an empty body", "", 400, "invalid_json"],
    ])("refuses %s with $2", async (_case, body, status, code) => {
      const response = await postForm(createTestApp(database), body);

      expect(response.status).toBe(status);
      expect(((await response.json()) as { error: { code: string } }).error.code).toBe(code);
      expect(await storedCounts()).toEqual({ submissions: 0, mails: 0 });
    });

    it("refuses a body over the size limit with 413", async () => {
      const response = await postForm(createTestApp(database), {
        ...contact,
        message: "a".repeat(maxBodyBytes),
      });

      expect(response.status).toBe(413);
      expect(((await response.json()) as { error: { code: string } }).error.code).toBe(
        "payload_too_large",
      );
      expect(await storedCounts()).toEqual({ submissions: 0, mails: 0 });
    });

    it.each([
      ["text/plain", "text/plain"],
      ["a form encoding", "application/x-www-form-urlencoded"],
      ["multipart", "multipart/form-data; boundary=x"],
    ])("refuses %s with 415", async (_case, contentType) => {
      const response = await postForm(createTestApp(database), contact, {
        headers: { "Content-Type": contentType },
      });

      expect(response.status).toBe(415);
      expect(((await response.json()) as { error: { code: string } }).error.code).toBe(
        "unsupported_media_type",
      );
      expect(await storedCounts()).toEqual({ submissions: 0, mails: 0 });
    });

    it("refuses a body without a content type with 415", async () => {
      const response = await createTestApp(database).request("/api/form-submissions", {
        method: "POST",
        body: JSON.stringify(contact),
      });

      expect(response.status).toBe(415);
      expect(await storedCounts()).toEqual({ submissions: 0, mails: 0 });
    });

    it("accepts JSON with a charset", async () => {
      const response = await postForm(createTestApp(database), contact, {
        headers: { "Content-Type": "application/json; charset=utf-8" },
      });

      expect(response.status).toBe(201);
    });

    it.each(["application/json;charset=UTF-8", 'application/json; charset="utf8"'])(
      "accepts %s (the labels of UTF-8)",
      async (contentType) => {
        const response = await postForm(createTestApp(database), contact, {
          headers: { "Content-Type": contentType },
        });

        expect(response.status).toBe(201);
      },
    );

    it("answers a filled-in honeypot as if sent, and keeps nothing", async () => {
      const response = await postForm(createTestApp(database), {
        ...contact,
        website: "https://spam.example",
      });

      expect(response.status).toBe(201);
      expect((await response.json()) as { id: string }).toEqual({
        id: expect.any(String),
        giftWaits: false,
      });
      expect(await storedCounts()).toEqual({ submissions: 0, mails: 0 });
    });

    it("limits submissions per client address with 429 and the form's Czech message, until the hour passes", async () => {
      const clock = createTestClock();
      const app = createTestApp(database, { clock, settings: { FORM_RATE_LIMIT_PER_HOUR: "3" } });
      const send = (n: number, address = "198.51.100.1") =>
        postForm(app, { ...ritualGift, email: `navstevnice${n}@example.cz` }, { address });

      for (const n of [1, 2, 3]) expect((await send(n)).status).toBe(201);
      const refused = await send(4);

      expect(refused.status).toBe(429);
      expect(await refused.json()).toEqual({
        error: { code: "rate_limited", message: giftRateLimitedMessage },
      });
      expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
      expect((await send(5, "198.51.100.2")).status).toBe(201);
      expect(await storedCounts()).toEqual({ submissions: 4, mails: 8 });

      clock.advance(60 * 60_000);
      expect((await send(6)).status).toBe(201);
    });

    it("limits e-mails to one typed-in address, whatever address they come from, but stores the submission and tells the practitioner", async () => {
      const app = createTestApp(database, { settings: { FORM_RATE_LIMIT_PER_HOUR: "2" } });
      const send = (address: string, email = "obet@example.cz") =>
        postForm(app, { ...ritualGift, email }, { address });

      expect((await send("192.0.2.1")).status).toBe(201);
      expect((await send("192.0.2.2", "OBET@example.cz")).status).toBe(201);
      const warnings = await captureWarnings(async () => {
        expect((await send("192.0.2.3")).status).toBe(201);
      });
      expect(await storedCounts()).toEqual({ submissions: 3, mails: 5 });
      const toHer = (await storedMail()).filter(
        (mail) => mail.to.toLowerCase() === "obet@example.cz",
      );
      expect(toHer).toHaveLength(2);
      // The log says it happened, without the address in full.
      expect(warnings.join("\n")).toContain("o…@example.cz");
      expect(warnings.join("\n").toLowerCase()).not.toContain("obet@example.cz");
    });

    it("keeps ten strangers' submissions naming her address from blocking her own", async () => {
      const app = createTestApp(database, { settings: { FORM_RATE_LIMIT_PER_HOUR: "10" } });
      const her = "jana.novakova@example.cz";
      for (let n = 1; n <= 10; n += 1) {
        const response = await postForm(
          app,
          { ...contact, email: her },
          { address: `192.0.2.${n}` },
        );
        expect(response.status).toBe(201);
      }
      await captureWarnings(async () => {
        const own = await postForm(app, { ...contact, email: her }, { address: "203.0.113.50" });
        expect(own.status).toBe(201);
      });

      const [stored] = await database.db.select({ n: count() }).from(formSubmissions);
      expect(stored?.n).toBe(11);
      const toOwner = (await storedMail()).filter((mail) => mail.to === testSettings.NOTIFY_EMAIL);
      expect(toOwner).toHaveLength(11);
    });

    it("counts an IPv6 visitor by the /64 network", async () => {
      const app = createTestApp(database, { settings: { FORM_RATE_LIMIT_PER_HOUR: "1" } });

      expect((await postForm(app, ritualGift, { address: "2001:db8:1:2::10" })).status).toBe(201);
      const sameNetwork = await postForm(
        app,
        { ...ritualGift, email: "jina@example.cz" },
        { address: "2001:db8:1:2:ffff::1" },
      );
      expect(sameNetwork.status).toBe(429);
    });

    it("answers 201 (the form's cue for its success notice) only once the record and its e-mails are committed", async () => {
      // Seen from the mail worker's side: when it is woken, both are there for another reader.
      let countsWhenQueued: Awaited<ReturnType<typeof storedCounts>> | undefined;
      let queued: Promise<void> | undefined;
      const app = createTestApp(database, {
        onMailQueued: () => {
          queued = storedCounts().then((counts) => {
            countsWhenQueued = counts;
          });
        },
      });
      const response = await postForm(app, contact);
      await queued;

      expect(response.status).toBe(201);
      expect(countsWhenQueued).toEqual({ submissions: 1, mails: 2 });
      expect(await storedCounts()).toEqual({ submissions: 1, mails: 2 });
    });

    it("keeps neither the record nor any e-mail, and answers an error, when writing the e-mails fails", async () => {
      // A failure injected by the database itself, after the record is written and before the
      // outbox holds its e-mails: only a transaction can take the record back.
      const restore = await refuseWrites(database.db, {
        name: "refuse_test_mail",
        table: "mail_outbox",
        event: "insert",
        when: "new.to_address = 'selhani@example.cz'",
        message: "outbox write failed (injected by the test)",
      });
      let response: Response | undefined;
      let errors: unknown[] = [];
      try {
        const lines = await captureLog(async () => {
          response = await postForm(createTestApp(database), {
            ...contact,
            email: "selhani@example.cz",
          });
        });
        errors = lines.filter((line) => line.level === "error");
      } finally {
        await restore();
      }

      expect(response?.status).toBe(500);
      expect(await response?.json()).toEqual({
        error: { code: "internal_error", message: sendFailedMessage },
      });
      expect(errors.length).toBeGreaterThan(0);
      expect(await storedCounts()).toEqual({ submissions: 0, mails: 0 });
      // The next submission is stored as usual.
      expect((await postForm(createTestApp(database), contact)).status).toBe(201);
    });
  },
);
