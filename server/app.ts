/**
 * The one place that wires the app: it builds every module from its
 * dependencies and mounts it. Config is passed one way: `createApp` gets the
 * whole `Config`, and every factory it calls gets the typed pieces it needs
 * as named fields, so no module below depends on the shape of `Config`.
 */
import { randomBytes } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Hono } from "hono";
import { compress } from "hono/compress";
import type { RouterRoute } from "hono/types";
import type { DatabaseHandle } from "#database/open-database";
import { photoMediaPath } from "#shared/content/photo-library";
import { firstAdminApiPath } from "#shared/first-admin";
import { paths } from "#shared/routes";
import { createAdminApp } from "./admin/admin-app";
import { createPublicRetentionRoute } from "./admin/retention";
import { deleteSubmission, listSubmissions } from "./admin/submissions";
import { ApiError, handleError } from "./api-error";
import {
  createArticlePreviewReader,
  createArticleReader,
  findArticleRedirect,
  isDeletedArticleSlug,
} from "./articles/article-store";
import { createAccounts } from "./auth/accounts";
import { createAuthApi } from "./auth/auth-api";
import { createFactors } from "./auth/factors";
import { createFirstAdminRoute } from "./auth/first-admin";
import { requireAdmin } from "./auth/require-admin";
import { createSecretBox } from "./auth/secret-box";
import { createSignInThrottle } from "./auth/throttling";
import { type BackgroundTasks, createBackgroundTasks } from "./background-tasks";
import { createBackupRoute } from "./backup-route";
import { createBookingAdmin } from "./booking/booking-admin";
import { createBookingApi, createBookingLimit } from "./booking/booking-api";
import { createBookingCancelRoute } from "./booking/booking-cancel-route";
import { createCalendarFeed } from "./booking/booking-feed";
import { createBookingFeedSource } from "./booking/booking-feed-bookings";
import { createCalendarFeedRoute } from "./booking/booking-feed-route";
import { createBookingMail } from "./booking/booking-mail";
import { createBookingPage } from "./booking/booking-page";
import { createBookings } from "./booking/bookings";
import { createClientAddress } from "./client-address";
import { type Clock, systemClock } from "./clock";
import type { Config } from "./config";
import { createContentReader } from "./content/content-store";
import { createEventCancelRoute } from "./events/event-cancel-route";
import { createEventFeedSource } from "./events/event-feed-source";
import { createEventFormRoute, eventSignupFormPath } from "./events/event-form-route";
import { createEventMail } from "./events/event-mail";
import { createEventPagesRefresher } from "./events/event-pages";
import { createEventSignups } from "./events/event-signups";
import { createEventReader } from "./events/event-store";
import { createEventSignupLimit, createEventsApi, maxSignupBodyBytes } from "./events/events-api";
import { createFormPostRoute } from "./forms/form-post-route";
import { createFormSubmissionsRoute } from "./forms/form-submissions-route";
import { createHealthRoute } from "./health";
import { limitBody } from "./json-route";
import { createOutbox } from "./mail/outbox";
import { createGiftLinks } from "./materials/gift-links";
import { createGiftPageRoutes } from "./materials/gift-page-routes";
import { materialFilesForBackup, materialsDir } from "./materials/material-files";
import { createDatabaseStore, createFileStore } from "./materials/material-store";
import { createMaterials } from "./materials/materials";
import { createMaterialsApi } from "./materials/materials-api";
import { createMembersApp } from "./members/members-app";
import { createMetrics, createMetricsRoute, type Metrics } from "./metrics";
import { composeNewsletterConfirmation } from "./newsletter/newsletter-mail";
import { createNewsletterRoutes } from "./newsletter/newsletter-routes";
import { createSubscribers } from "./newsletter/subscribers";
import { answerOtherMethods } from "./other-methods";
import { createPageSite } from "./pages/page-site";
import { createPages, type Pages } from "./pages/pages";
import type { PageLoadContext } from "./pages/render-page";
import { createPhotoFileStore, photoFilesForBackup, photosDir } from "./photos/photo-store";
import { createPhotos, findPhotos } from "./photos/photos";
import { createPhotoMediaRoute } from "./photos/photos-api";
import { findFrameFonts, setFrameFonts } from "./plain-page";
import { createRateLimiter } from "./rate-limit";
import { logRequests } from "./request-log";
import { frameSourcesKey, securityHeaders } from "./security-headers";
import { countDocuments, createStatsBeaconRoute } from "./stats/stats-routes";
import { createVisitCounter, type VisitCounter } from "./stats/visit-counter";

