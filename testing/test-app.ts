/**
 * The one way tests build the real app (`createApp`): with a test
 * configuration, a clock the test moves and a database from `testDatabases`.
 * `createTestApp` answers through `app.request()` (no socket);
 * `startTestServer` puts the same app on a loopback port, with e-mail
 * delivered by the real outbox into a mail folder the test reads.
 */
import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { simpleParser } from "mailparser";
import { type DatabaseHandle, openDatabase } from "#database/open-database";
import { createApp } from "#server/app";
import { type BackgroundTasks, createBackgroundTasks } from "#server/background-tasks";
import type { Clock } from "#server/clock";
import { type Config, loadConfig } from "#server/config";
import { createHttpServer } from "#server/http-server";
import { createMailTransport } from "#server/mail/mail-transport";
import { sendPendingMail } from "#server/mail/send-pending-mail";
import { createWaitingGiftMail } from "#server/materials/waiting-gift-mail";
import type { Pages } from "#server/pages/pages";
import type { VisitCounter } from "#server/stats/visit-counter";
import type { TestDatabaseHandle } from "./test-databases";

export const testSettings = {
  NOTIFY_EMAIL: "majitelka@example.cz",
  MAIL_FROM: '"Harmonie přírody" <web@example.cz>',
  SITE_URL: "https://harmonie.example",
  GIFT_RITUAL_URL: "https://video.example/ranni-ritual",
  GIFT_FRAGRANCE_URL: "https://soubory.example/osobni-vune.pdf",
  FORM_RATE_LIMIT_PER_HOUR: "1000",
  // Each test client names its own address (X-Forwarded-For), so rate limits stay apart.
  // Tests of the production path set it to "false" (see server/production-client-address.test.ts).
  TRUST_PROXY: "true",
};

export const testSecret = "a-test-secret-that-is-long-enough-for-hs256";
/** The test server's data key (`DATA_KEY`): a second app on the same database opens its secrets. */
export const testDataKey = "a-test-data-key-that-seals-two-factor-secrets";

export function testConfig(settings: Record<string, string> = {}): Config {
  return loadConfig({ ...testSettings, ...settings });
}

export type TestClock = Clock & { advance(ms: number): void; set(date: Date): void };

/** A clock that stands still at `start` until the test moves it. */
export function createTestClock(start = new Date("2026-05-04T08:00:00Z")): TestClock {
  let current = start.getTime();
  return {
    now: () => new Date(current),
    advance: (ms) => {
      current += ms;
    },
    set: (date) => {
      current = date.getTime();
    },
  };
}

/** A clock that runs with real time, shifted by however far the test moved it. */
export function createRunningTestClock(): TestClock {
  let offsetMs = 0;
  return {
    now: () => new Date(Date.now() + offsetMs),
    advance: (ms) => {
      offsetMs += ms;
    },
    set: (date) => {
      offsetMs = date.getTime() - Date.now();
    },
  };
}

export type TestAppOptions = {
  clock?: Clock;
  /** Settings over `testSettings`, as environment variables. */
  settings?: Record<string, string>;
  onMailQueued?: () => void;
  authSecret?: string;
  dataKey?: string;
  background?: BackgroundTasks;
  backupToken?: string;
  publishPages?: (paths: readonly string[]) => Promise<void>;
  /** The page store and renderer (server/pages/pages.ts); by default the app's own. */
  pages?: Pages;
  /** What counts page views (server/stats/); by default the app's own. */
  visits?: VisitCounter | false;
};

export function createTestApp(
  database: DatabaseHandle,
  {
    clock = createTestClock(),
    settings,
    onMailQueued,
    authSecret,
    dataKey,
    background,
    backupToken,
    publishPages,
    pages,
    visits,
  }: TestAppOptions = {},
) {
  const tasks = background ?? createBackgroundTasks();
  closeAfter(database, tasks);
  return createApp({
    config: testConfig(settings),
    database,
    clock,
    onMailQueued,
    authSecret,
    dataKey,
    background: tasks,
    backupToken,
    publishPages,
    pages,
    visits,
  });
}

/**
 * Closing `database` first waits for the work the app's requests left behind (an event's
 * pages rendered again after a sign-up). Test files share one process, so a render still
 * running on a closed database would log its failure into the next file's test.
 */
function closeAfter(database: DatabaseHandle, tasks: BackgroundTasks) {
  const close = database.close.bind(database);
  database.close = async () => {
    await tasks.idle();
    await close();
  };
}

