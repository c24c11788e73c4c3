/**
 * The counts' daily rotation (a housekeeping step, run every minute by every server): today's
 * salt is made, every older one deleted with its day's visitor hashes (the foreign key's
 * cascade), so from the first minute of a day nothing links a visitor to yesterday's. The
 * visitors were added to the day counts as their hashes first appeared, so nothing is lost.
 * Day counts older than her setting go too.
 */
import { randomBytes } from "node:crypto";
import { lt, sql } from "drizzle-orm";
import type { Database } from "#database/open-database";
import {
  visitCampaigns,
  visitDays,
  visitPages,
  visitReferrers,
  visitSalts,
} from "#database/schema";
import { pragueDay } from "#shared/prague-time";
import { monthsBefore } from "#shared/retention";
import type { HousekeepingStep } from "../personal-data";
import { readKeepMonths } from "./stats-settings";

/** Makes today's salt (if no server has) and deletes the older ones with their hashes. */
export async function rotateVisitSalts(db: Database, now: Date): Promise<number> {
  const today = pragueDay(now);
  await db
    .insert(visitSalts)
    .values({ day: today, salt: randomBytes(32).toString("base64url") })
    .onConflictDoNothing();
  const deleted = await db
    .delete(visitSalts)
    .where(lt(visitSalts.day, today))
    .returning({ day: visitSalts.day });
  return deleted.length;
}

/** Deletes the day counts from before her setting's months (rows of every counts table). */
export async function deleteOldVisitCounts(db: Database, now: Date): Promise<number> {
  const cutoff = pragueDay(monthsBefore(now, await readKeepMonths(db)));
  let deleted = 0;
  for (const table of [visitDays, visitPages, visitReferrers, visitCampaigns]) {
    const rows = await db.delete(table).where(lt(table.day, cutoff)).returning({ one: sql`1` });
    deleted += rows.length;
  }
  return deleted;
}

export const visitHousekeeping: Record<string, HousekeepingStep> = {
  /** Yesterday's salt and its visitors' hashes (once a day). */
  visitSalts: { forget: rotateVisitSalts },
  /** Day counts older than she keeps them. */
  oldVisitCounts: { forget: deleteOldVisitCounts },
};
