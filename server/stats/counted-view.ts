/**
 * Which requests are a person's page view, and what of them is counted
 * (docs/decisions/0039-counting-visits.md): not a bot's (isbot, and a request without what every
 * browser sends), not a prefetch, not the administration; the referrer's domain only, and
 * `utm_*` from the address.
 */
import type { Context } from "hono";
import { isbot } from "isbot";
import { isAdministrationPath, paths } from "#shared/routes";
import { consentAddressBlock } from "../newsletter/subscribers";
import type { CountedView } from "./visit-counter";

/** How long a campaign's part or a referrer's domain may be (the tables' CHECKs). */
const maxCampaignPart = 100;
const maxDomain = 253;

/** Private pages, never counted even when the store has them (a gift's page, a cancel link…). */
const uncountedPrefixes = [
  paths.giftDelivery,
  paths.bookingCancel,
  paths.eventCancel,
  paths.newsletterConfirm,
  paths.newsletterUnsubscribe,
  paths.calendarFeed,
];

export function isCountedPath(path: string): boolean {
  return (
    path.startsWith("/") &&
    path.length <= 300 &&
    !isAdministrationPath(path) &&
    !uncountedPrefixes.some((prefix) => path === prefix || path.startsWith(`${prefix}/`))
  );
}

/**
 * Whether a request comes from a person's browser. A page works without scripts, so „no
 * JavaScript“ cannot tell a bot: what tells one is a request lacking what every browser sends
 * with a page (a user agent isbot does not know, `Accept-Language`), and a prefetch or prerender
 * is not a view until it is shown (the browser then sends no second request, so it goes uncounted).
 */
export function isPersonsRequest(c: Context): boolean {
  const userAgent = c.req.header("User-Agent");
  if (!userAgent || isKnownBot(userAgent)) return false;
  if (!c.req.header("Accept-Language")) return false;
  const purpose = `${c.req.header("Sec-Purpose") ?? ""} ${c.req.header("Purpose") ?? ""} ${c.req.header("X-Moz") ?? ""}`;
  return !/prefetch|prerender/i.test(purpose);
}

/**
 * isbot's pattern is long, and a site's visitors bring few user agents: each is judged once
 * (up to 1,000 remembered, then forgotten all at once: a flood of made-up ones costs no memory).
 */
const botVerdicts = new Map<string, boolean>();
function isKnownBot(userAgent: string): boolean {
  let verdict = botVerdicts.get(userAgent);
  if (verdict === undefined) {
    if (botVerdicts.size >= 1000) botVerdicts.clear();
    verdict = isbot(userAgent);
    botVerdicts.set(userAgent, verdict);
  }
  return verdict;
}

/** A page view from the document's request (a GET answered with a stored page), if it counts. */
export function viewOfDocumentRequest(
  c: Context,
  { path, clientAddress, siteHost }: { path: string; clientAddress: string; siteHost: string },
): CountedView | undefined {
  if (c.req.method !== "GET" || !isCountedPath(path) || !isPersonsRequest(c)) return undefined;
  // A browser that says what it asks for says a document (old Safari sends no Sec-Fetch-*).
  const destination = c.req.header("Sec-Fetch-Dest");
  if (destination !== undefined && destination !== "document") return undefined;
  if (!/text\/html|\*\/\*/.test(c.req.header("Accept") ?? "")) return undefined;
  const url = new URL(c.req.url);
  return {
    path,
    visitor: visitorOf(c, clientAddress),
    referrer: referrerDomain(c.req.header("Referer"), [siteHost, url.host]),
    campaign: campaignOf(url.searchParams),
  };
}

/** The visitor's day key before it is hashed: the address's block (/24, /48) and the browser. */
export function visitorOf(c: Context, clientAddress: string): string {
  return `${consentAddressBlock(clientAddress)}\n${c.req.header("User-Agent") ?? ""}`;
}

/** The referrer's host, unless it is the site's own (or not a web address). */
export function referrerDomain(
  referrer: string | undefined,
  ownHosts: readonly string[],
): string | undefined {
  if (!referrer) return undefined;
  let url: URL;
  try {
    url = new URL(referrer);
  } catch {
    return undefined;
  }
  const domain = url.hostname.toLowerCase().replace(/\.$/, "");
  const own = ownHosts.map((host) => host.toLowerCase().replace(/:\d+$/, ""));
  if (!domain || domain.length > maxDomain || own.includes(domain)) return undefined;
  return domain;
}

/** `utm_source`, `utm_medium` and `utm_campaign`, when any is given. */
export function campaignOf(query: URLSearchParams): CountedView["campaign"] {
  const part = (name: string) =>
    // Control characters (a NUL PostgreSQL cannot store) are no campaign's.
    (query.get(name) ?? "")
      .replace(/\p{Cc}/gu, "")
      .trim()
      .slice(0, maxCampaignPart);
  const campaign = {
    source: part("utm_source"),
    medium: part("utm_medium"),
    campaign: part("utm_campaign"),
  };
  return campaign.source || campaign.medium || campaign.campaign ? campaign : undefined;
}
