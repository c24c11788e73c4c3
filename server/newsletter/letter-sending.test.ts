import { randomUUID } from "node:crypto";
import { asc, eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  auditLog,
  mailOutbox,
  newsletterDeliveries,
  newsletterLetters,
  newsletterSending,
  newsletterSubscribers,
} from "#database/schema";
import { holdInTransaction } from "#testing/held-transaction";
import { createTestClock, type TestClock, testSecret, testSettings } from "#testing/test-app";
import {
  emptyTables,
  openTimeoutMs,
  type TestDatabaseHandle,
  testDatabases,
} from "#testing/test-databases";
import { startTestSmtpServer, type TestSmtpServer } from "#testing/test-smtp-server";
import { eraseAddress, exportAddress } from "../admin/gdpr";
import { createMailTransport, type MailTransport } from "../mail/mail-transport";
import { removedToken } from "../mail/outbox";
import { sendPendingMail } from "../mail/send-pending-mail";
import {
  forgetSentLetterMail,
  type LetterSendingDependencies,
  runLetterSending,
  sentLetterMailRetentionMs,
  stopLetter,
} from "./letter-sending";
import { createLetter, listLetters, sendLetterNow, setLettersPerHour } from "./letter-store";
import { readUnsubscribeToken } from "./subscribers";

const settings = { notifyEmail: testSettings.NOTIFY_EMAIL, siteUrl: testSettings.SITE_URL };
const actor = { kind: "account", userId: randomUUID(), email: "ja@example.cz" } as const;
const letterInput = {
  subject: "Jarní novinky",
  body: "<p>Milí přátelé, jaro je tady.</p>",
};

