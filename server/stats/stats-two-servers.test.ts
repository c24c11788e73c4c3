/**
 * Two servers on one PostgreSQL, each counting in its own memory: their batches add up in the
 * day counts, and a visitor both of them saw is one visitor (the day's salt is shared).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#database/open-database";
import { visitDays, visitPages, visitReferrers, visitSalts } from "#database/schema";
import { createTestClock } from "#testing/test-app";
import { openTimeoutMs, postgresUrl, testDatabases } from "#testing/test-databases";
import { createVisitCounter } from "./visit-counter";

const postgres = testDatabases.find((database) => database.name === "PostgreSQL");

describe.skipIf(!postgresUrl)("visits counted by two servers on one PostgreSQL", () => {
  const handles: DatabaseHandle[] = [];

  beforeAll(async () => {
    const first = await postgres?.open();
    const second = await first?.openAnother?.();
    if (!first || !second) throw new Error("no second connection to PostgreSQL");
    handles.push(second, first);
  }, openTimeoutMs);
  afterAll(async () => {
    for (const handle of handles) await handle.close();
  });

  it("sums their views and counts a visitor both saw once", async () => {
    const clock = createTestClock(new Date("2026-11-29T12:00:00Z"));
    const [one, two] = handles.map((handle) =>
      createVisitCounter({ db: handle.db, clock, siteHost: "harmonie.example" }),
    );
    if (!one || !two) throw new Error("two servers expected");
    const alena = "198.51.100.0/24\nFirefox";
    for (let view = 0; view < 3; view += 1) one.count({ path: "/blog", visitor: alena });
    one.count({ path: "/", visitor: alena, referrer: "seznam.cz" });
    two.count({ path: "/blog", visitor: alena, referrer: "seznam.cz" });
    two.count({ path: "/blog", visitor: "203.0.113.0/24\nSafari" });

    // Both at once, as two servers' timers would.
    await Promise.all([one.flush(), two.flush()]);

    const { db } = handles[0] as DatabaseHandle;
    expect(
      (await db.select().from(visitPages).orderBy(visitPages.path)).map((row) => [
        row.path,
        row.views,
      ]),
    ).toEqual([
      ["/", 1],
      ["/blog", 5],
    ]);
    expect(await db.select().from(visitReferrers)).toEqual([
      { day: "2026-11-29", domain: "seznam.cz", views: 2 },
    ]);
    expect(await db.select().from(visitDays)).toEqual([{ day: "2026-11-29", visitors: 2 }]);
    expect(await db.select().from(visitSalts)).toHaveLength(1);
  });
});
