/**
 * A sign-up's e-mails through the real outbox and a real SMTP peer: the answer with an `.ics`
 * that parses (ical.js) and a cancel link that works, the owner's notice, the reminder at its
 * time (the test's clock), and a cancellation that drops it and gives the place to the one
 * waiting, who is told by e-mail with her own `.ics`.
 */
import ICAL from "ical.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "#database/open-database";
import { mailOutbox } from "#database/schema";
import { createMailTransport, type MailTransport } from "#server/mail/mail-transport";
import { sendPendingMail } from "#server/mail/send-pending-mail";
import { formatPragueTime } from "#shared/prague-time";
import { insertTestEvent, sampleSignup } from "#testing/sample-events";
import { createTestApp, createTestClock, type TestClock, testSettings } from "#testing/test-app";
import { openTimeoutMs, testTimeoutMs } from "#testing/test-databases";
import {
  type CaughtMail,
  startTestSmtpServer,
  type TestSmtpServer,
} from "#testing/test-smtp-server";
import { eventSubjects } from "./event-email";

const hour = 3_600_000;

function calendarOf(mail: CaughtMail | undefined) {
  const file = mail?.attachments.find((attachment) => attachment.filename === "akce.ics");
  if (!file) throw new Error(`no akce.ics in „${mail?.subject}“`);
  expect(file.contentType).toBe("text/calendar");
  return new ICAL.Component(ICAL.parse(file.content.toString("utf8")));
}

