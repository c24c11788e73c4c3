/**
 * A real SMTP server on loopback for tests: it accepts every message and
 * keeps it, decoded, so tests can read subjects, headers and bodies as a
 * mail client would. A test can make it refuse a recipient, as a real server
 * refuses a mailbox that does not exist (`refuse`), and accept it again.
 *
 * For the soak (`npm run soak`) it can also refuse a share of messages once,
 * temporarily (451 after their data, as a busy server does), and keep only
 * each accepted message's Message-ID and time, not the message.
 */
import type { AddressInfo } from "node:net";
import { type AddressObject, type ParsedMail, simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";

export type CaughtMail = ParsedMail & { envelopeTo: string[] };

/** One accepted message: its Message-ID and when the server said 250. */
export type Delivery = { messageId: string; at: number };

export type TestSmtpOptions = {
  port?: number;
  /** The share (0 to 1) of messages refused with 451 at their first delivery; a retry is accepted. */
  temporaryRefusalShare?: number;
  /** False: `mails` stays empty and only `deliveries` are kept (a long soak's thousands of e-mails). */
  keepMails?: boolean;
};

export type TestSmtpServer = {
  url: string;
  port: number;
  mails: CaughtMail[];
  /** Every accepted message, in order of acceptance. */
  deliveries: Delivery[];
  /** How many messages were refused temporarily (see `temporaryRefusalShare`). */
  temporaryRefusals(): number;
  /** SMTP connections opened to it so far. */
  connections(): number;
  /** Recipients refused at RCPT TO, with the SMTP code to answer (550: no such mailbox); delete to accept. */
  refuse: Map<string, number>;
  /** Resolves once at least `count` messages have arrived. */
  waitForMails(count: number, timeoutMs?: number): Promise<CaughtMail[]>;
  close(): Promise<void>;
};

export async function startTestSmtpServer(
  portOrOptions: number | TestSmtpOptions = 0,
): Promise<TestSmtpServer> {
  const {
    port = 0,
    temporaryRefusalShare = 0,
    keepMails = true,
  } = typeof portOrOptions === "number" ? { port: portOrOptions } : portOrOptions;
  const mails: CaughtMail[] = [];
  const deliveries: Delivery[] = [];
  const refusedOnce = new Set<string>();
  let refusals = 0;
  let connections = 0;
  const refuse = new Map<string, number>();
  /** Accepts the message, or refuses it for now the first time it is offered (when chosen). */
  const accept = (messageId: string, keep: () => void) => {
    if (temporaryRefusalShare > 0 && !refusedOnce.has(messageId)) {
      if (Math.random() < temporaryRefusalShare) {
        refusedOnce.add(messageId);
        refusals++;
        return Object.assign(new Error("Try again later"), { responseCode: 451 });
      }
      // Decided once per message: a retry of a message accepted the first time is a duplicate.
      refusedOnce.add(messageId);
    }
    deliveries.push({ messageId, at: Date.now() });
    keep();
    return undefined;
  };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onConnect(_session, callback) {
      connections++;
      callback();
    },
    onRcptTo(address, _session, callback) {
      const code = refuse.get(address.address.toLowerCase());
      if (code === undefined) return callback();
      callback(
        Object.assign(new Error(`Mailbox ${address.address} unavailable`), { responseCode: code }),
      );
    },
    onData(stream, session, callback) {
      if (!keepMails) {
        readMessageId(stream)
          .then((messageId) => callback(accept(messageId, () => {})))
          .catch(callback);
        return;
      }
      simpleParser(stream)
        .then((mail) => {
          const caught = Object.assign(mail, {
            envelopeTo: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          });
          callback(accept(mail.messageId ?? "", () => mails.push(caught)));
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve());
  });
  // A client killed mid-conversation (the soak's SIGKILLs) resets its connection: not our error.
  server.on("error", () => {});
  const actualPort = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${actualPort}`,
    port: actualPort,
    mails,
    deliveries,
    temporaryRefusals: () => refusals,
    connections: () => connections,
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

/** The Message-ID header of a raw message (read to its end; the body is dropped). */
async function readMessageId(stream: AsyncIterable<Buffer>): Promise<string> {
  let head = "";
  let headDone = false;
  for await (const chunk of stream) {
    if (headDone) continue;
    head += chunk.toString("latin1");
    const end = head.search(/\r?\n\r?\n/);
    if (end >= 0) {
      head = head.slice(0, end);
      headDone = true;
    }
  }
  const match = head.replace(/\r?\n[ \t]+/g, " ").match(/^message-id:\s*(\S+)/im);
  return match?.[1] ?? "";
}
