/**
 * What the privacy notice says the site forgets, forgotten on time: the
 * housekeeping steps of `personalDataRegistry` (idle sessions, old sign-in
 * addresses, spent links, finished rate-limit windows…). Every server runs
 * them at start and then every minute (the notice says "within an hour" of
 * some records); each step is one delete that a second run finds nothing for,
 * so several servers on one PostgreSQL may run them together.
 */
import type { Database } from "#database/open-database";
import type { Clock } from "./clock";
import { log } from "./logger";
import { materialHousekeeping } from "./materials/material-housekeeping";
import { type HousekeepingStep, personalDataRegistry } from "./personal-data";
import { repeatEvery } from "./repeating-task";
import { visitHousekeeping } from "./stats/visit-housekeeping";

/**
 * Every step, by name, in the registry's order (a step may count on an earlier one's deletions),
 * then those of records that are no one's personal data.
 */
const steps: [string, HousekeepingStep][] = [
  ...personalDataRegistry.flatMap(({ housekeeping }) => Object.entries(housekeeping ?? {})),
  ...Object.entries(materialHousekeeping),
  // The visit counts' daily salt (and its hashes), and counts older than she keeps them.
  ...Object.entries(visitHousekeeping),
];

/** How many rows each step deleted, by the step's name (see the registrations). */
export type Forgotten = Record<string, number>;

export async function forgetExpired(db: Database, now: Date): Promise<Forgotten> {
  const forgotten: Forgotten = {};
  for (const [name, step] of steps) forgotten[name] = await step.forget(db, now);
  return forgotten;
}

export const housekeepingIntervalMs = 60_000;

/**
 * Runs `forgetExpired` at start and every minute, until stopped. A run that forgot anything but
 * routine rows (rate-limit windows, which go every minute on a site with visitors) logs what went.
 */
export function startHousekeeping({
  db,
  clock,
  intervalMs = housekeepingIntervalMs,
}: {
  db: Database;
  clock: Clock;
  intervalMs?: number;
}) {
  return repeatEvery("Housekeeping", intervalMs, async () => {
    const forgotten = await forgetExpired(db, clock.now());
    if (steps.some(([name, step]) => !step.routine && (forgotten[name] ?? 0) > 0)) {
      log.info(forgotten, "Housekeeping: expired records forgotten");
    }
  });
}
