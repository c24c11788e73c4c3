/**
 * Visits counted as the real built pages are served, on each database: a person's views with
 * their referrer's domain and campaign, one visitor per day however many pages she reads;
 * bots, prefetches and the administration left out; no cookie on any public answer; no address
 * or browser stored anywhere; yesterday's salt and hashes gone after the rotation.
 */
import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import { sql } from "drizzle-orm";
import { request as send } from "undici";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#database/open-database";
import {
  storedPages,
  visitCampaigns,
  visitDays,
  visitHashes,
  visitPages,
  visitReferrers,
  visitSalts,
  visitSettings,
} from "#database/schema";
import { paths } from "#shared/routes";
import { createTestApp, createTestClock } from "#testing/test-app";
import { openTimeoutMs, testDatabases } from "#testing/test-databases";
import { forgetExpired } from "../housekeeping";
import { referrerDomain } from "./counted-view";
import { beaconsPerMinute } from "./stats-routes";
import { writeStatsSettings } from "./stats-settings";
import { createDayOf, createVisitCounter, type VisitCounter } from "./visit-counter";

const chrome =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
/** What Chromium sends with a page it navigates to. */
function asBrowser(address: string, extra: Record<string, string> = {}): Record<string, string> {
  return {
    "User-Agent": chrome,
    Accept: "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8",
    "Accept-Language": "cs-CZ,cs;q=0.9",
    "Accept-Encoding": "br",
    "Sec-Fetch-Dest": "document",
    "Sec-Fetch-Mode": "navigate",
    "Sec-Fetch-Site": "none",
    "X-Forwarded-For": address,
    ...extra,
  };
}
/** What `navigator.sendBeacon(url, string)` sends. */
function asBeacon(address: string, extra: Record<string, string> = {}): Record<string, string> {
  return {
    "User-Agent": chrome,
    Accept: "*/*",
    "Accept-Language": "cs-CZ,cs;q=0.9",
    "Content-Type": "text/plain;charset=UTF-8",
    "Sec-Fetch-Dest": "empty",
    "Sec-Fetch-Mode": "no-cors",
    "Sec-Fetch-Site": "same-origin",
    "X-Forwarded-For": address,
    ...extra,
  };
}

