/**
 * A server of a test file's own, for tests whose data the shared servers' other tests would
 * change (gift links, content, letters, bookings) or whose time they move: a fresh data folder
 * from the seeded template, its owner signed up, confirmed and granted the administrator's role
 * as she would be with `npm run admin -- grant`, a real SMTP peer on loopback that catches its
 * e-mails, and the built server started on its own port. Called at the top of the file (or of a
 * describe block), it starts all that before the first test and stops it after the last.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Page } from "@playwright/test";
import { type Database, openDatabase } from "#database/open-database";
import { users } from "#database/schema";
import { type Accounts, createAccounts } from "#server/auth/accounts";
import { operatorDefaults } from "#shared/site";
import { seedEmbeddedDatabase } from "#testing/embedded-database-template";
import { buildServerEnv, type ServerProcess, startServerProcess } from "#testing/server-process";
import { shiftedClockEntry } from "#testing/shifted-clock-server";
import { startTestSmtpServer, type TestSmtpServer } from "#testing/test-smtp-server";
import { parseAdminCommand, runAdminCommand } from "../scripts/admin";
import { storageKey } from "./accounts-server";
import { test } from "./fixtures";

export type Owner = { email: string; password: string; fullName: string };

export type OwnServerOptions = {
  /**
   * Its own: mainPort + an offset no other file takes (+50… are the shared servers'). The server
   * refuses to start where another answers, so a file of several tests runs them in one worker
   * (`test.describe.configure({ mode: "default" })` or `"serial"`).
   */
  port: number;
  /** Names the temporary data folder, for finding a failed run's leftovers. */
  name: string;
  /** The administrator made before the start; none for a server only visitors use. */
  owner?: Owner;
  /** Accounts beside the owner's, before the start (e.g. one that never confirms). */
  seedAccounts?: (accounts: Accounts) => Promise<void>;
  /** The server's settings (README's table) beside its port, data folder and SMTP peer. */
  settings: Record<string, string>;
  /** Start it so that `writeClockShift(server.clockFile, ms)` moves its time. */
  movableClock?: boolean;
};

export type OwnServer = {
  origin: string;
  /** The SMTP peer its e-mails go to (once started). */
  readonly smtp: TestSmtpServer;
  /** The file whose shift moves its clock (testing/shifted-clock-server.ts); with `movableClock`. */
  readonly clockFile: string;
  /** Signs the owner in through the API and leaves her session where the browser library keeps it. */
  signIn(page: Page): Promise<{ access_token: string }>;
};

export function setUpOwnServer(options: OwnServerOptions): OwnServer {
  const origin = `http://localhost:${options.port}`;
  let server: ServerProcess | undefined;
  let smtp: TestSmtpServer | undefined;
  let dataDir: string | undefined;

  test.beforeAll(async () => {
    test.setTimeout(180_000);
    dataDir = await mkdtemp(join(tmpdir(), `e2e-${options.name}-`));
    await seedEmbeddedDatabase(dataDir);
    await seedAccounts(dataDir, origin, options);
    smtp = await startTestSmtpServer();
    const env = buildServerEnv({
      port: options.port,
      dataDir,
      smtpUrl: smtp.url,
      settings: options.settings,
    });
    server = await startServerProcess(
      options.movableClock
        ? { entry: shiftedClockEntry, env: { ...env, TEST_CLOCK_FILE: clockFileIn(dataDir) } }
        : { env },
    );
  });

  test.afterAll(async () => {
    await server?.stop();
    await smtp?.close();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  return {
    origin,
    get smtp() {
      if (!smtp) throw new Error(`the server at ${origin} has not started`);
      return smtp;
    },
    get clockFile() {
      if (!dataDir || !options.movableClock) throw new Error(`${origin} has no movable clock`);
      return clockFileIn(dataDir);
    },
    async signIn(page) {
      const owner = options.owner;
      if (!owner) throw new Error(`the server at ${origin} has no owner`);
      const response = await page.request.post(`${origin}/auth/v1/token?grant_type=password`, {
        data: { email: owner.email, password: owner.password },
      });
      if (!response.ok()) throw new Error(`signing in ${owner.email}: ${response.status()}`);
      const session = (await response.json()) as { access_token: string };
      await page.goto(`${origin}/robots.txt`);
      await page.evaluate(
        ([key, value]) => localStorage.setItem(key as string, value as string),
        [storageKey, JSON.stringify(session)],
      );
      return session;
    },
  };
}

/**
 * Her weekly summary off for every account of a server whose SMTP peer a test reads, as an
 * administrator may set it in „Můj účet“: a server that starts on a Monday morning in Prague
 * sends each administrator last week's summary at once (weekly-summary.ts), which took the place
 * of the e-mail a test waited for (CI on a Monday at 7:40). The summary's own tests keep it on.
 */
export async function turnOffWeeklySummaries(db: Database): Promise<void> {
  await db.update(users).set({ weeklySummaryEmail: false });
}

function clockFileIn(dataDir: string) {
  return join(dataDir, "clock-shift");
}

/** The owner as `npm run admin -- grant` makes her, straight in the database before the start. */
async function seedAccounts(dataDir: string, origin: string, options: OwnServerOptions) {
  if (!options.owner && !options.seedAccounts) return;
  const handle = await openDatabase({ dataDir });
  try {
    const accounts = createAccounts({
      db: handle.db,
      secret: "seeding-only-no-token-is-ever-used-from-here",
      issuer: origin,
    });
    const { owner } = options;
    if (owner) {
      const signedUp = await accounts.signUp(owner);
      if (signedUp.kind === "exists") throw new Error(`${owner.email} exists already`);
      await accounts.confirmEmail(signedUp.confirmationToken);
      const result = await runAdminCommand(parseAdminCommand(["grant", owner.email]), {
        db: handle.db,
        siteUrl: origin,
        notifyEmail: operatorDefaults.email,
      });
      if (result.exitCode !== 0) throw new Error(result.lines.join("\n"));
    }
    await options.seedAccounts?.(accounts);
    await turnOffWeeklySummaries(handle.db);
  } finally {
    await handle.close();
  }
}
