/**
 * The one rate limiter of the app, for forms and accounts alike. Fixed
 * windows counted in the `rate_limit_counters` table, so the limits hold
 * across several servers on one PostgreSQL.
 */
import { createHash } from "node:crypto";
import { isIP, isIPv6 } from "node:net";
import { and, eq, gt, lt, type SQL, sql } from "drizzle-orm";
import { type Database, deleteCounting } from "#database/open-database";
import { preparedStatement, type StatementValues } from "#database/prepared-statement";
import { rateLimitCounters } from "#database/schema";
import type { Clock } from "./clock";
import { summarizeError } from "./error-summary";
import { log } from "./logger";
import type { PersonalDataRegistration } from "./personal-data";

/** How many requests one key may make within one window. */
export type RateLimitRule = { limit: number; windowMs: number };

/** The longest window a rule may have: rows older than this are finished and removed. */
export const longestWindowMs = 60 * 60_000;

/** Removes the windows that have ended for every rule; returns how many rows went. */
export async function deleteFinishedWindows(db: Database, now: Date): Promise<number> {
  return deleteCounting(
    db,
    rateLimitCounters,
    lt(rateLimitCounters.windowStart, new Date(now.getTime() - longestWindowMs)),
  );
}

/** How often one server removes finished windows (a small table, one delete). */
const cleanUpEveryMs = 60_000;

export type RateLimitHit = {
  /** Whether this request is still within the rule. */
  allowed: boolean;
  /** Seconds until the current window ends: the Retry-After of a refusal. */
  retryAfterSeconds: number;
};

/** A request counted before the work its rule guards (`RateLimiter.take`). */
export type RateLimitSlot = RateLimitHit & {
  /** Gives the request back: the work turned out not to count (a right code). */
  release(): Promise<void>;
};

/** One key to count, under its rule. */
export type RateLimitCount = { key: string; rule: RateLimitRule };

/** What counting two keys in turn says: `second` is absent when it was not counted. */
export type CountedInTurn = { first: RateLimitHit; second?: RateLimitHit };

/**
 * `hitInTurn`'s counting as WITH queries of a caller's own statement, so
 * that a request counts its limits and stores what it brings in one round
 * trip (`storeTogether` in server/forms/submit-form.ts). The caller makes its
 * writes depend on `firstAllowed` (and `secondAllowed`), selects `counts`,
 * and hands the row it gets back to `settle`.
 */
export type CountInTurn = {
  /**
   * `first_key as (…), second_key as (…)`: the first entries of the WITH list.
   * This and the other SQL parts are the same for every request (prepared once,
   * `database/prepared-statement.ts`); what differs is in `values`.
   */
  queries: SQL;
  /** True within the statement when the first key is within its rule. */
  firstAllowed: SQL;
  /** True when the second key was counted and is within its rule. */
  secondAllowed: SQL;
  /** The select list the statement returns: `first_hits, second_hits`. */
  counts: SQL;
  /** The values of the parts' placeholders. */
  values: StatementValues;
  /** Reads the returned counts (and removes finished windows now and then). */
  settle(row: CountRow | undefined): Promise<CountedInTurn>;
};

/** The row a statement with `CountInTurn.counts` returns. */
export type CountRow = { first_hits: number | string | null; second_hits: number | string | null };

export type RateLimiter = {
  /** Counts one request of `key` and says whether it is still within the rule. */
  hit(key: string, rule: RateLimitRule): Promise<RateLimitHit>;
  /**
   * Counts one request of `key` before the work its rule guards, in one
   * statement: of many parallel requests, only `rule.limit` are allowed, as
   * none waits for another's outcome. `release` takes the request back when
   * the work should not count after all.
   */
  take(key: string, rule: RateLimitRule): Promise<RateLimitSlot>;
  /**
   * Counts `first`, and `second` only if `first` is still within its rule, in
   * one statement (one round trip instead of two): a request refused by the
   * first limit never counts towards the second. `second` is absent when it
   * was not counted.
   */
  hitInTurn(first: RateLimitCount, second: RateLimitCount): Promise<CountedInTurn>;
  /** The same counting, to be made part of the caller's own statement. */
  countInTurn(first: RateLimitCount, second: RateLimitCount): CountInTurn;
  /** Says whether `key` has used up its rule, without counting a request. */
  isOver(key: string, rule: RateLimitRule): Promise<boolean>;
  /** Seconds until the current window of `rule` ends: the Retry-After of a refusal `isOver` made. */
  retryAfterSeconds(rule: RateLimitRule): number;
};

