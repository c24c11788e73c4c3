/**
 * Where the outbox's messages go: a real SMTP server when `SMTP_URL` is set,
 * otherwise `.eml` files in the local mail folder, so a newcomer can read them.
 */
import { randomUUID } from "node:crypto";
import { chmod, mkdir, rename, writeFile } from "node:fs/promises";
import { join } from "node:path";
import nodemailer from "nodemailer";
import { log } from "../logger";
import type { MailAttachment } from "./mail-kind";

/** Messages sent at once by one worker: the SMTP transport's pool holds as many connections. */
export const mailSendConcurrency = 5;

export type OutgoingMail = {
  /** The outbox job, which makes the Message-ID stable across retries. */
  id: number;
  to: string;
  replyTo: string | null;
  subject: string;
  html: string;
  text: string;
  /** Header fields the outbox stored with it (say, `List-Unsubscribe`). */
  headers?: Record<string, string> | null;
  /** Files rendered with it from its data (`MailKind.attachments`). */
  attachments?: MailAttachment[];
};

export type MailTransport = {
  /** For the start-up log: where mail goes (never includes a password). */
  description: string;
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
};

export type MailTransportOptions = {
  smtpUrl: string | undefined;
  mailDir: string;
  from: string;
  /** The domain of Message-IDs, e.g. the site's host name. */
  messageIdDomain: string;
};

export function createMailTransport(options: MailTransportOptions): MailTransport {
  return options.smtpUrl
    ? createSmtpTransport(options.smtpUrl, options)
    : createFolderTransport(options.mailDir, options);
}

type Envelope = Pick<MailTransportOptions, "from" | "messageIdDomain">;

function toMessage(mail: OutgoingMail, { from, messageIdDomain }: Envelope) {
  return {
    from,
    to: mail.to,
    replyTo: mail.replyTo ?? undefined,
    subject: mail.subject,
    html: mail.html,
    text: mail.text,
    // The same message keeps its ID when a retry sends it again.
    messageId: `<outbox-${mail.id}@${messageIdDomain}>`,
    headers: { ...mail.headers, "Auto-Submitted": "auto-generated" },
    ...(mail.attachments && { attachments: mail.attachments }),
  };
}

function createSmtpTransport(smtpUrl: string, envelope: Envelope): MailTransport {
  const transporter = nodemailer.createTransport({
    url: smtpUrl,
    // A few connections kept open and reused: a backlog drains at tens of e-mails a second.
    pool: true,
    maxConnections: mailSendConcurrency,
    maxMessages: 1000,
    // Short enough that a hung server fails a send well within the outbox's claim on it.
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  });
  const url = new URL(smtpUrl);
  return {
    description: `SMTP server ${url.hostname}:${url.port || (url.protocol === "smtps:" ? 465 : 587)}`,
    async send(mail) {
      await transporter.sendMail(toMessage(mail, envelope));
    },
    close: () => transporter.close(),
  };
}

function createFolderTransport(mailDir: string, envelope: Envelope): MailTransport {
  const transporter = nodemailer.createTransport({ streamTransport: true, buffer: true });
  return {
    description: `the folder ${mailDir} (.eml files; set SMTP_URL to send real mail)`,
    async send(mail) {
      const info = await transporter.sendMail(toMessage(mail, envelope));
      // Its links (a password link among them) work: readable by the server's own user alone.
      await mkdir(mailDir, { recursive: true, mode: 0o700 });
      await chmod(mailDir, 0o700); // a folder from before this rule too
      const stamp = new Date().toISOString().replace(/[:.]/g, "-");
      const file = join(mailDir, `${stamp}-${mail.id}.eml`);
      // Written under another name first: a reader never sees half a message.
      const draft = `${file}.${randomUUID()}.tmp`;
      await writeFile(draft, info.message as Buffer, { mode: 0o600 });
      await rename(draft, file);
      log.info({ outboxId: mail.id, file }, "Mail written to the mail folder");
    },
    close: () => transporter.close(),
  };
}
