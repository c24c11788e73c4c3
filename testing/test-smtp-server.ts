/**
 * A real SMTP server on loopback for tests: it accepts every message and
 * keeps it, decoded, so tests can read subjects, headers and bodies as a
 * mail client would. A test can make it refuse a recipient, as a real server
 * refuses a mailbox that does not exist (`refuse`), and accept it again.
 */
import type { AddressInfo } from "node:net";
import { type AddressObject, type ParsedMail, simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";

export type CaughtMail = ParsedMail & { envelopeTo: string[] };

export type TestSmtpServer = {
  url: string;
  port: number;
  mails: CaughtMail[];
  /** Recipients refused at RCPT TO, with the SMTP code to answer (550: no such mailbox); delete to accept. */
  refuse: Map<string, number>;
  /** Resolves once at least `count` messages have arrived. */
  waitForMails(count: number, timeoutMs?: number): Promise<CaughtMail[]>;
  close(): Promise<void>;
};

export async function startTestSmtpServer(port = 0): Promise<TestSmtpServer> {
  const mails: CaughtMail[] = [];
  const refuse = new Map<string, number>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onRcptTo(address, _session, callback) {
      const code = refuse.get(address.address.toLowerCase());
      if (code === undefined) return callback();
      callback(
        Object.assign(new Error(`Mailbox ${address.address} unavailable`), { responseCode: code }),
      );
    },
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((mail) => {
          mails.push(
            Object.assign(mail, {
              envelopeTo: session.envelope.rcptTo.map((rcpt) => rcpt.address),
            }),
          );
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve());
  });
  const actualPort = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${actualPort}`,
    port: actualPort,
    mails,
    refuse,
    async waitForMails(count, timeoutMs = 20_000) {
      const deadline = Date.now() + timeoutMs;
      while (mails.length < count) {
        if (Date.now() > deadline) {
          throw new Error(`Expected ${count} mails, got ${mails.length}`);
        }
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      return mails;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The plain addresses of a parsed To, Reply-To or From header. */
export function addressesOf(field: AddressObject | AddressObject[] | undefined): string[] {
  return (Array.isArray(field) ? field : field ? [field] : []).flatMap((object) =>
    object.value.flatMap((entry) => (entry.address ? [entry.address] : [])),
  );
}