/**
 * Counting two keys in turn. Each insert counts one key, as `hit` does; the
 * second only runs on a row of the first within its limit. Two keys of one
 * statement must differ (they would be one row updated twice), so a request
 * never names the same key twice.
 */
const countingInTurn = {
  queries: sql`first_key as (
    insert into ${rateLimitCounters} (key, window_start, hits)
    values (${sql.placeholder("first_key")}, ${sql.placeholder("first_window")}::timestamptz, 1)
    on conflict (key, window_start) do update set hits = ${rateLimitCounters.hits} + 1
    returning hits
  ), second_key as (
    insert into ${rateLimitCounters} (key, window_start, hits)
    select ${sql.placeholder("second_key")}, ${sql.placeholder("second_window")}::timestamptz, 1
    from first_key where first_key.hits <= ${sql.placeholder("first_limit")}
    on conflict (key, window_start) do update set hits = ${rateLimitCounters.hits} + 1
    returning hits
  )`,
  firstAllowed: sql`exists (select from first_key where first_key.hits <= ${sql.placeholder("first_limit")})`,
  secondAllowed: sql`exists (select from second_key where second_key.hits <= ${sql.placeholder("second_limit")})`,
  counts: sql`(select hits from first_key) as first_hits, (select hits from second_key) as second_hits`,
};

/** The counting alone, for a caller with nothing else to store (`hitInTurn`). */
const countOnly = preparedStatement<CountRow>(
  () => sql`with ${countingInTurn.queries} select ${countingInTurn.counts}`,
);

/**
 * Windows are aligned to the clock and divide an hour, so deleting rows
 * that started over an hour ago only ever removes finished windows. The
 * limiter removes them itself, at most once a minute per server.
 */
export function createRateLimiter({ db, clock }: { db: Database; clock: Clock }): RateLimiter {
  let lastCleanUp = Number.NEGATIVE_INFINITY;

  const windowOf = (rule: RateLimitRule) => {
    if (longestWindowMs % rule.windowMs !== 0) {
      throw new Error(`A rate-limit window must divide an hour; ${rule.windowMs} ms does not`);
    }
    const now = clock.now().getTime();
    const start = now - (now % rule.windowMs);
    return {
      start: new Date(start),
      retryAfterSeconds: Math.ceil((start + rule.windowMs - now) / 1000),
    };
  };

  /** A key's count in the window it was counted in, as the caller reads it. */
  const verdict = (
    hits: number,
    rule: RateLimitRule,
    window: ReturnType<typeof windowOf>,
  ): RateLimitHit => ({
    allowed: hits <= rule.limit,
    retryAfterSeconds: window.retryAfterSeconds,
  });

  /**
   * Housekeeping: it never fails the request that triggered it, which may
   * already have stored what it brought (`countInTurn`'s statement).
   */
  async function cleanUp() {
    const now = clock.now().getTime();
    if (now - lastCleanUp < cleanUpEveryMs) return;
    lastCleanUp = now;
    try {
      await deleteFinishedWindows(db, new Date(now));
    } catch (error) {
      log.warn(
        { error: summarizeError(error) },
        "Finished rate-limit windows not removed; trying again in a minute",
      );
    }
  }

  function countInTurn(first: RateLimitCount, second: RateLimitCount): CountInTurn {
    const [firstWindow, secondWindow] = [windowOf(first.rule), windowOf(second.rule)];
    return {
      ...countingInTurn,
      values: {
        first_key: first.key,
        first_window: firstWindow.start.toISOString(),
        first_limit: first.rule.limit,
        second_key: second.key,
        second_window: secondWindow.start.toISOString(),
        second_limit: second.rule.limit,
      },
      async settle(row) {
        await cleanUp();
        const secondHits = row?.second_hits ?? null;
        return {
          first: verdict(Number(row?.first_hits ?? 0), first.rule, firstWindow),
          ...(secondHits !== null && {
            second: verdict(Number(secondHits), second.rule, secondWindow),
          }),
        };
      },
    };
  }

  /** Counts one request of `key` in `window`; the count it makes is its own, however many run at once. */
  async function count(key: string, window: ReturnType<typeof windowOf>) {
    const [counted] = await db
      .insert(rateLimitCounters)
      .values({ key, windowStart: window.start, hits: 1 })
      .onConflictDoUpdate({
        target: [rateLimitCounters.key, rateLimitCounters.windowStart],
        set: { hits: sql`${rateLimitCounters.hits} + 1` },
      })
      .returning({ hits: rateLimitCounters.hits });
    await cleanUp();
    return counted?.hits ?? 0;
  }

  return {
    async hit(key, rule) {
      const window = windowOf(rule);
      return verdict(await count(key, window), rule, window);
    },
    async take(key, rule) {
      const window = windowOf(rule);
      const hits = await count(key, window);
      return {
        ...verdict(hits, rule, window),
        async release() {
          await db
            .update(rateLimitCounters)
            .set({ hits: sql`${rateLimitCounters.hits} - 1` })
            .where(
              and(
                eq(rateLimitCounters.key, key),
                eq(rateLimitCounters.windowStart, window.start),
                gt(rateLimitCounters.hits, 0),
              ),
            );
        },
      };
    },
    async hitInTurn(first, second) {
      const counting = countInTurn(first, second);
      const [row] = await countOnly(db, counting.values);
      return counting.settle(row);
    },
    countInTurn,
    async isOver(key, rule) {
      const [row] = await db
        .select({ hits: rateLimitCounters.hits })
        .from(rateLimitCounters)
        .where(
          and(
            eq(rateLimitCounters.key, key),
            eq(rateLimitCounters.windowStart, windowOf(rule).start),
          ),
        );
      return (row?.hits ?? 0) >= rule.limit;
    },
    retryAfterSeconds: (rule) => windowOf(rule).retryAfterSeconds,
  };
}

