/**
 * Her changes of a booking through the admin API, on both databases, with the client's e-mails
 * caught by a real SMTP peer and their calendar files parsed (ical.js): confirm, move, decline,
 * cancel, each once for a double click, each with its audit entry, and the refusals that change
 * nothing. Then the visitor's move with the e-mail's link.
 */
import { and, eq } from "drizzle-orm";
import ICAL from "ical.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, bookings, mailOutbox } from "#database/schema";
import { bookingAdminMessages } from "#shared/booking-admin";
import { createSignedInAccount } from "#testing/test-accounts";
import { startTestServer, type TestServer, testSettings } from "#testing/test-app";
import { openTimeoutMs, testDatabases, testTimeoutMs } from "#testing/test-databases";
import {
  type CaughtMail,
  startTestSmtpServer,
  type TestSmtpServer,
} from "#testing/test-smtp-server";
import { bookingChangeSubjects, bookingSubjects } from "./booking-email";

const client = {
  offerId: "consultation",
  name: "Jana Nováková",
  phone: "777 123 456",
  note: "Poprvé.",
  privacyConsent: true,
};

/** The calendar file of an e-mail: its METHOD, and its event's UID, SEQUENCE, STATUS and start. */
function calendarOf(mail: CaughtMail | undefined) {
  const file = mail?.attachments.find((attachment) => attachment.filename === "rezervace.ics");
  expect(file).toBeDefined();
  const calendar = new ICAL.Component(ICAL.parse(file?.content.toString("utf8") ?? ""));
  const event = calendar.getFirstSubcomponent("vevent");
  return {
    method: calendar.getFirstPropertyValue("method"),
    uid: event?.getFirstPropertyValue("uid"),
    sequence: Number(event?.getFirstPropertyValue("sequence") ?? 0),
    status: event?.getFirstPropertyValue("status"),
    start: new ICAL.Event(event ?? undefined).startDate.toJSDate().toISOString(),
  };
}

