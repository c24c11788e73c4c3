import type { FormType } from "./form-schemas";

/** Every path of the site, in one place. */
export const paths = {
  home: "/",
  about: "/about",
  gift: "/darek",
  /**
   * Where the scent guide and its PDF once were public: both now lead to the gift page's teaser
   * (the guide itself is on each person's gift page, `/dar/<token>`, decision 0028).
   */
  scentGuide: "/darek/pruvodce-vuni",
  scentGuidePdf: "/darek/pruvodce-vuni.pdf",
  harmonisation: "/harmonizacni",
  members: "/clenska-sekce",
  signIn: "/prihlaseni",
  admin: "/admin",
  adminUsers: "/admin/uzivatele",
  adminAuditLog: "/admin/zaznamy-zmen",
  adminAccount: "/admin/ucet",
  adminMaterials: "/admin/materialy",
  adminPrivacy: "/admin/osobni-udaje",
  /** Her content („Obsah“): the list of what she edits; each item at /admin/obsah/<item>. */
  adminContent: "/admin/obsah",
  /** Her articles in „Obsah“: the list, and each at /admin/obsah/clanky/<id> (a new one: /novy). */
  adminArticles: "/admin/obsah/clanky",
  /** The first administrator's account, from the one-time link the server prints (not indexed). */
  firstAdmin: "/admin/zalozeni-uctu",
  /** A gift's own page: `/dar/<token>`, the link in its e-mail (not indexed). */
  giftDelivery: "/dar",
  /** One submission in the administration: /admin/zaznam/<id>. */
  adminRecord: "/admin/zaznam",
  privacy: "/zasady-ochrany-osobnich-udaju",
  blog: "/blog",
  /** Where the forms post when no script sends them: the server answers with a page. */
  formPost: "/formular",
  /** Booking a session: the offer, a free time, her details (works without scripts too). */
  booking: "/rezervace",
  /** A booking's cancel link: `/rezervace/zruseni#<token>` (not indexed). */
  bookingCancel: "/rezervace/zruseni",
  /** Her bookings in the administration: the day and week view; each at /admin/rezervace/<id>. */
  adminBookings: "/admin/rezervace",
  /** Her hours, exceptions, notice and horizon, and her private calendar feed's address. */
  adminBookingSettings: "/admin/rezervace/nastaveni",
  /** Her private calendar feed: `/kalendar/<token>.ics`, a secret address she can replace (not indexed). */
  calendarFeed: "/kalendar",
  /** Upcoming workshops and live meetings; each at /akce/<slug>. */
  events: "/akce",
  /** A sign-up's cancel link: `/akce/zruseni/<token>` (not indexed). */
  eventCancel: "/akce/zruseni",
  /** Her events in the administration; each at /admin/akce/<id> (a new one: /nova). */
  adminEvents: "/admin/akce",
  /** The newsletter's confirmation link (double opt-in): `/novinky/potvrzeni/<token>` (not indexed). */
  newsletterConfirm: "/novinky/potvrzeni",
  /** A letter's unsubscribe link, and the one-click POST of RFC 8058: `/novinky/odhlaseni/<token>`. */
  newsletterUnsubscribe: "/novinky/odhlaseni",
  /** Where the blog's small form posts a sign-up to the newsletter (it works without scripts). */
  newsletterSignUp: "/novinky/prihlaseni",
  /** The newsletter's subscribers (and, later, her letters) in the administration. */
  adminNewsletter: "/admin/novinky",
  /** Her letters to the subscribers: the list with each letter's figures; each at /admin/novinky/dopisy/<id> (a new one: /novy). */
  adminLetters: "/admin/novinky/dopisy",
  /** „Přehled“: how her site is doing (visits, pages, referrers, requests), first in the administration's menu. */
  adminOverview: "/admin/prehled",
  /** The counting beacon a page sends after a client-side navigation (no cookie, no storage). */
  statsBeacon: "/api/stats/view",
} as const;

/**
 * The administration's screens (its first account's too), which have their own frame:
 * the public site's header and footer are not shown there.
 */
export function isAdministrationPath(pathname: string): boolean {
  return pathname === paths.admin || pathname.startsWith(`${paths.admin}/`);
}

/** The members' own area on the members' page (their sign-in, then their materials). */
export const memberAreaAnchor = "clenstvi";

/** Pages that are pre-rendered to HTML and listed in the sitemap. */
export const publicRoutePaths = [
  paths.home,
  paths.about,
  paths.gift,
  paths.harmonisation,
  paths.members,
  paths.privacy,
  paths.blog,
  paths.events,
  paths.booking,
] as const;

/** Anchors of the privacy notice's sections that other pages link to. */
export const privacyAnchors = {
  cookies: "cookies",
  rights: "prava",
} as const;

/** Anchors of the home page sections. */
export const homeAnchors = {
  home: "home",
  welcome: "welcome",
  services: "services",
  blog: "products",
  reviews: "reviews",
  contact: "contact",
} as const;

/** A link to a home page section that works from every page. */
export function homeSection(anchor: (typeof homeAnchors)[keyof typeof homeAnchors]): string {
  return `/#${anchor}`;
}

/** The query parameter that preselects a service in the contact form. */
export const serviceQueryParam = "sluzba";

/** A link to the contact form with a service already chosen. */
export function contactAbout(service: string): string {
  return `/?${serviceQueryParam}=${encodeURIComponent(service)}#${homeAnchors.contact}`;
}

/**
 * Where each form lives: its page, the id of its `<form>` (the answer to a
 * post without scripts scrolls there), and the anchor of the page that shows
 * its thank-you notice once it was sent that way (`sentWhileWaitingAnchor`:
 * a gift whose material is not there yet, whose notice says so).
 */
export const formPlaces = {
  contact: { page: paths.home, formId: "contact-form", sentAnchor: "odeslano-kontakt" },
  gift_ritual: { page: paths.gift, formId: "gift-ritual-form", sentAnchor: "odeslano-ritual" },
  gift_fragrance: { page: paths.gift, formId: "gift-fragrance-form", sentAnchor: "odeslano-vune" },
} as const satisfies Record<FormType, { page: string; formId: string; sentAnchor: string }>;

/** The anchor of a gift form's notice after a send without scripts while its gift waits. */
export function sentWhileWaitingAnchor(formType: FormType): string {
  return `${formPlaces[formType].sentAnchor}-ceka`;
}
/**
 * The anchor of a gift form's notice after a send without scripts with the newsletter's box
 * ticked: the notice says that the confirmation e-mail comes too (`anchor` is one of the two above).
 */
export function withNewsletterAnchor(anchor: string): string {
  return `${anchor}-novinky`;
}
/** The scent guide's PDF under a personal gift link: the link is its key (decision 0028). */
export function personalGuidePdfPath(token: string): string {
  return `${paths.giftDelivery}/${token}/${personalGuidePdfName}`;
}
export const personalGuidePdfName = "pruvodce-osobni-vuni.pdf";

/** The page store's key of the scent guide's PDF: no address, served only after a link's check. */
export const scentGuidePdfKey = "private scent-guide.pdf";

/** The administration's page of one submission. */
export function adminRecordPath(id: string): string {
  return `${paths.adminRecord}/${encodeURIComponent(id)}`;
}
/** The administration's page of one booking (its person, time and her buttons). */
export function adminBookingPath(id: string): string {
  return `${paths.adminBookings}/${encodeURIComponent(id)}`;
}
/** The administration's page of one event, with its sign-ups and waiting list. */
export function adminEventPath(id: string): string {
  return `${paths.adminEvents}/${encodeURIComponent(id)}`;
}
