import { randomUUID } from "node:crypto";
import { readFile } from "node:fs/promises";
import { asc, eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { formSubmissions, mailOutbox } from "#database/schema";
import { refuseWrites } from "#testing/injected-failure";
import {
  createTestApp,
  createTestClock,
  postForm,
  type TestClock,
  testSettings,
} from "#testing/test-app";
import {
  emptyTables,
  openTimeoutMs,
  type TestDatabaseHandle,
  testDatabases,
  testTimeoutMs,
} from "#testing/test-databases";
import {
  addressesOf,
  type CaughtMail,
  startTestSmtpServer,
  type TestSmtpServer,
} from "#testing/test-smtp-server";
import { createRandomToken } from "../auth/tokens";
import { buildVerifyLink } from "../auth/verify-link";
import { captureLog } from "../logger";
import { createMailTransport, type MailTransport, mailSendConcurrency } from "./mail-transport";
import { startMailWorker } from "./mail-worker";
import {
  type ComposedMail,
  composeConfirmationMail,
  composeMail,
  composeRecoveryMail,
  deleteOwnedMail,
  outboxRow,
  releaseAbandonedClaims,
  removedToken,
  renderStoredMail,
  sentCopy,
  writeToOutbox,
} from "./outbox";
import { mailRetryPolicy, retryDelayMs, sendPendingMail } from "./send-pending-mail";
import { signUpAttemptMail } from "./sign-up-attempt-email";

const contact = {
  formType: "contact",
  name: "Jana Nováková",
  email: "jana@example.cz",
  phone: "+420 777 123 456",
  serviceType: "consultation",
  message: "Dobrý den,\nráda bych se objednala na harmonizační setkání.\nDěkuji, Jana",
  privacyConsent: true,
};
const ritualGift = {
  formType: "gift_ritual",
  name: "Šárka Dvořáková",
  email: "sarka@example.cz",
  privacyConsent: true,
};

const addresses = addressesOf;
const mailTo = (mails: CaughtMail[], address: string) =>
  mails.filter((mail) => addresses(mail.to).includes(address));

/** A port with nothing listening: the SMTP server is down. */
async function freePort() {
  const probe = await startTestSmtpServer();
  await probe.close();
  return probe.port;
}

/** Transports keep pooled connections open: each test's are closed after it. */
const openTransports: MailTransport[] = [];

function smtpTransport(smtpUrl: string) {
  const transport = createMailTransport({
    smtpUrl,
    mailDir: "unused",
    from: testSettings.MAIL_FROM,
    messageIdDomain: "harmonie.example",
  });
  openTransports.push(transport);
  return transport;
}

afterEach(() => {
  for (const transport of openTransports.splice(0)) transport.close();
});

describe.each(testDatabases)(
  "the e-mail outbox on $name",
  { timeout: testTimeoutMs },
  (testDatabase) => {
    let database: TestDatabaseHandle;
    let smtp: TestSmtpServer;
    let clock: TestClock;

    beforeAll(async () => {
      [database, smtp] = await Promise.all([testDatabase.open(), startTestSmtpServer()]);
    }, openTimeoutMs);
    afterAll(async () => {
      await Promise.all([database?.close(), smtp?.close()]);
    }, openTimeoutMs);
    beforeEach(async () => {
      await emptyTables(database);
      smtp.mails.length = 0;
      clock = createTestClock();
    });

    async function submit(payload: object) {
      const response = await postForm(createTestApp(database, { clock }), payload);
      expect(response.status).toBe(201);
      return ((await response.json()) as { id: string }).id;
    }

    async function outbox() {
      return database.db.select().from(mailOutbox).orderBy(asc(mailOutbox.id));
    }

    it("delivers the practitioner every field with Reply-To the visitor, and the visitor a confirmation, in Czech", async () => {
      const id = await submit(contact);

      const report = await sendPendingMail(database.db, smtpTransport(smtp.url), clock);

      expect(report).toEqual({ sent: 2, retrying: 0, failed: 0, takenOver: 0 });
      const [owner] = mailTo(smtp.mails, testSettings.NOTIFY_EMAIL);
      expect(owner?.subject).toBe("Kontaktní formulář: Jana Nováková");
      expect(addresses(owner?.replyTo)).toEqual(["jana@example.cz"]);
      expect(owner?.from?.value).toEqual([{ name: "Harmonie přírody", address: "web@example.cz" }]);
      expect(owner?.messageId).toMatch(/^<outbox-\d+@harmonie\.example>$/);
      for (const field of [
        "Jana Nováková",
        "jana@example.cz",
        "+420 777 123 456",
        "Harmonizační setkání",
        "Dobrý den,\nráda bych se objednala na harmonizační setkání.\nDěkuji, Jana",
        "Souhlas se zpracováním údajů: ano",
        "4. května 2026\u00a0v\u00a010:00",
        id,
      ]) {
        expect(owner?.text).toContain(field);
      }
      expect(owner?.html).toContain("Jana Nováková");

      const [confirmation] = mailTo(smtp.mails, "jana@example.cz");
      expect(confirmation?.subject).toBe("Vaše zpráva dorazila – Harmonie přírody");
      expect(addresses(confirmation?.replyTo)).toEqual([testSettings.NOTIFY_EMAIL]);
      expect(confirmation?.text).toContain("Dobrý den,\n");
      // It goes to whatever address was typed, so it quotes nothing she wrote.
      expect(confirmation?.text).not.toContain("Jana Nováková");
      expect(confirmation?.text).not.toContain("ráda bych se objednala na harmonizační setkání.");

      const stored = await outbox();
      expect(stored.map(({ status, sentAt }) => ({ status, sentAt }))).toEqual([
        { status: "sent", sentAt: clock.now() },
        { status: "sent", sentAt: clock.now() },
      ]);
    });

    it.each([
      [
        "the ritual video link",
        ritualGift,
        testSettings.GIFT_RITUAL_URL,
        "Tvůj dárek: video s každodenním rituálem",
        "Dárek – rituál: Šárka Dvořáková",
      ],
      [
        "the scent guide",
        { ...ritualGift, formType: "gift_fragrance", message: "Moc se těším!" },
        testSettings.GIFT_FRAGRANCE_URL,
        "Tvůj dárek: návod na osobní vůni",
        "Dárek – vůně: Šárka Dvořáková",
      ],
    ])(
      "sends the visitor %s in a warm Czech e-mail",
      async (_gift, payload, link, subject, ownerSubject) => {
        await submit(payload);

        await sendPendingMail(database.db, smtpTransport(smtp.url), clock);

        const [gift] = mailTo(smtp.mails, "sarka@example.cz");
        expect(gift?.subject).toBe(subject);
        expect(gift?.text).toContain("Krásný den, Šárko,");
        expect(gift?.text).toContain(link);
        expect(gift?.html).toContain(`href="${link}"`);
        expect(gift?.text).toMatch(/Tvůj zájem|Ti /);
        const [owner] = mailTo(smtp.mails, testSettings.NOTIFY_EMAIL);
        expect(owner?.subject).toBe(ownerSubject);
        expect(addresses(owner?.replyTo)).toEqual(["sarka@example.cz"]);
      },
    );

    it("sends a recovery and a confirmation link whole, and keeps each e-mail's copy without the link's token", async () => {
      const site = "https://harmonie.example";
      const tokens = { recovery: createRandomToken(), signup: createRandomToken() };
      const settings = { notifyEmail: testSettings.NOTIFY_EMAIL, siteUrl: site };
      await writeToOutbox(
        database.db,
        [
          await composeRecoveryMail(
            {
              to: "zapomnela@example.cz",
              fullName: "Eva Zapomnětlivá",
              link: buildVerifyLink(site, tokens.recovery, "recovery", `${site}/clenska-sekce`),
            },
            settings,
          ),
          await composeConfirmationMail(
            {
              to: "nova@example.cz",
              fullName: null,
              link: buildVerifyLink(site, tokens.signup, "signup", `${site}/clenska-sekce`),
            },
            settings,
          ),
        ],
        { dueAt: clock.now() },
      );
      await submit(contact);

      expect(await sendPendingMail(database.db, smtpTransport(smtp.url), clock)).toMatchObject({
        sent: 4,
      });

      // She gets the link that works.
      for (const [address, token, type] of [
        ["zapomnela@example.cz", tokens.recovery, "recovery"],
        ["nova@example.cz", tokens.signup, "signup"],
      ] as const) {
        const [mail] = mailTo(smtp.mails, address);
        expect(mail?.text).toContain(`${site}/auth/v1/verify?token=${token}&type=${type}`);
        expect(mail?.html).toContain(`/auth/v1/verify?token=${token}&amp;type=${type}`);
      }
      // The outbox keeps what was sent, with the link but not its token.
      const stored = await outbox();
      const secret = stored.filter((job) => job.submissionId === null);
      expect(secret.map((job) => job.kind)).toEqual(["password_recovery", "email_confirmation"]);
      for (const job of secret) {
        expect(job.status).toBe("sent");
        const kept = JSON.stringify(job);
        expect(kept).not.toContain(tokens.recovery);
        expect(kept).not.toContain(tokens.signup);
        expect(job.text).toContain(`/auth/v1/verify?token=${removedToken}&type=`);
        expect(job.html).toContain(`/auth/v1/verify?token=${removedToken}&amp;type=`);
        const type = job.kind === "password_recovery" ? "recovery" : "signup";
        expect((job.data as { link: string }).link).toBe(
          buildVerifyLink(site, "T", type, `${site}/clenska-sekce`).replace(
            "token=T",
            `token=${removedToken}`,
          ),
        );
      }
      // Other e-mails keep their copy as sent.
      const [owner] = mailTo(smtp.mails, testSettings.NOTIFY_EMAIL);
      expect(stored.find((job) => job.kind === "owner_notification")?.text).toBe(owner?.text);
    });

    it("migration 0010 removes the token from confirmation and recovery e-mails sent before it, as the worker now does", async () => {
      const site = "https://harmonie.example";
      const token = createRandomToken();
      const link = buildVerifyLink(site, token, "recovery", `${site}/clenska-sekce`);
      const mail = await composeRecoveryMail(
        { to: "drive@example.cz", fullName: "Eva Dřívější", link },
        { notifyEmail: testSettings.NOTIFY_EMAIL, siteUrl: site },
      );
      const body = await renderStoredMail(mail);
      const due = { dueAt: clock.now() };
      await database.db.insert(mailOutbox).values([
        // Sent before the migration: kept whole, token and all.
        { ...outboxRow(mail, due), status: "sent", sentAt: clock.now(), ...body },
        // Still waiting: it needs its link to work.
        outboxRow(mail, due),
      ]);

      const migration = await readFile(
        new URL("../../database/migrations/0010_sent-links-without-tokens.sql", import.meta.url),
        "utf8",
      );
      await database.db.execute(sql.raw(migration));

      const [sent, waiting] = await outbox();
      expect(JSON.stringify(sent)).not.toContain(token);
      const copy = sentCopy({ ...mail, html: null }, body);
      expect({ html: sent?.html, text: sent?.text, data: sent?.data }).toEqual(copy);
      expect(sent?.text).toContain(`/auth/v1/verify?token=${removedToken}&type=recovery`);
      expect(waiting).toMatchObject({ status: "pending", html: null, data: { link } });
    });

    it("an e-mail sent but not marked as sent: no word of it in its last error or in the log", async () => {
      await submit(contact);
      const restore = await refuseWrites(database.db, {
        name: "refuse_test_mark_sent",
        table: "mail_outbox",
        event: "update",
        when: "new.status = 'sent'",
        message: "marking as sent failed (injected by the test)",
      });
      let report: Awaited<ReturnType<typeof sendPendingMail>> | undefined;
      let lines: Awaited<ReturnType<typeof captureLog>> = [];
      try {
        lines = await captureLog(async () => {
          report = await sendPendingMail(database.db, smtpTransport(smtp.url), clock);
        });
      } finally {
        await restore();
      }

      // The first went out (the second waits its turn, as its claim still holds the first):
      // neither is counted or recorded as a failed send.
      expect(smtp.mails).toHaveLength(1);
      expect(report).toEqual({ sent: 1, retrying: 0, failed: 0, takenOver: 0 });
      const stored = await outbox();
      expect(stored.map((job) => [job.status, job.lastError])).toEqual([
        ["pending", null],
        ["pending", null],
      ]);
      const logged = JSON.stringify(lines);
      expect(logged).toContain("Mail sent, but not marked as sent");
      expect(lines.find((line) => line.msg?.startsWith("Mail sent, but"))).toMatchObject({
        level: "error",
        outboxId: stored[0]?.id,
      });
      // The statement's parameters (the e-mail's text, her message and address) stay out.
      expect(logged).not.toContain("ráda bych se objednala");
      expect(logged).not.toContain("jana@example.cz");
    });

    it("keeps accepting submissions while the SMTP server is down, then delivers every message exactly once", async () => {
      const port = await freePort();
      const transport = smtpTransport(`smtp://127.0.0.1:${port}`);
      for (const n of [1, 2, 3])
        await submit({ ...ritualGift, email: `navstevnice${n}@example.cz` });

      expect(await sendPendingMail(database.db, transport, clock)).toEqual({
        sent: 0,
        retrying: 6,
        failed: 0,
        takenOver: 0,
      });
      const waiting = await outbox();
      expect(waiting.every((job) => job.status === "pending" && job.attempts === 1)).toBe(true);
      expect(waiting[0]?.lastError).toMatch(/ECONNREFUSED|connect/i);
      expect(waiting[0]?.nextAttemptAt).toEqual(new Date(clock.now().getTime() + retryDelayMs(1)));
      // Not due yet: nothing is tried again before the backoff is over.
      expect(await sendPendingMail(database.db, transport, clock)).toEqual({
        sent: 0,
        retrying: 0,
        failed: 0,
        takenOver: 0,
      });

      const restarted = await startTestSmtpServer(port);
      try {
        clock.advance(retryDelayMs(1));
        expect((await sendPendingMail(database.db, transport, clock)).sent).toBe(6);
        clock.advance(24 * 60 * 60_000);
        expect((await sendPendingMail(database.db, transport, clock)).sent).toBe(0);

        const ids = restarted.mails.map((mail) => mail.messageId);
        expect(ids).toHaveLength(6);
        expect(new Set(ids).size).toBe(6);
        for (const n of [1, 2, 3]) {
          expect(mailTo(restarted.mails, `navstevnice${n}@example.cz`)).toHaveLength(1);
        }
      } finally {
        // The pool's open connections would keep the server's close waiting.
        transport.close();
        await restarted.close();
      }
    });

    it("retries with doubling delays and marks a message failed, with its error, after the last attempt", async () => {
      const transport = smtpTransport(`smtp://127.0.0.1:${await freePort()}`);
      await database.db.insert(mailOutbox).values({
        kind: "owner_notification",
        to: testSettings.NOTIFY_EMAIL,
        subject: "Zkouška",
        html: "<p>Zkouška</p>",
        text: "Zkouška",
        nextAttemptAt: clock.now(),
      });

      const delays: number[] = [];
      for (let attempt = 1; attempt <= mailRetryPolicy.maxAttempts; attempt++) {
        const before = clock.now().getTime();
        await sendPendingMail(database.db, transport, clock);
        const [job] = await outbox();
        if (job?.status === "pending") {
          delays.push(job.nextAttemptAt.getTime() - before);
          clock.set(job.nextAttemptAt);
        }
      }

      expect(delays.slice(0, 4)).toEqual([30_000, 60_000, 120_000, 240_000]);
      expect(Math.max(...delays)).toBe(mailRetryPolicy.maxRetryDelayMs);
      const [job] = await outbox();
      expect(job).toMatchObject({ status: "failed", attempts: mailRetryPolicy.maxAttempts });
      expect(job?.lastError).toMatch(/ECONNREFUSED|connect/i);
      clock.advance(24 * 60 * 60_000);
      expect(await sendPendingMail(database.db, transport, clock)).toEqual({
        sent: 0,
        retrying: 0,
        failed: 0,
        takenOver: 0,
      });
    });

    it("fails a message at once when the mail server refuses its recipient for good (550), and keeps retrying a temporary refusal (451)", async () => {
      await submit(contact);
      smtp.refuse.set("jana@example.cz", 550);
      smtp.refuse.set(testSettings.NOTIFY_EMAIL, 451);
      try {
        const report = await sendPendingMail(database.db, smtpTransport(smtp.url), clock);
        expect(report).toEqual({ sent: 0, retrying: 1, failed: 1, takenOver: 0 });
        const jobs = await outbox();
        const visitor = jobs.find((job) => job.to === "jana@example.cz");
        const owner = jobs.find((job) => job.to === testSettings.NOTIFY_EMAIL);
        expect(visitor).toMatchObject({ status: "failed", attempts: 1 });
        expect(visitor?.lastError).toMatch(/550/);
        expect(owner).toMatchObject({ status: "pending", attempts: 1 });
        expect(owner?.lastError).toMatch(/451/);

        // The temporary refusal clears: the owner's copy goes out at its next try; the failed one stays.
        smtp.refuse.clear();
        clock.advance(retryDelayMs(1));
        expect(await sendPendingMail(database.db, smtpTransport(smtp.url), clock)).toEqual({
          sent: 1,
          retrying: 0,
          failed: 0,
          takenOver: 0,
        });
        expect(mailTo(smtp.mails, testSettings.NOTIFY_EMAIL)).toHaveLength(1);
        expect(mailTo(smtp.mails, "jana@example.cz")).toHaveLength(0);
      } finally {
        smtp.refuse.clear();
      }
    });

    // PGlite is one connection inside one process, and a second process cannot open its
    // folder (see database/folder-lock.ts): two workers there can only take turns on that
    // connection, so this shows that interleaved claims never hand out a message twice, not
    // that the row lock works. Separate connections are tested on PostgreSQL below.
    it.runIf(testDatabase.name === "PGlite")(
      "sends each message once when two workers take turns on PGlite's one connection",
      async () => {
        for (const n of [1, 2, 3, 4, 5]) {
          await submit({ ...ritualGift, email: `soubezne${n}@example.cz` });
        }
        const reports = await Promise.all([
          sendPendingMail(database.db, smtpTransport(smtp.url), clock),
          sendPendingMail(database.db, smtpTransport(smtp.url), clock),
        ]);

        expect(reports[0].sent + reports[1].sent).toBe(10);
        expect(smtp.mails).toHaveLength(10);
        expect(new Set(smtp.mails.map((mail) => mail.messageId)).size).toBe(10);
      },
    );

    it.runIf(testDatabase.name === "PostgreSQL")(
      "sends each message exactly once when six workers on separate connections run at the same time",
      async () => {
        const count = 60;
        const recipients = Array.from({ length: count }, (_, n) => `soubezne${n}@example.cz`);
        await database.db.insert(mailOutbox).values(
          recipients.map((to, n) => ({
            kind: "owner_notification" as const,
            to,
            subject: `Zpráva ${n}`,
            html: `<p>Zpráva ${n}</p>`,
            text: `Zpráva ${n}`,
            nextAttemptAt: clock.now(),
          })),
        );
        if (!database.openAnother) throw new Error("a PostgreSQL handle opens further handles");
        const openAnother = database.openAnother;
        // Each worker has a pool of its own, as a separate server would.
        const others = await Promise.all(Array.from({ length: 5 }, () => openAnother()));
        try {
          const reports = await Promise.all(
            [database, ...others].map((handle) =>
              sendPendingMail(handle.db, smtpTransport(smtp.url), clock),
            ),
          );

          expect(reports.reduce((sum, report) => sum + report.sent, 0)).toBe(count);
          // The workers really ran side by side, not one after another.
          expect(reports.filter((report) => report.sent > 0).length).toBeGreaterThan(1);
          expect(smtp.mails.flatMap((mail) => mail.envelopeTo).sort()).toEqual(
            [...recipients].sort(),
          );
          // A message claimed by two workers would count two attempts.
          const stored = await outbox();
          expect(stored.filter((job) => job.status === "sent" && job.attempts === 1)).toHaveLength(
            count,
          );
        } finally {
          await Promise.all(others.map((other) => other.close()));
        }
      },
    );

    it("sends a message whose worker died mid-send once its claim runs out, or at once when released", async () => {
      await submit(ritualGift);
      // A worker that claims a message and never finishes: a process killed mid-send.
      const dying: MailTransport = {
        description: "",
        send: () => new Promise(() => {}),
        close() {},
      };
      void sendPendingMail(database.db, dying, clock);
      await expect.poll(async () => (await outbox())[0]?.claimedUntil).not.toBeNull();

      const transport = smtpTransport(smtp.url);
      // The gift waits behind the practitioner's notification: a submission's e-mails keep their order.
      const first = await sendPendingMail(database.db, transport, clock);
      expect(first.sent).toBe(0);
      expect(smtp.mails).toHaveLength(0);

      expect(await releaseAbandonedClaims(database.db)).toBe(1);
      expect((await sendPendingMail(database.db, transport, clock)).sent).toBe(2);
      expect(mailTo(smtp.mails, testSettings.NOTIFY_EMAIL)).toHaveLength(1);
      expect(smtp.mails.map((mail) => addresses(mail.to)[0])).toEqual([
        testSettings.NOTIFY_EMAIL,
        ritualGift.email,
      ]);
    });

    it("leaves a claimed message to its worker until the claim runs out", async () => {
      await submit(ritualGift);
      const dying: MailTransport = {
        description: "",
        send: () => new Promise(() => {}),
        close() {},
      };
      void sendPendingMail(database.db, dying, clock);
      await expect.poll(async () => (await outbox())[0]?.claimedUntil).not.toBeNull();
      const transport = smtpTransport(smtp.url);
      await sendPendingMail(database.db, transport, clock);

      expect(smtp.mails).toHaveLength(0);

      clock.advance(mailRetryPolicy.claimMs);
      expect((await sendPendingMail(database.db, transport, clock)).sent).toBe(2);
      expect(smtp.mails).toHaveLength(2);
    });

    it("tries an unsent message again after the first wait it is given, then doubles it", async () => {
      await submit(ritualGift);
      smtp.refuse.set(testSettings.NOTIFY_EMAIL, 451);
      try {
        const timing = { firstRetryDelayMs: 2_000 };
        const transport = smtpTransport(smtp.url);
        expect((await sendPendingMail(database.db, transport, clock, timing)).retrying).toBe(1);
        const owner = async () =>
          (await outbox()).find((job) => job.to === testSettings.NOTIFY_EMAIL);
        expect((await owner())?.nextAttemptAt.getTime()).toBe(clock.now().getTime() + 2_000);
        clock.advance(2_000);
        expect((await sendPendingMail(database.db, transport, clock, timing)).retrying).toBe(1);
        expect((await owner())?.nextAttemptAt.getTime()).toBe(clock.now().getTime() + 4_000);
      } finally {
        smtp.refuse.clear();
      }
    });

    it("takes over a dead worker's message after the takeover time it is given, not before", async () => {
      await submit(ritualGift);
      const dying: MailTransport = {
        description: "",
        send: () => new Promise(() => {}),
        close() {},
      };
      const takeover = { claimMs: 10_000 };
      void sendPendingMail(database.db, dying, clock, takeover);
      await expect.poll(async () => (await outbox())[0]?.claimedUntil).not.toBeNull();
      const [claimed] = await outbox();
      expect(claimed?.claimedUntil?.getTime()).toBe(clock.now().getTime() + 10_000);
      const transport = smtpTransport(smtp.url);
      await sendPendingMail(database.db, transport, clock, takeover);
      expect(mailTo(smtp.mails, testSettings.NOTIFY_EMAIL)).toHaveLength(0);

      clock.advance(9_999);
      expect((await sendPendingMail(database.db, transport, clock, takeover)).sent).toBe(0);
      clock.advance(1);
      expect((await sendPendingMail(database.db, transport, clock, takeover)).sent).toBe(2);
      expect(mailTo(smtp.mails, testSettings.NOTIFY_EMAIL)).toHaveLength(1);
    });

    it("leaves a message it claimed to the worker that took it over while this one was slowed down, and sends nothing twice", async () => {
      await storeBacklog(2);
      // Worker A: both practitioner's e-mails claimed at once, sent one at a time, the first
      // held up (a starved machine, a slow mail server) past the takeover time.
      const sentByA: string[] = [];
      let release = () => {};
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      const slow: MailTransport = {
        description: "",
        async send(mail) {
          sentByA.push(mail.subject);
          if (sentByA.length === 1) await held;
        },
        close() {},
      };
      const takeover = { claimMs: 10_000 };
      const workerA = sendPendingMail(database.db, slow, clock, {
        ...takeover,
        concurrency: 2,
        sendsAtOnce: 1,
        limit: 2,
      });
      await expect.poll(() => sentByA.length).toBe(1);

      // Worker B takes over once the claims have run out, and sends the whole backlog.
      clock.advance(10_000);
      const transport = smtpTransport(smtp.url);
      expect((await sendPendingMail(database.db, transport, clock, takeover)).sent).toBe(4);
      release();

      // The message A was sending when it was taken over went out from both (that cannot be
      // undone); the one A had not started is B's alone.
      expect(await workerA).toEqual({ sent: 1, retrying: 0, failed: 0, takenOver: 1 });
      expect(sentByA).toHaveLength(1);
      const fromB = smtp.mails.map((mail) => mail.subject);
      expect(fromB).toHaveLength(4);
      expect(fromB).toContain(sentByA[0]);
      expect((await outbox()).map((job) => job.status)).toEqual(["sent", "sent", "sent", "sent"]);
    });

    /** A backlog: `count` submissions, each with the practitioner's e-mail and then the visitor's. */
    async function storeBacklog(count: number) {
      const now = clock.now();
      const records = Array.from({ length: count }, (_, n) => ({
        id: randomUUID(),
        createdAt: now,
        formType: "gift_ritual" as const,
        name: `Návštěvnice ${n}`,
        email: `backlog-${n}@example.cz`,
        privacyConsent: true,
      }));
      await database.db.insert(formSubmissions).values(records);
      await database.db.insert(mailOutbox).values(
        records.flatMap((record) =>
          [testSettings.NOTIFY_EMAIL, record.email].map((to) => ({
            submissionId: record.id,
            kind: to === record.email ? "gift_delivery" : "owner_notification",
            to,
            subject: `Pro ${to}`,
            html: `<p>${record.name}</p>`,
            text: record.name,
            nextAttemptAt: now,
          })),
        ),
      );
      return records;
    }

    /** Each backlog submission's two e-mails arrived once each, the practitioner's first. */
    function expectOncePerSubmissionInOrder(records: { email: string; name: string }[]) {
      const arrivals = smtp.mails.map((mail) => mail.envelopeTo[0]);
      expect(arrivals).toHaveLength(records.length * 2);
      expect(new Set(smtp.mails.map((mail) => mail.messageId)).size).toBe(smtp.mails.length);
      for (const record of records) {
        const own = arrivals.indexOf(record.email);
        expect(arrivals.lastIndexOf(record.email)).toBe(own);
        // The practitioner's e-mail of this submission (its text is the visitor's name).
        const owner = smtp.mails.findIndex(
          (mail) =>
            mail.envelopeTo[0] === testSettings.NOTIFY_EMAIL && mail.text?.trim() === record.name,
        );
        expect(owner).toBeGreaterThanOrEqual(0);
        expect(owner).toBeLessThan(own);
      }
    }

    it("drains a backlog over a few pooled connections, each e-mail once, a submission's in order", async () => {
      const records = await storeBacklog(150);
      const transport = smtpTransport(smtp.url);
      const connectionsBefore = smtp.connections();
      const began = performance.now();
      const report = await sendPendingMail(database.db, transport, clock, { limit: 1000 });
      const seconds = (performance.now() - began) / 1000;

      expect(report).toEqual({ sent: 300, retrying: 0, failed: 0, takenOver: 0 });
      expect(smtp.mails).toHaveLength(300);
      expectOncePerSubmissionInOrder(records);
      // Sent side by side over the pool's connections, not one connection per e-mail.
      const connections = smtp.connections() - connectionsBefore;
      expect(connections).toBeGreaterThan(1);
      expect(connections).toBeLessThanOrEqual(mailSendConcurrency);
      console.info(`${testDatabase.name}: 300 e-mails in ${seconds.toFixed(1)} s`);
    });

    it.runIf(testDatabase.name === "PostgreSQL")(
      "keeps a submission's e-mails in order when two servers drain one backlog together",
      async () => {
        const records = await storeBacklog(100);
        if (!database.openAnother) throw new Error("a PostgreSQL handle opens further handles");
        const second = await database.openAnother();
        try {
          const reports = await Promise.all(
            [database, second].map((handle) =>
              sendPendingMail(handle.db, smtpTransport(smtp.url), clock, { limit: 1000 }),
            ),
          );
          expect(reports.map((report) => report.sent).reduce((a, b) => a + b)).toBe(200);
          expect(reports.filter((report) => report.sent > 0)).toHaveLength(2);
          expect(smtp.mails).toHaveLength(200);
          expectOncePerSubmissionInOrder(records);
        } finally {
          await second.close();
        }
      },
    );

    it("the worker goes on through a backlog at once rather than waiting for its next round", async () => {
      await storeBacklog(130);
      const worker = startMailWorker({
        db: database.db,
        transport: smtpTransport(smtp.url),
        clock,
        intervalMs: 10 * 60_000,
      });
      try {
        await smtp.waitForMails(260, 25_000);
      } finally {
        await worker.stop();
      }
      expect(await outbox()).toSatisfy((jobs: { status: string }[]) =>
        jobs.every((job) => job.status === "sent"),
      );
    });

    it("renders an e-mail when it sends it, and keeps what it sent", async () => {
      await submit(ritualGift);
      expect((await outbox()).map((job) => job.html)).toEqual([null, null]);
      await sendPendingMail(database.db, smtpTransport(smtp.url), clock);
      const [gift] = mailTo(smtp.mails, ritualGift.email);
      expect(gift?.text).toContain("Krásný den, Šárko,");
      const stored = (await outbox()).find((job) => job.to === ritualGift.email);
      expect(stored?.html).toBe(gift?.html);
    });

    it("fails a stored e-mail whose data does not match its kind, naming what is wrong, instead of sending it", async () => {
      const site = "https://harmonie.example";
      // A gift e-mail stored without its link: its template (data cast, before the kinds'
      // schemas) rendered a friendly e-mail with a button to nowhere, and sent it.
      const broken: ComposedMail = {
        kind: "gift_delivery",
        to: "sarka@example.cz",
        replyTo: testSettings.NOTIFY_EMAIL,
        subject: "Tvůj dárek: video s každodenním rituálem",
        data: { formType: "gift_ritual", name: "Šárka Dvořáková", siteUrl: site },
      };
      const fine = composeMail(signUpAttemptMail, {
        to: "jana@example.cz",
        replyTo: testSettings.NOTIFY_EMAIL,
        data: { fullName: "Jana", siteUrl: site },
      });
      await writeToOutbox(database.db, [broken, fine], { dueAt: clock.now() });

      const report = await sendPendingMail(database.db, smtpTransport(smtp.url), clock);

      expect(report).toEqual({ sent: 1, retrying: 0, failed: 1, takenOver: 0 });
      expect(mailTo(smtp.mails, "sarka@example.cz")).toEqual([]);
      expect(mailTo(smtp.mails, "jana@example.cz")).toHaveLength(1);
      const [gift] = await outbox();
      expect(gift).toMatchObject({ kind: "gift_delivery", status: "failed", attempts: 1 });
      expect(gift?.lastError).toMatch(
        /^The e-mail could not be rendered: the data of the e-mail does not match its kind "gift_delivery"/,
      );
      expect(gift?.lastError).toMatch(/expected string, received undefined\s+→ at link/);
      expect(gift?.html).toBeNull();
    });

    it("hands the mail server the header fields given when the e-mail was queued, and keeps its owner", async () => {
      const site = "https://harmonie.example";
      const unsubscribe = `<${site}/odhlasit/a1b2c3>, <mailto:odhlasit@example.cz>`;
      const mail = composeMail(signUpAttemptMail, {
        to: "jana@example.cz",
        replyTo: testSettings.NOTIFY_EMAIL,
        data: { fullName: "Jana", siteUrl: site },
        headers: {
          "List-Unsubscribe": unsubscribe,
          "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
        },
      });
      const owner = { type: "newsletter_subscription", id: "7" };
      await writeToOutbox(database.db, [mail], { dueAt: clock.now(), owner });

      expect(await sendPendingMail(database.db, smtpTransport(smtp.url), clock)).toMatchObject({
        sent: 1,
      });

      const [caught] = mailTo(smtp.mails, "jana@example.cz");
      const header = (key: string) =>
        caught?.headerLines.find((line) => line.key === key)?.line.replace(/\r?\n\s+/g, " ");
      expect(header("list-unsubscribe")).toBe(`List-Unsubscribe: ${unsubscribe}`);
      expect(header("list-unsubscribe-post")).toBe(
        "List-Unsubscribe-Post: List-Unsubscribe=One-Click",
      );
      // The app's own fields stay.
      expect(header("auto-submitted")).toBe("Auto-Submitted: auto-generated");
      const [stored] = await outbox();
      expect(stored).toMatchObject({
        status: "sent",
        ownerType: owner.type,
        ownerId: owner.id,
        submissionId: null,
      });
      // The owner's module deletes its e-mails with it.
      await deleteOwnedMail(database.db, { type: owner.type, id: "8" });
      expect(await outbox()).toHaveLength(1);
      await deleteOwnedMail(database.db, owner);
      expect(await outbox()).toEqual([]);
    });

    it("fails an e-mail whose template cannot render it, with the reason, and sends the others", async () => {
      const id = await submit(contact);
      // A template that throws on what was stored (say, a bug in a new template).
      await database.db
        .update(mailOutbox)
        .set({ data: { submission: { name: "Jana" }, siteUrl: "https://harmonie.example" } })
        .where(eq(mailOutbox.kind, "owner_notification"));

      const report = await sendPendingMail(database.db, smtpTransport(smtp.url), clock);

      expect(report).toEqual({ sent: 1, retrying: 0, failed: 1, takenOver: 0 });
      const jobs = await outbox();
      const owner = jobs.find((job) => job.kind === "owner_notification");
      expect(owner).toMatchObject({ status: "failed", attempts: 1 });
      expect(owner?.lastError).toMatch(
        /could not be rendered: the data of the e-mail does not match its kind "owner_notification"[\s\S]*submission\.createdAt/,
      );
      expect(jobs.find((job) => job.kind === "contact_confirmation")?.status).toBe("sent");
      expect(mailTo(smtp.mails, contact.email)).toHaveLength(1);
      expect(mailTo(smtp.mails, testSettings.NOTIFY_EMAIL)).toHaveLength(0);
      // The submission itself stays, as acknowledged.
      const [stored] = await database.db
        .select()
        .from(formSubmissions)
        .where(eq(formSubmissions.id, id));
      expect(stored?.email).toBe(contact.email);
    });

    it("does not send the e-mails of a submission deleted before they went out", async () => {
      const id = await submit(contact);
      await database.db.delete(formSubmissions).where(eq(formSubmissions.id, id));

      expect((await sendPendingMail(database.db, smtpTransport(smtp.url), clock)).sent).toBe(0);
      expect(await outbox()).toEqual([]);
    });
  },
);
