/**
 * Scheduled articles going live on time: every server asks every few seconds for articles whose
 * time has come (`publishDueArticles`, whose one UPDATE gives each due article to exactly one
 * server), then renders their pages. An article goes live within `intervalMs` of its time.
 */
import type { Database } from "#database/open-database";
import type { Clock } from "../clock";
import { log } from "../logger";
import { type RepeatingTask, repeatEvery } from "../repeating-task";
import { publishDueArticles } from "./article-store";

export const articleScheduleIntervalMs = 15_000;

/** Publishes what is due now, and renders its pages; resolves to the paths rendered. */
export async function publishScheduledArticles({
  db,
  clock,
  publishPages,
}: {
  db: Database;
  clock: Clock;
  publishPages: (paths: readonly string[]) => Promise<void>;
}): Promise<string[]> {
  const paths = await publishDueArticles(db, clock.now());
  if (paths.length === 0) return paths;
  log.info({ paths }, "Scheduled articles published");
  // The article is published in the database either way; a failed render is told, and the
  // pages follow at her next change (as a publish of her content whose render failed).
  await publishPages(paths);
  return paths;
}

export function startArticleSchedule(
  dependencies: Parameters<typeof publishScheduledArticles>[0] & { intervalMs?: number },
): RepeatingTask {
  const { intervalMs = articleScheduleIntervalMs } = dependencies;
  return repeatEvery("Article schedule", intervalMs, async () => {
    await publishScheduledArticles(dependencies);
  });
}