/**
 * One visitor's address, as rate limits count it: an IPv4 address as it is,
 * an IPv6 address by its /64 network (one household or server gets a whole
 * /64, so counting single IPv6 addresses would let one client pick from 2^64).
 */
export function addressBlock(address: string): string {
  const mappedIpv4 = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mappedIpv4?.[1]) return mappedIpv4[1];
  if (!isIPv6(address)) {
    // Not an address (a proxy passing on junk): a short key all the same.
    if (isIP(address) || address.length <= 64) return address;
    return `digest:${createHash("sha256").update(address).digest("hex").slice(0, 32)}`;
  }
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

/**
 * The address block a person is known by where it is kept (the proof of a newsletter consent)
 * or hashed (a visitor of the day, server/stats/): IPv4 by its /24, IPv6 by its /48. Counting
 * asks for it with every page served, so a plain IPv4 address takes a short way.
 */
export function consentAddressBlock(clientAddress: string): string {
  const plainIpv4 = /^(?:::ffff:)?(\d{1,3}\.\d{1,3}\.\d{1,3})\.\d{1,3}$/i.exec(clientAddress);
  if (plainIpv4) return `${plainIpv4[1]}.0/24`;
  const block = addressBlock(clientAddress);
  if (isIPv6(clientAddress) && block.endsWith("::/64")) {
    return `${block.slice(0, -"::/64".length).split(":").slice(0, 3).join(":")}::/48`;
  }
  const ipv4 = /^(\d+)\.(\d+)\.(\d+)\.\d+$/.exec(block);
  return ipv4 ? `${ipv4[1]}.${ipv4[2]}.${ipv4[3]}.0/24` : "neznámá";
}

/**
 * The counters' keys hold address blocks and e-mail addresses: each window is forgotten once it
 * has ended (by housekeeping too, on a server whose limiter has had no request for a while).
 */
export const rateLimitPersonalData: PersonalDataRegistration = {
  module: "server/rate-limit.ts",
  tables: [rateLimitCounters],
  housekeeping: {
    /** Rate-limit windows that have ended (their keys hold address blocks and e-mails). */
    rateLimitWindows: { forget: deleteFinishedWindows, routine: true },
  },
};
