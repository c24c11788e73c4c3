/**
 * Every kind of e-mail, rendered as it is sent and read as a Czech copy editor reads it: no
 * hyphen where a dash belongs, no one-letter word left at a line's end (a date's „v“
 * included), and her signature under every e-mail to one person.
 */
import { describe, expect, it } from "vitest";
import { firstNameOf, operatorDefaults } from "#shared/site";
import { mailKinds } from "./mail-kinds";
import { renderMail } from "./outbox";

const siteUrl = "https://www.harmonieprirody.cz";
const at = "2026-11-26T20:50:00.000Z";
const link = `${siteUrl}/darek/odkaz`;
const submission = {
  id: "8f0c6f8e-0000-4000-8000-000000000001",
  createdAt: at,
  name: "Petra Nováková",
  email: "petra@example.cz",
  privacyConsent: true,
};

/** A booked session, as the booking e-mails store it. */
const session = {
  bookingId: "8f0c6f8e-0000-4000-8000-000000000002",
  offerName: "Harmonizační setkání",
  startsAt: "2026-12-03T09:00:00.000Z",
  endsAt: "2026-12-03T12:00:00.000Z",
  siteUrl,
};

/** Each kind's data, as the outbox stores it: every kind has at least one. */
const samples: Record<string, Record<string, unknown>[]> = {
  owner_notification: [
    {
      submission: {
        ...submission,
        formType: "gift_ritual",
        phone: null,
        serviceType: null,
        message: null,
      },
      siteUrl,
    },
    {
      submission: {
        ...submission,
        formType: "contact",
        phone: "+420 777 123 456",
        serviceType: "consultation",
        message: "Dobrý den, ráda bych přišla.",
      },
      siteUrl,
    },
  ],
  contact_confirmation: [{ siteUrl }],
  gift_delivery: [
    { formType: "gift_ritual", name: "Petra", link, siteUrl, durationSeconds: 372, waited: true },
    { formType: "gift_fragrance", name: "Petra", link, siteUrl },
  ],
  password_recovery: [{ fullName: "Petra Nováková", link, siteUrl }],
  email_confirmation: [{ fullName: null, link, siteUrl }],
  password_changed: [{ fullName: "Petra", changedAt: at, siteUrl }],
  sign_up_attempt: [{ fullName: "Petra", siteUrl }],
  access_request: [{ email: "petra@example.cz", fullName: null, requestedAt: at, siteUrl }],
  gift_waiting: [
    { gift: "gift_ritual", waiting: 3, siteUrl },
    { gift: "gift_fragrance", waiting: 1, siteUrl },
  ],
  gift_reminder: [
    { formType: "gift_ritual", name: "Petra", siteUrl },
    { formType: "gift_fragrance", name: "Petra", siteUrl },
  ],
  member_welcome: [{ fullName: "Petra", siteUrl }],
  booking_confirmation: [
    {
      ...session,
      state: "pending",
      cancelLink: `${siteUrl}/rezervace/zruseni/odkaz`,
      cancelUntil: "2026-12-02T09:00:00.000Z",
    },
    {
      ...session,
      state: "confirmed",
      cancelLink: `${siteUrl}/rezervace/zruseni/odkaz`,
      cancelUntil: "2026-12-02T09:00:00.000Z",
    },
  ],
  newsletter_confirmation: [
    {
      name: "Šárka Dvořáková",
      source: "gift_ritual",
      link: `${siteUrl}/novinky/potvrzeni/x`,
      siteUrl,
    },
    { name: null, source: "blog", link: `${siteUrl}/novinky/potvrzeni/x`, siteUrl },
  ],
  booking_reminder: [session],
  booking_cancelled: [session],
  booking_owner_notification: [
    {
      ...session,
      event: "booked",
      state: "pending",
      name: "Petra Nováková",
      email: "petra@example.cz",
      phone: "+420 777 123 456",
      note: "Těším se.",
    },
    {
      ...session,
      event: "cancelled",
      state: "cancelled",
      name: "Petra Nováková",
      email: "petra@example.cz",
      phone: null,
      note: null,
    },
    {
      ...session,
      event: "moved",
      previousStartsAt: "2026-12-02T09:00:00.000Z",
      state: "pending",
      name: "Petra Nováková",
      email: "petra@example.cz",
      phone: null,
      note: null,
    },
  ],
  // Her changes of a booking (and the visitor's move), each with the calendar file's SEQUENCE.
  booking_change: [
    { ...session, sequence: 1, change: "confirmed", state: "confirmed", reason: null },
    {
      ...session,
      sequence: 2,
      change: "moved",
      state: "confirmed",
      reason: null,
      previousStartsAt: "2026-12-02T09:00:00.000Z",
    },
    {
      ...session,
      sequence: 1,
      change: "moved",
      state: "pending",
      reason: null,
      previousStartsAt: "2026-12-02T09:00:00.000Z",
    },
    {
      ...session,
      sequence: 1,
      change: "declined",
      state: "declined",
      reason: "Ten den jsem na semináři. Zkusíme jiný?",
    },
    { ...session, sequence: 3, change: "cancelled", state: "cancelled", reason: "Jsem nemocná." },
  ],
};

