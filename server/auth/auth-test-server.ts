/**
 * For tests: the auth and admin APIs on a real loopback port over a fresh
 * in-memory database, with a clock the test can move.
 */
import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import { Hono } from "hono";
import { type DatabaseHandle, openDatabase } from "#database/open-database";
import { createAdminApi } from "#server/admin/admin-api";
import { deleteSubmission, listSubmissions } from "#server/admin/submissions";
import { createAccounts } from "./accounts";
import { createAuthApi, type RecoveryEmail } from "./auth-api";
import { type AuthRateLimits, authRateLimits, RateLimiter } from "./rate-limit";

export const testSecret = "a-test-secret-that-is-long-enough-for-hs256";

export type TestServer = Awaited<ReturnType<typeof startTestServer>>;

export async function startTestServer(options: { rateLimits?: Partial<AuthRateLimits> } = {}) {
  const database: DatabaseHandle = await openDatabase({ dataDir: "memory" });
  const clock = { offsetMs: 0 };
  const now = () => new Date(Date.now() + clock.offsetMs);
  const mails: RecoveryEmail[] = [];

  const app = new Hono();
  const server = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" });
  await new Promise<void>((resolve) => server.once("listening", () => resolve()));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const accounts = createAccounts({
    db: database.db,
    secret: testSecret,
    issuer: `${origin}/auth/v1`,
    now,
  });
  app.route(
    "/auth/v1",
    createAuthApi({
      accounts,
      siteUrl: origin,
      sendRecoveryEmail: async (mail) => {
        mails.push(mail);
      },
      rateLimiter: new RateLimiter(() => now().getTime()),
      rateLimits: { ...authRateLimits, ...options.rateLimits },
    }),
  );
  app.route(
    "/api",
    createAdminApi({
      accounts,
      listSubmissions: () => listSubmissions(database.db),
      deleteSubmission: (id) => deleteSubmission(database.db, id),
    }),
  );

  return {
    origin,
    db: database.db,
    accounts,
    mails,
    /** Moves the server's clock forward. */
    advance(ms: number) {
      clock.offsetMs += ms;
    },
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await database.close();
    },
  };
}
