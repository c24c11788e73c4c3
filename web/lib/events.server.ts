/**
 * Her events as route loaders read them: through the `EventReader` the page renderer passes in
 * React Router's load context (server/events/event-store.ts), or, when none is passed (the
 * build's pre-rendering), none at all: the page of upcoming events then shows its empty state
 * until the server renders it with the database. Only route loaders import this module.
 */
import { articlePhotoIds, articlePicturesHtml } from "#shared/content/article-photos";
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

/**
 * The description's column on the event page (events-event.tsx): beside the sign-up from `lg`
 * (1.2 of 2.2 parts of 64 rem less the 3 rem gap), the screen's width less its margins below.
 */
const descriptionPhotoSizes = "(min-width: 64rem) 34rem, calc(100vw - 2.5rem)";

/**
 * The event's photo from her library, or null (none chosen, or gone since), and its description
 * with the photos she put in it as responsive pictures, as an article's (`articlePicturesHtml`).
 */
export async function readEventPhotos(
  context: { photos?: PhotoReader } | undefined,
  event: Pick<PublicEvent, "photoId" | "description">,
): Promise<{ photo: PhotoJson | null; description: string }> {
  const inText = articlePhotoIds(event.description);
  if (!context?.photos || (!event.photoId && inText.length === 0)) {
    return { photo: null, description: event.description };
  }
  const found = await context.photos.find(event.photoId ? [event.photoId, ...inText] : inText);
  return {
    photo: found.find((photo) => photo.id === event.photoId) ?? null,
    description: articlePicturesHtml(event.description, found, descriptionPhotoSizes),
  };
}