/** A JSON POST to the form API, as the forms send it. */
export function postForm(
  app: ReturnType<typeof createApp>,
  body: unknown,
  {
    address = "203.0.113.7",
    headers = {},
  }: { address?: string; headers?: Record<string, string> } = {},
) {
  return app.request("/api/form-submissions", {
    method: "POST",
    headers: { "Content-Type": "application/json", "X-Forwarded-For": address, ...headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
}

export type TestServer = Awaited<ReturnType<typeof startTestServer>>;

/** The test app on a loopback port over a fresh database, its mail in a folder of its own. */
export async function startTestServer({
  open = () => openDatabase({ dataDir: "memory" }),
  settings = {},
  publishPages,
  pages,
}: {
  /** The database to run on (see `testDatabases`); an in-memory PGlite by default. */
  open?: () => Promise<DatabaseHandle>;
  /** Settings over `testSettings` (SITE_URL, DATA_DIR and BUILD_DIR are the server's own). */
  settings?: Record<string, string>;
  /** What a publish of her content calls (the page renderer's seam). */
  publishPages?: (paths: readonly string[]) => Promise<void>;
  /** The page store the app serves and publishes to (with BUILD_DIR set to a real build). */
  pages?: Pages;
} = {}) {
  const dataDir = await mkdtemp(join(tmpdir(), "test-server-"));
  const database = await open();
  const clock = createRunningTestClock();

  let app: ReturnType<typeof createApp> | undefined;
  // The server's own (server/main.ts): what Node or the adapter refuses is answered in JSON too.
  const server = createHttpServer(
    (request, env) => (app as NonNullable<typeof app>).fetch(request, env),
    { hostname: "127.0.0.1" },
  );
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const serverSettings = {
    SITE_URL: origin,
    DATA_DIR: dataDir,
    BUILD_DIR: join(dataDir, "no-build"),
    ...settings,
  };
  const config = testConfig(serverSettings);
  const transport = createMailTransport({
    // A test that names an SMTP server (say, `startTestSmtpServer`) has its mail sent there.
    smtpUrl: config.smtpUrl,
    mailDir: config.mailDir,
    from: config.mailFrom,
    messageIdDomain: "127.0.0.1",
  });
  let sending = Promise.resolve();
  const wakeMail = () => {
    sending = sending.then(() => sendPendingMail(database.db, transport, clock).then(() => {}));
  };
  const background = createBackgroundTasks();
  app = createTestApp(database, {
    clock,
    settings: serverSettings,
    authSecret: testSecret,
    dataKey: testDataKey,
    background,
    publishPages,
    pages,
    onMailQueued: wakeMail,
  });

  return {
    origin,
    db: database.db,
    /** The server's time (moved by `advance` and `startFreshWindow`), e.g. for the code an app shows. */
    now: () => clock.now(),
    /** A second handle on this server's database, as a second server would have it (PostgreSQL only). */
    openAnother: (database as Partial<Pick<TestDatabaseHandle, "openAnother">>).openAnother,
    /** Moves the server's clock forward. */
    advance(ms: number) {
      clock.advance(ms);
    },
    /**
     * Moves the server's clock to just after the start of the next window of
     * `windowMs` (rate-limit windows are aligned to the clock), so that the
     * requests a test counts all fall in one window, however slow the machine.
     */
    startFreshWindow(windowMs: number) {
      const now = clock.now().getTime();
      clock.advance(windowMs - (now % windowMs) + 1000);
    },
    /**
     * One run of the task that `main.ts` repeats every ten minutes (the owner's daily count of
     * people waiting for a gift, the visitors' reminders), as a server on `db` would run it: by
     * default this one's; another handle on the same database is a second server.
     */
    async remindAboutWaitingGifts({ db = database.db }: { db?: DatabaseHandle["db"] } = {}) {
      const reminders = createWaitingGiftMail({
        db,
        clock,
        settings: { notifyEmail: config.notifyEmail, siteUrl: config.siteUrl },
        onMailQueued: wakeMail,
      });
      return reminders.remindAboutWaitingGifts();
    },
    /** Waits for the work requests left behind them (a sign-up's account, its e-mail) to finish. */
    async settle() {
      await background.idle();
      await sending;
    },
    /** The e-mails in the local mail folder, decoded, oldest first. */
    async readMails() {
      await this.settle();
      const files = (await readdir(config.mailDir).catch(() => [] as string[]))
        .filter((file) => file.endsWith(".eml"))
        .sort();
      return Promise.all(
        files.map(async (file) => simpleParser(await readFile(join(config.mailDir, file)))),
      );
    },
    /** The link of the newest e-mail to `email` that leads to `GET /auth/v1/verify?type=…`. */
    async readVerifyLink(email: string, type: "signup" | "recovery"): Promise<string> {
      const mails = await this.readMails();
      for (const mail of mails.reverse()) {
        const to = Array.isArray(mail.to) ? mail.to[0] : mail.to;
        if (to?.text !== email) continue;
        const link = mail.text?.match(/https?:\/\/\S+\/auth\/v1\/verify\?[^\s\]>)]+/)?.[0];
        if (link && new URL(link).searchParams.get("type") === type) return link;
      }
      throw new Error(`No ${type} link was sent to ${email}`);
    },
    /** Follows the confirmation link sent to `email` at sign-up, as she would. */
    async confirmEmail(email: string): Promise<void> {
      const link = await this.readVerifyLink(email, "signup");
      const response = await fetch(link, { redirect: "manual" });
      if (response.status !== 303) throw new Error(`Confirmation link answered ${response.status}`);
    },
    async close() {
      await background.idle();
      await sending;
      await new Promise<void>((resolve) => server.close(() => resolve()));
      // A request that was still being answered may have left work behind it.
      await background.idle();
      await sending;
      transport.close();
      await database.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