describe.each(testDatabases)("her letters going out on $name", { timeout: 120_000 }, ({ open }) => {
  let database: TestDatabaseHandle;
  let clock: TestClock;
  let smtp: TestSmtpServer;
  let transport: MailTransport;

  beforeAll(async () => {
    database = await open();
    smtp = await startTestSmtpServer();
  }, openTimeoutMs);
  afterAll(async () => {
    await smtp?.close();
    await database?.close();
  });
  beforeEach(async () => {
    await emptyTables(database);
    await database.db.execute(
      sql`truncate table newsletter_letters, newsletter_subscribers, newsletter_sending cascade`,
    );
    smtp.mails.length = 0;
    smtp.deliveries.length = 0;
    smtp.refuse.clear();
    clock = createTestClock();
    transport = createMailTransport({
      smtpUrl: smtp.url,
      mailDir: "unused",
      from: testSettings.MAIL_FROM,
      messageIdDomain: "harmonie.example",
    });
  });
  afterEach(() => transport.close());

  const deps = (more: Partial<LetterSendingDependencies> = {}): LetterSendingDependencies => ({
    db: database.db,
    clock,
    settings,
    secret: testSecret,
    ...more,
  });

  async function subscribe(count: number, state: "subscribed" | "pending" = "subscribed") {
    const rows = Array.from({ length: count }, (_, index) => ({
      email: `odberatelka-${index}-${state}@example.cz`,
      state,
      source: "blog" as const,
      consentText: "Přihlásit se k odběru novinek e-mailem.",
      consentVersion: "abc",
      consentedAt: clock.now(),
      consentAddressBlock: "203.0.113.0/24",
      confirmedAt: state === "subscribed" ? clock.now() : null,
    }));
    return database.db.insert(newsletterSubscribers).values(rows).returning();
  }

  async function startLetter(subject = letterInput.subject) {
    const letter = await createLetter(database.db, { ...letterInput, subject }, clock.now());
    await sendLetterNow(database.db, letter.id, actor, clock.now());
    return letter;
  }

  /** Sending and the worker, tick by tick, until the letter is sent (or `maxTicks`). */
  async function sendAll(letterId: string, tickMs = 5_000, maxTicks = 200) {
    for (let tick = 0; tick < maxTicks; tick++) {
      await runLetterSending(deps());
      await sendPendingMail(database.db, transport, clock);
      const [letter] = await database.db
        .select({ state: newsletterLetters.state })
        .from(newsletterLetters)
        .where(eq(newsletterLetters.id, letterId));
      if (letter?.state === "sent") return;
      clock.advance(tickMs);
    }
    throw new Error("the letter was not sent");
  }

  const deliveries = (letterId: string) =>
    database.db
      .select()
      .from(newsletterDeliveries)
      .where(eq(newsletterDeliveries.letterId, letterId))
      .orderBy(asc(newsletterDeliveries.subscriberId));

  it("sends each confirmed subscriber the letter once, with the unsubscribe header fields and link", async () => {
    const subscribers = await subscribe(5);
    await subscribe(2, "pending");
    const letter = await startLetter();
    await sendAll(letter.id);

    expect(smtp.mails).toHaveLength(5);
    const to = smtp.mails.map((mail) => mail.envelopeTo[0]).sort();
    expect(to).toEqual(subscribers.map((row) => row.email).sort());
    for (const mail of smtp.mails) {
      const subscriberId = subscribers.find((row) => row.email === mail.envelopeTo[0])?.id;
      // As the mail server received them (unfolded): mailparser merges List-* into one object.
      const fields = new Map(
        mail.headerLines.map(({ key, line }) => [key, line.replace(/\r?\n\s+/g, " ")]),
      );
      const listUnsubscribe = fields.get("list-unsubscribe") ?? "";
      expect(listUnsubscribe).toMatch(
        /^List-Unsubscribe: <mailto:majitelka@example\.cz\?subject=.+>, <https:\/\/harmonie\.example\/novinky\/odhlaseni\/[^>]+>$/,
      );
      const token = /\/novinky\/odhlaseni\/([^>]+)>/.exec(listUnsubscribe)?.[1] ?? "";
      expect(readUnsubscribeToken(testSecret, token)).toBe(subscriberId);
      expect(fields.get("list-unsubscribe-post")).toBe(
        "List-Unsubscribe-Post: List-Unsubscribe=One-Click",
      );
      expect(mail.html).toContain(`${testSettings.SITE_URL}/novinky/odhlaseni/${token}`);
      expect(mail.text).toContain("odhlásit jedním kliknutím");
      expect(mail.subject).toBe("Jarní novinky");
    }
    const rows = await deliveries(letter.id);
    expect(rows.map((row) => row.state)).toEqual(Array(5).fill("sent"));
  });

  it("keeps the sent copy without the unsubscribe token: body, text, data and List-Unsubscribe", async () => {
    const [reader] = await subscribe(1);
    const letter = await startLetter();
    await sendAll(letter.id);
    const token = /\/novinky\/odhlaseni\/([\w.-]+)/.exec(smtp.mails[0]?.html || "")?.[1] ?? "";
    expect(readUnsubscribeToken(testSecret, token)).toBe(reader?.id);
    const [stored] = await database.db.select().from(mailOutbox);
    expect(stored?.status).toBe("sent");
    expect(JSON.stringify(stored)).not.toContain(token);
    // The owner id is the subscriber's; the token's HMAC is what must not be kept.
    expect(JSON.stringify(stored)).not.toContain(token.split(".")[1]);
    const blanked = `${testSettings.SITE_URL}/novinky/odhlaseni/${removedToken}`;
    expect(stored?.html).toContain(blanked);
    expect(stored?.text).toContain(blanked);
    expect(stored?.data).toMatchObject({ unsubscribeLink: blanked });
    expect(stored?.headers?.["List-Unsubscribe"]).toContain(`<${blanked}>`);
    expect(stored?.headers?.["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
  });

  it("hands letters to the outbox at her rate, never ahead of it, over simulated time", async () => {
    // 720 an hour: one every 5 seconds.
    await setLettersPerHour(database.db, 720, clock.now());
    await subscribe(40);
    const startedAt = clock.now().getTime();
    const letter = await startLetter();
    const lookaheadMs = 10_000;
    for (let tick = 0; tick < 60; tick++) {
      await runLetterSending(deps({ lookaheadMs }));
      await sendPendingMail(database.db, transport, clock);
      const elapsed = clock.now().getTime() - startedAt;
      // Sent by now: at most one a slot since the start (the first at once).
      expect(smtp.mails.length).toBeLessThanOrEqual(Math.floor(elapsed / 5_000) + 1);
      clock.advance(2_000);
    }
    const due = await database.db
      .select({ at: mailOutbox.nextAttemptAt })
      .from(mailOutbox)
      .orderBy(asc(mailOutbox.nextAttemptAt));
    const gaps = due
      .slice(1)
      .map((row, index) => row.at.getTime() - (due[index]?.at.getTime() ?? 0));
    expect(gaps.length).toBeGreaterThan(20);
    for (const gap of gaps) expect(gap).toBe(5_000);
    // Not slower either: by 118 s, one every 5 s from the start is 24.
    expect(smtp.mails.length).toBe(24);
    await sendAll(letter.id);
    expect(smtp.mails).toHaveLength(40);
  });

  it("sends nothing to someone who unsubscribed after the letter started, and says so", async () => {
    const [leaving, staying] = await subscribe(2);
    const letter = await startLetter();
    // The deliveries are written; her rate leaves the second for later.
    await setLettersPerHour(database.db, 1, clock.now());
    await database.db
      .update(newsletterSending)
      .set({ nextSlotAt: new Date(clock.now().getTime() + 3_600_000) });
    await runLetterSending(deps());
    expect(await deliveries(letter.id)).toHaveLength(2);
    await database.db
      .update(newsletterSubscribers)
      .set({ state: "unsubscribed", unsubscribedAt: clock.now() })
      .where(eq(newsletterSubscribers.id, leaving?.id ?? ""));
    await setLettersPerHour(database.db, 3600, clock.now());
    await database.db.update(newsletterSending).set({ nextSlotAt: clock.now() });
    await sendAll(letter.id);
    expect(smtp.mails.map((mail) => mail.envelopeTo[0])).toEqual([staying?.email]);
    const states = Object.fromEntries(
      (await deliveries(letter.id)).map((row) => [row.subscriberId, row.state]),
    );
    expect(states).toEqual({ [leaving?.id ?? ""]: "skipped", [staying?.id ?? ""]: "sent" });
  });

  it("marks an address undeliverable after its mail server refused two letters (SMTP 550), and skips it after", async () => {
    const [refused, fine] = await subscribe(2);
    smtp.refuse.set(refused?.email ?? "", 550);
    const bounces = async () =>
      (
        await database.db
          .select()
          .from(newsletterSubscribers)
          .where(eq(newsletterSubscribers.id, refused?.id ?? ""))
      )[0];

    const first = await startLetter("První");
    await sendAll(first.id);
    expect(await bounces()).toMatchObject({ bounceCount: 1, state: "subscribed" });
    const firstStates = (await deliveries(first.id)).map((row) => [row.subscriberId, row.state]);
    expect(firstStates).toContainEqual([refused?.id, "failed"]);
    expect(firstStates).toContainEqual([fine?.id, "sent"]);

    const second = await startLetter("Druhý");
    await sendAll(second.id);
    expect(await bounces()).toMatchObject({ bounceCount: 2, state: "undeliverable" });

    const third = await startLetter("Třetí");
    await sendAll(third.id);
    expect((await deliveries(third.id)).map((row) => row.subscriberId)).toEqual([fine?.id]);
    expect(smtp.mails.filter((mail) => mail.envelopeTo[0] === fine?.email)).toHaveLength(3);
  });

  it("does not count a temporary refusal (SMTP 451) against the address", async () => {
    const [later] = await subscribe(1);
    smtp.refuse.set(later?.email ?? "", 451);
    const letter = await startLetter();
    await runLetterSending(deps());
    await sendPendingMail(database.db, transport, clock);
    smtp.refuse.clear();
    await sendAll(letter.id, 60_000);
    const [row] = await database.db
      .select()
      .from(newsletterSubscribers)
      .where(eq(newsletterSubscribers.id, later?.id ?? ""));
    expect(row).toMatchObject({ bounceCount: 0, state: "subscribed" });
    expect(smtp.mails).toHaveLength(1);
  });

  it("starts a scheduled letter when its time comes, one letter at a time", async () => {
    await subscribe(3);
    const first = await createLetter(database.db, letterInput, clock.now());
    const second = await createLetter(database.db, letterInput, clock.now());
    const at = new Date(clock.now().getTime() + 60_000);
    for (const letter of [first, second]) {
      await database.db
        .update(newsletterLetters)
        .set({ state: "scheduled", scheduledAt: at })
        .where(eq(newsletterLetters.id, letter.id));
    }
    expect((await runLetterSending(deps())).started).toBeNull();
    clock.advance(60_000);
    const started = (await runLetterSending(deps())).started;
    expect([first.id, second.id]).toContain(started);
    const states = await database.db
      .select({ state: newsletterLetters.state })
      .from(newsletterLetters)
      .orderBy(asc(newsletterLetters.state));
    expect(states.map((row) => row.state)).toEqual(["scheduled", "sending"]);
    await sendAll(started ?? "");
    const other = started === first.id ? second.id : first.id;
    await sendAll(other);
    expect(smtp.mails).toHaveLength(6);
  });

  it("writes one e-mail per subscriber when two servers send the same letter at once", async () => {
    await subscribe(120);
    await setLettersPerHour(database.db, 100_000, clock.now());
    const letter = await startLetter();
    const other = database.openAnother ? await database.openAnother() : undefined;
    try {
      for (let tick = 0; tick < 40; tick++) {
        await Promise.all([
          runLetterSending(deps({ fanOutBatch: 7, handOverBatch: 9 })),
          runLetterSending(
            deps({ db: other?.db ?? database.db, fanOutBatch: 7, handOverBatch: 9 }),
          ),
        ]);
        clock.advance(1_000);
      }
    } finally {
      await other?.close();
    }
    const rows = await database.db.select({ to: mailOutbox.to }).from(mailOutbox);
    expect(rows).toHaveLength(120);
    expect(new Set(rows.map((row) => row.to)).size).toBe(120);
    const handed = await deliveries(letter.id);
    expect(handed).toHaveLength(120);
    expect(handed.every((row) => row.outboxId !== null)).toBe(true);
  });

  it("forgets a sent letter's e-mails after the retention time, its figures and bounces as they were", async () => {
    const [refused, , leaving] = await subscribe(3);
    smtp.refuse.set(refused?.email ?? "", 550);
    const letter = await startLetter();
    await sendAll(letter.id);
    await database.db
      .update(newsletterSubscribers)
      .set({ state: "unsubscribed", unsubscribedAt: clock.now() })
      .where(eq(newsletterSubscribers.id, leaving?.id ?? ""));
    const figures = async () => (await listLetters(database.db))[0]?.figures;
    const before = await figures();
    expect(before).toEqual({
      recipients: 3,
      queued: 0,
      sent: 2,
      failed: 1,
      skipped: 0,
      unsubscribedAfter: 1,
    });
    const letterMail = () => database.db.select({ id: mailOutbox.id }).from(mailOutbox);
    expect(await letterMail()).toHaveLength(3);

    // A minute short of the time, everything stays.
    clock.advance(sentLetterMailRetentionMs - 60_000);
    expect(await forgetSentLetterMail(database.db, clock.now())).toBe(0);
    expect(await letterMail()).toHaveLength(3);
    clock.advance(2 * 60_000);
    expect(await forgetSentLetterMail(database.db, clock.now(), 2)).toBe(3);
    expect(await letterMail()).toEqual([]);
    expect(await forgetSentLetterMail(database.db, clock.now())).toBe(0);
    // The sending's next rounds settle nothing as deleted, the figures are the same.
    await runLetterSending(deps());
    expect(await figures()).toEqual(before);
    const [bounced] = await database.db
      .select()
      .from(newsletterSubscribers)
      .where(eq(newsletterSubscribers.id, refused?.id ?? ""));
    expect(bounced).toMatchObject({ bounceCount: 1, state: "subscribed" });
  });

  it("stops a letter while it goes out: nothing more goes, its unsent e-mails leave the outbox, audited", async () => {
    await subscribe(10);
    // 720 an hour: one every 5 s, so a few go before she stops it.
    await setLettersPerHour(database.db, 720, clock.now());
    const letter = await startLetter();
    for (let tick = 0; tick < 3; tick++) {
      await runLetterSending(deps());
      await sendPendingMail(database.db, transport, clock);
      clock.advance(5_000);
    }
    await runLetterSending(deps());
    const got = smtp.mails.length;
    expect(got).toBeGreaterThan(0);
    expect(got).toBeLessThan(10);
    const pending = () =>
      database.db.select().from(mailOutbox).where(eq(mailOutbox.status, "pending"));
    expect((await pending()).length).toBeGreaterThan(0);

    const stopped = await stopLetter(database.db, letter.id, actor, clock.now());
    expect(stopped.state).toBe("stopped");
    expect(await pending()).toEqual([]);
    for (let tick = 0; tick < 10; tick++) {
      await runLetterSending(deps());
      await sendPendingMail(database.db, transport, clock);
      clock.advance(5_000);
    }
    expect(smtp.mails).toHaveLength(got);
    const states = (await deliveries(letter.id)).map((row) => row.state);
    expect(states.filter((state) => state === "sent")).toHaveLength(got);
    expect(states.filter((state) => state === "stopped")).toHaveLength(10 - got);
    const [row] = await database.db
      .select()
      .from(newsletterLetters)
      .where(eq(newsletterLetters.id, letter.id));
    expect(row?.state).toBe("stopped");
    const [audit] = await database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, "newsletter_letter_stopped"));
    expect(audit).toMatchObject({ actorEmail: actor.email });
    // Stopped once: a second stop, or one of a letter that is not sending, is refused.
    await expect(stopLetter(database.db, letter.id, actor, clock.now())).rejects.toMatchObject({
      code: "letter_not_sending",
    });
  });

  it("a stop while another server hands letters over: no e-mail goes after the stop's commit", async (context) => {
    if (!database.openAnother) return context.skip();
    await subscribe(60);
    await setLettersPerHour(database.db, 1_000_000, clock.now());
    const letter = await startLetter();
    // The deliveries are written; the slots come later.
    await database.db
      .update(newsletterSending)
      .set({ nextSlotAt: new Date(clock.now().getTime() + 3_600_000) });
    await runLetterSending(deps());
    expect(await deliveries(letter.id)).toHaveLength(60);
    await database.db.update(newsletterSending).set({ nextSlotAt: clock.now() });

    const server = await database.openAnother();
    const blocker = await database.openAnother();
    try {
      // The handover on the other server gets as far as writing its e-mails, and waits there.
      const release = await holdInTransaction(blocker.db, (tx) =>
        tx.execute(sql`lock table mail_outbox in share mode`),
      );
      const handing = runLetterSending(deps({ db: server.db }));
      await new Promise((resolve) => setTimeout(resolve, 500));
      const stopping = stopLetter(database.db, letter.id, actor, clock.now());
      await new Promise((resolve) => setTimeout(resolve, 500));
      await release();
      const [handed] = await Promise.all([handing, stopping]);
      expect(handed.handed).toBeGreaterThan(0);
    } finally {
      await blocker.close();
      await server.close();
    }
    // Whatever was handed over before the stop is taken back: nothing is left to send.
    expect(
      await database.db.select().from(mailOutbox).where(eq(mailOutbox.status, "pending")),
    ).toEqual([]);
    for (let tick = 0; tick < 5; tick++) {
      await runLetterSending(deps());
      await sendPendingMail(database.db, transport, clock);
      clock.advance(5_000);
    }
    expect(smtp.mails).toEqual([]);
    const states = (await deliveries(letter.id)).map((row) => row.state);
    expect(states).toEqual(Array(60).fill("stopped"));
  });

  it("shows the letters an address received in its export, and erases them with it", async () => {
    const [reader] = await subscribe(1);
    const letter = await startLetter();
    await sendAll(letter.id);
    const exported = await exportAddress(database.db, reader?.email ?? "", clock.now());
    expect(exported.newsletter_letters_received).toEqual([
      {
        subject: "Jarní novinky",
        state: "sent",
        queued_at: expect.any(String),
        settled_at: expect.any(String),
      },
    ]);
    await eraseAddress(database.db, reader?.email ?? "", {
      userId: actor.userId,
      email: actor.email,
    });
    expect(await deliveries(letter.id)).toEqual([]);
    const left = await database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, reader?.email ?? ""));
    expect(left).toEqual([]);
  });
});
