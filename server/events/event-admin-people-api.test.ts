/**
 * Her events' list and people through the admin API, on both databases: the list's three
 * groups, one event's people, deleting a draft, „Opakovat“, a message to everyone signed up
 * (over SMTP to a real peer) and the CSV as Czech Excel reads it. Each refusal answers in
 * Czech with a code and changes nothing; each change leaves its audit entry.
 */
import { and, asc, eq } from "drizzle-orm";
import Papa from "papaparse";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { auditLog, eventSignups, events, mailOutbox } from "#database/schema";
import { eventAdminMessages } from "#shared/event-admin";
import { formatPragueTime } from "#shared/prague-time";
import { createSignedInAccount } from "#testing/test-accounts";
import { startTestServer, type TestServer } from "#testing/test-app";
import { openTimeoutMs, testDatabases, testTimeoutMs } from "#testing/test-databases";
import { startTestSmtpServer, type TestSmtpServer } from "#testing/test-smtp-server";
import { composeMail, writeToOutbox } from "../mail/outbox";
import { signupsCsvHeader } from "./event-admin-csv";
import { eventReminderMail } from "./event-email";
import { eventSignupMailOwner } from "./event-mail";

const day = 24 * 3_600_000;

describe.each(testDatabases)(
  "her events' people through the admin API on $name",
  { timeout: testTimeoutMs },
  ({ open }) => {
    let server: TestServer;
    let smtp: TestSmtpServer;
    let token: string;

    beforeAll(async () => {
      smtp = await startTestSmtpServer();
      server = await startTestServer({
        open,
        settings: { ADMIN_REQUIRE_2FA: "false", SMTP_URL: smtp.url },
      });
      token = await createSignedInAccount(server, "spravkyne@example.cz", "admin");
    }, openTimeoutMs);
    afterAll(async () => {
      await server?.close();
      await smtp?.close();
    });
    beforeEach(async () => {
      await server.db.delete(events);
    });

    const call = (method: string, path: string, body?: unknown) =>
      fetch(`${server.origin}/api/admin/events${path}`, {
        method,
        headers: {
          Authorization: `Bearer ${token}`,
          ...(body !== undefined && { "Content-Type": "application/json" }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });

    let seeded = 0;
    async function seedEvent(fields: Partial<typeof events.$inferInsert> = {}) {
      seeded += 1;
      const startsAt = fields.startsAt ?? new Date(server.now().getTime() + 10 * day);
      const [event] = await server.db
        .insert(events)
        .values({
          slug: `kruh-${seeded}`,
          title: "Úplňkový kruh",
          description: "<p>Sejdeme se v kruhu.</p>",
          startsAt,
          endsAt: new Date(startsAt.getTime() + 2 * 3_600_000),
          signupDeadline: startsAt,
          placeKind: "address",
          address: "Lipová 12, Brno",
          capacity: 10,
          state: "published",
          ...fields,
        })
        .returning();
      if (!event) throw new Error("no event");
      return event;
    }

    async function seedSignup(
      eventId: string,
      fields: Partial<typeof eventSignups.$inferInsert> & { email: string },
    ) {
      const [signup] = await server.db
        .insert(eventSignups)
        .values({
          eventId,
          state: "confirmed",
          name: "Jana Nováková",
          privacyConsent: true,
          cancelTokenHash: `hash-${fields.email}`,
          ...fields,
        })
        .returning();
      if (!signup) throw new Error("no sign-up");
      return signup;
    }

    /** An event with two people confirmed (three places), one waiting and one cancelled. */
    async function seedFullishEvent() {
      const event = await seedEvent({ takenPlaces: 3 });
      const at = (minutes: number) => new Date(server.now().getTime() - day + minutes * 60_000);
      await seedSignup(event.id, {
        email: "cekajici@example.cz",
        state: "waitlisted",
        createdAt: at(3),
        name: "Eva Čekající",
      });
      await seedSignup(event.id, {
        email: "prvni@example.cz",
        places: 2,
        createdAt: at(1),
        name: "Alena První",
        phone: "+420 601 234 567",
        note: 'Přijdu s dcerou; "prosím" místo u okna',
      });
      await seedSignup(event.id, {
        email: "druha@example.cz",
        createdAt: at(2),
        name: "=Hana Druhá",
      });
      await seedSignup(event.id, {
        email: "zrusena@example.cz",
        state: "cancelled",
        createdAt: at(0),
        name: "Zdeňka Zrušená",
        cancelledAt: at(5),
      });
      return event;
    }

    const auditEntries = (action: string) =>
      server.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.action, action as typeof auditLog.$inferSelect.action));

    it("lists upcoming events first, the nearest on top, then drafts and past ones, with their people counted", async () => {
      const now = server.now().getTime();
      const later = await seedEvent({ title: "Později", startsAt: new Date(now + 20 * day) });
      const sooner = await seedFullishEvent();
      const draft = await seedEvent({ title: "Koncept", state: "draft" });
      const past = await seedEvent({ title: "Loni", startsAt: new Date(now - 30 * day) });
      const cancelled = await seedEvent({
        title: "Zrušená",
        state: "cancelled",
        startsAt: new Date(now + 15 * day),
      });

      const response = await call("GET", "");
      expect(response.status).toBe(200);
      const list = await response.json();
      expect(list.upcoming.map((event: { id: string }) => event.id)).toEqual([
        sooner.id,
        cancelled.id,
        later.id,
      ]);
      expect(list.drafts.map((event: { id: string }) => event.id)).toEqual([draft.id]);
      expect(list.past.map((event: { id: string }) => event.id)).toEqual([past.id]);
      expect(list.upcoming[0].counts).toEqual({
        capacity: 10,
        takenPlaces: 3,
        freePlaces: 7,
        confirmed: 2,
        waitlisted: 1,
        cancelled: 1,
      });
    });

    it("shows one event's people: confirmed in the order they came, then the waiting list, then the cancelled", async () => {
      const event = await seedFullishEvent();
      const response = await call("GET", `/${event.id}/signups`);
      expect(response.status).toBe(200);
      const { counts, signups } = await response.json();
      expect(counts.freePlaces).toBe(7);
      expect(
        signups.map(
          (signup: { email: string; state: string }) => `${signup.state} ${signup.email}`,
        ),
      ).toEqual([
        "confirmed prvni@example.cz",
        "confirmed druha@example.cz",
        "waitlisted cekajici@example.cz",
        "cancelled zrusena@example.cz",
      ]);

      const unknown = await call("GET", "/8d7f6a43-3f5e-4b7e-9a43-6f6d5f1f2a11/signups");
      expect(unknown.status).toBe(404);
      expect((await unknown.json()).error).toEqual({
        code: "event_not_found",
        message: eventAdminMessages.notFound,
      });
      expect((await call("GET", "/1%20or%201=1/signups")).status).toBe(404);
    });

    it("deletes a draft, with its audit entry, and refuses to delete a published event", async () => {
      const published = await seedEvent({ title: "Zveřejněná" });
      const refused = await call("DELETE", `/${published.id}`);
      expect(refused.status).toBe(409);
      expect((await refused.json()).error.message).toBe(eventAdminMessages.onlyDraftDeleted);
      expect(await server.db.select().from(events).where(eq(events.id, published.id))).toHaveLength(
        1,
      );

      const draft = await seedEvent({
        title: "Jarní koncept",
        state: "draft",
        startsAt: new Date("2027-03-04T17:00:00Z"),
        endsAt: new Date("2027-03-04T19:00:00Z"),
        signupDeadline: new Date("2027-03-04T17:00:00Z"),
      });
      expect((await call("DELETE", `/${draft.id}`)).status).toBe(200);
      expect(await server.db.select().from(events).where(eq(events.id, draft.id))).toEqual([]);
      const entries = await auditEntries("event_deleted");
      expect(entries.at(-1)?.subject).toBe("Jarní koncept, 4. 3. 2027 v 18:00");
      expect(entries.at(-1)?.actorEmail).toBe("spravkyne@example.cz");
      expect((await call("DELETE", `/${draft.id}`)).status).toBe(404);
    });

    it("repeats an event on each first Thursday at the same Prague time, each a published event of its own in one series", async () => {
      // Thursday 7 January 2027, 18:00 in Prague; the sign-up closes two hours before.
      const event = await seedEvent({
        slug: "kruh",
        startsAt: new Date("2027-01-07T17:00:00Z"),
        endsAt: new Date("2027-01-07T19:00:00Z"),
        signupDeadline: new Date("2027-01-07T15:00:00Z"),
      });
      const auditBefore = (await auditEntries("event_published")).length;
      const response = await call("POST", `/${event.id}/repeat`, {
        rule: { kind: "monthly", week: "1" },
        until: "2027-04-30",
      });
      expect(response.status).toBe(201);
      const { created } = await response.json();
      expect(created).toHaveLength(3);

      const series = await server.db
        .select()
        .from(events)
        .where(eq(events.seriesId, event.id))
        .orderBy(asc(events.startsAt));
      expect(series.map((one) => one.slug)).toEqual([
        "kruh",
        "kruh-2027-02-04",
        "kruh-2027-03-04",
        "kruh-2027-04-01",
      ]);
      for (const one of series) {
        expect(formatPragueTime(one.startsAt)).toBe("18:00");
        expect(formatPragueTime(one.endsAt)).toBe("20:00");
        expect(one.signupDeadline.getTime()).toBe(one.startsAt.getTime() - 2 * 3_600_000);
        expect(one.state).toBe("published");
        expect(one.address).toBe("Lipová 12, Brno");
      }
      // 1 April is in summer time: 16:00 UTC.
      expect(series[3]?.startsAt.toISOString()).toBe("2027-04-01T16:00:00.000Z");
      expect((await auditEntries("event_published")).length).toBe(auditBefore + 3);

      // Again over the same months: the addresses are taken, so each gets its own.
      const again = await call("POST", `/${event.id}/repeat`, {
        rule: { kind: "monthly", week: "1" },
        until: "2027-02-28",
      });
      expect((await again.json()).created[0].slug).toBe("kruh-2027-02-04-2");
    });

    it("repeats a draft as drafts, each copy noted in the audit log as created, none as published", async () => {
      const draft = await seedEvent({
        slug: "koncept",
        title: "Bylinkový koncept",
        state: "draft",
        startsAt: new Date("2027-01-07T17:00:00Z"),
        endsAt: new Date("2027-01-07T19:00:00Z"),
        signupDeadline: new Date("2027-01-07T15:00:00Z"),
      });
      const publishedBefore = (await auditEntries("event_published")).length;
      const createdBefore = (await auditEntries("event_created")).length;
      const response = await call("POST", `/${draft.id}/repeat`, {
        rule: { kind: "monthly", week: "1" },
        until: "2027-03-31",
      });
      expect(response.status).toBe(201);
      expect((await response.json()).created).toHaveLength(2);
      const created = (await auditEntries("event_created")).slice(createdBefore);
      expect(created.map((entry) => entry.subject)).toEqual([
        expect.stringContaining("Bylinkový koncept, "),
        expect.stringContaining("Bylinkový koncept, "),
      ]);
      expect(created.every((entry) => entry.actorEmail === "spravkyne@example.cz")).toBe(true);
      expect((await auditEntries("event_published")).length).toBe(publishedBefore);
    });

    it("refuses a repeat that does not fit, reaches no date, makes too many or repeats a cancelled event, creating nothing", async () => {
      const event = await seedEvent({
        startsAt: new Date("2027-01-14T17:00:00Z"),
        endsAt: new Date("2027-01-14T19:00:00Z"),
        signupDeadline: new Date("2027-01-14T17:00:00Z"),
      });
      const cancelled = await seedEvent({ state: "cancelled" });
      const cases: [string, unknown, number, Record<string, string>][] = [
        [
          event.id,
          { rule: { kind: "monthly", week: "1" }, until: "2027-06-30" },
          422,
          { rule: eventAdminMessages.ruleNotFitting },
        ],
        [
          event.id,
          { rule: { kind: "weekly" }, until: "2027-01-20" },
          422,
          { until: eventAdminMessages.untilBeforeNext },
        ],
        [
          event.id,
          { rule: { kind: "weekly" }, until: "2029-01-01" },
          422,
          { until: eventAdminMessages.tooMany },
        ],
        [
          event.id,
          { rule: { kind: "daily" }, until: "2027-02-30" },
          422,
          { rule: eventAdminMessages.rule, until: eventAdminMessages.until },
        ],
        [cancelled.id, { rule: { kind: "weekly" }, until: "2027-06-30" }, 409, {}],
      ];
      for (const [id, body, status, fields] of cases) {
        const response = await call("POST", `/${id}/repeat`, body);
        expect(response.status).toBe(status);
        const { error } = await response.json();
        if (status === 409) expect(error.message).toBe(eventAdminMessages.cancelledNotRepeated);
        else expect(error.fields).toEqual(fields);
      }
      expect(await server.db.select().from(events)).toHaveLength(2);
    });

    it("writes to everyone signed up or waiting, one e-mail each, and notes it in the audit log", async () => {
      const event = await seedFullishEvent();
      const before = smtp.mails.length;
      const response = await call("POST", `/${event.id}/message`, {
        subject: "Změna místa",
        text: "Milé ženy,\nsejdeme se o patro výš.",
      });
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ recipients: 3 });
      await server.settle();
      const mails = await smtp.waitForMails(before + 3);
      const sent = mails.slice(before);
      expect(sent.flatMap((mail) => mail.envelopeTo).sort()).toEqual([
        "cekajici@example.cz",
        "druha@example.cz",
        "prvni@example.cz",
      ]);
      for (const mail of sent) {
        expect(mail.subject).toBe("Změna místa");
        expect(mail.text).toContain("patro výš.");
        expect(mail.text).toContain("Úplňkový kruh");
      }
      expect((await auditEntries("event_message_sent")).at(-1)?.subject).toContain(
        "Úplňkový kruh, ",
      );
    });

    it("refuses a message without subject or text, to nobody, or about a draft, sending nothing", async () => {
      const lonely = await seedEvent();
      const draft = await seedEvent({ state: "draft" });
      const before = (await auditEntries("event_message_sent")).length;
      const blank = await call("POST", `/${lonely.id}/message`, { subject: "  ", text: "" });
      expect(blank.status).toBe(422);
      expect((await blank.json()).error.fields).toEqual({
        subject: eventAdminMessages.subject,
        text: eventAdminMessages.text,
      });
      const nobody = await call("POST", `/${lonely.id}/message`, {
        subject: "Ahoj",
        text: "Jak se máte?",
      });
      expect(nobody.status).toBe(409);
      expect((await nobody.json()).error.message).toBe(eventAdminMessages.nobodySignedUp);
      expect(
        (await call("POST", `/${draft.id}/message`, { subject: "Ahoj", text: "Text" })).status,
      ).toBe(409);
      expect((await auditEntries("event_message_sent")).length).toBe(before);
    });

    it("gives the people as a CSV Czech Excel opens: a byte-order mark, semicolons, Czech headers, quoted cells, formulas kept as text", async () => {
      const event = await seedFullishEvent();
      const response = await call("GET", `/${event.id}/signups.csv`);
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
      expect(response.headers.get("content-disposition")).toMatch(
        /^attachment; filename="prihlaseni-kruh-\d+-\d{4}-\d{2}-\d{2}\.csv"$/,
      );
      const bytes = new Uint8Array(await response.arrayBuffer());
      // UTF-8's byte-order mark: what tells Excel the file is not in Windows-1250.
      expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      const text = new TextDecoder("utf-8", { ignoreBOM: false }).decode(bytes);
      expect(text).toContain("\r\n");
      const { data, errors } = Papa.parse<string[]>(text.trimEnd(), { delimiter: ";" });
      expect(errors).toEqual([]);
      expect(data[0]).toEqual([...signupsCsvHeader]);
      expect(data.slice(1).map((row) => [row[0], row[1], row[2], row[4]])).toEqual([
        ["Potvrzeno", "Alena První", "prvni@example.cz", "2"],
        ["Potvrzeno", "'=Hana Druhá", "druha@example.cz", "1"],
        ["Čeká na místo", "Eva Čekající", "cekajici@example.cz", "1"],
        ["Zrušeno", "Zdeňka Zrušená", "zrusena@example.cz", "1"],
      ]);
      expect(data[1]?.[5]).toBe('Přijdu s dcerou; "prosím" místo u okna');
      expect((await auditEntries("event_signups_exported")).at(-1)?.subject).toContain(
        "Úplňkový kruh",
      );
      expect((await call("GET", "/0b7e2c1a-7a43-4c70-8f3f-3f0f0d1c2b3a/signups.csv")).status).toBe(
        404,
      );
    });

    it("cancels the event: everyone with a place or waiting is told, those with a place get an .ics that cancels it, reminders are dropped", async () => {
      const event = await seedFullishEvent();
      const [first] = await server.db
        .select()
        .from(eventSignups)
        .where(eq(eventSignups.email, "prvni@example.cz"));
      if (!first) throw new Error("no sign-up");
      // Her reminder, due a day before, as the sign-up left it in the outbox.
      await writeToOutbox(
        server.db,
        [
          composeMail(eventReminderMail, {
            to: first.email,
            replyTo: "majitelka@example.cz",
            data: {
              signupId: first.id,
              title: event.title,
              startsAt: event.startsAt.toISOString(),
              endsAt: event.endsAt.toISOString(),
              place: "Lipová 12, Brno",
              places: 2,
              eventUrl: `${server.origin}/akce/${event.slug}`,
              siteUrl: server.origin,
            },
          }),
        ],
        { dueAt: new Date(event.startsAt.getTime() - day), owner: eventSignupMailOwner(first) },
      );
      const before = smtp.mails.length;

      const response = await call("POST", `/${event.id}/cancel`);
      expect(response.status).toBe(200);
      const answer = await response.json();
      expect(answer.told).toBe(3);
      expect(answer.event.state).toBe("cancelled");
      await server.settle();
      const sent = (await smtp.waitForMails(before + 3)).slice(before);
      expect(sent.map((mail) => mail.subject)).toEqual(
        Array(3).fill("Akce je zrušená: Úplňkový kruh"),
      );
      const withFile = sent.filter((mail) => mail.attachments.length > 0);
      expect(withFile.flatMap((mail) => mail.envelopeTo).sort()).toEqual([
        "druha@example.cz",
        "prvni@example.cz",
      ]);
      const toFirst = sent.find((mail) => mail.envelopeTo.includes("prvni@example.cz"));
      const calendar = toFirst?.attachments[0]?.content.toString("utf8") ?? "";
      expect(calendar).toContain("METHOD:CANCEL");
      expect(calendar).toContain("STATUS:CANCELLED");
      expect(calendar).toContain(`UID:${first.id}@`);
      expect(toFirst?.text).toContain("musím zrušit");
      expect(
        await server.db.select().from(mailOutbox).where(eq(mailOutbox.kind, "event_reminder")),
      ).toEqual([]);
      expect((await auditEntries("event_cancelled")).at(-1)?.subject).toContain("Úplňkový kruh, ");

      // Once is enough; a draft is deleted instead; a past event stays as it was.
      const again = await call("POST", `/${event.id}/cancel`);
      expect(again.status).toBe(409);
      expect((await again.json()).error.message).toBe(eventAdminMessages.alreadyCancelled);
      const draft = await seedEvent({ state: "draft" });
      expect((await (await call("POST", `/${draft.id}/cancel`)).json()).error.message).toBe(
        eventAdminMessages.draftNotCancelled,
      );
      const past = await seedEvent({ startsAt: new Date(server.now().getTime() - 3 * day) });
      expect((await (await call("POST", `/${past.id}/cancel`)).json()).error.message).toBe(
        eventAdminMessages.pastNotCancelled,
      );
      expect((await server.db.select().from(events).where(eq(events.id, past.id)))[0]?.state).toBe(
        "published",
      );
    });

    it("cancels one sign-up: the person is told, the freed places go to the first one waiting", async () => {
      const event = await seedFullishEvent();
      const signups = await server.db
        .select()
        .from(eventSignups)
        .where(eq(eventSignups.eventId, event.id));
      const byEmail = (email: string) => signups.find((signup) => signup.email === email)?.id ?? "";
      // Full: the waiting one gets a place only once two are freed.
      await server.db.update(events).set({ capacity: 3 }).where(eq(events.id, event.id));
      const before = smtp.mails.length;

      const response = await call(
        "POST",
        `/${event.id}/signups/${byEmail("prvni@example.cz")}/cancel`,
      );
      expect(response.status).toBe(200);
      const { counts, signups: after } = await (await call("GET", `/${event.id}/signups`)).json();
      expect(counts).toMatchObject({ takenPlaces: 2, confirmed: 2, waitlisted: 0, cancelled: 2 });
      expect(
        after.find((signup: { email: string }) => signup.email === "cekajici@example.cz").state,
      ).toBe("confirmed");
      await server.settle();
      const sent = (await smtp.waitForMails(before + 2)).slice(before);
      const toCancelled = sent.find((mail) => mail.envelopeTo.includes("prvni@example.cz"));
      expect(toCancelled?.subject).toBe("Vaše přihláška je zrušená: Úplňkový kruh");
      expect(toCancelled?.text).toContain("jsem zrušila");
      expect(toCancelled?.attachments[0]?.content.toString("utf8")).toContain("METHOD:CANCEL");
      expect(
        sent.some(
          (mail) =>
            mail.envelopeTo.includes("cekajici@example.cz") &&
            mail.subject?.startsWith("Uvolnilo se místo"),
        ),
      ).toBe(true);
      expect((await auditEntries("event_signup_cancelled")).at(-1)?.subject).toContain(
        "Úplňkový kruh, ",
      );

      const twice = await call(
        "POST",
        `/${event.id}/signups/${byEmail("prvni@example.cz")}/cancel`,
      );
      expect(twice.status).toBe(409);
      expect((await twice.json()).error.message).toBe(eventAdminMessages.signupAlreadyCancelled);
      // Another event's sign-up, and one that never was: not this event's.
      const other = await seedEvent();
      expect(
        (await call("POST", `/${other.id}/signups/${byEmail("druha@example.cz")}/cancel`)).status,
      ).toBe(404);
      expect((await call("POST", `/${event.id}/signups/nic/cancel`)).status).toBe(404);
      expect(
        (await server.db.select().from(events).where(eq(events.id, event.id)))[0]?.takenPlaces,
      ).toBe(2);
    });

    it("erases a person with a place: the first one waiting gets it and the same e-mail as after a cancel", async () => {
      const event = await seedEvent({ capacity: 1, takenPlaces: 1 });
      const at = (minutes: number) => new Date(server.now().getTime() - day + minutes * 60_000);
      await seedSignup(event.id, { email: "vymazat@example.cz", createdAt: at(1) });
      await seedSignup(event.id, {
        email: "cekam-na-misto@example.cz",
        state: "waitlisted",
        createdAt: at(2),
        confirmedAt: null,
      });
      const before = smtp.mails.length;

      const erased = await fetch(`${server.origin}/api/admin/address/erase`, {
        method: "POST",
        headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
        body: JSON.stringify({ email: "vymazat@example.cz" }),
      });
      expect(erased.status, await erased.clone().text()).toBe(200);
      expect(await erased.json()).toMatchObject({ eventSignups: 1 });
      const left = await server.db
        .select({ email: eventSignups.email, state: eventSignups.state })
        .from(eventSignups)
        .where(eq(eventSignups.eventId, event.id));
      expect(left).toEqual([{ email: "cekam-na-misto@example.cz", state: "confirmed" }]);
      expect(
        (await server.db.select().from(events).where(eq(events.id, event.id)))[0]?.takenPlaces,
      ).toBe(1);
      await server.settle();
      const sent = (await smtp.waitForMails(before + 2)).slice(before);
      const promoted = sent.find((mail) => mail.envelopeTo.includes("cekam-na-misto@example.cz"));
      expect(promoted?.subject).toBe("Uvolnilo se místo – je vaše: Úplňkový kruh");
      expect(promoted?.attachments[0]?.content.toString("utf8")).toContain("STATUS:CONFIRMED");
      expect(promoted?.text).toMatch(/\/akce\/zruseni\/[\w-]{20,}/);
    });

    it("refuses a new event in the past, and moving one into the past, changing nothing", async () => {
      const now = server.now().getTime();
      const fields = (startsAt: Date) => ({
        title: "Ranní kruh",
        description: "<p>Sejdeme se.</p>",
        photoId: null,
        startsAt: startsAt.toISOString(),
        endsAt: new Date(startsAt.getTime() + 3_600_000).toISOString(),
        placeKind: "online",
        address: null,
        onlineNote: null,
        priceCzk: null,
        capacity: 8,
      });
      const created = await call("POST", "", { event: fields(new Date(now - day)) });
      expect(created.status).toBe(422);
      expect((await created.json()).error.fields).toEqual({
        startsAt: eventAdminMessages.startsInPast,
      });

      const past = await seedEvent({ startsAt: new Date(now - 2 * day) });
      const moved = await call("PUT", `/${past.id}`, {
        version: past.version,
        event: fields(new Date(now - day)),
      });
      expect(moved.status).toBe(422);
      expect((await moved.json()).error.fields).toEqual({
        startsAt: eventAdminMessages.movedIntoPast,
      });
      // Its own time kept, a past event's texts can still be corrected.
      const corrected = await call("PUT", `/${past.id}`, {
        version: past.version,
        event: fields(past.startsAt),
      });
      expect(corrected.status).toBe(200);
      expect(await server.db.select().from(events)).toHaveLength(1);
    });

    it("refuses a photo that is not in her library, at its field, storing nothing", async () => {
      const before = (await server.db.select().from(events)).length;
      const startsAt = new Date(server.now().getTime() + 5 * day);
      const created = await call("POST", "", {
        event: {
          title: "Kruh s fotkou",
          description: "<p>Sejdeme se.</p>",
          photoId: "6f1c2a9e-3b4d-4e5f-8a7b-9c0d1e2f3a4b",
          startsAt: startsAt.toISOString(),
          endsAt: new Date(startsAt.getTime() + 3_600_000).toISOString(),
          placeKind: "online",
          address: null,
          onlineNote: null,
          priceCzk: null,
          capacity: 8,
        },
      });
      expect(created.status).toBe(422);
      expect((await created.json()).error).toMatchObject({
        code: "photo_missing",
        fields: { photoId: eventAdminMessages.photoMissing },
      });
      expect(await server.db.select().from(events)).toHaveLength(before);
    });

    it("is the administrator's only", async () => {
      const event = await seedFullishEvent();
      for (const [method, path] of [
        ["GET", ""],
        ["GET", `/${event.id}/signups.csv`],
        ["POST", `/${event.id}/message`],
      ] as const) {
        const response = await fetch(`${server.origin}/api/admin/events${path}`, { method });
        expect(response.status).toBe(401);
      }
      expect(
        await server.db
          .select()
          .from(eventSignups)
          .where(and(eq(eventSignups.eventId, event.id))),
      ).toHaveLength(4);
    });
  },
);