/** An event's sign-up, as the event e-mails store it. */
const occasion = {
  signupId: "8f0c6f8e-0000-4000-8000-000000000003",
  title: "Kruh žen u ohně",
  startsAt: "2026-12-03T16:00:00.000Z",
  endsAt: "2026-12-03T18:30:00.000Z",
  place: "Zahrada u Lípy, Jinačovice 12",
  places: 2,
  eventUrl: `${siteUrl}/akce/kruh-zen-u-ohne`,
  siteUrl,
};
const eventAnswer = {
  ...occasion,
  cancelLink: `${siteUrl}/akce/zruseni/odkaz`,
  cancelUntil: "2026-12-02T16:00:00.000Z",
};
const signedUp = { name: "Petra Nováková", email: "petra@example.cz", takenPlaces: 7 };
Object.assign(samples, {
  event_signup: [
    { ...eventAnswer, state: "confirmed" },
    { ...eventAnswer, state: "waitlisted" },
    { ...eventAnswer, state: "promoted" },
  ],
  event_reminder: [occasion],
  event_signup_cancelled: [
    { ...occasion, hadPlace: true },
    { ...occasion, hadPlace: false },
  ],
  event_owner_notification: (["confirmed", "waitlisted", "promoted", "cancelled"] as const).map(
    (change) => ({
      ...occasion,
      ...signedUp,
      // One stored before her link had the event's id: it leads to her events' list.
      ...(change === "cancelled" ? {} : { eventId: "8f0c6f8e-0000-4000-8000-000000000004" }),
      change,
      capacity: 12,
      phone: change === "confirmed" ? "+420 777 123 456" : null,
      note: change === "confirmed" ? "Těším se." : null,
    }),
  ),
});

// Her own e-mails to the people of an event from the administration (server/events/).
Object.assign(samples, {
  event_message: [
    {
      subject: "Změna místa",
      text: "Milé ženy,\nsejdeme se o patro výš, v podkroví.",
      title: occasion.title,
      startsAt: occasion.startsAt,
      endsAt: occasion.endsAt,
      eventLink: occasion.eventUrl,
      siteUrl,
    },
  ],
  event_cancelled_by_owner: [
    { ...occasion, what: "event", hadPlace: true },
    { ...occasion, what: "event", hadPlace: false },
    { ...occasion, what: "signup", hadPlace: true },
  ],
});

// Her weekly summary (server/stats/): a full week, and a quiet one.
Object.assign(samples, {
  weekly_summary: [
    {
      weekFrom: "2026-11-23",
      weekTo: "2026-11-29",
      visitors: 1234,
      previousVisitors: 1100,
      views: 4321,
      topPages: [
        { label: "Úvodní stránka", views: 900 },
        { label: "Vůně z bylin a květin", views: 120 },
      ],
      requests: [
        { label: "Žádosti o dárek", count: 3 },
        { label: "Zprávy", count: 1 },
      ],
      waiting: [{ label: "Nové zprávy", count: 2 }],
      siteUrl,
    },
    {
      weekFrom: "2026-12-28",
      weekTo: "2027-01-03",
      visitors: 0,
      previousVisitors: 0,
      views: 0,
      topPages: [],
      requests: [],
      waiting: [],
      siteUrl,
    },
  ],
});

