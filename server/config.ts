/**
 * The one place that reads the environment. Every setting has a safe local
 * default, and a wrong value stops the server with a message naming it.
 */
import { resolve } from "node:path";
import * as z from "zod/mini";
import { paths } from "#shared/routes";
import { operatorDefaults, site } from "#shared/site";

const portMessage = "must be a port number from 1 to 65535";
const webUrl = z.url({ protocol: /^https?$/, error: "must be an http:// or https:// URL" });

const configSchema = z.object({
  PORT: z._default(
    z.coerce
      .number({ error: portMessage })
      .check(z.int(portMessage), z.minimum(1, portMessage), z.maximum(65535, portMessage)),
    3000,
  ),
  HOST: z._default(z.string().check(z.minLength(1)), "0.0.0.0"),
  BUILD_DIR: z._default(z.string().check(z.minLength(1)), "build"),
  DATA_DIR: z._default(z.string().check(z.minLength(1)), "./data"),
  DATABASE_URL: z.optional(
    z.url({
      protocol: /^postgres(ql)?$/,
      error: "must be a postgres:// or postgresql:// connection URL",
    }),
  ),
  SMTP_URL: z.optional(
    z.url({ protocol: /^smtps?$/, error: "must be an smtp:// or smtps:// URL" }),
  ),
  MAIL_FROM: z._default(
    z.string().check(
      z.regex(/^[^<>@\s]+@[^<>@\s]+\.[^<>@\s]+$|<[^<>@\s]+@[^<>@\s]+\.[^<>@\s]+>$/, {
        error: 'must be an e-mail address, optionally with a name: "Name <address>"',
      }),
    ),
    `"${site.title}" <${operatorDefaults.email}>`,
  ),
  NOTIFY_EMAIL: z._default(z.email({ error: "must be an e-mail address" }), operatorDefaults.email),
  SITE_URL: z.optional(webUrl),
  GIFT_RITUAL_URL: z.optional(webUrl),
  GIFT_FRAGRANCE_URL: z.optional(webUrl),
  FORM_RATE_LIMIT_PER_HOUR: z._default(
    z.coerce.number().check(z.int(), z.minimum(1, { error: "must be a whole number from 1" })),
    10,
  ),
  TRUST_PROXY: z._default(z.stringbool({ error: "must be true or false" }), false),
  MAX_CONNECTIONS_PER_ADDRESS: z.optional(
    z.coerce
      .number()
      .check(z.int(), z.minimum(0, { error: "must be a whole number from 0 (no limit)" })),
  ),
  ADMIN_REQUIRE_2FA: z._default(z.stringbool({ error: "must be true or false" }), true),
  JWT_SECRET: z.optional(z.string().check(z.minLength(32, "must be at least 32 characters"))),
  DATA_KEY: z.optional(z.string().check(z.minLength(32, "must be at least 32 characters"))),
  MAIL_TAKEOVER_SECONDS: z._default(
    z.coerce
      .number()
      .check(z.int(), z.minimum(1, { error: "must be a whole number of seconds from 1" })),
    300,
  ),
  MAIL_RETRY_SECONDS: z._default(
    z.coerce
      .number()
      .check(z.int(), z.minimum(1, { error: "must be a whole number of seconds from 1" })),
    30,
  ),
  LOG_LEVEL: z._default(
    z.enum(["error", "warn", "info", "debug"], { error: "must be error, warn, info or debug" }),
    "info",
  ),
  METRICS_TOKEN: z.optional(
    z
      .string()
      .check(
        z.minLength(16, "must be at least 16 characters"),
        z.regex(/^\S+$/, "must not contain spaces"),
      ),
  ),
});

