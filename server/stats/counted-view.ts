/**
 * Which requests are a person's page view, and what of them is counted
 * (docs/decisions/0039-counting-visits.md): not a bot's (isbot, and a request without what every
 * browser sends), not a prefetch, not the administration; the referrer's domain only, and
 * `utm_*` from the address.
 */
import type { Context } from "hono";
import { isbot } from "isbot";
import { isAdministrationPath, paths } from "#shared/routes";
import { incomingHeaders } from "../incoming-headers";
import { consentAddressBlock } from "../rate-limit";
import type { CountedView } from "./visit-counter";

/** How long a campaign's part or a referrer's domain may be (the tables' CHECKs). */
const maxCampaignPart = 100;
const maxDomain = 253;

/** Private pages, never counted even when the store has them (a gift's page, a cancel link…). */
const uncountedPrefixes: readonly string[] = [
  paths.giftDelivery,
  paths.bookingCancel,
  paths.eventCancel,
  paths.newsletterConfirm,
  paths.newsletterUnsubscribe,
  paths.calendarFeed,
];
const uncountedFolders = uncountedPrefixes.map((prefix) => `${prefix}/`);

export function isCountedPath(path: string): boolean {
  return (
    path.startsWith("/") &&
    path.length <= 300 &&
    !isAdministrationPath(path) &&
    !uncountedPrefixes.includes(path) &&
    !uncountedFolders.some((folder) => path.startsWith(folder))
  );
}

/** What counting reads of a request's headers (names in lower case, as Node gives them). */
const countingHeaderNames = [
  "user-agent",
  "accept-language",
  "sec-purpose",
  "purpose",
  "x-moz",
  "sec-fetch-dest",
  "accept",
  "referer",
] as const;
type CountingHeaders = Partial<Record<(typeof countingHeaderNames)[number], string>>;

/**
 * The headers counting reads, from the object Node builds for every request
 * (../incoming-headers.ts): every page served pays for this, and the bench asks counting to cost
 * ≤ 5 % of a page.
 */
function countingHeaders(c: Context): CountingHeaders {
  // Node's values are strings: only `Set-Cookie`, which counting does not read, is an array.
  const incoming = incomingHeaders(c) as CountingHeaders | undefined;
  if (incoming) return incoming;
  const headers: CountingHeaders = {};
  for (const name of countingHeaderNames) headers[name] = c.req.header(name);
  return headers;
}

/**
 * Whether a request comes from a person's browser. A page works without scripts, so „no
 * JavaScript“ cannot tell a bot: what tells one is a request lacking what every browser sends
 * with a page (a user agent isbot does not know, `Accept-Language`), and a prefetch or prerender
 * is not a view until it is shown (the browser then sends no second request, so it goes uncounted).
 */
export function isPersonsRequest(c: Context, headers = countingHeaders(c)): boolean {
  const userAgent = headers["user-agent"];
  if (!userAgent || isKnownBot(userAgent)) return false;
  if (!headers["accept-language"]) return false;
  const purpose = `${headers["sec-purpose"] ?? ""} ${headers.purpose ?? ""} ${headers["x-moz"] ?? ""}`;
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

/**
 * A page view from the document's request (a GET answered with a stored page), if it counts.
 * Every page served pays for this, so the headers are read in one pass and the address is
 * parsed only when a referrer or a campaign needs it.
 */
export function viewOfDocumentRequest(
  c: Context,
  { path, clientAddress, siteHost }: { path: string; clientAddress: string; siteHost: string },
): CountedView | undefined {
  if (c.req.method !== "GET" || !isCountedPath(path)) return undefined;
  const headers = countingHeaders(c);
  if (!isPersonsRequest(c, headers)) return undefined;
  // A browser that says what it asks for says a document (old Safari sends no Sec-Fetch-*).
  const destination = headers["sec-fetch-dest"];
  if (destination !== undefined && destination !== "document") return undefined;
  if (!/text\/html|\*\/\*/.test(headers.accept ?? "")) return undefined;
  const referrer = headers.referer;
  const address = c.req.url;
  const query = address.indexOf("?");
  // „utm“, not „utm_“: a campaign's name may come percent-encoded („utm%5Fsource“).
  const url =
    referrer || (query >= 0 && address.includes("utm", query)) ? new URL(address) : undefined;
  return {
    path,
    visitor: visitorKey(clientAddress, headers["user-agent"]),
    referrer: url && referrerDomain(referrer, [siteHost, url.host]),
    campaign: url && campaignOf(url.searchParams),
  };
}

/** The visitor's day key before it is hashed: the address's block (/24, /48) and the browser. */
export function visitorOf(c: Context, clientAddress: string): string {
  return visitorKey(clientAddress, countingHeaders(c)["user-agent"]);
}

function visitorKey(clientAddress: string, userAgent: string | undefined): string {
  return `${consentAddressBlock(clientAddress)}\n${userAgent ?? ""}`;
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
  const domain = siteOfHost(url.hostname);
  const own = ownHosts.map((host) => siteOfHost(host.replace(/:\d+$/, "")));
  if (!domain || domain.length > maxDomain || own.includes(domain)) return undefined;
  return domain;
}

/**
 * A host as she knows the site: without `www.` and the phone and link-redirect hosts big sites
 * send visitors through (`m.`, `l.`, `lm.`: „l.instagram.com“ and „www.instagram.com“ are both
 * Instagram on her list), unless that would leave no domain.
 */
function siteOfHost(host: string): string {
  const name = host.toLowerCase().replace(/\.$/, "");
  const bare = name.replace(/^(?:www|m|l|lm)\./, "");
  return bare.includes(".") ? bare : name;
}

/** `utm_source`, `utm_medium` and `utm_campaign`, when any is given. */
export function campaignOf(query: URLSearchParams): CountedView["campaign"] {
  const campaign = {
    source: campaignPart(query, "utm_source"),
    medium: campaignPart(query, "utm_medium"),
    campaign: campaignPart(query, "utm_campaign"),
  };
  return campaign.source || campaign.medium || campaign.campaign ? campaign : undefined;
}

function campaignPart(query: URLSearchParams, name: string): string {
  // Control characters (a NUL PostgreSQL cannot store) are no campaign's.
  return (query.get(name) ?? "")
    .replace(/\p{Cc}/gu, "")
    .trim()
    .slice(0, maxCampaignPart);
}