// Her letters to the subscribers (server/newsletter/letter-email.tsx).
Object.assign(samples, {
  newsletter_letter: [
    {
      subject: "Jarní novinky",
      body: "<h2>Jaro je tady</h2><p>Milí přátelé, v zahradě už kvete a já mám pro vás pár řádků.</p><ul><li>nový článek</li></ul>",
      announcement: null,
      unsubscribeLink: `${siteUrl}/novinky/odhlaseni/odkaz`,
      siteUrl,
    },
    {
      subject: "Pozvánka",
      body: "<p>Přijďte se mnou slavit úplněk.</p>",
      announcement: {
        kind: "event",
        title: "Úplňkový kruh",
        dateText: "3. prosince 2026 v 18:00",
        url: `${siteUrl}/akce/uplnkovy-kruh`,
        photoUrl: null,
        photoAlt: null,
      },
      unsubscribeLink: `${siteUrl}/novinky/odhlaseni/odkaz`,
      siteUrl,
      test: true,
    },
  ],
});

/** The e-mails she gets herself: a notice from her site, not a letter, so unsigned. */
const toHerself = new Set([
  "owner_notification",
  "access_request",
  "gift_waiting",
  "booking_owner_notification",
  "event_owner_notification",
]);
toHerself.add("weekly_summary");
/** The letters to one visitor in „ty“, where the capital „Ti“ belongs. */
const inTy = new Set(["gift_delivery", "gift_reminder"]);
// A gift form's newsletter sign-up is confirmed in „ty“ too (the blog's in „vy“).
inTy.add("newsletter_confirmation");

const rendered = await Promise.all(
  mailKinds.flatMap((kind) =>
    (samples[kind.name] ?? []).map(async (sample) => {
      const data = kind.dataSchema.parse(sample);
      const { text } = await renderMail(kind.render(data as never));
      return { kind: kind.name, subject: kind.subject(data as never), text };
    }),
  ),
);

/** The text without its links: an address may hold anything. */
const withoutLinks = (text: string) => text.replace(/\S+@\S+|https?:\/\/\S+/g, "");

describe("every e-mail read as a Czech copy editor", () => {
  it("has a sample of every kind here", () => {
    expect(mailKinds.filter((kind) => !samples[kind.name]).map((kind) => kind.name)).toEqual([]);
  });

  it.each(rendered)("$kind: an en dash where a dash belongs, never a hyphen", (mail) => {
    expect(mail.subject).not.toMatch(/ - /);
    expect(mail.text).not.toMatch(/[ \u00a0]-[ \u00a0]/);
    expect(`${mail.subject}\n${mail.text}`).not.toContain("Dárek - ");
  });

  it.each(rendered)("$kind: no one-letter word at a line's end, a date's „v“ included", (mail) => {
    const text = withoutLinks(mail.text);
    expect(text.match(/(?<=^|[\s(„])[ksvzouaiKSVZOUAI] (?=\S)/gmu) ?? []).toEqual([]);
    expect(text).not.toMatch(/ v \d{1,2}:\d{2}/);
  });

  it.each(rendered)("$kind: no line for a value that is not there", (mail) => {
    expect(mail.text).not.toMatch(/: –$/m);
  });

  it.each(rendered)("$kind: signed by her when it goes to one person", (mail) => {
    const signature = `S\u00a0láskou\n${firstNameOf(operatorDefaults.ownerName)}`;
    if (toHerself.has(mail.kind)) expect(mail.text).not.toContain(signature);
    else expect(mail.text).toContain(signature);
  });

  it.each(rendered)("$kind: „ty“ only in the gift letters", (mail) => {
    if (inTy.has(mail.kind)) return;
    expect(mail.text).not.toMatch(
      /(?<![\p{L}])(Ti|Tě|Tebe|Tobě|Tvůj|Tvoje|Tvou|ti|tě|tebe)(?![\p{L}])/u,
    );
  });
});
