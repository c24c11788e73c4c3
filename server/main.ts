// First: libraries read NODE_ENV when they load (see the module).
import "./production-mode";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { FolderLockedError } from "#database/folder-lock";
import { openDatabase } from "#database/open-database";
import { isExampleOperator } from "#shared/content/operator-content";
import { startRetentionSchedule } from "./admin/retention";
import { createApp, publishedContent } from "./app";
import { startArticleSchedule } from "./articles/article-schedule";
import { loadAuthSecret, loadDataKey } from "./auth/auth-secret";
import { sealStoredFactorSecrets } from "./auth/factors";
import { createFirstAdminToken, firstAdminLink } from "./auth/first-admin";
import { createSecretBox } from "./auth/secret-box";
import { createBackgroundTasks } from "./background-tasks";
import { createBackupToken, localUrl, publishBackupAccess } from "./backup-access";
import { systemClock } from "./clock";
import { ConfigError, loadConfig, localAddress } from "./config";
import { createContentReader } from "./content/content-store";
import { startEmbeddedMaintenance } from "./embedded-maintenance";
import { summarizeError } from "./error-summary";
import { startEventPageSchedule } from "./events/event-page-schedule";
import { startHousekeeping } from "./housekeeping";
import { createHttpServer } from "./http-server";
import { log, startLogging } from "./logger";
import { createMailTransport } from "./mail/mail-transport";
import { startMailWorker } from "./mail/mail-worker";
import { observeMailTransport } from "./mail/observed-transport";
import { materialsDir, syncMaterialFiles } from "./materials/material-files";
import { giftReadiness, startGiftWaitReminders } from "./materials/waiting-gift-mail";
import { createMetrics } from "./metrics";
import { startLetterSending } from "./newsletter/letter-sending";
import { createPages } from "./pages/pages";
import { photosDir, syncPhotoFiles } from "./photos/photo-store";
import { keepNewFilesPrivate, makeDataFolderPrivate } from "./private-files";
import { createRequestActivity } from "./request-activity";
import { createVisitCounter } from "./stats/visit-counter";
import { startWeeklySummary } from "./stats/weekly-summary";

