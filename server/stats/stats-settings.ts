/**
 * Her counting settings: how many months the day counts are kept (the site's, one row) and
 * whether she gets the weekly summary by e-mail (her account's own column: each administrator
 * chooses for herself).
 */
import { eq, sql } from "drizzle-orm";
import type { Database } from "#database/open-database";
import { users, visitSettings } from "#database/schema";
import { keepMonthsLimits, type StatsSettingsChange, type StatsSettingsJson } from "#shared/stats";

/** The months she keeps the counts; the migration's default until she has saved any. */
export async function readKeepMonths(db: Database): Promise<number> {
  const [row] = await db.select().from(visitSettings).where(eq(visitSettings.id, 1));
  return row?.keepMonths ?? keepMonthsLimits.initial;
}

export async function readStatsSettings(db: Database, userId: string): Promise<StatsSettingsJson> {
  const [account] = await db
    .select({ weeklySummary: users.weeklySummaryEmail })
    .from(users)
    .where(eq(users.id, userId));
  return { keepMonths: await readKeepMonths(db), weeklySummary: account?.weeklySummary ?? true };
}

/** Saves the fields given (an absent one stays as it is), then answers them all. */
export async function writeStatsSettings(
  db: Database,
  userId: string,
  change: StatsSettingsChange,
): Promise<StatsSettingsJson> {
  await db.transaction(async (tx) => {
    const { keepMonths, weeklySummary } = change;
    if (keepMonths !== undefined) {
      await tx
        .insert(visitSettings)
        .values({ id: 1, keepMonths })
        .onConflictDoUpdate({
          target: visitSettings.id,
          set: { keepMonths, updatedAt: sql`now()` },
        });
    }
    if (weeklySummary !== undefined) {
      await tx.update(users).set({ weeklySummaryEmail: weeklySummary }).where(eq(users.id, userId));
    }
  });
  return readStatsSettings(db, userId);
}
