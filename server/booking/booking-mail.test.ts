/**
 * A booking's e-mails through the real outbox and a real SMTP peer: the confirmation with a
 * calendar file that parses (ical.js) and a cancel link that works, the owner's notice, the
 * reminder at its time (the test's clock), and a cancellation that frees the time and drops it.
 */
import { eq } from "drizzle-orm";
import ICAL from "ical.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "#database/open-database";
import { auditLog, bookings, mailOutbox } from "#database/schema";
import { createMailTransport, type MailTransport } from "#server/mail/mail-transport";
import { sendPendingMail } from "#server/mail/send-pending-mail";
import { bookingMessages } from "#shared/booking-schemas";
import { pragueMoment } from "#shared/booking-time";
import { homeAnchors, homeSection } from "#shared/routes";
import { createTestApp, createTestClock, type TestClock, testSettings } from "#testing/test-app";
import { openTimeoutMs, testTimeoutMs } from "#testing/test-databases";
import {
  type CaughtMail,
  startTestSmtpServer,
  type TestSmtpServer,
} from "#testing/test-smtp-server";
import { bookingSubjects } from "./booking-email";

/** The plain pages' way to the contact form, after a text that asks to write. */
const contactLink = `<a href="${homeSection(homeAnchors.contact)}" class="button primary">Napsat zprávu</a>`;

const hour = 3_600_000;
// Wednesday 6 May 2026, 10:00 in Prague; the test clock starts on Monday at 10:00.
const startsAt = pragueMoment("2026-05-06", 10 * 60);