describe.each(testDatabases)("visits counted on $name", ({ open }) => {
  let database: DatabaseHandle;
  let app: ReturnType<typeof createTestApp>;
  let counter: VisitCounter;
  // 10:00 in Prague on 4 May 2026.
  const clock = createTestClock(new Date("2026-05-04T08:00:00Z"));
  const today = "2026-05-04";

  beforeAll(async () => {
    database = await open();
    counter = createVisitCounter({ db: database.db, clock, siteHost: "harmonie.example" });
    app = createTestApp(database, { clock, visits: counter });
    // The site is rendered into the store at the first request (no browser's: not counted).
    await app.request(paths.home);
  }, openTimeoutMs);
  afterAll(async () => {
    await database?.close();
  });

  const rows = async () => {
    await counter.flush();
    const { db } = database;
    return {
      pages: await db.select().from(visitPages).orderBy(visitPages.path),
      days: await db.select().from(visitDays),
      referrers: await db.select().from(visitReferrers),
      campaigns: await db.select().from(visitCampaigns),
    };
  };
  const clear = async () => {
    for (const table of [visitPages, visitDays, visitReferrers, visitCampaigns]) {
      await database.db.delete(table);
    }
  };

  it(
    "counts a person's page views, one visitor a day, with the referrer's domain and the campaign",
    async () => {
      await clear();
      const first = await app.request(
        `${paths.about}?utm_source=instagram&utm_medium=social&utm_campaign=jaro`,
        { headers: asBrowser("198.51.100.23", { Referer: "https://www.instagram.com/p/abc?x=1" }) },
      );
      expect(first.status).toBe(200);
      // Her own pages are no referrer; a second page of the same visitor is no second visitor.
      await app.request(paths.blog, {
        headers: asBrowser("198.51.100.23", { Referer: "https://harmonie.example/about" }),
      });
      // A visitor from another address (another /24) is another visitor.
      await app.request(paths.blog, { headers: asBrowser("203.0.113.9") });
      // Old Safari sends no Sec-Fetch-*: still a person.
      await app.request(paths.home, {
        headers: {
          "User-Agent": chrome,
          Accept: "text/html",
          "Accept-Language": "cs",
          "X-Forwarded-For": "203.0.113.9",
        },
      });

      const counted = await rows();
      expect(counted.pages.map((row) => [row.day, row.path, row.views])).toEqual([
        [today, "/", 1],
        [today, paths.about, 1],
        [today, paths.blog, 2],
      ]);
      expect(counted.days).toEqual([{ day: today, visitors: 2 }]);
      expect(counted.referrers).toEqual([{ day: today, domain: "instagram.com", views: 1 }]);
      expect(counted.campaigns).toEqual([
        { day: today, source: "instagram", medium: "social", campaign: "jaro", views: 1 },
      ]);
    },
    openTimeoutMs,
  );

  it("counts no bot, no prefetch, no request without what browsers send, no private page", async () => {
    await clear();
    const uncounted: [string, Record<string, string>][] = [
      [
        paths.blog,
        asBrowser("198.51.100.40", {
          "User-Agent": "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
        }),
      ],
      [paths.blog, asBrowser("198.51.100.41", { "Sec-Purpose": "prefetch" })],
      [paths.blog, asBrowser("198.51.100.42", { "Sec-Purpose": "prefetch;prerender" })],
      [paths.blog, asBrowser("198.51.100.43", { Purpose: "prefetch" })],
      [paths.blog, asBrowser("198.51.100.44", { "Accept-Language": "" })],
      [paths.blog, asBrowser("198.51.100.45", { "Sec-Fetch-Dest": "iframe" })],
      [paths.blog, { "User-Agent": "curl/8.5.0", Accept: "*/*" }],
      [`${paths.blog}.data`, asBrowser("198.51.100.46")],
      [paths.admin, asBrowser("198.51.100.47")],
      [paths.adminOverview, asBrowser("198.51.100.47")],
      ["/neexistuje", asBrowser("198.51.100.48")],
    ];
    for (const [path, headers] of uncounted) await app.request(path, { headers });
    await app.request(paths.blog, { method: "HEAD", headers: asBrowser("198.51.100.49") });

    const counted = await rows();
    expect(counted).toEqual({ pages: [], days: [], referrers: [], campaigns: [] });
  });

  it("counts a beacon's page for a later navigation, and refuses bad beacons with a code", async () => {
    await clear();
    const beacon = (body: string, headers = asBeacon("198.51.100.60")) =>
      app.request(paths.statsBeacon, { method: "POST", headers, body });

    const counted = await beacon(`${paths.about}?utm_source=newsletter`);
    expect(counted.status).toBe(204);
    expect(counted.headers.get("Set-Cookie")).toBeNull();
    expect((await rows()).pages.map((row) => [row.path, row.views])).toEqual([[paths.about, 1]]);

    const refusals = [
      [await beacon("about"), 400, "invalid_beacon"],
      [await beacon("//evil.example/"), 400, "invalid_beacon"],
      [await beacon("/neexistuje"), 422, "not_a_page"],
      [await beacon(paths.admin), 422, "not_a_page"],
      [await beacon("/".repeat(600)), 413, "payload_too_large"],
      [
        await beacon(paths.about, asBeacon("198.51.100.61", { "Sec-Fetch-Site": "cross-site" })),
        403,
        "cross_site",
      ],
    ] as const;
    for (const [response, status, code] of refusals) {
      expect(response.status).toBe(status);
      expect(((await response.json()) as { error: { code: string } }).error.code).toBe(code);
    }
    // A bot's beacon is answered as anyone's, and not counted.
    const bot = await beacon(
      paths.about,
      asBeacon("198.51.100.62", { "User-Agent": "HeadlessChrome/131.0" }),
    );
    expect(bot.status).toBe(204);
    expect((await rows()).pages.map((row) => [row.path, row.views])).toEqual([[paths.about, 1]]);
  });

  it("lets one address send only so many beacons a minute", async () => {
    const headers = asBeacon("198.51.100.70");
    const send = () =>
      app.request(paths.statsBeacon, { method: "POST", headers, body: paths.blog });
    for (let sent = 0; sent < beaconsPerMinute; sent += 1) expect((await send()).status).toBe(204);
    const last = await send();
    expect(last.status).toBe(429);
    expect(last.headers.get("Retry-After")).toMatch(/^\d+$/);
    expect(((await last.json()) as { error: { code: string } }).error.code).toBe(
      "too_many_requests",
    );
  });

  it("sets no cookie on any page of the store, nor on the beacon", async () => {
    const stored = await database.db.select({ path: storedPages.path }).from(storedPages);
    const addresses = stored.map((row) => row.path).filter((path) => path.startsWith("/"));
    expect(addresses.length).toBeGreaterThan(10);
    for (const path of addresses) {
      const response = await app.request(path, { headers: asBrowser("198.51.100.80") });
      expect(response.headers.get("Set-Cookie"), path).toBeNull();
    }
    const beacon = await app.request(paths.statsBeacon, {
      method: "POST",
      headers: asBeacon("198.51.100.80"),
      body: paths.home,
    });
    expect(beacon.headers.get("Set-Cookie")).toBeNull();
  });

  it("stores neither the visitor's address nor her browser, in any column of any table", async () => {
    const address = "198.51.100.123";
    const userAgent = `${chrome} Vivaldi/7.3.3635.11`;
    await app.request(`${paths.blog}?utm_source=facebook`, {
      headers: asBrowser(address, { "User-Agent": userAgent, Referer: "https://l.facebook.com/" }),
    });
    await app.request(paths.statsBeacon, {
      method: "POST",
      headers: asBeacon(address, { "User-Agent": userAgent }),
      body: paths.about,
    });
    await counter.flush();
    expect((await database.db.select().from(visitHashes)).length).toBeGreaterThan(0);

    const { rows: columns } = (await database.db.execute(sql`
      select table_name, column_name from information_schema.columns
      where table_schema = 'public' and data_type in ('text', 'character varying', 'jsonb', 'json')`)) as unknown as {
      rows: { table_name: string; column_name: string }[];
    };
    expect(columns.length).toBeGreaterThan(20);
    for (const { table_name, column_name } of columns) {
      for (const needle of [address, "198.51.100.", "Vivaldi"]) {
        const { rows: found } = (await database.db.execute(
          sql`select count(*)::int as n from ${sql.identifier(table_name)}
              where ${sql.identifier(column_name)}::text like ${`%${needle}%`}`,
        )) as unknown as { rows: { n: number }[] };
        expect(found[0]?.n, `${needle} in ${table_name}.${column_name}`).toBe(0);
      }
    }
  });

  it(
    "forgets yesterday's salt and hashes at the rotation, keeping the day's count",
    async () => {
      await clear();
      await database.db.delete(visitHashes);
      await app.request(paths.home, { headers: asBrowser("192.0.2.10") });
      await counter.flush();
      const [yesterdaysSalt] = await database.db.select().from(visitSalts);
      expect(yesterdaysSalt?.day).toBe(today);
      expect(await database.db.select().from(visitHashes)).toHaveLength(1);

      // 0:05 in Prague the next day (22:05 UTC in summer time).
      clock.set(new Date("2026-05-04T22:05:00Z"));
      const forgotten = await forgetExpired(database.db, clock.now());

      expect(forgotten.visitSalts).toBe(1);
      const salts = await database.db.select().from(visitSalts);
      expect(salts.map((salt) => salt.day)).toEqual(["2026-05-05"]);
      expect(salts[0]?.salt).not.toBe(yesterdaysSalt?.salt);
      expect(await database.db.select().from(visitHashes)).toEqual([]);
      expect(await database.db.select().from(visitDays)).toEqual([{ day: today, visitors: 1 }]);

      // The same person today is today's visitor, told apart by nothing from yesterday's.
      await app.request(paths.home, { headers: asBrowser("192.0.2.10") });
      await counter.flush();
      expect(
        (await database.db.select().from(visitDays).orderBy(visitDays.day)).map((row) => [
          row.day,
          row.visitors,
        ]),
      ).toEqual([
        [today, 1],
        ["2026-05-05", 1],
      ]);
      clock.set(new Date("2026-05-04T08:00:00Z"));
    },
    openTimeoutMs,
  );

  it("writes a visitor already stored today no more: the next batch only counts her views", async () => {
    await clear();
    await app.request(paths.home, { headers: asBrowser("192.0.2.77") });
    await counter.flush();
    expect(await database.db.select().from(visitDays)).toEqual([{ day: today, visitors: 1 }]);
    // Her hash gone from the table (nothing else does this): the server remembers it stored it,
    // so her next view asks nothing of the hashes, and she stays one visitor.
    await database.db.delete(visitHashes);
    await app.request(paths.blog, { headers: asBrowser("192.0.2.77") });
    const counted = await rows();
    expect(counted.pages.map((row) => [row.path, row.views])).toEqual([
      ["/", 1],
      [paths.blog, 1],
    ]);
    expect(counted.days).toEqual([{ day: today, visitors: 1 }]);
    expect(await database.db.select().from(visitHashes)).toEqual([]);
  });

  it("reads the headers Node received as the Fetch API would (a real server's requests)", async () => {
    await clear();
    const server = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" });
    await new Promise((ready) => server.once("listening", ready));
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      // undici's request, not fetch: fetch adds an Accept-Language of its own.
      const view = (path: string, headers: Record<string, string>) =>
        send(`${origin}${path}`, { headers }).then((response) => response.body.arrayBuffer());
      await view(`${paths.about}?utm_source=newsletter`, {
        ...asBrowser("198.51.100.40"),
        referer: "https://www.seznam.cz/",
      });
      await view(paths.about, asBrowser("198.51.100.40", { "Sec-Purpose": "prefetch" }));
      await view(paths.about, asBrowser("198.51.100.40", { "Sec-Fetch-Dest": "image" }));
      const { "Accept-Language": _, ...noLanguage } = asBrowser("198.51.100.40");
      await view(paths.about, noLanguage);
      await view(paths.about, asBrowser("198.51.100.40", { "User-Agent": "Googlebot/2.1" }));
      const counted = await rows();
      expect(counted.pages.map((row) => [row.path, row.views])).toEqual([[paths.about, 1]]);
      expect(counted.referrers).toEqual([{ day: today, domain: "seznam.cz", views: 1 }]);
      expect(counted.campaigns.map((row) => row.source)).toEqual(["newsletter"]);
    } finally {
      await new Promise((closed) => server.close(closed));
    }
  });

  it("deletes the day counts older than she keeps them", async () => {
    await clear();
    // As „Přehled“ saves it: the months alone (no account's e-mail setting is touched).
    await writeStatsSettings(database.db, "00000000-0000-4000-8000-000000000000", {
      keepMonths: 2,
    });
    await database.db.insert(visitPages).values([
      { day: "2026-03-03", path: "/", views: 5 },
      { day: "2026-03-05", path: "/", views: 7 },
    ]);
    await database.db.insert(visitDays).values({ day: "2026-03-03", visitors: 4 });

    const forgotten = await forgetExpired(database.db, clock.now());

    expect(forgotten.oldVisitCounts).toBe(2);
    expect((await database.db.select().from(visitPages)).map((row) => row.day)).toEqual([
      "2026-03-05",
    ]);
    await database.db.delete(visitSettings);
  });
});