async function start() {
  keepNewFilesPrivate();
  startLogging();
  const config = loadConfig();
  log.level = config.logLevel;
  // Until the server runs, a lost database ends the start; then it shuts the server down.
  let stopForLostDatabase: () => void = () => process.exit(1);
  const database = await openDatabase(
    config.databaseUrl ? { databaseUrl: config.databaseUrl } : { dataDir: config.dataDir },
    {
      // An idle connection dropped by the server must not crash the process.
      onConnectionError: (error) =>
        log.error({ error: summarizeError(error) }, "PostgreSQL connection error"),
      // The embedded database's thread is gone: every statement would fail from now on, and
      // /healthz would say 503 for ever. Exiting lets a supervisor start the server again.
      onLost: (error) => {
        log.fatal(
          { error: summarizeError(error) },
          "The embedded database stopped; the server exits so that it can be started again",
        );
        stopForLostDatabase();
      },
    },
  );
  makeDataFolderPrivate(config.dataDir, log);
  log.info(
    { database: database.kind, location: database.location },
    database.kind === "pglite"
      ? `Database: embedded PGlite in ${database.location} (set DATABASE_URL for PostgreSQL)`
      : `Database: PostgreSQL at ${database.location}`,
  );
  // Before anything runs: a key that opens none of the stored secrets stops the start here.
  const dataKey = await loadDataKey({
    dataKey: config.dataKey,
    keyFile: join(config.dataDir, "data-key"),
  });
  // Two-factor secrets stored in clear by an earlier version are sealed before anyone signs in.
  const converted = await sealStoredFactorSecrets(database.db, createSecretBox(dataKey));
  if (converted.secrets + converted.recoveryCodes > 0) {
    log.info(converted, "Two-factor secrets and recovery codes sealed");
  }

  const transport = createMailTransport({
    smtpUrl: config.smtpUrl,
    mailDir: config.mailDir,
    from: config.mailFrom,
    messageIdDomain: new URL(config.siteUrl).hostname,
  });
  log.info(`Mail: from ${config.mailFrom} through ${transport.description}`);
  // The published „Údaje o provozovateli“, which a fresh install seeds with the examples.
  if (isExampleOperator(await createContentReader(database.db).read("operator"))) {
    log.warn(
      "The operator's IČO or seat are still the examples: put in the real ones in „Obsah“ → „Údaje o provozovateli“ before going live.",
    );
  }
  if (config.placeholders.includes("SITE_URL")) {
    log.warn(
      `SITE_URL is not set: links in e-mails open ${config.siteUrl}, on this computer only. Set it to the site's public address before going live.`,
    );
  }
  // A gift whose GIFT_*_URL is set links there; the others wait for a material of their own.
  const fixed = ["GIFT_RITUAL_URL", "GIFT_FRAGRANCE_URL"].filter(
    (setting) => !config.placeholders.includes(setting),
  );
  for (const line of await giftReadiness(database.db)) {
    const gift = line.startsWith("The ritual") ? "GIFT_RITUAL_URL" : "GIFT_FRAGRANCE_URL";
    if (!fixed.includes(gift)) log.warn(line);
  }
  if (database.kind === "pglite" && database.location !== "memory") {
    // Files a restore left in the database (a crash between its steps), and files no material uses.
    const written = await syncMaterialFiles(database.db, materialsDir(config.dataDir));
    if (written > 0) log.info({ written }, "Material files written out of the database");
    // The same for photo files (server/photos/photo-store.ts).
    const photoFiles = await syncPhotoFiles(database.db, photosDir(config.dataDir));
    if (photoFiles > 0)
      log.info({ written: photoFiles }, "Photo files written out of the database");
  }
  const metrics = createMetrics(database, { processMetrics: true });
  // The mail worker gives way to requests: during a burst, visitors are answered first.
  const activity = createRequestActivity();
  const mailWorker = startMailWorker({
    db: database.db,
    transport: observeMailTransport(transport, metrics.observeMailSend),
    clock: systemClock,
    claimMs: config.mailTakeoverMs,
    firstRetryDelayMs: config.mailFirstRetryMs,
    soleWorker: database.kind === "pglite",
    beforeBatch: activity.whenIdle,
  });

  const background = createBackgroundTasks();
  // The owner's „mazat záznamy starší než N měsíců“: at start, then daily (off until she sets it).
  const retention = startRetentionSchedule({ db: database.db, clock: systemClock });
  // What the privacy notice says is forgotten (idle sessions, old sign-in addresses…): every minute.
  const housekeeping = startHousekeeping({ db: database.db, clock: systemClock });
  // People waiting for a gift without its material: the owner's daily count, their reminder.
  const giftReminders = startGiftWaitReminders({
    db: database.db,
    clock: systemClock,
    settings: { notifyEmail: config.notifyEmail, siteUrl: config.siteUrl },
    onMailQueued: () => mailWorker.wake(),
  });
  // Her weekly summary of visits and requests, on Monday mornings (server/stats/weekly-summary.ts).
  const weeklySummary = startWeeklySummary({
    db: database.db,
    clock: systemClock,
    settings: { notifyEmail: config.notifyEmail, siteUrl: config.siteUrl },
    onMailQueued: () => mailWorker.wake(),
  });
  // PostgreSQL runs its own autovacuum; the embedded database needs this one, between requests
  // (or after a minute of requests without a pause).
  const maintenance =
    database.kind === "pglite"
      ? startEmbeddedMaintenance({ db: database.db, beforeRun: () => activity.whenIdle(60_000) })
      : undefined;

  // The embedded database's folder is this server's alone: a backup is asked of it (decision 0011).
  const backupToken = database.kind === "pglite" ? createBackupToken() : undefined;
  // The pages: rendered into the page store when the build changed, before the first visitor
  // (docs/decisions/0020-page-renderer-and-store.md); on PostgreSQL, another server's publish is
  // picked up within a second.
  const pages = createPages({
    database,
    serverBuildFile: config.serverBuildFile,
    getLoadContext: publishedContent(database),
  });
  await pages.whenServing();
  const pageWatch = pages.watch();
  // Her scheduled articles, live when their time comes (one server publishes each).
  const articleSchedule = startArticleSchedule({
    db: database.db,
    clock: systemClock,
    publishPages: async (paths) => {
      await pages.publish([...paths]);
    },
  });
  // Page views, counted in memory and stored every few seconds; the last ones at shutdown.
  const visits = createVisitCounter({
    db: database.db,
    clock: systemClock,
    siteHost: new URL(config.siteUrl).host,
  });
  // Her events' pages at their deadline, start and end (no form after the deadline; gone from /akce once over).
  const eventPageSchedule = startEventPageSchedule({
    db: database.db,
    clock: systemClock,
    publishPages: async (paths) => {
      await pages.publish([...paths]);
    },
  });
  const authSecret = await loadAuthSecret({
    jwtSecret: config.jwtSecret,
    secretFile: join(config.dataDir, "auth-secret"),
  });
  // Her letters: started on time, handed to the outbox at her rate (one rate for all servers).
  const letterSending = startLetterSending({
    db: database.db,
    clock: systemClock,
    settings: { notifyEmail: config.notifyEmail, siteUrl: config.siteUrl },
    secret: authSecret,
    onMailQueued: () => mailWorker.wake(),
  });
  const app = createApp({
    visits,
    pages,
    background,
    config,
    database,
    clock: systemClock,
    backupToken,
    metrics,
    onMailQueued: () => mailWorker.wake(),
    authSecret,
    dataKey,
  });
  // While no administrator exists, the owner creates hers with a link only this log shows.
  const firstAdminToken = await createFirstAdminToken(database.db, systemClock);
  let withdrawBackupAccess = async () => {};
  const server = createHttpServer(app.fetch, {
    hostname: config.host,
    // Seconds for headers and bodies; a material's upload has a minimum rate instead.
    limits: { maxConnectionsPerAddress: config.maxConnectionsPerAddress },
  });
  server.listen(config.port, config.host, () => {
    const info = server.address() as AddressInfo;
    const everywhere = config.host === "0.0.0.0" || config.host === "::";
    log.info(
      { host: config.host, port: info.port },
      `Open ${localAddress(config.host, info.port)} (listening on ${everywhere ? "every interface" : config.host}, port ${info.port})`,
    );
    if (firstAdminToken) {
      // SITE_URL, and this machine's own address when that is another.
      const [siteLink, localLink] = [config.siteUrl, localAddress(config.host, info.port)].map(
        (origin) => firstAdminLink(origin, firstAdminToken),
      );
      log.warn(
        `No administrator yet: create the owner's account at ${siteLink}${localLink === siteLink ? "" : ` (on this machine: ${localLink})`}. The link works once, within an hour; each start prints a new one.`,
      );
    }
    if (backupToken) {
      const access = { url: localUrl(config.host, info.port), token: backupToken };
      publishBackupAccess(config.dataDir, access).then(
        (withdraw) => {
          withdrawBackupAccess = withdraw;
        },
        (error: unknown) =>
          log.error({ error: summarizeError(error) }, "npm run backup cannot reach this server"),
      );
    }
  });
  activity.watch(server);

  let shuttingDown = false;
  const shutDown = async (signal: string, exitCode = 0) => {
    if (shuttingDown) return;
    shuttingDown = true;
    log.info(`${signal}: finishing requests in flight, then closing the database`);
    setTimeout(() => {
      log.error("Shutdown took too long; exiting");
      process.exit(1);
    }, 10_000).unref();
    await withdrawBackupAccess();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await background.idle();
    await visits.flush();
    await mailWorker.stop();
    await retention.stop();
    await housekeeping.stop();
    await giftReminders.stop();
    await weeklySummary.stop();
    await maintenance?.stop();
    await pageWatch?.stop();
    await articleSchedule.stop();
    await eventPageSchedule.stop();
    await letterSending.stop();
    transport.close();
    await database.close();
    process.exit(process.exitCode === 1 ? 1 : exitCode);
  };
  process.on("SIGTERM", () => void shutDown("SIGTERM received"));
  process.on("SIGINT", () => void shutDown("SIGINT received"));
  stopForLostDatabase = () => {
    // Also when a shutdown is already under way: the exit then still says something failed.
    process.exitCode = 1;
    void shutDown("The embedded database is lost", 1);
  };
}

start().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof FolderLockedError) {
    log.error(error.message);
  } else {
    // A summary only: a failed migration's error would quote its SQL and parameters.
    log.error({ error: summarizeError(error) }, "The server could not start");
  }
  process.exit(1);
});