describe("a booking's e-mails", () => {
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
  const book = async (email: string, at: Date) => {
    const response = await app.request("/api/bookings", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({
        offerId: "consultation",
        startsAt: at.toISOString(),
        name: "Jana Nováková",
        email,
        phone: "777 123 456",
        note: "Poprvé.",
        privacyConsent: true,
      }),
    });
    expect(response.status).toBe(201);
  };
  const freeStarts = async () => {
    const response = await app.request("/api/booking/free-times?offer=consultation");
    const { days } = (await response.json()) as { days: { starts: string[] }[] };
    return days.flatMap((day) => day.starts);
  };

  it(
    "sends the visitor a confirmation with a valid .ics and a cancel link, and the owner a notice",
    async () => {
      await book("jana@example.cz", startsAt);
      await send();
      const mails = await smtp.waitForMails(2);
      const owner = mails.find((mail) => to(mail) === testSettings.NOTIFY_EMAIL);
      const visitor = mails.find((mail) => to(mail) === "jana@example.cz");
      expect(owner?.subject).toBe(
        "Nová rezervace: Jana Nováková, 6. května 2026\u00a0v\u00a010:00",
      );
      expect(owner?.text).toContain("777 123 456");
      expect(owner?.replyTo?.text).toBe("jana@example.cz");
      // One tap to the booking in the administration, where she confirms it.
      const [booked] = await database.db.select({ id: bookings.id }).from(bookings);
      expect(owner?.html).toContain(
        `href="${testSettings.SITE_URL}/admin/rezervace/${booked?.id}"`,
      );
      expect(owner?.text).toContain(`${testSettings.SITE_URL}/admin/rezervace/${booked?.id}`);
      expect(visitor?.subject).toBe(bookingSubjects.pending);
      // Nothing the visitor typed goes to the address she typed.
      expect(visitor?.text).not.toContain("Jana");

      const ics = visitor?.attachments.find((file) => file.filename === "rezervace.ics");
      expect(ics?.contentType).toBe("text/calendar");
      const calendar = new ICAL.Component(ICAL.parse(ics?.content.toString("utf8") ?? ""));
      const event = new ICAL.Event(calendar.getFirstSubcomponent("vevent") ?? undefined);
      expect(event.startDate.toJSDate().toISOString()).toBe(startsAt.toISOString());
      expect(event.endDate.toJSDate().getTime() - startsAt.getTime()).toBe(3 * hour);
      expect(event.summary).toContain("Harmonizační setkání");
      expect(calendar.getFirstSubcomponent("vevent")?.getFirstPropertyValue("status")).toBe(
        "TENTATIVE",
      );
      await expect(freeStarts()).resolves.not.toContain(startsAt.toISOString());

      const link = visitor?.text?.match(/https?:\/\/\S+\/rezervace\/zruseni\/[\w-]+/)?.[0];
      expect(link).toBeDefined();
      // The copy kept of the sent e-mail holds the link without its token.
      const kept = await database.db.select().from(mailOutbox);
      const token = link?.split("/").pop() ?? "";
      expect(kept.some((row) => row.kind === "booking_confirmation")).toBe(true);
      for (const row of kept) expect(JSON.stringify(row)).not.toContain(token);
      const path = new URL(link ?? "").pathname;
      // Opening the link (as a mail scanner would) asks; it cancels nothing.
      const asked = await app.request(path);
      expect(asked.status).toBe(200);
      expect(await asked.text()).toContain("Ano, zrušit rezervaci");
      expect(await freeStarts()).not.toContain(startsAt.toISOString());

      const cancelled = await app.request(path, { method: "POST" });
      expect(cancelled.status).toBe(303);
      expect(await (await app.request(path)).text()).toContain("Rezervace je zrušená");
      expect(await freeStarts()).toContain(startsAt.toISOString());

      await send();
      const afterCancel = await smtp.waitForMails(4);
      const cancellation = afterCancel.find((mail) => mail.subject === bookingSubjects.cancelled);
      const cancelFile = cancellation?.attachments.find(
        (file) => file.filename === "rezervace.ics",
      );
      const cancelCalendar = new ICAL.Component(
        ICAL.parse(cancelFile?.content.toString("utf8") ?? ""),
      );
      expect(cancelCalendar.getFirstPropertyValue("method")).toBe("CANCEL");
      expect(cancelCalendar.getFirstSubcomponent("vevent")?.getFirstPropertyValue("uid")).toBe(
        calendar.getFirstSubcomponent("vevent")?.getFirstPropertyValue("uid"),
      );

      // A second post with the spent link (a double tap on a slow phone) changes and sends
      // nothing, and says what the spent link says; a forged token still finds nothing.
      const queued = await database.db.select().from(mailOutbox);
      const again = await app.request(path, { method: "POST" });
      expect(again.status).toBe(200);
      expect(await again.text()).toContain("Rezervace je zrušená");
      expect(await freeStarts()).toContain(startsAt.toISOString());
      expect(await database.db.select().from(mailOutbox)).toEqual(queued);
      // So does a move sent from the page opened before (a second tab, the back button).
      const move = await app.request(`${path}/presun`, {
        method: "POST",
        body: new URLSearchParams({ startsAt: startsAt.toISOString() }),
      });
      expect(move.status).toBe(200);
      expect(await move.text()).toContain("Rezervace je zrušená");
      expect(await database.db.select().from(mailOutbox)).toEqual(queued);
      const forged = await app.request(path.replace(/[^/]+$/, "a-forged-cancel-token"), {
        method: "POST",
      });
      expect(forged.status).toBe(404);
      expect(await forged.text()).toContain("Tento odkaz pro zrušení neplatí");

      // The cancelled booking's reminder is gone: a day before, nothing more is sent.
      clock.set(new Date(startsAt.getTime() - 23 * hour));
      await send();
      expect(smtp.mails.filter((mail) => mail.subject === bookingSubjects.reminder)).toHaveLength(
        0,
      );
      clock.set(createTestClock().now());
    },
    testTimeoutMs,
  );

  it(
    "sends the reminder a day before the session, not earlier",
    async () => {
      const thursday = pragueMoment("2026-05-07", 13 * 60);
      await book("petra@example.cz", thursday);
      await send();
      const before = smtp.mails.length;
      clock.set(new Date(thursday.getTime() - 24 * hour - 60_000));
      await send();
      expect(smtp.mails.length).toBe(before);
      clock.set(new Date(thursday.getTime() - 24 * hour));
      await send();
      const [reminder] = (await smtp.waitForMails(before + 1)).slice(before);
      expect(reminder?.subject).toBe(bookingSubjects.reminder);
      expect(to(reminder as CaughtMail)).toBe("petra@example.cz");
      expect(reminder?.text?.replace(/\u00a0/g, " ")).toMatch(/7\. května 2026 v 13:00–\d/);
    },
    testTimeoutMs,
  );

  it(
    "refuses a cancellation after the deadline and keeps the booking",
    async () => {
      // Petra's Thursday 13:00; her default deadline is 24 hours before: now is 23 hours before.
      clock.set(new Date(pragueMoment("2026-05-07", 13 * 60).getTime() - 23 * hour));
      const confirmation = smtp.mails.find(
        (mail) => to(mail) === "petra@example.cz" && mail.subject === bookingSubjects.pending,
      );
      const link = confirmation?.text?.match(/https?:\/\/\S+\/rezervace\/zruseni\/[\w-]+/)?.[0];
      const response = await app.request(new URL(link ?? "").pathname, { method: "POST" });
      expect(response.status).toBe(409);
      const page = await response.text();
      expect(page).toContain(bookingMessages.cancelTooLate.slice(0, 30));
      // It asks her to write: the page links the contact form.
      expect(page).toContain(contactLink);
      // So does a move, too late as well.
      const move = await app.request(`${new URL(link ?? "").pathname}/presun`, {
        method: "POST",
        body: new URLSearchParams({ startsAt: pragueMoment("2026-05-14", 13 * 60).toISOString() }),
      });
      expect(move.status).toBe(409);
      expect(await move.text()).toContain(contactLink);
      const api = await app.request("/api/bookings/cancel", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ token: new URL(link ?? "").pathname.split("/").pop() }),
      });
      expect(api.status).toBe(409);
      expect(((await api.json()) as { error: { code: string } }).error.code).toBe(
        "cancel_too_late",
      );
    },
    testTimeoutMs,
  );

  it(
    "answers a second cancel through the API as already cancelled, changing and sending nothing",
    async () => {
      clock.set(createTestClock().now());
      const at = new Date((await freeStarts()).at(-1) ?? "");
      const before = smtp.mails.length;
      await book("eva@example.cz", at);
      await send();
      const confirmation = (await smtp.waitForMails(before + 2)).find(
        (mail) => to(mail) === "eva@example.cz",
      );
      const link = confirmation?.text?.match(/https?:\/\/\S+\/rezervace\/zruseni\/[\w-]+/)?.[0];
      const cancel = (token: string) =>
        app.request("/api/bookings/cancel", {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify({ token }),
        });
      const token = link?.split("/").pop() ?? "";

      const first = await cancel(token);
      expect(first.status).toBe(200);
      expect(await first.json()).toMatchObject({
        booking: { state: "cancelled", startsAt: at.toISOString() },
        alreadyCancelled: false,
      });
      const queued = await database.db.select().from(mailOutbox);
      const audited = await database.db.select().from(auditLog);
      const [row] = await database.db
        .select()
        .from(bookings)
        .where(eq(bookings.email, "eva@example.cz"));

      // A double click, or the link opened again: what the page says, and nothing changes.
      const again = await cancel(token);
      expect(again.status).toBe(200);
      expect(await again.json()).toMatchObject({
        booking: { state: "cancelled", startsAt: at.toISOString() },
        alreadyCancelled: true,
      });
      expect(await database.db.select().from(mailOutbox)).toEqual(queued);
      expect(await database.db.select().from(auditLog)).toEqual(audited);
      expect(
        await database.db.select().from(bookings).where(eq(bookings.email, "eva@example.cz")),
      ).toEqual([row]);
      await send();
      expect(
        (await smtp.waitForMails(before + 3)).filter(
          (mail) => to(mail) === "eva@example.cz" && mail.subject === bookingSubjects.cancelled,
        ),
      ).toHaveLength(1);

      // A token that never was stays unknown.
      const forged = await cancel("a-forged-cancel-token");
      expect(forged.status).toBe(404);
      expect(((await forged.json()) as { error: { code: string } }).error.code).toBe(
        "cancel_link_invalid",
      );
    },
    testTimeoutMs,
  );
});