describe("a sign-up's e-mails", () => {
  let database: Awaited<ReturnType<typeof openDatabase>>;
  let app: ReturnType<typeof createTestApp>;
  let clock: TestClock;
  let smtp: TestSmtpServer;
  let transport: MailTransport;

  beforeAll(async () => {
    database = await openDatabase({ dataDir: "memory" });
    clock = createTestClock();
    app = createTestApp(database, { clock });
    smtp = await startTestSmtpServer();
    transport = createMailTransport({
      smtpUrl: smtp.url,
      mailDir: "unused",
      from: testSettings.MAIL_FROM,
      messageIdDomain: "127.0.0.1",
    });
  }, openTimeoutMs);
  afterAll(async () => {
    transport?.close();
    await smtp?.close();
    await database?.close();
  });

  const send = () => sendPendingMail(database.db, transport, clock);
  const to = (mail: CaughtMail) => mail.envelopeTo.join(",");
  const signUp = async (eventId: string, who: string) => {
    const response = await app.request(`/api/events/${eventId}/signups`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(sampleSignup(who, { name: "Jana Nováková" })),
    });
    expect(response.status).toBe(201);
  };

  it(
    "answers with a valid .ics and a cancel link; cancelling gives the place to the one waiting, with her own .ics",
    async () => {
      const event = await insertTestEvent(database.db, clock.now(), { capacity: 1 });
      await signUp(event.id, "m1");
      await signUp(event.id, "m2");
      await send();
      const mails = await smtp.waitForMails(4);
      const first = mails.find((mail) => to(mail) === "navstevnicem1@example.cz");
      const waiting = mails.find((mail) => to(mail) === "navstevnicem2@example.cz");
      const owner = mails.filter((mail) => to(mail) === testSettings.NOTIFY_EMAIL);
      expect(first?.subject).toBe(`${eventSubjects.confirmed}: Kruh žen u ohně`);
      expect(waiting?.subject).toBe(`${eventSubjects.waitlisted}: Kruh žen u ohně`);
      expect(waiting?.attachments.filter((file) => file.filename === "akce.ics")).toEqual([]);
      expect(owner.map((mail) => mail.subject).sort()).toEqual([
        "Nová přihláška na čekací listinu: Jana Nováková, Kruh žen u ohně",
        "Nová přihláška: Jana Nováková, Kruh žen u ohně",
      ]);
      // Nothing the visitor typed goes to the address she typed.
      expect(first?.text).not.toContain("Jana");
      // A range of times as Czech writes it, with an unspaced en dash (read on a phone, too).
      const times = `${formatPragueTime(event.startsAt)}–${formatPragueTime(event.endsAt)}`;
      expect(first?.text).toContain(times);

      const calendar = calendarOf(first);
      const vevent = new ICAL.Event(calendar.getFirstSubcomponent("vevent") ?? undefined);
      expect(vevent.startDate.toJSDate().toISOString()).toBe(event.startsAt.toISOString());
      expect(vevent.endDate.toJSDate().toISOString()).toBe(event.endsAt.toISOString());
      expect(vevent.location).toBe("Květná 12, Brno");
      expect(calendar.getFirstSubcomponent("vevent")?.getFirstPropertyValue("status")).toBe(
        "CONFIRMED",
      );

      const link = first?.text?.match(/https?:\/\/\S+\/akce\/zruseni\/[\w-]+/)?.[0] ?? "";
      const token = link.split("/").pop() ?? "";
      expect(token.length).toBeGreaterThan(20);
      // The copy kept of the sent e-mail holds the link without its token.
      for (const row of await database.db.select().from(mailOutbox)) {
        expect(JSON.stringify(row)).not.toContain(token);
      }
      const path = new URL(link).pathname;
      const cancelPage = await (await app.request(path)).text();
      expect(cancelPage).toContain("Ano, zrušit přihlášku");
      expect(cancelPage).toContain(times);
      expect((await app.request(path, { method: "POST" })).status).toBe(303);

      await send();
      const after = await smtp.waitForMails(8);
      const promoted = after.find(
        (mail) =>
          to(mail) === "navstevnicem2@example.cz" &&
          mail.subject?.startsWith(eventSubjects.promoted),
      );
      expect(
        calendarOf(promoted).getFirstSubcomponent("vevent")?.getFirstPropertyValue("status"),
      ).toBe("CONFIRMED");
      const cancellation = after.find(
        (mail) =>
          to(mail) === "navstevnicem1@example.cz" &&
          mail.subject?.startsWith(eventSubjects.cancelled),
      );
      const cancelCalendar = calendarOf(cancellation);
      expect(cancelCalendar.getFirstPropertyValue("method")).toBe("CANCEL");
      expect(cancelCalendar.getFirstSubcomponent("vevent")?.getFirstPropertyValue("uid")).toBe(
        calendar.getFirstSubcomponent("vevent")?.getFirstPropertyValue("uid"),
      );
      // Each of her notices leads to the event's sign-ups in the administration.
      const toOwner = after.filter((mail) => to(mail) === testSettings.NOTIFY_EMAIL);
      expect(toOwner.map((mail) => mail.subject?.split(":")[0]).sort()).toEqual([
        "Místo z čekací listiny obsazeno",
        "Nová přihláška",
        "Nová přihláška na čekací listinu",
        "Zrušená přihláška",
      ]);
      for (const mail of toOwner) {
        expect(mail.html).toContain(`href="${testSettings.SITE_URL}/admin/akce/${event.id}"`);
        expect(mail.text).toContain(`${testSettings.SITE_URL}/admin/akce/${event.id}`);
      }
      // The promoted one's link works: a new token, sent with her place.
      const promotedLink = promoted?.text?.match(/https?:\/\/\S+\/akce\/zruseni\/[\w-]+/)?.[0];
      const promotedPage = await (await app.request(new URL(promotedLink ?? "").pathname)).text();
      expect(promotedPage.replace(/\u00a0/g, " ")).toContain("Máte 1 místo.");

      // A day before: the reminder goes to the one with the place, not to the one who left.
      const before = smtp.mails.length;
      clock.set(new Date(event.startsAt.getTime() - 24 * hour - 60_000));
      await send();
      expect(smtp.mails.length).toBe(before);
      clock.set(new Date(event.startsAt.getTime() - 24 * hour));
      await send();
      const reminders = (await smtp.waitForMails(before + 1)).slice(before);
      expect(reminders.map((mail) => [to(mail), mail.subject])).toEqual([
        ["navstevnicem2@example.cz", `${eventSubjects.reminder} – Kruh žen u ohně`],
      ]);
      clock.set(createTestClock().now());
    },
    testTimeoutMs,
  );
});
