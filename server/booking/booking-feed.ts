/**
 * Her private calendar feed: `/kalendar/<token>.ics`, the address her phone's
 * calendar subscribes to. The token is an HMAC of a random key kept in the
 * database (`calendar_feed`) under the data key, so she can copy the address
 * again at any time, while a copy of the database alone does not give it away
 * (decision 0031). A new key ends the old address on every server at once.
 * What the feed lists comes from a list of sources (her bookings, her events with
 * their sign-ups), so there is one place to extend it.
 */
import { createHash, createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { eq } from "drizzle-orm";
import ical, { ICalEventStatus } from "ical-generator";
import type { Database } from "#database/open-database";
import { calendarFeed } from "#database/schema";
import { paths } from "#shared/routes";
import { site } from "#shared/site";
import { type AuditActor, recordAuditEvent } from "../audit-log";
import type { Clock } from "../clock";

/** One entry of her calendar, in moments (her phone shows them in its own zone). */
export type CalendarFeedEntry = {
  /** Stable across reads, so that her calendar updates an entry rather than adding another. */
  uid: string;
  start: Date;
  end: Date;
  summary: string;
  description: string;
  /** Not yet confirmed („tentative“), confirmed, or cancelled (her calendar takes it off). */
  status: "tentative" | "confirmed" | "cancelled";
};

/** One kind of entry in her calendar: its entries that end after `from`. */
export type CalendarFeedSource = (from: Date) => Promise<CalendarFeedEntry[]>;

export type CalendarFeedDependencies = {
  db: Database;
  clock: Clock;
  /** The server's data key (`DATA_KEY`): the addresses are derived with it. */
  dataKey: string;
  siteUrl: string;
  sources: readonly CalendarFeedSource[];
};

/** How far back the feed reaches: the last weeks stay in her calendar for reference. */
export const calendarFeedWeeksBack = 8;
const day = 24 * 60 * 60_000;

/** The file name after `paths.calendarFeed`: the token and `.ics`. */
export const calendarFeedFilePattern = /^([A-Za-z0-9_-]{43})\.ics$/;

export function createCalendarFeed({
  db,
  clock,
  dataKey,
  siteUrl,
  sources,
}: CalendarFeedDependencies) {
  const tokenOf = (key: string) =>
    createHmac("sha256", dataKey).update("calendar-feed\0").update(key).digest("base64url");
  const addressOf = (key: string) =>
    new URL(`${paths.calendarFeed}/${tokenOf(key)}.ics`, siteUrl).href;

  async function storedKey(): Promise<string | undefined> {
    const [row] = await db
      .select({ key: calendarFeed.key })
      .from(calendarFeed)
      .where(eq(calendarFeed.id, 1));
    return row?.key;
  }

  /** The key, made on first use; two servers making it at once keep the first. */
  async function currentKey(): Promise<string> {
    const found = await storedKey();
    if (found) return found;
    await db
      .insert(calendarFeed)
      .values({ id: 1, key: newKey(), createdAt: clock.now() })
      .onConflictDoNothing();
    const made = await storedKey();
    if (!made) throw new Error("The calendar feed's key was not stored");
    return made;
  }

  return {
    /** Her feed's address, the same each time until she asks for a new one. */
    async address(): Promise<string> {
      return addressOf(await currentKey());
    },

    /** A new address; the old one answers 404 from now on. Its audit entry is in the same transaction. */
    async rotate(actor: AuditActor): Promise<string> {
      const key = newKey();
      const at = clock.now();
      await db.transaction(async (tx) => {
        await tx
          .insert(calendarFeed)
          .values({ id: 1, key, createdAt: at })
          .onConflictDoUpdate({ target: calendarFeed.id, set: { key, createdAt: at } });
        await recordAuditEvent(
          tx as unknown as Database,
          { action: "booking_feed_rotated", actor },
          at,
        );
      });
      return addressOf(key);
    },

    /**
     * The calendar of `token`, or undefined for any other token. The comparison takes the same
     * time whatever the token, so timing tells nothing about the right one.
     */
    async calendarOf(token: string): Promise<string | undefined> {
      const key = await storedKey();
      const expected = digest(
        key === undefined ? randomBytes(32).toString("base64url") : tokenOf(key),
      );
      if (!timingSafeEqual(digest(token), expected) || key === undefined) return undefined;
      const from = new Date(clock.now().getTime() - calendarFeedWeeksBack * 7 * day);
      const entries = (await Promise.all(sources.map((source) => source(from)))).flat();
      return calendarText(entries);
    },
  };
}
export type CalendarFeed = ReturnType<typeof createCalendarFeed>;

function newKey(): string {
  return randomBytes(32).toString("base64url");
}

/** Equal lengths for `timingSafeEqual`, whatever was typed. */
function digest(token: string): Buffer {
  return createHash("sha256").update(token).digest();
}

const feedStatuses = {
  tentative: ICalEventStatus.TENTATIVE,
  confirmed: ICalEventStatus.CONFIRMED,
  cancelled: ICalEventStatus.CANCELLED,
} as const;

function calendarText(entries: readonly CalendarFeedEntry[]): string {
  const calendar = ical({
    prodId: { company: site.title, product: "Kalendar rezervaci", language: "CS" },
    name: `Rezervace – ${site.title}`,
    // Calendars that honour it look again every quarter of an hour (Google decides for itself).
    ttl: 15 * 60,
  });
  for (const entry of [...entries].sort((a, b) => a.start.getTime() - b.start.getTime())) {
    calendar.createEvent({
      id: entry.uid,
      start: entry.start,
      end: entry.end,
      summary: entry.summary,
      description: entry.description,
      status: feedStatuses[entry.status],
    });
  }
  return calendar.toString();
}