export type AppDependencies = {
  config: Config;
  database: DatabaseHandle;
  clock: Clock;
  /** Called whenever mail is in the outbox (the worker sends it at once). */
  onMailQueued?: () => void;
  /** Signs access tokens (`loadAuthSecret`); tests may leave it out and get a random one. */
  authSecret?: string;
  /** Seals two-factor secrets (`loadDataKey`); tests may leave it out and get a random one. */
  dataKey?: string;
  /** Work done after the answer (`/recover`); `main.ts` and tests wait for it to finish. */
  background?: BackgroundTasks;
  /** When set, `POST /api/backup` answers this bearer token (the embedded database only). */
  backupToken?: string;
  /** The metrics `/metrics` shows; `main.ts` shares them with the mail worker. */
  metrics?: Metrics;
  /** What route loaders read when a page is rendered (the content model's `content`). */
  getLoadContext?: () => PageLoadContext | Promise<PageLoadContext>;
  /**
   * The page store and its renderer (`main.ts` renders and watches it); by default one on
   * `database`, rendering with `getLoadContext` at the first page asked for.
   */
  pages?: Pages;
  /**
   * Renders public paths again after her content changed; by default the page store's publish
   * (tests of the content API give their own).
   */
  publishPages?: (paths: readonly string[]) => Promise<void>;
  /**
   * Counts page views (server/stats/; `main.ts` flushes it at shutdown); by default one on
   * `database`; `false`: nothing counted (the bench's other half).
   */
  visits?: VisitCounter | false;
};

/**
 * The load context of a page render: her published content (web/lib/content.server.ts reads
 * it), her live articles (web/lib/articles.server.ts) and her photo library, which the photo slots
 * name (web/lib/photo-slots.server.ts).
 */
export function publishedContent(database: DatabaseHandle, clock: Clock = systemClock) {
  return () => {
    // One context serves every render of a publish (the home page and its five `?sluzba=`
    // variants read the same items): each read goes to the database once, and all the pages
    // of one publish show one version. A quarter of a home page's render time.
    const reads = new Map<string, Promise<unknown>>();
    const once = <T>(key: string, read: () => Promise<T>): Promise<T> => {
      if (!reads.has(key)) reads.set(key, read());
      return reads.get(key) as Promise<T>;
    };
    const content = createContentReader(database.db);
    const articles = createArticleReader(database.db);
    return {
      content: {
        read: ((key: string) =>
          once(`content ${key}`, () => content.read(key as never))) as typeof content.read,
      },
      articles: {
        list: () => once("articles", () => articles.list()),
        find: (slug: string) => once(`article ${slug}`, () => articles.find(slug)),
      },
      photos: {
        find: (ids: readonly string[]) =>
          once(`photos ${ids.join(" ")}`, () => findPhotos(database.db, ids)),
      },
      events: createEventReader(database.db, () => clock.now()),
    };
  };
}

