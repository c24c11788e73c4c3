/**
 * „Fotky“, an item of her content: which photo of her library each picture of the pages shows,
 * or (null) the illustration the site was made with (web/components/photos.ts), which is
 * also what a fresh install shows. Each slot is on one page; a publish re-renders those pages.
 */
import * as z from "zod/mini";
import { paths } from "#shared/routes";
import type { PhotoJson } from "./photo-library";

export const photoSlots = {
  aboutLandscape: { label: "O mně – úvodní obrázek", path: paths.about },
  aboutHerbs: { label: "O mně – byliny", path: paths.about },
  aboutCreations: { label: "O mně – moje tvorba", path: paths.about },
  harmonisationRitual: {
    label: "Harmonizační setkání – úvodní obrázek",
    path: paths.harmonisation,
  },
} as const;

export type PhotoSlot = keyof typeof photoSlots;
export const photoSlotKeys = Object.keys(photoSlots) as PhotoSlot[];

const photoIdMessage = "Vyberte prosím fotku z knihovny, nebo ilustraci.";
/** A photo of the library (its id), or null: the illustration. */
const slotSchema = z.nullable(z.string(photoIdMessage).check(z.uuid(photoIdMessage)));

export const photoSlotsSchema = z.strictObject({
  aboutLandscape: slotSchema,
  aboutHerbs: slotSchema,
  aboutCreations: slotSchema,
  harmonisationRitual: slotSchema,
} satisfies Record<PhotoSlot, unknown>);
export type PhotoSlots = z.output<typeof photoSlotsSchema>;

/** What a page's loader gives its slots: her photo, or null for the illustration. */
export type SlotPhotos<S extends PhotoSlot = PhotoSlot> = Record<S, PhotoJson | null>;

/** A fresh install: every slot its illustration, as the site has always shown. */
export const photoSlotsSeed: PhotoSlots = {
  aboutLandscape: null,
  aboutHerbs: null,
  aboutCreations: null,
  harmonisationRitual: null,
};

/** The pages that show any of the slots: what a publish of the item re-renders. */
export const photoSlotPaths = [...new Set(Object.values(photoSlots).map((slot) => slot.path))];

/** Where a photo is used, as she reads it: the labels of the slots that hold `id`. */
export function slotsHolding(slots: PhotoSlots, id: string): string[] {
  return photoSlotKeys.filter((key) => slots[key] === id).map((key) => photoSlots[key].label);
}
