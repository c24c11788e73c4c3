import { and, eq, sql } from "drizzle-orm";
import type { Database } from "#database/open-database";
import { rateLimitCounters } from "#database/schema";

/** How many requests one key may make within one window (a window divides an hour). */
export type RateLimitRule = { limit: number; windowMs: number };

export type RateLimiter = {
  /** Counts one request and says whether it is still within the rule. */
  hit(key: string, rule: RateLimitRule): Promise<boolean>;
  /** Says whether a key has used up its rule, without counting a request. */
  isOver(key: string, rule: RateLimitRule): Promise<boolean>;
};

/**
 * Fixed windows counted in the `rate_limit_counters` table the form API
 * uses too, so the limits hold across several servers on one PostgreSQL.
 * Windows are aligned to the clock and divide an hour, so the form API's
 * clean-up of past hours only ever removes finished windows.
 */
export function createRateLimiter(db: Database, now: () => Date): RateLimiter {
  const windowStartOf = (rule: RateLimitRule) => {
    const time = now().getTime();
    return new Date(time - (time % rule.windowMs));
  };
  return {
    async hit(key, rule) {
      const [counted] = await db
        .insert(rateLimitCounters)
        .values({ key: `auth:${key}`, windowStart: windowStartOf(rule), hits: 1 })
        .onConflictDoUpdate({
          target: [rateLimitCounters.key, rateLimitCounters.windowStart],
          set: { hits: sql`${rateLimitCounters.hits} + 1` },
        })
        .returning({ hits: rateLimitCounters.hits });
      return (counted?.hits ?? 0) <= rule.limit;
    },
    async isOver(key, rule) {
      const [row] = await db
        .select({ hits: rateLimitCounters.hits })
        .from(rateLimitCounters)
        .where(
          and(
            eq(rateLimitCounters.key, `auth:${key}`),
            eq(rateLimitCounters.windowStart, windowStartOf(rule)),
          ),
        );
      return (row?.hits ?? 0) >= rule.limit;
    },
  };
}

const minute = 60_000;

/**
 * The limits of the auth endpoints, copied loosely from GoTrue. Refreshes are
 * limited loosely: a refused refresh signs the browser out.
 */
export const authRateLimits = {
  signInPerAddress: { limit: 60, windowMs: 5 * minute },
  failedSignInsPerEmail: { limit: 10, windowMs: 15 * minute },
  signUpPerAddress: { limit: 20, windowMs: 60 * minute },
  recoverPerAddress: { limit: 10, windowMs: 60 * minute },
  recoveryEmailPerEmail: { limit: 1, windowMs: minute },
  refreshPerAddress: { limit: 300, windowMs: 5 * minute },
  verifyPerAddress: { limit: 30, windowMs: 5 * minute },
} satisfies Record<string, RateLimitRule>;

export type AuthRateLimits = typeof authRateLimits;
