/**
 * An event's pages follow its clock: when its sign-up deadline, its start or its end passes, its
 * page and /akce are rendered again, so the form goes at the deadline, the page says „proběhla“
 * from the start, and the event leaves /akce when it ends. The API refuses a late sign-up
 * anyway; this keeps the served pages from offering one. Every server asks every minute for
 * the moments passed since its last look (at start, the last day's), and renders those pages;
 * a render is the same whoever makes it, so several servers may do it together.
 */
import { and, gt, inArray, lte, or } from "drizzle-orm";
import type { Database } from "#database/open-database";
import { events } from "#database/schema";
import { eventPath } from "#shared/events";
import { paths } from "#shared/routes";
import type { Clock } from "../clock";
import { type RepeatingTask, repeatEvery } from "../repeating-task";

export const eventPageScheduleIntervalMs = 60_000;

/** How far back a server looks at its start: the moments that passed while it was down. */
const lookBackAtStartMs = 24 * 60 * 60_000;

/** The pages of the events one of whose moments passed after `since`, up to `now`; none when none did. */
export async function eventPathsTurned(db: Database, since: Date, now: Date): Promise<string[]> {
  const passed = (moment: typeof events.startsAt) => and(gt(moment, since), lte(moment, now));
  const rows = await db
    .select({ slug: events.slug })
    .from(events)
    .where(
      and(
        inArray(events.state, ["published", "cancelled"]),
        or(passed(events.signupDeadline), passed(events.startsAt), passed(events.endsAt)),
      ),
    );
  if (rows.length === 0) return [];
  return [paths.events, ...rows.map((row) => eventPath(row.slug))];
}

export function startEventPageSchedule({
  db,
  clock,
  publishPages,
  intervalMs = eventPageScheduleIntervalMs,
}: {
  db: Database;
  clock: Clock;
  publishPages: (paths: readonly string[]) => Promise<void>;
  intervalMs?: number;
}): RepeatingTask {
  let since: Date | undefined;
  return repeatEvery("Event pages", intervalMs, async () => {
    const now = clock.now();
    const turned = await eventPathsTurned(
      db,
      since ?? new Date(now.getTime() - lookBackAtStartMs),
      now,
    );
    if (turned.length > 0) await publishPages(turned);
    // Only once rendered: a failed render is tried again at the next run.
    since = now;
  });
}