export type Config = {
  port: number;
  host: string;
  /** The built web app's files: scripts, styles, pictures (the pages are in the page store). */
  clientDir: string;
  /** React Router's server build, which renders the pages (server/pages/). */
  serverBuildFile: string;
  /** The embedded database and the local mail folder live here. */
  dataDir: string;
  /** PostgreSQL; when absent, the embedded database in `dataDir`. */
  databaseUrl: string | undefined;
  /** When absent, mail is written to `mailDir` instead of sent. */
  smtpUrl: string | undefined;
  mailDir: string;
  /**
   * How long a server's claim on an e-mail it is sending lasts: after that,
   * another server on the same PostgreSQL takes over the e-mail of one that died.
   */
  mailTakeoverMs: number;
  /** The wait before an e-mail that could not be sent is tried again; it doubles with each try. */
  mailFirstRetryMs: number;
  mailFrom: string;
  notifyEmail: string;
  /** The public origin, without a trailing slash; unset, this server on this machine (`localAddress`). */
  siteUrl: string;
  giftLinks: { ritual: string; fragrance: string };
  /** Which settings were left at a default the owner should replace before going live. */
  placeholders: string[];
  /** Form submissions allowed per hour from one client address and to one e-mail address. */
  formRateLimitPerHour: number;
  /** Whether the client address is read from X-Forwarded-For (behind a reverse proxy). */
  trustProxy: boolean;
  /**
   * Connections open at once from one IPv4 address or IPv6 /64, as the socket says (behind a
   * reverse proxy, the proxy's); 0 for no limit.
   */
  maxConnectionsPerAddress: number;
  /** Signs access tokens; when absent, a key generated once and kept in `dataDir`. */
  jwtSecret: string | undefined;
  /**
   * Seals the two-factor secrets and keys the recovery-code digests in the
   * database; when absent, a key generated once and kept in `dataDir`.
   */
  dataKey: string | undefined;
  /** Whether an administrator must set up a TOTP app before the administration shows her anything. */
  adminRequireTwoFactor: boolean;
  /** The bearer token `GET /metrics` answers; when absent, there is no /metrics. */
  metricsToken: string | undefined;
  /** The least severe log lines written: `info` has one a request and a mail attempt; `warn` only what needs a look. */
  logLevel: "error" | "warn" | "info" | "debug";
};

/** Every setting the server reads from its environment (`.env.example` and the README list them). */
export const settingNames = Object.keys(configSchema.shape);

export class ConfigError extends Error {}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // An empty value means "not set", as in most .env tooling.
  const given = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ""));
  const parsed = configSchema.safeParse(given);
  if (!parsed.success) {
    const problems = parsed.error.issues.map(
      (issue) => `${issue.path.join(".")}: ${issue.message}`,
    );
    throw new ConfigError(`Invalid configuration:\n  ${problems.join("\n  ")}`);
  }
  const settings = parsed.data;
  // Unset on a trial run on one's own computer: the e-mailed links must open this server, not the
  // live site. The server cannot tell a trial from going live, so it says so at every start
  // (`placeholders`), and the README asks for SITE_URL before going live.
  const siteUrl = (settings.SITE_URL ?? localAddress(settings.HOST, settings.PORT)).replace(
    /\/+$/,
    "",
  );
  const dataDir = resolve(settings.DATA_DIR);
  return {
    port: settings.PORT,
    host: settings.HOST,
    clientDir: resolve(settings.BUILD_DIR, "client"),
    serverBuildFile: resolve(settings.BUILD_DIR, "server", "index.js"),
    dataDir,
    databaseUrl: settings.DATABASE_URL,
    smtpUrl: settings.SMTP_URL,
    mailDir: resolve(dataDir, "mail"),
    mailTakeoverMs: settings.MAIL_TAKEOVER_SECONDS * 1000,
    mailFirstRetryMs: settings.MAIL_RETRY_SECONDS * 1000,
    mailFrom: settings.MAIL_FROM,
    notifyEmail: settings.NOTIFY_EMAIL,
    siteUrl,
    // Until the owner sets the real links, the e-mails point to the gift page.
    giftLinks: {
      ritual: settings.GIFT_RITUAL_URL ?? `${siteUrl}${paths.gift}`,
      fragrance: settings.GIFT_FRAGRANCE_URL ?? `${siteUrl}${paths.gift}`,
    },
    placeholders: (["SITE_URL", "GIFT_RITUAL_URL", "GIFT_FRAGRANCE_URL"] as const).filter(
      (name) => settings[name] === undefined,
    ),
    formRateLimitPerHour: settings.FORM_RATE_LIMIT_PER_HOUR,
    trustProxy: settings.TRUST_PROXY,
    // Behind a proxy every connection comes from it: the limit is then the proxy's, for everyone.
    maxConnectionsPerAddress:
      settings.MAX_CONNECTIONS_PER_ADDRESS ?? (settings.TRUST_PROXY ? 512 : 64),
    jwtSecret: settings.JWT_SECRET,
    dataKey: settings.DATA_KEY,
    adminRequireTwoFactor: settings.ADMIN_REQUIRE_2FA,
    metricsToken: settings.METRICS_TOKEN,
    logLevel: settings.LOG_LEVEL,
  };
}

/**
 * The address that opens a server listening on `host` from the machine it runs on: localhost for
 * every interface or loopback, otherwise the one address it listens on.
 */
export function localAddress(host: string, port: number): string {
  const local = ["0.0.0.0", "::", "127.0.0.1", "::1", "localhost"].includes(host)
    ? "localhost"
    : host;
  return `http://${local.includes(":") ? `[${local}]` : local}:${port}`;
}