describe.each(testDatabases)("her bookings on $name", ({ open }) => {
  let server: TestServer;
  let smtp: TestSmtpServer;
  let token: string;
  let free: string[];

  beforeAll(async () => {
    smtp = await startTestSmtpServer();
    server = await startTestServer({
      open,
      settings: { ADMIN_REQUIRE_2FA: "false", SMTP_URL: smtp.url },
    });
    token = await createSignedInAccount(server, "spravkyne@example.cz", "admin");
    const answer = await fetch(`${server.origin}/api/booking/free-times?offer=consultation`);
    const { days } = (await answer.json()) as { days: { starts: string[] }[] };
    // Starts far enough apart that no two bookings of three hours meet.
    free = days.flatMap((day) => day.starts.slice(0, 1));
  }, openTimeoutMs);
  afterAll(async () => {
    await server?.close();
    await smtp?.close();
  });

  const api = (path: string) =>
    fetch(`${server.origin}/api/admin/bookings${path}`, {
      headers: { Authorization: `Bearer ${token}` },
    });
  const post = (path: string, body?: unknown) =>
    fetch(`${server.origin}/api/admin/bookings${path}`, {
      method: "POST",
      headers: {
        Authorization: `Bearer ${token}`,
        ...(body !== undefined && { "Content-Type": "application/json" }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  const book = async (email: string, startsAt: string) => {
    const answer = await fetch(`${server.origin}/api/bookings`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ ...client, email, startsAt }),
    });
    expect(answer.status).toBe(201);
    const [row] = await server.db.select().from(bookings).where(eq(bookings.email, email));
    if (!row) throw new Error("not booked");
    return row;
  };
  const row = async (id: string) =>
    (await server.db.select().from(bookings).where(eq(bookings.id, id)))[0];
  const audit = async (action: string) =>
    server.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, action as "booking_moved"));
  /** The e-mails to `email` whose subject starts with `subject`, once `count` have come. */
  const mailsTo = async (email: string, subject: string, count = 1) => {
    await server.settle();
    const deadline = Date.now() + 10_000;
    for (;;) {
      const found = smtp.mails.filter(
        (mail) => mail.envelopeTo.includes(email) && mail.subject?.startsWith(subject),
      );
      if (found.length >= count || Date.now() > deadline) return found;
      await new Promise((wait) => setTimeout(wait, 50));
    }
  };
  const reminderDue = async (id: string) =>
    (
      await server.db
        .select({ dueAt: mailOutbox.nextAttemptAt })
        .from(mailOutbox)
        .where(
          and(
            eq(mailOutbox.ownerId, id),
            eq(mailOutbox.kind, "booking_reminder"),
            eq(mailOutbox.status, "pending"),
          ),
        )
    ).map((reminder) => reminder.dueAt.toISOString());
  const dayBefore = (start: string | Date) =>
    new Date(new Date(start).getTime() - 24 * 3_600_000).toISOString();

  it(
    "confirms a waiting booking once for a double click, with its audit entry and a CONFIRMED .ics",
    async () => {
      const booking = await book("jana@example.cz", free[0] as string);
      const [first] = await mailsTo("jana@example.cz", bookingSubjects.pending);
      const uid = calendarOf(first).uid;

      const listed = (await (await api("/new")).json()) as { bookings: { id: string }[] };
      expect(listed.bookings.map((item) => item.id)).toContain(booking.id);

      const answers = await Promise.all([
        post(`/${booking.id}/confirm`),
        post(`/${booking.id}/confirm`),
      ]);
      expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
      const refused = answers.find((answer) => answer.status === 409);
      expect(JSON.stringify(await refused?.json())).toContain(bookingAdminMessages.notPending);
      expect((await row(booking.id))?.state).toBe("confirmed");

      const entries = await audit("booking_confirmed");
      expect(entries).toHaveLength(1);
      expect(entries[0]?.subject).toContain("Harmonizační setkání");
      expect(entries[0]?.subject).not.toContain("Jana");
      expect(entries[0]?.actorEmail).toBe("spravkyne@example.cz");

      const confirmed = await mailsTo("jana@example.cz", bookingChangeSubjects.confirmed);
      expect(confirmed).toHaveLength(1);
      const calendar = calendarOf(confirmed[0]);
      expect(calendar).toMatchObject({ uid, sequence: 1, status: "CONFIRMED", method: "PUBLISH" });
      // A confirmation keeps the reminder.
      expect(await reminderDue(booking.id)).toEqual([dayBefore(booking.startsAt)]);
      // Opened and changed: no longer new in her inbox.
      const after = (await (await api("/new")).json()) as { bookings: { id: string }[] };
      expect(after.bookings.map((item) => item.id)).not.toContain(booking.id);
    },
    testTimeoutMs,
  );

  it(
    "moves a booking: refuses a taken time (with the next free ones) and the past, then moves once, the reminder with it",
    async () => {
      const [jana] = await server.db
        .select()
        .from(bookings)
        .where(eq(bookings.email, "jana@example.cz"));
      const petra = await book("petra@example.cz", free[1] as string);
      if (!jana) throw new Error("no booking");

      const taken = await post(`/${jana.id}/move`, { startsAt: petra.startsAt.toISOString() });
      expect(taken.status).toBe(409);
      const takenBody = (await taken.json()) as { error: { code: string; nextFree: string[] } };
      expect(takenBody.error.code).toBe("slot_taken");
      expect(takenBody.error.nextFree.length).toBeGreaterThan(0);

      const past = await post(`/${jana.id}/move`, { startsAt: "2020-01-07T09:00:00+01:00" });
      expect(past.status).toBe(422);
      expect(JSON.stringify(await past.json())).toContain(bookingAdminMessages.past);
      const garbled = await post(`/${jana.id}/move`, { startsAt: "zítra" });
      expect(garbled.status).toBe(422);
      expect((await row(jana.id))?.startsAt.toISOString()).toBe(jana.startsAt.toISOString());
      expect(await audit("booking_moved")).toHaveLength(0);

      const to = free[2] as string;
      const moves = await Promise.all([
        post(`/${jana.id}/move`, { startsAt: to }),
        post(`/${jana.id}/move`, { startsAt: to }),
      ]);
      expect(moves.map((answer) => answer.status)).toEqual([200, 200]);
      const moved = await row(jana.id);
      expect(moved?.startsAt.toISOString()).toBe(new Date(to).toISOString());
      expect(moved?.endsAt.getTime()).toBe(new Date(to).getTime() + 180 * 60_000);
      expect(moved?.state).toBe("confirmed");
      const entries = await audit("booking_moved");
      expect(entries).toHaveLength(1);
      expect(entries[0]?.subject).toContain(" na ");

      const mails = await mailsTo("jana@example.cz", bookingChangeSubjects.moved);
      expect(mails).toHaveLength(1);
      expect(calendarOf(mails[0])).toMatchObject({
        sequence: 2,
        status: "CONFIRMED",
        start: new Date(to).toISOString(),
      });
      expect(await reminderDue(jana.id)).toEqual([dayBefore(to)]);
    },
    testTimeoutMs,
  );

  it(
    "declines with her reason (METHOD:CANCEL, the reminder dropped) and refuses what its state does not allow",
    async () => {
      const [petra] = await server.db
        .select()
        .from(bookings)
        .where(eq(bookings.email, "petra@example.cz"));
      if (!petra) throw new Error("no booking");
      const empty = await post(`/${petra.id}/decline`, { reason: "   " });
      expect(empty.status).toBe(422);
      expect(JSON.stringify(await empty.json())).toContain(bookingAdminMessages.reason);
      const long = await post(`/${petra.id}/decline`, { reason: "x".repeat(501) });
      expect(long.status).toBe(422);
      expect((await row(petra.id))?.state).toBe("pending");

      const reason = "Ten den jsem bohužel na semináři.";
      const answers = await Promise.all([
        post(`/${petra.id}/decline`, { reason }),
        post(`/${petra.id}/decline`, { reason }),
      ]);
      expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
      expect(await row(petra.id)).toMatchObject({ state: "declined", reason });
      expect(await audit("booking_declined")).toHaveLength(1);
      expect(await reminderDue(petra.id)).toEqual([]);
      const [declined] = await mailsTo("petra@example.cz", bookingChangeSubjects.declined);
      expect(declined?.text).toContain("Ten den jsem bohužel na semináři.");
      expect(calendarOf(declined)).toMatchObject({ method: "CANCEL", sequence: 1 });

      // Declined: nothing more to confirm, cancel or move; its time is free again.
      expect((await post(`/${petra.id}/confirm`)).status).toBe(409);
      expect((await post(`/${petra.id}/cancel`, { reason })).status).toBe(409);
      expect((await post(`/${petra.id}/move`, { startsAt: free[3] })).status).toBe(409);
      // A confirmed booking is not declined: it is cancelled.
      const [jana] = await server.db
        .select()
        .from(bookings)
        .where(eq(bookings.email, "jana@example.cz"));
      expect((await post(`/${jana?.id}/decline`, { reason })).status).toBe(409);
    },
    testTimeoutMs,
  );

  it(
    "cancels a confirmed booking with her reason, and a forged id is 404 everywhere",
    async () => {
      const [jana] = await server.db
        .select()
        .from(bookings)
        .where(eq(bookings.email, "jana@example.cz"));
      if (!jana) throw new Error("no booking");
      const answers = await Promise.all([
        post(`/${jana.id}/cancel`, { reason: "Jsem nemocná." }),
        post(`/${jana.id}/cancel`, { reason: "Jsem nemocná." }),
      ]);
      expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
      expect((await row(jana.id))?.state).toBe("cancelled");
      expect(await audit("booking_cancelled")).toHaveLength(1);
      expect(await reminderDue(jana.id)).toEqual([]);
      const [cancelled] = await mailsTo("jana@example.cz", bookingChangeSubjects.cancelled);
      expect(cancelled?.text).toContain("Jsem nemocná.");
      expect(calendarOf(cancelled)).toMatchObject({ method: "CANCEL", sequence: 3 });

      for (const id of ["6b1d8a52-7a4f-4d55-9a0e-1b2c3d4e5f60", "not-a-uuid"]) {
        expect((await api(`/${id}`)).status).toBe(404);
        expect((await post(`/${id}/confirm`)).status).toBe(404);
        expect((await post(`/${id}/handled`)).status).toBe(404);
        expect((await post(`/${id}/decline`, { reason: "x" })).status).toBe(404);
        expect((await post(`/${id}/cancel`, { reason: "x" })).status).toBe(404);
        expect((await post(`/${id}/move`, { startsAt: free[3] })).status).toBe(404);
      }
      const anonymous = await fetch(`${server.origin}/api/admin/bookings/${jana.id}/confirm`, {
        method: "POST",
      });
      expect(anonymous.status).toBe(401);
    },
    testTimeoutMs,
  );

  it(
    "lets the visitor move her booking with the e-mail's link to another free time, once, and tells the owner",
    async () => {
      const eva = await book("eva@example.cz", free[3] as string);
      const [confirmation] = await mailsTo("eva@example.cz", bookingSubjects.pending);
      const link = confirmation?.text?.match(/https?:\/\/\S+\/rezervace\/zruseni\/[\w-]+/)?.[0];
      const path = new URL(link ?? "").pathname;
      const page = await (await fetch(`${server.origin}${path}`)).text();
      expect(page).toContain("Přesunout na jiný čas");
      const to = free[4] as string;
      expect(page).toContain(new Date(to).toISOString());
      // Its own time is no move: not offered.
      expect(page).not.toContain(`value="${eva.startsAt.toISOString()}"`);

      const move = () =>
        fetch(`${server.origin}${path}/presun`, {
          method: "POST",
          body: new URLSearchParams({ startsAt: new Date(to).toISOString() }),
          redirect: "manual",
        });
      const answers = await Promise.all([move(), move()]);
      expect(answers.map((answer) => answer.status)).toEqual([303, 303]);
      expect(await row(eva.id)).toMatchObject({ state: "pending", handledAt: null });
      expect((await row(eva.id))?.startsAt.toISOString()).toBe(new Date(to).toISOString());
      const moved = await mailsTo("eva@example.cz", bookingChangeSubjects.moved);
      expect(moved).toHaveLength(1);
      expect(calendarOf(moved[0])).toMatchObject({ sequence: 1, status: "TENTATIVE" });
      const owner = await mailsTo(testSettings.NOTIFY_EMAIL, "Přesunutá rezervace");
      expect(owner).toHaveLength(1);
      expect(owner[0]?.text?.replace(/\u00a0/g, " ")).toContain(
        "Přesunutá odkazem z potvrzovacího e-mailu",
      );
      expect(await reminderDue(eva.id)).toEqual([dayBefore(to)]);
      // No audit entry: the log is of what administrators changed.
      expect(await audit("booking_moved")).toHaveLength(1);

      // A time another booking holds, and nonsense, change nothing.
      const olga = await book("olga@example.cz", free[5] as string);
      const taken = await fetch(`${server.origin}${path}/presun`, {
        method: "POST",
        body: new URLSearchParams({ startsAt: olga.startsAt.toISOString() }),
        redirect: "manual",
      });
      expect(taken.status).toBe(409);
      expect(await taken.text()).toContain("Tento čas už volný není");
      const nonsense = await fetch(`${server.origin}${path}/presun`, {
        method: "POST",
        body: new URLSearchParams({ startsAt: "zítra" }),
        redirect: "manual",
      });
      expect(nonsense.status).toBe(422);
      expect((await row(eva.id))?.startsAt.toISOString()).toBe(new Date(to).toISOString());
    },
    testTimeoutMs,
  );
});
