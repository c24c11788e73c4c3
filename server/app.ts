import { randomBytes } from "node:crypto";
import { Hono } from "hono";
import { compress } from "hono/compress";
import type { DatabaseHandle } from "#database/open-database";
import { ApiError, handleError } from "./api-error";
import { createAccountApis } from "./auth/account-apis";
import type { Clock } from "./clock";
import type { Config } from "./config";
import { createFormSubmissionsRoute } from "./forms/form-submissions-route";
import { createHealthRoute } from "./health";
import { securityHeaders } from "./security-headers";
import { createStaticSite } from "./static-site";

export type AppDependencies = {
  config: Config;
  database: DatabaseHandle;
  clock: Clock;
  /** Called when a submission and its e-mails are stored (the worker sends them at once). */
  onSubmissionStored?: () => void;
  /** Signs access tokens (`loadAuthSecret`); tests may leave it out and get a random one. */
  authSecret?: string;
};

/** Builds the whole HTTP app from its dependencies; `main.ts` only opens them and listens. */
export function createApp({
  config,
  database,
  clock,
  onSubmissionStored,
  authSecret = randomBytes(48).toString("base64url"),
}: AppDependencies) {
  const app = new Hono();
  app.use(compress());
  app.use(securityHeaders({ trustProxy: config.trustProxy }));

  app.route("/healthz", createHealthRoute(database.isHealthy));
  app.route(
    "/api/form-submissions",
    createFormSubmissionsRoute({
      db: database.db,
      clock,
      mail: config,
      rateLimitPerHour: config.formRateLimitPerHour,
      trustProxy: config.trustProxy,
      onStored: onSubmissionStored,
    }),
  );
  const accountApis = createAccountApis({
    config,
    database,
    clock,
    authSecret,
    onMailQueued: onSubmissionStored,
  });
  app.route("/auth/v1", accountApis.authApi);
  app.route("/api", accountApis.adminApi);
  app.all("/api/*", () => {
    throw new ApiError(404, "not_found", "Tato adresa API neexistuje.");
  });

  app.route("/", createStaticSite(config.clientDir));
  app.onError(handleError);
  return app;
}