/** Builds the whole HTTP app from its dependencies; `main.ts` only opens them and listens. */
export function createApp({
  config,
  database,
  clock,
  onMailQueued,
  authSecret = randomBytes(48).toString("base64url"),
  dataKey = randomBytes(48).toString("base64url"),
  background = createBackgroundTasks(),
  backupToken,
  metrics = createMetrics(database),
  getLoadContext = publishedContent(database, clock),
  pages = createPages({ database, serverBuildFile: config.serverBuildFile, getLoadContext }),
  // Her publish renders the pages her change touches into the page store (server/pages/).
  publishPages = async (paths) => {
    await pages.publish([...paths]);
  },
  visits = createVisitCounter({ db: database.db, clock, siteHost: new URL(config.siteUrl).host }),
}: AppDependencies) {
  const { db } = database;
  // The pages answered per request ask for the site's font files by the names this build gave them.
  setFrameFonts(findFrameFonts(config.clientDir));
  const rateLimiter = createRateLimiter({ db, clock });
  const mailSettings = {
    notifyEmail: config.notifyEmail,
    siteUrl: config.siteUrl,
    giftLinks: config.giftLinks,
  };
  const outbox = createOutbox({ db, clock, settings: mailSettings, onMailQueued });
  const accounts = createAccounts({
    db,
    clock,
    secret: authSecret,
    issuer: `${config.siteUrl}/auth/v1`,
  });

  // Material files: in the database on PostgreSQL, in the data folder on the
  // embedded database (docs/decisions/0012-material-storage.md).
  const filesDir =
    database.kind === "postgresql"
      ? undefined
      : database.location === "memory"
        ? mkdtempSync(join(tmpdir(), "materials-"))
        : materialsDir(config.dataDir);
  const materialStore = filesDir ? createFileStore(filesDir) : createDatabaseStore(db);
  const materials = createMaterials({
    db,
    clock,
    store: materialStore,
    signingKey: authSecret,
    onMailQueued,
    mailSettings,
  });
  const giftLinks = createGiftLinks({ db, clock });
  // Photo files: as material files, in the database on PostgreSQL, in the data folder on the
  // embedded database (server/photos/photo-store.ts).
  const photoFilesDir =
    database.kind === "postgresql"
      ? undefined
      : database.location === "memory"
        ? mkdtempSync(join(tmpdir(), "photos-"))
        : photosDir(config.dataDir);
  const photos = createPhotos({
    db,
    clock,
    store: photoFilesDir ? createPhotoFileStore(photoFilesDir) : { kind: "database" },
    publishPages,
  });
  // A gift whose GIFT_*_URL the owner set links there, as before materials existed.
  const fixedGiftLinks = {
    gift_ritual: config.placeholders.includes("GIFT_RITUAL_URL")
      ? undefined
      : config.giftLinks.ritual,
    gift_fragrance: config.placeholders.includes("GIFT_FRAGRANCE_URL")
      ? undefined
      : config.giftLinks.fragrance,
  };

  // The newsletter's list: sign-ups (the gift forms' box, the blog's form), their double opt-in.
  const subscribers = createSubscribers({
    db,
    clock,
    secret: authSecret,
    readOffer: async () => (await createContentReader(db).read("newsletter")).offer,
    composeConfirmation: (subscriber, link) =>
      composeNewsletterConfirmation(subscriber, link, mailSettings),
    siteUrl: config.siteUrl,
    onMailQueued,
  });

  const app = new Hono();
  app.use(logRequests(metrics.observeRequest));
  app.use(compress());
  app.use(securityHeaders({ trustProxy: config.trustProxy }));
  // Read from the routes mounted below; the pages and the auth API answer other methods themselves
  // (the site's Czech page, GoTrue's shape).
  let endpoints: readonly RouterRoute[] = [];
  app.use(
    answerOtherMethods(
      () => endpoints,
      [paths.giftDelivery, paths.members, paths.formPost, "/auth/v1"],
    ),
  );
  // The gift page may frame its video's one host (YouTube or Vimeo), the members' section the hosts
  // of its links (below); no other page may frame anything. The gift page's status follows its link.
  app.route(
    "/",
    createGiftPageRoutes({
      giftLinks,
      materials,
      pages,
      setFrameSources: (c, origins) => c.set(frameSourcesKey as never, origins as never),
    }),
  );
  // Read when the page is asked for: a link the owner adds is playable at the next visit.
  app.get(paths.members, async (c, next) => {
    const origins = await materials.membersFrameOrigins();
    if (origins.length > 0) c.set(frameSourcesKey as never, origins as never);
    await next();
  });

  app.route("/healthz", createHealthRoute(database.isHealthy));
  // The forms: as JSON from their scripts, and as a plain post without them.
  const forms = {
    db,
    clock,
    rateLimiter,
    mail: mailSettings,
    rateLimitPerHour: config.formRateLimitPerHour,
    trustProxy: config.trustProxy,
    onMailQueued,
    gifts: {
      fixedLink: (gift: "gift_ritual" | "gift_fragrance") => fixedGiftLinks[gift],
      firstOffered: materials.firstOffered,
      releaseWaitingMail: materials.releaseWaitingMail,
      noticeOwner: materials.noticeOwner,
    },
    signUpToNewsletter: subscribers.signUp,
  };
  app.route("/api/form-submissions", createFormSubmissionsRoute(forms));
  app.route("/metrics", createMetricsRoute({ metrics, token: config.metricsToken }));
  app.route(
    paths.formPost,
    createFormPostRoute({
      ...forms,
      siteUrl: config.siteUrl,
      // Her published content, and the refused form as one more render input.
      renderPage: async (path, loadContext) =>
        pages.renderPreview(path, { ...(await getLoadContext()), ...loadContext }),
    }),
  );
  app.route(
    "/auth/v1",
    createAuthApi({
      accounts,
      factors: createFactors({
        db,
        clock,
        accounts,
        rateLimiter,
        secretBox: createSecretBox(dataKey),
        defaultIssuer: new URL(config.siteUrl).host,
      }),
      siteUrl: config.siteUrl,
      sendRecoveryEmail: (mail) => outbox.queueRecoveryMail(mail),
      sendConfirmationEmail: (mail) => outbox.queueConfirmationMail(mail),
      sendSignUpAttemptEmail: (mail) => outbox.queueSignUpAttemptMail(mail),
      storePasswordChangedEmail: (tx, mail) => outbox.storePasswordChangedMail(tx, mail),
      onMailQueued,
      background,
      rateLimiter,
      signInThrottle: createSignInThrottle({
        db,
        clock,
        rateLimiter,
        secureCookie: new URL(config.siteUrl).protocol === "https:",
      }),
      clientAddress: createClientAddress(config.trustProxy),
    }),
  );
  // While no administrator exists: the owner's account, from the link in the server's log.
  app.route(
    firstAdminApiPath,
    createFirstAdminRoute({
      db,
      clock,
      accounts,
      clientAddress: createClientAddress(config.trustProxy),
    }),
  );
  // Booking a session: her offers' free times, read fresh; a booking; its cancel link.
  const readOffers = async () => (await createContentReader(db).read("offers")).offers;
  const bookingMail = createBookingMail(mailSettings);
  const bookings = createBookings({
    db,
    clock,
    readOffers,
    storeBookingMail: bookingMail.storeBookingMail,
    storeCancellationMail: bookingMail.storeCancellationMail,
    storeChangeMail: bookingMail.storeChangeMail,
    onMailQueued,
  });
  // Her side: her changes of a booking, each with its audit entry and the client's e-mail.
  const bookingAdmin = createBookingAdmin({
    db,
    clock,
    readOffers,
    storeChangeMail: bookingMail.storeChangeMail,
    onMailQueued,
  });
  // One count per address for the API and the page without scripts, as the forms count theirs.
  const limitBooking = createBookingLimit({
    rateLimiter,
    perHour: config.formRateLimitPerHour,
    trustProxy: config.trustProxy,
  });
  app.route("/api", createBookingApi(bookings, limitBooking));
  app.route(paths.bookingCancel, createBookingCancelRoute(bookings));
  app.route(
    paths.booking,
    createBookingPage({
      bookings,
      siteUrl: config.siteUrl,
      limitBooking,
      renderPage: async (path, loadContext) =>
        pages.renderPreview(path, { ...(await getLoadContext()), ...loadContext }),
    }),
  );
  // The newsletter: the blog form's sign-up, the confirmation and unsubscribe links.
  app.route(
    "/",
    createNewsletterRoutes({
      subscribers,
      rateLimiter,
      rateLimitPerHour: config.formRateLimitPerHour,
      trustProxy: config.trustProxy,
      siteUrl: config.siteUrl,
      readOwnerEmail: async () => (await createContentReader(db).read("operator")).email,
    }),
  );
  // Events: a sign-up (JSON, or a plain post without scripts), its cancel link; a change of
  // free places renders the event's pages again.
  const eventSignups = createEventSignups({
    db,
    clock,
    mail: createEventMail(mailSettings),
    onMailQueued,
    onPlacesChanged: createEventPagesRefresher(publishPages, background),
  });
  const limitEventSignup = createEventSignupLimit({
    rateLimiter,
    perHour: config.formRateLimitPerHour,
    trustProxy: config.trustProxy,
  });
  app.route("/api", createEventsApi(eventSignups, limitEventSignup));
  // The no-script form reads its whole body: a body over the API's limit is refused unread.
  app.use(`${eventSignupFormPath}/*`, limitBody(maxSignupBodyBytes));
  app.route(
    eventSignupFormPath,
    createEventFormRoute({
      db,
      signups: eventSignups,
      siteUrl: config.siteUrl,
      limitSignup: limitEventSignup,
    }),
  );
  app.route(
    paths.eventCancel,
    createEventCancelRoute(eventSignups, () => clock.now()),
  );
  // Her private calendar feed: its sources are what her phone's calendar lists.
  const calendarFeed = createCalendarFeed({
    db,
    clock,
    dataKey,
    siteUrl: config.siteUrl,
    sources: [
      createBookingFeedSource({ db, readOffers, siteUrl: config.siteUrl }),
      createEventFeedSource({ db, siteUrl: config.siteUrl }),
    ],
  });
  app.route(paths.calendarFeed, createCalendarFeedRoute(calendarFeed));
  // The retention rule's months, for the privacy notice.
  app.route("/api/retention", createPublicRetentionRoute(db));
  // The administration: one sub-app behind one guard; its route table is the one list of its routes.
  app.route(
    "/api",
    createAdminApp({
      guard: requireAdmin(accounts, { requireTwoFactor: config.adminRequireTwoFactor }),
      db,
      clock,
      onMailQueued,
      listSubmissions: () => listSubmissions(db),
      deleteSubmission: (id, by) => deleteSubmission(db, id, by, clock.now()),
      confirmation: {
        accounts,
        sendConfirmationEmail: (mail) => outbox.queueConfirmationMail(mail),
        rateLimiter,
        siteUrl: config.siteUrl,
      },
      grantEffects: { storeMemberWelcome: outbox.storeMemberWelcomeMail },
      materials,
      giftLinks,
      publishPages,
      // „Náhled“: a page with her drafts, rendered by the same renderer, stored nowhere; the rest
      // (her events, photos, articles) as live, or /akce would preview as if she had no events.
      previewPage: (path) =>
        pages.renderPreview(path, {
          ...publishedContent(database)(),
          content: createContentReader(db, { drafts: true }),
        }),
      // „Náhled“ of an article: as it is saved, with the live site around it.
      previewArticle: (articleId, path) =>
        pages.renderPreview(path, {
          ...publishedContent(database)(),
          articles: createArticlePreviewReader(db, articleId),
        }),
      photos,
      // Her events' messages to the people signed up, and her cancelling (server/events/).
      mail: mailSettings,
      eventSignups,
      bookingAdmin,
      subscribers,
      calendarFeed,
    }),
  );
  app.route(
    "/api",
    createMaterialsApi({
      materials,
      store: materialStore,
      giftLinks,
      readGuide: () => createContentReader(db).read("scent-guide"),
      hasFixedLink: (gift) => fixedGiftLinks[gift] !== undefined,
    }),
  );
  if (backupToken) {
    // The backup holds the files the store above keeps in the data folder.
    const materialFiles = filesDir ? materialFilesForBackup(filesDir) : undefined;
    const photoFiles = photoFilesDir ? photoFilesForBackup(photoFilesDir) : undefined;
    app.route(
      "/api/backup",
      createBackupRoute({ database, token: backupToken, materialFiles, photoFiles }),
    );
  }
  // The members' section: one sub-app behind one guard (a signed-in account); each route decides by role.
  app.route(
    "/api",
    createMembersApp({ db, clock, accounts, materials, mail: mailSettings, onMailQueued }),
  );
  // Visits: a page's beacon after a client-side navigation (the documents are counted below).
  const counting = visits && {
    counter: visits,
    clientAddress: createClientAddress(config.trustProxy),
    siteHost: new URL(config.siteUrl).host,
  };
  if (counting) {
    app.route(
      "/",
      createStatsBeaconRoute({
        ...counting,
        isPage: (path) => {
          const entry = pages.find(path);
          return entry?.status === 200 && entry.contentType.startsWith("text/html");
        },
      }),
    );
  }
  app.all("/api/*", () => {
    throw new ApiError(404, "not_found", "Tato adresa API neexistuje.");
  });
  // Her photos' variants, from every server (the database or this one's data folder).
  app.route(photoMediaPath, createPhotoMediaRoute({ photos }));
  endpoints = app.routes.slice();

  app.route(
    "/",
    createPageSite({
      clientDir: config.clientDir,
      pages,
      // An article's old address, or its address in capitals, leads to where it is now.
      findArticleRedirect: (slug) => findArticleRedirect(db, slug),
      // An address of an article she deleted: 410 Gone.
      isDeletedArticleSlug: (slug) => isDeletedArticleSlug(db, slug),
      countView: counting ? countDocuments(counting) : undefined,
    }),
  );
  app.onError(handleError);
  return app;
}
