import { index, layout, type RouteConfig, route } from "@react-router/dev/routes";
import { paths } from "#shared/routes";
// Relative, unlike the rest of web/: React Router reads this file before Vite, without the `~` alias.
import { siteFilePaths } from "./lib/site-files";

export default [
  index("routes/home.tsx"),
  route(paths.about, "routes/about.tsx"),
  route(paths.gift, "routes/gift.tsx"),
  route(paths.harmonisation, "routes/harmonisation.tsx"),
  route(paths.members, "routes/members.tsx"),
  route(paths.privacy, "routes/privacy.tsx"),
  route(paths.blog, "routes/blog.tsx"),
  route(siteFilePaths.feed, "routes/blog-feed-xml.ts"),
  route(`${paths.blog}/:slug`, "routes/blog-article.tsx"),
  // Her upcoming events and each event's page, rendered from the database (server/events/).
  route(paths.events, "routes/events.tsx"),
  route(`${paths.events}/:slug`, "routes/events-event.tsx"),
  // Booking a session: stored like the pages above; its per-request answers come from the server.
  route(paths.booking, "routes/booking.tsx"),
  // A gift's own page (client-only, served through the SPA fallback, not indexed).
  route(`${paths.giftDelivery}/:token`, "routes/gift-delivery.tsx"),
  // Client-only screens, with the session library and notices only they load.
  layout("routes/account-layout.tsx", [
    route(paths.signIn, "routes/sign-in.tsx"),
    route(paths.admin, "routes/admin.tsx"),
    route(paths.adminUsers, "routes/admin-users.tsx"),
    route(paths.adminAuditLog, "routes/admin-audit-log.tsx"),
    route(paths.adminAccount, "routes/admin-account.tsx"),
    route(paths.adminMaterials, "routes/admin-materials.tsx"),
    route(paths.adminPrivacy, "routes/admin-privacy.tsx"),
    route(paths.adminContent, "routes/admin-content.tsx"),
    route(paths.adminArticles, "routes/admin-articles.tsx"),
    route(`${paths.adminArticles}/:id`, "routes/admin-article.tsx"),
    route(`${paths.adminContent}/:item/:offer?`, "routes/admin-content-item.tsx"),
    route(paths.firstAdmin, "routes/first-admin.tsx"),
    route(`${paths.adminRecord}/:id`, "routes/admin-record.tsx"),
    // Her events (issue 36): the list, and each event (/nova: a new one).
    route(paths.adminEvents, "routes/admin-events.tsx"),
    route(`${paths.adminEvents}/:id`, "routes/admin-event.tsx"),
    // Her bookings: the day and week view, and each booking (/nastaveni is her rules' own screen).
    route(paths.adminBookings, "routes/admin-bookings.tsx"),
    route(`${paths.adminBookings}/:id`, "routes/admin-booking.tsx"),
    // Her newsletter's subscribers.
    route(paths.adminNewsletter, "routes/admin-newsletter.tsx"),
    // Her letters to the subscribers: the list, and each letter (/novy: a new one).
    route(paths.adminLetters, "routes/admin-letters.tsx"),
    route(`${paths.adminLetters}/:id`, "routes/admin-letter.tsx"),
    route(paths.adminBookingSettings, "routes/admin-booking-settings.tsx"),
    // „Přehled“: how her site is doing (issue 38, decision 0040).
    route(paths.adminOverview, "routes/admin-overview.tsx"),
  ]),
  route(siteFilePaths.robots, "routes/robots-txt.ts"),
  route(siteFilePaths.sitemap, "routes/sitemap-xml.ts"),
  route(siteFilePaths.manifest, "routes/site-webmanifest.ts"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
