/**
 * Counts page views as the pages are served (docs/decisions/0039-counting-visits.md): in memory,
 * added to the day counts every few seconds in one batch per table (`views + excluded.views`, so
 * several servers add up), and once more at shutdown. A crash loses at most those seconds of
 * counts; counting never fails or slows a request: a failed batch is logged once and dropped.
 */
import { createHash, randomBytes } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import type { Database } from "#database/open-database";
import { visitCampaigns, visitPages, visitReferrers, visitSalts } from "#database/schema";
import { pragueDay } from "#shared/prague-time";
import type { Clock } from "../clock";
import { summarizeError } from "../error-summary";
import { log } from "../logger";

/** One counted view: its day's key of the visitor is made into a hash before it is stored. */
export type CountedView = {
  path: string;
  /** The visitor's address block and browser, kept in memory until the next batch only. */
  visitor: string;
  /** Another site's domain the visitor came from, if any. */
  referrer?: string;
  campaign?: { source: string; medium: string; campaign: string };
};

export type VisitCounter = {
  /** Counts a view (today, in Prague); never throws. */
  count(view: CountedView): void;
  /** Stores what was counted since the last batch; resolves when done (or dropped). */
  flush(): Promise<void>;
};

/** How long counts wait in memory: what a crash may lose. */
export const flushIntervalMs = 5000;

/** Beyond this many distinct keys between two batches, a view is left uncounted (a flood). */
const maxKeysPerBatch = 20_000;

/** How many of today's stored hashes a server remembers (about 100 bytes each). */
const maxKnownHashes = 100_000;

/**
 * Prague's day of a moment, formatted (Intl, some 10 µs) once an hour rather than for every
 * view: Prague is a whole number of hours from UTC, so its midnight is always the start of a
 * UTC hour, and every moment of one UTC hour falls on one Prague day.
 */
export function createDayOf() {
  let hour = Number.NaN;
  let day = "";
  return (moment: Date): string => {
    const at = Math.floor(moment.getTime() / 3_600_000);
    if (at !== hour) {
      day = pragueDay(moment);
      hour = at;
    }
    return day;
  };
}

