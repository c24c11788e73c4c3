/**
 * For tests: the real app (`createApp`) on a loopback port over a fresh
 * database, with a clock the test can move, and e-mail delivered by the real
 * outbox into the local mail folder, where tests read it as a person would.
 */
import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { serve } from "@hono/node-server";
import { simpleParser } from "mailparser";
import { type DatabaseHandle, openDatabase } from "#database/open-database";
import { createApp } from "#server/app";
import type { Clock } from "#server/clock";
import { loadConfig } from "#server/config";
import { createMailTransport } from "#server/mail/mail-transport";
import { sendPendingMail } from "#server/mail/send-pending-mail";

export const testSecret = "a-test-secret-that-is-long-enough-for-hs256";

export type TestServer = Awaited<ReturnType<typeof startTestServer>>;

export async function startTestServer({
  open = () => openDatabase({ dataDir: "memory" }),
}: {
  /** The database to run on (see `testDatabases`); an in-memory PGlite by default. */
  open?: () => Promise<DatabaseHandle>;
} = {}) {
  const dataDir = await mkdtemp(join(tmpdir(), "auth-test-"));
  const database = await open();
  let offsetMs = 0;
  const clock: Clock = { now: () => new Date(Date.now() + offsetMs) };

  let app: ReturnType<typeof createApp> | undefined;
  const server = serve({
    fetch: (request, env) => (app as NonNullable<typeof app>).fetch(request, env),
    port: 0,
    hostname: "127.0.0.1",
  });
  await new Promise<void>((resolve) => server.once("listening", () => resolve()));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const config = loadConfig({
    SITE_URL: origin,
    DATA_DIR: dataDir,
    BUILD_DIR: join(dataDir, "no-build"),
    // Each test client comes from an address of its own, so rate limits stay apart.
    TRUST_PROXY: "true",
  });
  const transport = createMailTransport({
    smtpUrl: undefined,
    mailDir: config.mailDir,
    from: config.mailFrom,
    messageIdDomain: "127.0.0.1",
  });
  let sending = Promise.resolve();
  app = createApp({
    config,
    database,
    clock,
    authSecret: testSecret,
    onMailQueued: () => {
      sending = sending.then(() => sendPendingMail(database.db, transport, clock).then(() => {}));
    },
  });

  return {
    origin,
    db: database.db,
    /** Moves the server's clock forward. */
    advance(ms: number) {
      offsetMs += ms;
    },
    /** The e-mails in the local mail folder, decoded, oldest first. */
    async readMails() {
      await sending;
      const files = (await readdir(config.mailDir).catch(() => [] as string[]))
        .filter((file) => file.endsWith(".eml"))
        .sort();
      return Promise.all(
        files.map(async (file) => simpleParser(await readFile(join(config.mailDir, file)))),
      );
    },
    async close() {
      await sending;
      await new Promise<void>((resolve) => server.close(() => resolve()));
      transport.close();
      await database.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
