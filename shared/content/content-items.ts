/**
 * Every item of her content the administration edits: its schema, what the
 * editor calls it, and the public pages it appears on (a publish re-renders
 * exactly those). Adding an item: its schema in `content-schemas.ts`, its
 * defaults in `content-seed.ts`, a line here.
 */
import type * as z from "zod/mini";
import { paths, scentGuidePdfKey } from "#shared/routes";
import { homeHeroSchema, offersSchema } from "./content-schemas";
import { photoSlotPaths, photoSlotsSchema } from "./photo-slots";
import { scentGuideSchema } from "./scent-guide-schema";

export const contentItems = {
  "home-hero": {
    label: "Úvod domovské stránky",
    description: "Nadpis, úvodní odstavec, citát a tlačítka první obrazovky webu.",
    schema: homeHeroSchema,
    paths: [paths.home],
  },
  offers: {
    label: "Nabídka",
    description: "Vaše služby: název, popis, délka, cena, místo a zda se na webu ukazují.",
    schema: offersSchema,
    // The home page's cards, the harmonisation page's price.
    paths: [paths.home, paths.harmonisation],
  },
  "scent-guide": {
    label: "Průvodce osobní vůní",
    description:
      "Dárek k formuláři „Návod na osobní vůni“: text průvodce, oleje, tabulka ředění a recepty.",
    schema: scentGuideSchema,
    // No public page: she reads it on her personal gift page (per request); its PDF is stored.
    paths: [scentGuidePdfKey],
  },
  photos: {
    label: "Fotky",
    description: "Vaše fotky: nahrajte je z telefonu a vyberte, kde na webu budou.",
    schema: photoSlotsSchema,
    paths: photoSlotPaths,
  },
} as const;

export type ContentKey = keyof typeof contentItems;
export const contentKeys = Object.keys(contentItems) as ContentKey[];
export type ContentData<K extends ContentKey> = z.output<(typeof contentItems)[K]["schema"]>;

export function isContentKey(value: string): value is ContentKey {
  return Object.hasOwn(contentItems, value);
}

/**
 * What a page reads its content through: the published content (the page
 * renderer passes one in React Router's load context), a preview's drafts, or
 * the defaults when nothing is passed (the build's pre-rendering).
 */
export type ContentReader = {
  read<K extends ContentKey>(key: K): Promise<ContentData<K>>;
};
