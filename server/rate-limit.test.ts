import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rateLimitCounters } from "#database/schema";
import { refuseWrites } from "#testing/injected-failure";
import { createTestClock } from "#testing/test-app";
import { openTimeoutMs, type TestDatabaseHandle, testDatabases } from "#testing/test-databases";
import { captureLog } from "./logger";
import { addressBlock, createRateLimiter } from "./rate-limit";

const minute = 60_000;

describe.each(testDatabases)("the rate limiter on $name", ({ open }) => {
  let database: TestDatabaseHandle;
  beforeAll(async () => {
    database = await open();
  }, openTimeoutMs);
  afterAll(async () => {
    await database?.close();
  }, openTimeoutMs);

  it("allows `limit` hits in a window, refuses the next with the seconds left, and starts again in the next window", async () => {
    const clock = createTestClock(new Date("2026-05-04T08:10:00Z"));
    const limiter = createRateLimiter({ db: database.db, clock });
    const rule = { limit: 2, windowMs: 15 * minute };

    expect((await limiter.hit("zkouska:a", rule)).allowed).toBe(true);
    expect(await limiter.isOver("zkouska:a", rule)).toBe(false);
    expect((await limiter.hit("zkouska:a", rule)).allowed).toBe(true);
    expect(await limiter.isOver("zkouska:a", rule)).toBe(true);
    expect(await limiter.hit("zkouska:a", rule)).toEqual({
      allowed: false,
      retryAfterSeconds: 5 * 60,
    });
    expect((await limiter.hit("zkouska:b", rule)).allowed).toBe(true);

    clock.advance(5 * minute);
    expect((await limiter.hit("zkouska:a", rule)).allowed).toBe(true);
  });

  it("takes a request before the work it guards: of many at once only `limit` are allowed, and a released one is given back", async () => {
    const clock = createTestClock(new Date("2026-05-04T08:40:00Z"));
    const limiter = createRateLimiter({ db: database.db, clock });
    const rule = { limit: 5, windowMs: 15 * minute };
    const taken = await Promise.all(
      Array.from({ length: 20 }, () => limiter.take("zkouska:naraz", rule)),
    );
    expect(taken.filter((slot) => slot.allowed)).toHaveLength(5);
    expect(taken.every((slot) => slot.retryAfterSeconds === 5 * 60)).toBe(true);

    const fresh = { limit: 2, windowMs: 15 * minute };
    const first = await limiter.take("zkouska:vraceni", fresh);
    await first.release();
    expect((await limiter.take("zkouska:vraceni", fresh)).allowed).toBe(true);
    expect((await limiter.take("zkouska:vraceni", fresh)).allowed).toBe(true);
    expect((await limiter.take("zkouska:vraceni", fresh)).allowed).toBe(false);
  });

  it("counts two keys in turn in one statement: the second only while the first is within its rule", async () => {
    const clock = createTestClock(new Date("2026-05-04T09:10:00Z"));
    const limiter = createRateLimiter({ db: database.db, clock });
    const address = { key: "poradi:adresa", rule: { limit: 2, windowMs: 15 * minute } };
    const recipient = { key: "poradi:prijemce", rule: { limit: 1, windowMs: 60 * minute } };
    const hitsOf = async (key: string) =>
      (await database.db.select().from(rateLimitCounters))
        .filter((row) => row.key === key)
        .map((row) => [row.windowStart.toISOString(), row.hits]);

    expect(await limiter.hitInTurn(address, recipient)).toEqual({
      first: { allowed: true, retryAfterSeconds: 5 * 60 },
      second: { allowed: true, retryAfterSeconds: 50 * 60 },
    });
    // The second key over its rule: reported, while the first is still counted as allowed.
    expect(await limiter.hitInTurn(address, recipient)).toEqual({
      first: { allowed: true, retryAfterSeconds: 5 * 60 },
      second: { allowed: false, retryAfterSeconds: 50 * 60 },
    });
    // The first key over its rule: refused, and the second is not counted at all.
    expect(await limiter.hitInTurn(address, recipient)).toEqual({
      first: { allowed: false, retryAfterSeconds: 5 * 60 },
    });
    expect(await hitsOf("poradi:adresa")).toEqual([["2026-05-04T09:00:00.000Z", 3]]);
    expect(await hitsOf("poradi:prijemce")).toEqual([["2026-05-04T09:00:00.000Z", 2]]);
    // Each key has the window of its own rule, the same as `hit` gives it.
    expect(await limiter.isOver("poradi:adresa", address.rule)).toBe(true);
    clock.advance(5 * minute);
    expect((await limiter.hitInTurn(address, recipient)).first.allowed).toBe(true);
    expect(await hitsOf("poradi:prijemce")).toEqual([["2026-05-04T09:00:00.000Z", 3]]);
  });

  it("answers its count even when removing finished windows fails, and says so in the log", async () => {
    // The counting may share its statement with what a request stores (a form's submission):
    // housekeeping that fails afterwards must not turn a stored submission into an error.
    const clock = createTestClock(new Date("2026-05-06T08:00:00Z"));
    const limiter = createRateLimiter({ db: database.db, clock });
    const rule = { limit: 5, windowMs: 5 * minute };
    const restore = await refuseWrites(database.db, {
      name: "refuse_test_cleanup",
      table: "rate_limit_counters",
      event: "delete",
      message: "clean-up failed (injected by the test)",
    });
    let counted: Awaited<ReturnType<typeof limiter.hitInTurn>> | undefined;
    let lines: Awaited<ReturnType<typeof captureLog>> = [];
    try {
      lines = await captureLog(async () => {
        counted = await limiter.hitInTurn(
          { key: "uklid-selhal:adresa", rule },
          { key: "uklid-selhal:prijemce", rule },
        );
      });
    } finally {
      await restore();
    }

    expect(counted?.first.allowed).toBe(true);
    expect(counted?.second?.allowed).toBe(true);
    expect(lines.filter((line) => line.level === "warn").map((line) => line.msg)).toEqual([
      "Finished rate-limit windows not removed; trying again in a minute",
    ]);
  });

  it("removes finished windows itself, so no other limiter has to", async () => {
    const clock = createTestClock(new Date("2026-05-05T08:00:00Z"));
    const limiter = createRateLimiter({ db: database.db, clock });
    const rule = { limit: 5, windowMs: 5 * minute };
    await limiter.hit("uklid:stary", rule);
    const keys = async () =>
      (await database.db.select({ key: rateLimitCounters.key }).from(rateLimitCounters))
        .map((row) => row.key)
        .filter((key) => key.startsWith("uklid:"));
    expect(await keys()).toEqual(["uklid:stary"]);

    clock.advance(61 * minute);
    await limiter.hit("uklid:novy", rule);
    expect(await keys()).toEqual(["uklid:novy"]);
  });

  it("refuses a window that does not divide an hour (clean-up could remove a live one)", async () => {
    const limiter = createRateLimiter({ db: database.db, clock: createTestClock() });
    await expect(limiter.hit("zkouska:c", { limit: 1, windowMs: 7 * minute })).rejects.toThrow(
      /divide an hour/,
    );
  });
});

describe("addressBlock", () => {
  it.each([
    ["203.0.113.7", "203.0.113.7"],
    ["::ffff:203.0.113.7", "203.0.113.7"],
    ["2001:db8:1:2::10", "2001:db8:1:2::/64"],
    ["2001:0db8:0001:0002:ffff:ffff:ffff:ffff", "2001:db8:1:2::/64"],
    ["2001:db8::1", "2001:db8:0:0::/64"],
    ["unknown", "unknown"],
  ])("counts %s as %s", (address, block) => {
    expect(addressBlock(address)).toBe(block);
  });

  it("turns a long non-address (a proxy passing on junk) into a short key", () => {
    const block = addressBlock("x".repeat(3000));
    expect(block).toMatch(/^digest:[0-9a-f]{32}$/);
    expect(addressBlock("x".repeat(3000))).toBe(block);
  });
});
