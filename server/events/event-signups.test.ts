/**
 * Signing up for an event through the API on each test database: places while they last, then
 * the waiting list, and each refusal with its Czech message and code, storing nothing (a forged
 * or draft event, a cancelled or past one, after the deadline, full without a waiting list, too
 * many places, an address already signed up, bad input). The cancel link frees a place that goes
 * to the first one waiting, once, until the deadline; the form works without scripts too.
 */
import { and, count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { auditLog, type Event, eventSignups, events, mailOutbox } from "#database/schema";
import { eventHoneypotField, eventMessages } from "#shared/events";
import { honeypotField } from "#shared/form-schemas";
import { homeAnchors, homeSection, paths } from "#shared/routes";
import { insertTestEvent, sampleSignup } from "#testing/sample-events";
import { createTestApp, createTestClock, type TestClock } from "#testing/test-app";
import {
  openTimeoutMs,
  type TestDatabaseHandle,
  testDatabases,
  testTimeoutMs,
} from "#testing/test-databases";
import { eraseAddress, exportAddress } from "../admin/gdpr";
import { digestCancelToken } from "./event-signups";

const hour = 3_600_000;
// Each test makes several requests on each database; a busy machine needs more than 5 s.
vi.setConfig({ testTimeout: testTimeoutMs });

describe.each(testDatabases)("signing up for an event on $name", ({ open }) => {
  let database: TestDatabaseHandle;
  let app: ReturnType<typeof createTestApp>;
  let clock: TestClock;

  beforeAll(async () => {
    database = await open();
    clock = createTestClock();
    app = createTestApp(database, { clock });
  }, openTimeoutMs);
  afterAll(async () => {
    await database?.close();
  });

  const signUp = (eventId: string, body: unknown) =>
    app.request(`/api/events/${eventId}/signups`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body),
    });
  const signupsOf = (event: Event) =>
    database.db.select().from(eventSignups).where(eq(eventSignups.eventId, event.id));
  const reread = async (event: Event) =>
    (await database.db.select().from(events).where(eq(events.id, event.id)))[0] as Event;
  const expectRefused = async (
    response: Response,
    status: number,
    code: string,
    message: string,
  ) => {
    expect(response.status).toBe(status);
    const body = (await response.json()) as { error: { code: string; message: string } };
    expect(body.error.code).toBe(code);
    expect(body.error.message).toBe(message);
  };
  /** The cancel link's token: a test stores its own digest, as only the e-mail has the token. */
  const withToken = async (signupId: string, token: string) => {
    await database.db
      .update(eventSignups)
      .set({ cancelTokenHash: digestCancelToken(token) })
      .where(eq(eventSignups.id, signupId));
  };

  it("names the form's trap field as the other forms do", () => {
    expect(eventHoneypotField).toBe(honeypotField);
  });

  it("gives places while they last, then the waiting list, with e-mails and a reminder", async () => {
    const event = await insertTestEvent(database.db, clock.now(), {
      capacity: 3,
      maxPlacesPerSignup: 2,
    });
    const first = await signUp(event.id, sampleSignup("a1", { places: 2 }));
    expect(first.status).toBe(201);
    expect(await first.json()).toEqual({
      signup: {
        state: "confirmed",
        places: 2,
        event: expect.objectContaining({ freePlaces: 1, path: `${paths.events}/${event.slug}` }),
      },
    });
    // Two places do not fit into the one left: the waiting list.
    const second = await signUp(event.id, sampleSignup("a2", { places: 2 }));
    expect(((await second.json()) as { signup: { state: string } }).signup.state).toBe(
      "waitlisted",
    );
    const third = await signUp(event.id, sampleSignup("a3"));
    expect(((await third.json()) as { signup: { state: string } }).signup.state).toBe("confirmed");
    expect((await reread(event)).takenPlaces).toBe(3);

    const mail = await database.db
      .select({ kind: mailOutbox.kind, to: mailOutbox.to, due: mailOutbox.nextAttemptAt })
      .from(mailOutbox)
      .where(eq(mailOutbox.ownerType, "event_signup"));
    const of = (to: string) =>
      mail
        .filter((row) => row.to === to)
        .map((row) => row.kind)
        .sort();
    expect(of("navstevnicea1@example.cz")).toEqual(["event_reminder", "event_signup"]);
    // Waitlisted: told so, no reminder until a place is hers.
    expect(of("navstevnicea2@example.cz")).toEqual(["event_signup"]);
    expect(mail.filter((row) => row.kind === "event_owner_notification")).toHaveLength(3);
    const reminder = mail.find((row) => row.kind === "event_reminder");
    expect(reminder?.due.getTime()).toBe(event.startsAt.getTime() - 24 * hour);
  });

  it("refuses a forged, draft, cancelled, past or closed event, and stores nothing", async () => {
    const now = clock.now();
    const draft = await insertTestEvent(database.db, now, { state: "draft" });
    const cancelled = await insertTestEvent(database.db, now, { state: "cancelled" });
    const past = await insertTestEvent(database.db, now, {
      startsAt: new Date(now.getTime() - 3 * hour),
      signupDeadline: new Date(now.getTime() - 4 * hour),
    });
    const closed = await insertTestEvent(database.db, now, {
      startsAt: new Date(now.getTime() + 3 * hour),
      signupDeadline: new Date(now.getTime() - hour),
    });
    const notFound = ["event_not_found", eventMessages.notFound] as const;
    await expectRefused(await signUp("nic", sampleSignup("b1")), 404, ...notFound);
    await expectRefused(
      await signUp("00000000-0000-4000-8000-000000000000", sampleSignup("b1")),
      404,
      ...notFound,
    );
    await expectRefused(await signUp(draft.id, sampleSignup("b1")), 404, ...notFound);
    await expectRefused(
      await signUp(cancelled.id, sampleSignup("b1")),
      409,
      "event_cancelled",
      eventMessages.cancelled,
    );
    await expectRefused(
      await signUp(past.id, sampleSignup("b1")),
      409,
      "event_past",
      eventMessages.past,
    );
    await expectRefused(
      await signUp(closed.id, sampleSignup("b1")),
      409,
      "signup_deadline_passed",
      eventMessages.deadlinePassed,
    );
    for (const event of [draft, cancelled, past, closed]) {
      expect(await signupsOf(event)).toEqual([]);
      expect((await reread(event)).takenPlaces).toBe(0);
    }
  });

  it("refuses a full event without a waiting list, too many places and a second sign-up of one address", async () => {
    const event = await insertTestEvent(database.db, clock.now(), {
      capacity: 2,
      maxPlacesPerSignup: 1,
      waitingList: false,
    });
    expect((await signUp(event.id, sampleSignup("c1"))).status).toBe(201);
    await expectRefused(
      await signUp(event.id, sampleSignup("c2", { places: 2 })),
      422,
      "too_many_places",
      "Na jednu přihlášku můžete vzít nejvýše 1 místo.",
    );
    // The same address in other letters is the same person.
    await expectRefused(
      await signUp(event.id, sampleSignup("c1", { email: "NAVSTEVNICEC1@example.cz" })),
      409,
      "already_signed_up",
      eventMessages.alreadySignedUp,
    );
    expect((await signUp(event.id, sampleSignup("c2"))).status).toBe(201);
    await expectRefused(
      await signUp(event.id, sampleSignup("c3")),
      409,
      "event_full",
      "Akce je plně obsazená.",
    );
    const bad = await signUp(event.id, sampleSignup("c4", { privacyConsent: false, email: "x" }));
    expect(bad.status).toBe(422);
    expect((await signupsOf(event)).map((signup) => signup.email).sort()).toEqual([
      "navstevnicec1@example.cz",
      "navstevnicec2@example.cz",
    ]);
    expect((await reread(event)).takenPlaces).toBe(2);
  });

  it("gives a cancelled place to the first one waiting, once, until the deadline", async () => {
    const event = await insertTestEvent(database.db, clock.now(), { capacity: 1 });
    for (const who of ["d1", "d2", "d3"]) {
      expect((await signUp(event.id, sampleSignup(who))).status).toBe(201);
    }
    const [holder, firstWaiting, secondWaiting] = (await signupsOf(event)).sort(
      (a, b) => a.arrival - b.arrival,
    );
    expect([holder?.state, firstWaiting?.state, secondWaiting?.state]).toEqual([
      "confirmed",
      "waitlisted",
      "waitlisted",
    ]);
    await withToken(holder?.id ?? "", "a-cancel-token-of-the-first-one");
    const page = await app.request(`${paths.eventCancel}/a-cancel-token-of-the-first-one`);
    expect(page.status).toBe(200);
    const asked = (await page.text()).replace(/\u00a0/g, " ");
    expect(asked).toContain("Zrušit přihlášku?");
    // Her place in words, said once; the place is freed whoever takes it.
    expect(asked).toContain("<br />Máte 1 místo.</p>");
    expect(asked).toContain("Po zrušení se vaše místo uvolní pro někoho dalšího.");
    // Opening the link changes nothing: only its button does.
    expect((await reread(event)).takenPlaces).toBe(1);

    const cancelled = await app.request(`${paths.eventCancel}/a-cancel-token-of-the-first-one`, {
      method: "POST",
    });
    expect(cancelled.status).toBe(303);
    const states = Object.fromEntries(
      (await signupsOf(event)).map((signup) => [signup.email, signup.state]),
    );
    expect(states).toEqual({
      [holder?.email ?? ""]: "cancelled",
      [firstWaiting?.email ?? ""]: "confirmed",
      [secondWaiting?.email ?? ""]: "waitlisted",
    });
    expect((await reread(event)).takenPlaces).toBe(1);
    const toPromoted = await database.db
      .select({ kind: mailOutbox.kind, data: mailOutbox.data })
      .from(mailOutbox)
      .where(
        and(eq(mailOutbox.to, firstWaiting?.email ?? ""), eq(mailOutbox.kind, "event_signup")),
      );
    expect(toPromoted.map((row) => (row.data as { state: string }).state).sort()).toEqual([
      "promoted",
      "waitlisted",
    ]);
    // The holder's reminder is gone; the promoted one has hers.
    const reminders = await database.db
      .select({ to: mailOutbox.to })
      .from(mailOutbox)
      .where(and(eq(mailOutbox.kind, "event_reminder"), eq(mailOutbox.status, "pending")));
    expect(reminders.map((row) => row.to)).toContain(firstWaiting?.email);
    expect(reminders.map((row) => row.to)).not.toContain(holder?.email);

    // A second post of the spent link (a double tap on a slow phone) cancels nothing more, sends
    // nothing more, and says what the spent link says; a forged token still finds nothing.
    const queued = await database.db.select({ n: count() }).from(mailOutbox);
    const again = await app.request(`${paths.eventCancel}/a-cancel-token-of-the-first-one`, {
      method: "POST",
    });
    expect(again.status).toBe(200);
    expect(await again.text()).toContain("Přihláška je zrušená");
    expect((await signupsOf(event)).filter((signup) => signup.state === "confirmed")).toHaveLength(
      1,
    );
    expect(await database.db.select({ n: count() }).from(mailOutbox)).toEqual(queued);
    const forged = await app.request(`${paths.eventCancel}/a-forged-cancel-token`, {
      method: "POST",
    });
    expect(forged.status).toBe(404);
    expect(await forged.text()).toContain("Odkaz neplatí");

    // After the deadline, the link only says it is too late, and links the contact form its
    // „Napište mi prosím“ asks for.
    await withToken(secondWaiting?.id ?? "", "a-cancel-token-of-the-last-one");
    clock.set(new Date(event.signupDeadline.getTime() + 1000));
    try {
      const contactLink = `<a href="${homeSection(homeAnchors.contact)}" class="button primary">Napsat zprávu</a>`;
      for (const method of ["GET", "POST"]) {
        const latePage = await app.request(`${paths.eventCancel}/a-cancel-token-of-the-last-one`, {
          method,
        });
        expect(latePage.status).toBe(409);
        const body = await latePage.text();
        expect(body).toContain("Na zrušení je pozdě");
        expect(body).toContain(contactLink);
      }
      const late = await app.request("/api/events/signups/cancel", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ token: "a-cancel-token-of-the-last-one" }),
      });
      await expectRefused(late, 409, "cancel_too_late", eventMessages.cancelTooLate);
    } finally {
      clock.set(new Date("2026-05-04T08:00:00Z"));
    }
  });

  it("answers a second cancel through the API as already cancelled, changing and sending nothing", async () => {
    const event = await insertTestEvent(database.db, clock.now(), { capacity: 1 });
    for (const who of ["e1", "e2", "e3"]) {
      expect((await signUp(event.id, sampleSignup(who))).status).toBe(201);
    }
    const [holder] = (await signupsOf(event)).sort((a, b) => a.arrival - b.arrival);
    await withToken(holder?.id ?? "", "a-cancel-token-of-a-double-click");
    const cancel = (token: string) =>
      app.request("/api/events/signups/cancel", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ token }),
      });

    const first = await cancel("a-cancel-token-of-a-double-click");
    expect(first.status).toBe(200);
    expect(await first.json()).toMatchObject({
      signup: { state: "cancelled", event: { title: event.title, freePlaces: 0 } },
      alreadyCancelled: false,
    });
    const queued = await database.db.select().from(mailOutbox);
    const audited = await database.db.select().from(auditLog);
    const stored = await signupsOf(event);
    // The place went to the first one waiting, once.
    expect(stored.filter((signup) => signup.state === "confirmed")).toHaveLength(1);

    // A double click, or the link opened again: what the page says, and nothing changes.
    const again = await cancel("a-cancel-token-of-a-double-click");
    expect(again.status).toBe(200);
    expect(await again.json()).toMatchObject({
      signup: { state: "cancelled", event: { title: event.title } },
      alreadyCancelled: true,
    });
    expect(await database.db.select().from(mailOutbox)).toEqual(queued);
    expect(await database.db.select().from(auditLog)).toEqual(audited);
    expect(await signupsOf(event)).toEqual(stored);
    expect((await reread(event)).takenPlaces).toBe(1);

    // A token that never was stays unknown.
    await expectRefused(
      await cancel("a-forged-cancel-token"),
      404,
      "cancel_link_invalid",
      eventMessages.tokenInvalid,
    );
  });

  it("signs up by a plain form post without scripts: 303 to the result, or the form again", async () => {
    const event = await insertTestEvent(database.db, clock.now(), { capacity: 1 });
    const post = (fields: Record<string, string>) =>
      app.request(`${paths.events}/prihlaska/${event.id}`, {
        method: "POST",
        headers: {
          "Content-Type": "application/x-www-form-urlencoded",
          Origin: "https://harmonie.example",
        },
        body: new URLSearchParams(fields).toString(),
      });
    const fields = {
      name: "Jana Nováková",
      email: "jana.formular@example.cz",
      privacyConsent: "on",
    };
    const refused = await post({ ...fields, privacyConsent: "" });
    expect(refused.status).toBe(422);
    const refusedPage = await refused.text();
    expect(refusedPage).toContain("Musíte souhlasit se zpracováním údajů");
    expect(refusedPage).toContain('value="jana.formular@example.cz"');
    // Nothing here asks to write to her: no way to the contact form.
    expect(refusedPage).not.toContain("Napsat zprávu");

    const done = await post(fields);
    expect(done.status).toBe(303);
    const result = done.headers.get("Location") ?? "";
    expect(result).toBe(`${paths.events}/prihlaska/${event.id}?stav=confirmed`);
    expect(await (await app.request(result)).text()).toContain("Máte místo");

    const twice = await post(fields);
    expect(twice.status).toBe(409);
    const twicePage = (await twice.text()).replace(/\u00a0/g, " ");
    expect(twicePage).toContain("Na tuto akci už je přihláška s touto e-mailovou adresou.");
    // Its „napište mi prosím“ is followed by the way to: the contact form, as elsewhere.
    const afterMessage = twicePage.slice(twicePage.indexOf("napište mi prosím"));
    expect(afterMessage).toMatch(
      new RegExp(
        `^[^<]*</p><p><a href="${homeSection(homeAnchors.contact)}" class="button">Napsat zprávu</a>`,
      ),
    );
    const waiting = await post({ ...fields, email: "druha@example.cz" });
    expect(waiting.headers.get("Location")).toContain("stav=waitlisted");
    const [{ n } = { n: 0 }] = await database.db
      .select({ n: count() })
      .from(eventSignups)
      .where(eq(eventSignups.eventId, event.id));
    expect(n).toBe(2);
  });

  it("exports an address's sign-ups and erases them with their e-mails, giving the place back", async () => {
    const event = await insertTestEvent(database.db, clock.now(), { capacity: 5 });
    expect((await signUp(event.id, sampleSignup("e1", { places: 1 }))).status).toBe(201);
    const exported = JSON.stringify(
      await exportAddress(database.db, "NAVSTEVNICEE1@example.cz", clock.now()),
    );
    expect(exported).toContain('"event_signups"');
    expect(exported).toContain("Kruh žen u ohně");
    expect(exported).not.toContain("cancel_token");
    const admin = { userId: "00000000-0000-4000-8000-000000000001", email: "spravce@example.cz" };
    await eraseAddress(database.db, "navstevnicee1@example.cz", admin, clock.now());
    expect(await signupsOf(event)).toEqual([]);
    expect((await reread(event)).takenPlaces).toBe(0);
    const left = await database.db
      .select({ n: count() })
      .from(mailOutbox)
      .where(eq(mailOutbox.replyTo, "navstevnicee1@example.cz"));
    expect(left[0]?.n).toBe(0);
  });
});
