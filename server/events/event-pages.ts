/**
 * Renders an event's public pages again when its free places change (a sign-up, a
 * cancellation): after the answer, in the background, and coalesced, so that two hundred
 * sign-ups in a second become a few renders of /akce and the event's page, not two hundred.
 * A failed render is logged; the page keeps its last version, and the API decides anyway.
 */
import type { Event } from "#database/schema";
import { eventPath } from "#shared/events";
import { paths } from "#shared/routes";
import type { BackgroundTasks } from "../background-tasks";

export function createEventPagesRefresher(
  publishPages: (paths: readonly string[]) => Promise<void>,
  background: BackgroundTasks,
) {
  const waiting = new Set<string>();
  let running = false;

  async function drain() {
    running = true;
    try {
      while (waiting.size > 0) {
        const batch = [...waiting];
        waiting.clear();
        await publishPages(batch);
      }
    } finally {
      running = false;
    }
  }

  return (event: Pick<Event, "slug">) => {
    waiting.add(paths.events);
    waiting.add(eventPath(event.slug));
    if (!running) background.run("event pages", drain);
  };
}
