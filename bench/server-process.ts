/**
 * The bench's server: the shared starter (`testing/server-process.ts`) with
 * the bench's build folder, a rate limit no flood reaches, and a fixed key.
 */
import { buildServerEnv, type ServerProcess, startServerProcess } from "#testing/server-process";

export const buildDir = "build-bench";
/** Far above any flood of the bench: the per-address limit would refuse it otherwise. */
export const benchRateLimit = "1000000000";
const jwtSecret = "bench-only-secret-bench-only-secret-0123456789";

export type RunningServer = ServerProcess & {
  /** From spawning the process to the first 200 of /healthz. */
  startupMs: number;
};

export type ServerOptions = {
  port: number;
  dataDir: string;
  databaseUrl?: string;
  /** Unset: e-mails as .eml files in the data folder. */
  smtpUrl?: string;
  /** Another entry file (the hello-world), run with the same Node. */
  entry?: string;
  /** More settings for this part (README's table), over the bench's own. */
  settings?: Record<string, string>;
};

export function startServer(options: ServerOptions): Promise<RunningServer> {
  return startServerProcess({
    entry: options.entry,
    healthPath: options.entry ? "/" : "/healthz",
    env: buildServerEnv({
      port: options.port,
      host: "127.0.0.1",
      dataDir: options.dataDir,
      buildDir,
      databaseUrl: options.databaseUrl,
      smtpUrl: options.smtpUrl,
      settings: {
        FORM_RATE_LIMIT_PER_HOUR: benchRateLimit,
        // The bench names a client address per request (X-Forwarded-For).
        TRUST_PROXY: "true",
        JWT_SECRET: jwtSecret,
        ...options.settings,
      },
    }),
  });
}
