/**
 * Part 4: the outbox's drain rate. A backlog of e-mails (two per submission,
 * as after a burst of submissions while the mail server was away) is stored
 * first; then the real server starts with a local SMTP peer, and the clock
 * runs from its first answer until the peer has accepted every e-mail.
 */
import { randomUUID } from "node:crypto";
import { formSubmissions, mailOutbox } from "#database/schema";
import { startTestSmtpServer } from "#testing/test-smtp-server";
import { benchDatabaseNames, createBenchDatabase } from "./databases";
import { startServer } from "./server-process";

export type MailDrainOptions = { submissions: number; port: number; timeoutMs: number };

type DrainFigures = {
  name: string;
  mails: number;
  seconds: number;
  delivered: number;
  distinct: number;
  outOfOrder: number;
};

export async function benchMailDrain(options: MailDrainOptions): Promise<string> {
  const figures: DrainFigures[] = [];
  for (const name of benchDatabaseNames()) figures.push(await measureDrain(name, options));
  const lines = [
    `## 4. Mail drain (${options.submissions * 2} e-mails waiting, the real server, a local SMTP peer)`,
    "",
    "The outbox holds a backlog of two e-mails per submission when the server starts; the time runs from its first answer to `/healthz` until the peer has accepted every e-mail. Order: the practitioner's e-mail of a submission reaches the peer before the visitor's.",
    "",
    "| Database | e-mails | seconds | e-mails/s | accepted at the peer | distinct Message-IDs | submissions out of order |",
    "|---|---:|---:|---:|---:|---:|---:|",
    ...figures.map(
      (figure) =>
        `| ${figure.name} | ${figure.mails} | ${figure.seconds.toFixed(1)} | ${(figure.delivered / figure.seconds).toFixed(0)} | ${figure.delivered} | ${figure.distinct} | ${figure.outOfOrder} |`,
    ),
  ];
  return lines.join("\n");
}

async function measureDrain(
  name: "PGlite" | "PostgreSQL",
  { submissions, port, timeoutMs }: MailDrainOptions,
): Promise<DrainFigures> {
  const database = await createBenchDatabase(name, `mail-${name.toLowerCase()}`);
  const smtp = await startTestSmtpServer({ keepMails: false });
  try {
    const handle = await database.open();
    const ownerOf = new Map<number, string>();
    const visitorOf = new Map<number, string>();
    try {
      const now = new Date();
      for (let start = 0; start < submissions; start += 500) {
        const records = Array.from({ length: Math.min(500, submissions - start) }, (_, k) => ({
          id: randomUUID(),
          createdAt: now,
          formType: "gift_ritual" as const,
          name: `Návštěvnice ${start + k}`,
          email: `navstevnice-${start + k}@example.cz`,
          privacyConsent: true,
        }));
        await handle.db.insert(formSubmissions).values(records);
        const rows = await handle.db
          .insert(mailOutbox)
          .values(
            records.flatMap((record) => [
              mailRow(record.id, "owner_notification", "ahoj@example.cz", record.name, now),
              mailRow(record.id, "gift_delivery", record.email, record.name, now),
            ]),
          )
          .returning({
            id: mailOutbox.id,
            kind: mailOutbox.kind,
            submissionId: mailOutbox.submissionId,
          });
        for (const row of rows) {
          (row.kind === "owner_notification" ? ownerOf : visitorOf).set(
            row.id,
            row.submissionId ?? "",
          );
        }
      }
    } finally {
      await handle.close();
    }
    const mails = submissions * 2;
    const server = await startServer({
      port,
      dataDir: database.dataDir,
      databaseUrl: database.databaseUrl,
      smtpUrl: smtp.url,
    });
    const began = performance.now();
    try {
      while (smtp.deliveries.length < mails && performance.now() - began < timeoutMs) {
        await new Promise((wait) => setTimeout(wait, 20));
      }
    } finally {
      await server.stop();
    }
    const seconds = (performance.now() - began) / 1000;
    // Order: for each submission, the practitioner's e-mail accepted before the visitor's.
    const firstAt = new Map<string, number>();
    const idOf = (messageId: string) => Number(messageId.match(/outbox-(\d+)@/)?.[1]);
    const ownerIndex = new Map<string, number>();
    let outOfOrder = 0;
    smtp.deliveries.forEach((delivery, index) => {
      const id = idOf(delivery.messageId);
      if (!firstAt.has(delivery.messageId)) firstAt.set(delivery.messageId, index);
      const owner = ownerOf.get(id);
      if (owner !== undefined && !ownerIndex.has(owner)) ownerIndex.set(owner, index);
      const visitor = visitorOf.get(id);
      if (visitor !== undefined && !ownerIndex.has(visitor)) outOfOrder++;
    });
    return {
      name,
      mails,
      seconds,
      delivered: smtp.deliveries.length,
      distinct: firstAt.size,
      outOfOrder,
    };
  } finally {
    await smtp.close();
    await database.dispose();
  }
}

function mailRow(submissionId: string, kind: string, to: string, name: string, now: Date) {
  return {
    submissionId,
    kind,
    to,
    replyTo: "ahoj@example.cz",
    subject: `Dárek pro ${name}`,
    html: `<p>Dobrý den, ${name}, posíláme slíbený dárek.</p>`,
    text: `Dobrý den, ${name}, posíláme slíbený dárek.`,
    nextAttemptAt: now,
  };
}
