/**
 * The photos a page shows in its slots: the slots' choices from her content (`readContent`),
 * each photo read through the `PhotoReader` the page renderer passes in the load context.
 * Without one (the build), or for a photo that is gone, the slot shows its illustration.
 */

import type { ContentReader } from "#shared/content/content-items";
import type { PhotoReader } from "#shared/content/photo-library";
import type { PhotoSlot, SlotPhotos } from "#shared/content/photo-slots";
import { readContent } from "~/lib/content.server";

declare module "react-router" {
  interface AppLoadContext {
    /** Her photo library as the page renderer reads it (`findPhotos` in server/photos). */
    photos?: PhotoReader;
  }
}

export async function readSlotPhotos<S extends PhotoSlot>(
  context: { content?: ContentReader; photos?: PhotoReader } | undefined,
  slots: readonly S[],
): Promise<SlotPhotos<S>> {
  const chosen = await readContent(context).read("photos");
  const ids = [...new Set(slots.map((slot) => chosen[slot]).filter((id) => id !== null))];
  const found = ids.length > 0 && context?.photos ? await context.photos.find(ids) : [];
  return Object.fromEntries(
    slots.map((slot) => [slot, found.find((photo) => photo.id === chosen[slot]) ?? null]),
  ) as SlotPhotos<S>;
}
