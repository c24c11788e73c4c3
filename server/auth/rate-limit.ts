/** How many requests one key may make within one window. */
export type RateLimitRule = { limit: number; windowMs: number };

/**
 * Counts requests per key in fixed windows, in memory. Fine for the one
 * process of a small site; behind several instances each counts its own
 * share, which only loosens the limit.
 */
export class RateLimiter {
  private readonly windows = new Map<string, { startedAt: number; count: number }>();
  private readonly now: () => number;

  constructor(now: () => number = Date.now) {
    this.now = now;
  }

  /** Records one request and says whether it is still within the rule. */
  hit(key: string, rule: RateLimitRule): boolean {
    const now = this.now();
    const window = this.windows.get(key);
    if (!window || now - window.startedAt >= rule.windowMs) {
      this.windows.set(key, { startedAt: now, count: 1 });
      this.forgetOldWindows(now, rule.windowMs);
      return rule.limit >= 1;
    }
    window.count += 1;
    return window.count <= rule.limit;
  }

  /** Says whether a key is already over its rule, without counting a request. */
  isOver(key: string, rule: RateLimitRule): boolean {
    const window = this.windows.get(key);
    if (!window || this.now() - window.startedAt >= rule.windowMs) return false;
    return window.count >= rule.limit;
  }

  private forgetOldWindows(now: number, windowMs: number) {
    if (this.windows.size < 10_000) return;
    for (const [key, window] of this.windows) {
      if (now - window.startedAt >= windowMs) this.windows.delete(key);
    }
  }
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
