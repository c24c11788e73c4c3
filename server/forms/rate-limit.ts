/**
 * Limits how often one client address may send forms, and how often one
 * e-mail address may be written to (the forms send mail to the address typed
 * in, which must not become a way to flood someone's inbox). The counters
 * live in the database, so several servers on one PostgreSQL share them.
 */
import { isIPv6 } from "node:net";
import { lt, sql } from "drizzle-orm";
import type { Database } from "#database/open-database";
import { rateLimitCounters } from "#database/schema";
import { rateLimitedMessage } from "#shared/form-schemas";
import { ApiError } from "../api-error";
import type { Clock } from "../clock";

const windowMs = 60 * 60_000;

/** Counts one submission for every key; throws a 429 when any key is over `limitPerHour`. */
export async function enforceRateLimit(
  db: Database,
  clock: Clock,
  { keys, limitPerHour }: { keys: string[]; limitPerHour: number },
) {
  const now = clock.now().getTime();
  const windowStart = new Date(now - (now % windowMs));
  const counted = await db
    .insert(rateLimitCounters)
    .values(keys.map((key) => ({ key, windowStart, hits: 1 })))
    .onConflictDoUpdate({
      target: [rateLimitCounters.key, rateLimitCounters.windowStart],
      set: { hits: sql`${rateLimitCounters.hits} + 1` },
    })
    .returning({ hits: rateLimitCounters.hits });
  await db.delete(rateLimitCounters).where(lt(rateLimitCounters.windowStart, windowStart));

  if (counted.some(({ hits }) => hits > limitPerHour)) {
    const retryAfterSeconds = Math.ceil((windowStart.getTime() + windowMs - now) / 1000);
    throw new ApiError(429, "rate_limited", rateLimitedMessage, undefined, {
      "Retry-After": String(retryAfterSeconds),
    });
  }
}

/** The rate-limit keys of one submission. */
export function rateLimitKeys(clientAddress: string, email: string): string[] {
  return [`address:${addressBlock(clientAddress)}`, `email:${email.toLowerCase()}`];
}

/**
 * One visitor's address: an IPv4 address as it is, an IPv6 address by its
 * /64 network (one household or server gets a whole /64).
 */
export function addressBlock(address: string): string {
  const mappedIpv4 = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mappedIpv4?.[1]) return mappedIpv4[1];
  if (!isIPv6(address)) return address;
  const [head = "", tail = ""] = address.split("::");
  const headGroups = head ? head.split(":") : [];
  const tailGroups = address.includes("::") && tail ? tail.split(":") : [];
  const groups = address.includes("::")
    ? [...headGroups, ...Array(8 - headGroups.length - tailGroups.length).fill("0"), ...tailGroups]
    : headGroups;
  return `${groups
    .slice(0, 4)
    .map((group) => Number.parseInt(group, 16).toString(16))
    .join(":")}::/64`;
}
