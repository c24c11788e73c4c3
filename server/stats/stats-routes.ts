/**
 * Where views are counted: the pages' documents as the site serves them (`countDocuments`), and
 * the beacon a page sends after a client-side navigation (`POST paths.statsBeacon`, its body the
 * new path and query as plain text, as `navigator.sendBeacon` sends a string). Neither sets a
 * cookie or answers anything but a status; the first view of a visit is the document's, the
 * beacon's only those after it.
 */
import type { Context } from "hono";
import { Hono } from "hono";
import { paths } from "#shared/routes";
import { statsMessages } from "#shared/stats";
import { ApiError, retryAfter } from "../api-error";
import { summarizeError } from "../error-summary";
import { readLimitedText } from "../json-route";
import { log } from "../logger";
import { addressBlock } from "../rate-limit";
import {
  campaignOf,
  isCountedPath,
  isPersonsRequest,
  viewOfDocumentRequest,
  visitorOf,
} from "./counted-view";
import type { VisitCounter } from "./visit-counter";

type Counting = {
  counter: VisitCounter;
  clientAddress: (c: Context) => string;
  /** The site's host (SITE_URL's): a referrer from it is no referrer. */
  siteHost: string;
};

/** For the page site (`countView`): counts a document it serves, if a person asked for it. */
export function countDocuments({ counter, clientAddress, siteHost }: Counting) {
  return (c: Context, path: string) => {
    try {
      const view = viewOfDocumentRequest(c, { path, clientAddress: clientAddress(c), siteHost });
      if (view) counter.count(view);
    } catch (error) {
      log.warn({ error: summarizeError(error) }, "A page view could not be counted");
    }
  };
}

/** A beacon's body: a path with its query, as `location.pathname + location.search`. */
const maxBeaconBytes = 512;

/** Beacons one address block may send a minute (a person reads more slowly; a loop is cut short). */
export const beaconsPerMinute = 60;

export function createStatsBeaconRoute({
  counter,
  clientAddress,
  isPage,
  now = () => Date.now(),
}: Omit<Counting, "siteHost"> & {
  /** Whether the store serves `path` as a page (a beacon for anything else is refused). */
  isPage: (path: string) => boolean;
  now?: () => number;
}) {
  // In memory, per server: counts are an estimate, and a database write per beacon would cost
  // more than the view it counts. Forgotten with each minute.
  let window = { start: 0, hits: new Map<string, number>() };
  function limit(block: string) {
    const at = now();
    if (at - window.start >= 60_000) window = { start: at, hits: new Map() };
    const hits = (window.hits.get(block) ?? 0) + 1;
    window.hits.set(block, hits);
    if (hits > beaconsPerMinute) {
      throw new ApiError(429, "too_many_requests", statsMessages.beacon, undefined, {
        ...retryAfter((window.start + 60_000 - at) / 1000),
      });
    }
  }

  return new Hono().post(paths.statsBeacon, async (c) => {
    // Another site's page may send a beacon too (a plain-text POST needs no permission): refused.
    if (c.req.header("Sec-Fetch-Site") === "cross-site") {
      throw new ApiError(403, "cross_site", statsMessages.beacon);
    }
    const address = clientAddress(c);
    limit(addressBlock(address));
    const text = (await readLimitedText(c, maxBeaconBytes)).trim();
    let url: URL;
    try {
      if (!text.startsWith("/") || text.startsWith("//")) throw new Error("not a path");
      url = new URL(text, "http://beacon.invalid");
    } catch {
      throw new ApiError(400, "invalid_beacon", statsMessages.beacon);
    }
    const path = url.pathname.length > 1 ? url.pathname.replace(/\/+$/, "") : url.pathname;
    if (!isCountedPath(path) || !isPage(path)) {
      throw new ApiError(422, "not_a_page", statsMessages.beacon);
    }
    // A navigation inside the site: its referrer is her own page, so only the campaign is read.
    if (isPersonsRequest(c)) {
      counter.count({
        path,
        visitor: visitorOf(c, address),
        campaign: campaignOf(url.searchParams),
      });
    }
    return c.body(null, 204);
  });
}
