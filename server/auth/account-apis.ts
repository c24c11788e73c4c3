import type { DatabaseHandle } from "#database/open-database";
import { createAdminApi } from "#server/admin/admin-api";
import { deleteSubmission, listSubmissions } from "#server/admin/submissions";
import { createClientAddress } from "../client-address";
import type { Clock } from "../clock";
import type { Config } from "../config";
import { createAccounts } from "./accounts";
import { createAuthApi } from "./auth-api";
import { createRateLimiter } from "./rate-limit";
import { queueRecoveryEmail } from "./recovery-mail";

export type AccountApisDependencies = {
  config: Config;
  database: DatabaseHandle;
  clock: Clock;
  /** Signs access tokens (see `loadAuthSecret`). */
  authSecret: string;
  /** Called when an e-mail is in the outbox (wakes the mail worker). */
  onMailQueued?: () => void;
};

/** The auth endpoints (mount at /auth/v1) and the administration API (mount at /api). */
export function createAccountApis({
  config,
  database,
  clock,
  authSecret,
  onMailQueued,
}: AccountApisDependencies) {
  const accounts = createAccounts({
    db: database.db,
    secret: authSecret,
    issuer: `${config.siteUrl}/auth/v1`,
    now: () => clock.now(),
  });
  const authApi = createAuthApi({
    accounts,
    siteUrl: config.siteUrl,
    sendRecoveryEmail: async (mail) => {
      await queueRecoveryEmail(database.db, clock, mail, {
        siteUrl: config.siteUrl,
        replyTo: config.notifyEmail,
      });
      onMailQueued?.();
    },
    rateLimiter: createRateLimiter(database.db, () => clock.now()),
    clientAddress: createClientAddress(config.trustProxy),
  });
  const adminApi = createAdminApi({
    accounts,
    listSubmissions: () => listSubmissions(database.db),
    deleteSubmission: (id) => deleteSubmission(database.db, id),
  });
  return { authApi, adminApi };
}
