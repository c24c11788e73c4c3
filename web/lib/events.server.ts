/**
 * Her events as route loaders read them: through the `EventReader` the page renderer passes in
 * React Router's load context (server/events/event-store.ts), or, when none is passed (the
 * build's pre-rendering), none at all: the page of upcoming events then shows its empty state
 * until the server renders it with the database. Only route loaders import this module.
 */
import type { PhotoJson, PhotoReader } from "#shared/content/photo-library";
import type { PublicEvent } from "#shared/events";

export type EventReader = {
  upcoming(): Promise<PublicEvent[]>;
  find(slug: string): Promise<PublicEvent | undefined>;
};

declare module "react-router" {
  interface AppLoadContext {
    /** Her events as the page renderer reads them (`createEventReader` in server/events). */
    events?: EventReader;
  }
}

const noEvents: EventReader = {
  upcoming: async () => [],
  find: async () => undefined,
};

export function readEvents(context: { events?: EventReader } | undefined): EventReader {
  return context?.events ?? noEvents;
}

/** The event's photo from her library, or null (none chosen, or gone since). */
export async function readEventPhoto(
  context: { photos?: PhotoReader } | undefined,
  event: Pick<PublicEvent, "photoId">,
): Promise<PhotoJson | null> {
  if (!event.photoId || !context?.photos) return null;
  const [photo] = await context.photos.find([event.photoId]);
  return photo ?? null;
}
