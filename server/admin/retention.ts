/**
 * The retention rule: „mazat záznamy starší než N měsíců“, off until the
 * owner sets it, applied by the server once a day.
 */
import { eq } from "drizzle-orm";
import { Hono } from "hono";
import type { Database } from "#database/open-database";
import { inboxSettings } from "#database/schema";
import type { RetentionPreview, RetentionSetting } from "#shared/inbox-schemas";
import { monthsBefore, type PublicRetentionJson } from "#shared/retention";
import type { Clock } from "../clock";
import { log } from "../logger";
import { personalDataRegistry } from "../personal-data";
import { repeatEvery } from "../repeating-task";

/** What the rule ages out: the registry's retention parts (submissions, bookings, event sign-ups, with their e-mails). */
const retentionParts = personalDataRegistry.flatMap(({ retention }) =>
  retention ? [retention] : [],
);

export async function readRetention(db: Database): Promise<RetentionSetting> {
  const [row] = await db.select().from(inboxSettings).where(eq(inboxSettings.id, 1));
  return {
    months: row?.retentionMonths ?? null,
    last_run_at: row?.retentionLastRunAt?.toISOString() ?? null,
  };
}

export async function saveRetention(db: Database, months: number | null, now: Date) {
  await db
    .insert(inboxSettings)
    .values({ id: 1, retentionMonths: months, updatedAt: now })
    .onConflictDoUpdate({
      target: inboxSettings.id,
      set: { retentionMonths: months, updatedAt: now },
    });
  return readRetention(db);
}

/**
 * How many submissions a rule of `months` would delete now, by the server's
 * clock and the same cut-off as `applyRetention`: the administration asks
 * before saving a rule that would delete records she has.
 */
export async function previewRetention(
  db: Database,
  months: number | null,
  now: Date,
): Promise<RetentionPreview> {
  const preview: RetentionPreview = { submissions: 0, bookings: 0, eventSignups: 0 };
  if (months === null) return preview;
  const cutoff = monthsBefore(now, months);
  for (const part of retentionParts) preview[part.key] += await part.count(db, cutoff);
  return preview;
}

/**
 * `GET /api/retention`, public: how many months the rule keeps records, for
 * the privacy notice to quote; nothing else (not when it last ran).
 */
export function createPublicRetentionRoute(db: Database) {
  const route = new Hono();
  route.get("/", async (c) => {
    c.header("Cache-Control", "no-store");
    const body: PublicRetentionJson = { months: (await readRetention(db)).months };
    return c.json(body);
  });
  return route;
}

/** Deletes the records older than the setting; none when it is off. Returns how many went. */
export async function applyRetention(db: Database, now: Date): Promise<number> {
  const { months } = await readRetention(db);
  if (months === null) return 0;
  const cutoff = monthsBefore(now, months);
  const deleted = await db.transaction(async (tx) => {
    let gone = 0;
    for (const part of retentionParts) gone += await part.delete(tx, cutoff, now);
    await tx.update(inboxSettings).set({ retentionLastRunAt: now }).where(eq(inboxSettings.id, 1));
    return gone;
  });
  return deleted;
}

const day = 24 * 60 * 60_000;

/** Applies the rule at start and then every day, until stopped. */
export function startRetentionSchedule({
  db,
  clock,
  intervalMs = day,
}: {
  db: Database;
  clock: Clock;
  intervalMs?: number;
}) {
  return repeatEvery("Retention", intervalMs, async () => {
    const deleted = await applyRetention(db, clock.now());
    if (deleted > 0) log.info({ deleted }, "Retention: submissions past the limit deleted");
  });
}