describe("a referrer's domain", () => {
  it("is the site as she knows it: one Instagram, whichever of its hosts sent the visitor", () => {
    const own = ["harmonieprirody.cz"];
    expect(
      [
        "https://l.instagram.com/?u=x",
        "https://www.instagram.com/p/abc",
        "https://lm.facebook.com/l.php",
        "https://m.facebook.com/",
        "https://www.Seznam.cz./",
        "https://m.cz/",
      ].map((referrer) => referrerDomain(referrer, own)),
    ).toEqual([
      "instagram.com",
      "instagram.com",
      "facebook.com",
      "facebook.com",
      "seznam.cz",
      "m.cz",
    ]);
    // Her own site, with or without „www.“, is no referrer.
    expect(referrerDomain("https://www.harmonieprirody.cz/blog", own)).toBeUndefined();
    expect(referrerDomain("not an address", own)).toBeUndefined();
  });
});

describe("the day of a view", () => {
  it("is Prague's, changing at its midnight in winter and in summer time", () => {
    const dayOf = createDayOf();
    // Prague's midnight is 23:00 UTC in winter, 22:00 UTC in summer; asked in any order.
    const moments: [string, string][] = [
      ["2026-03-27T22:59:59.999Z", "2026-03-27"],
      ["2026-03-27T23:00:00.000Z", "2026-03-28"],
      ["2026-03-27T22:30:00.000Z", "2026-03-27"],
      ["2026-07-01T21:59:59.999Z", "2026-07-01"],
      ["2026-07-01T22:00:00.000Z", "2026-07-02"],
      ["2026-07-01T21:00:00.000Z", "2026-07-01"],
      ["2026-10-25T00:30:00.000Z", "2026-10-25"],
    ];
    for (const [moment, day] of moments) expect(dayOf(new Date(moment)), moment).toBe(day);
  });
});