export function createVisitCounter({
  db,
  clock,
  siteHost,
  intervalMs = flushIntervalMs,
}: {
  db: Database;
  clock: Clock;
  /** The site's host, part of every hash (as Plausible's domain). */
  siteHost: string;
  intervalMs?: number;
}): VisitCounter {
  let batch: Batch = new Map();
  // The day being counted and its counts in the batch: most views find them here.
  let current: { day: string; counts: DayCounts } | undefined;
  let timer: NodeJS.Timeout | undefined;
  let flushing: Promise<void> = Promise.resolve();
  let failing = false;
  let salt: { day: string; value: string } | undefined;
  const dayOf = createDayOf();
  // Today's hashes this server has stored: a visitor who comes back (most views of a day) costs
  // the next batch nothing. Hashes only, as the database has them; forgotten with the day.
  let known = { day: "", hashes: new Set<string>() };

  function add(map: Map<string, number>, key: string) {
    const views = map.get(key);
    if (views === undefined && map.size >= maxKeysPerBatch) return;
    map.set(key, (views ?? 0) + 1);
  }

  async function saltOf(day: string, today: string): Promise<string | undefined> {
    if (salt?.day === day) return salt.value;
    // Today's salt is made by whichever server needs it first; an older day's is only read:
    // once housekeeping has deleted it, that day's late visitors go uncounted, never re-linked.
    if (day === today) {
      await db
        .insert(visitSalts)
        .values({ day, salt: randomBytes(32).toString("base64url") })
        .onConflictDoNothing();
    }
    const [row] = await db.select().from(visitSalts).where(eq(visitSalts.day, day));
    if (row && day === today) salt = { day, value: row.salt };
    return row?.salt;
  }

  async function store(batch: Batch) {
    const days = [...batch];
    const pages = days.flatMap(([day, counts]) =>
      [...counts.pages].map(([path, views]) => ({ day, path, views })),
    );
    if (pages.length > 0) {
      await db
        .insert(visitPages)
        .values(pages.map(({ day, path, views }) => ({ day, path, views })))
        .onConflictDoUpdate({
          target: [visitPages.day, visitPages.path],
          set: { views: sql`${visitPages.views} + excluded.views` },
        });
    }
    const referrers = days.flatMap(([day, counts]) =>
      [...counts.referrers].map(([domain, views]) => ({ day, domain, views })),
    );
    if (referrers.length > 0) {
      await db
        .insert(visitReferrers)
        .values(referrers.map(({ day, domain, views }) => ({ day, domain, views })))
        .onConflictDoUpdate({
          target: [visitReferrers.day, visitReferrers.domain],
          set: { views: sql`${visitReferrers.views} + excluded.views` },
        });
    }
    const campaigns = days.flatMap(([day, counts]) =>
      [...counts.campaigns].map(([key, views]) => {
        const [source = "", medium = "", campaign = ""] = key.split("\n");
        return { day, source, medium, campaign, views };
      }),
    );
    if (campaigns.length > 0) {
      await db
        .insert(visitCampaigns)
        .values(campaigns)
        .onConflictDoUpdate({
          target: [
            visitCampaigns.day,
            visitCampaigns.source,
            visitCampaigns.medium,
            visitCampaigns.campaign,
          ],
          set: { views: sql`${visitCampaigns.views} + excluded.views` },
        });
    }
    const today = dayOf(clock.now());
    if (known.day !== today) known = { day: today, hashes: new Set() };
    for (const [day, { visitors }] of days) {
      const daySalt = await saltOf(day, today);
      if (!daySalt || visitors.size === 0) continue;
      const remembered = day === today ? known.hashes : new Set<string>();
      const hashes = [...visitors]
        .map((visitor) => visitorHash(daySalt, siteHost, visitor))
        .filter((hash) => !remembered.has(hash));
      if (hashes.length === 0) continue;
      // A hash new to the day (whichever server saw it first) adds one visitor, in one statement.
      await db.execute(sql`
        with added as (
          insert into visit_hashes (day, hash)
          values ${sql.join(
            hashes.map((hash) => sql`(${day}::date, ${hash})`),
            sql`, `,
          )}
          on conflict do nothing
          returning day
        )
        insert into visit_days (day, visitors)
        select day, count(*) from added group by day
        on conflict (day) do update set visitors = visit_days.visitors + excluded.visitors`);
      for (const hash of hashes) {
        if (remembered.size >= maxKnownHashes) break;
        remembered.add(hash);
      }
    }
  }

  async function flushNow() {
    if (timer) clearTimeout(timer);
    timer = undefined;
    const counted = batch;
    batch = new Map();
    current = undefined;
    if (counted.size === 0) return;
    try {
      await store(counted);
      failing = false;
    } catch (error) {
      // Said once until a batch goes through again: a database down for a minute is one line.
      if (!failing) {
        log.warn({ error: summarizeError(error) }, "Visit counts could not be stored; dropped");
      }
      failing = true;
      salt = undefined;
      // The database may have been restored or emptied meanwhile: ask it again.
      known = { day: "", hashes: new Set() };
    }
  }

  function flush() {
    flushing = flushing.then(flushNow);
    return flushing;
  }

  return {
    count(view) {
      try {
        const day = dayOf(clock.now());
        if (current?.day !== day) {
          let counts = batch.get(day);
          if (!counts) {
            counts = {
              pages: new Map(),
              referrers: new Map(),
              campaigns: new Map(),
              visitors: new Set(),
            };
            batch.set(day, counts);
          }
          current = { day, counts };
        }
        const { counts } = current;
        add(counts.pages, view.path);
        if (view.referrer) add(counts.referrers, view.referrer);
        if (view.campaign) {
          const { source, medium, campaign } = view.campaign;
          add(counts.campaigns, `${source}\n${medium}\n${campaign}`);
        }
        if (counts.visitors.size < maxKeysPerBatch) counts.visitors.add(view.visitor);
        timer ??= setTimeout(() => void flush(), intervalMs).unref();
      } catch (error) {
        log.warn({ error: summarizeError(error) }, "A page view could not be counted");
      }
    },
    flush,
  };
}

/** The salted hash that stands for a visitor on one day (nothing of it can be turned back). */
export function visitorHash(salt: string, siteHost: string, visitor: string): string {
  return createHash("sha256").update(`${salt}\n${siteHost}\n${visitor}`).digest("base64url");
}

/** What one server counted of a day since its last batch. */
type DayCounts = {
  /** Path → views. */
  pages: Map<string, number>;
  /** Domain → views. */
  referrers: Map<string, number>;
  /** `source\nmedium\ncampaign` → views. */
  campaigns: Map<string, number>;
  /** The visitors seen (address block and browser). */
  visitors: Set<string>;
};

/** Day → its counts (a batch around midnight has two days). */
type Batch = Map<string, DayCounts>;
