/**
 * Her photo library, as the browser, the API and the pages share it: what an upload may be,
 * the widths and formats each photo is made in, the alt text's and focal point's limits with
 * their Czech messages, and where each variant is served (docs/decisions/0024-photo-library.md).
 */
import * as z from "zod/mini";

export {
  maxPhotoBytes,
  maxPhotoPixels,
  type PhotoFormat,
  photoExtensions,
  photoFormats,
  photoMediaPath,
  photoMediaTypes,
  photoVariantUrl,
  photoWidths,
} from "./photo-urls";

import { maxPhotoBytes, maxPhotoPixels, photoWidths } from "./photo-urls";

/** The widths a photo `width` pixels wide is made in: those below it, and its own when smaller than all. */
export function widthsFor(width: number): number[] {
  const fitting = photoWidths.filter((each) => each <= width);
  return fitting.length > 0 ? fitting : [width];
}

export const photoLimits = { altMax: 250, nameMax: 200 } as const;

export const photoMessages = {
  altMissing: "Napište prosím, co je na fotce (popisek pro ty, kdo ji nevidí, a pro vyhledávače).",
  altTooLong: `Popisek může mít nejvýše ${photoLimits.altMax} znaků.`,
  altOneLine: "Popisek se musí vejít na jeden řádek a nesmí obsahovat neviditelné znaky.",
  focus: "Bod zájmu musí ležet uvnitř fotky.",
  tooLarge: `Fotka je větší než ${maxPhotoBytes / 1024 / 1024} MB. Pošlete ji prosím menší (v telefonu třeba jako „velká“ místo „původní velikost“).`,
  heic: "Fotky ve formátu HEIC (iPhone) zatím neumím zpracovat. V iPhonu zvolte Nastavení → Fotoaparát → Formáty → „Nejkompatibilnější“, nebo fotku pošlete jako JPEG.",
  notAnImage:
    "Tento soubor není fotka, kterou umím zpracovat. Pošlete prosím JPEG, PNG, WebP nebo AVIF.",
  unreadable:
    "Fotku se nepodařilo přečíst: soubor je nejspíš poškozený nebo nedonahraný. Zkuste ji prosím poslat znovu.",
  tooManyPixels: `Fotka má víc než ${maxPhotoPixels / 1_000_000} megapixelů. Pošlete ji prosím menší.`,
  empty: "Soubor je prázdný.",
  notFound: "Tahle fotka už v knihovně není.",
  inUse: (where: string[]) =>
    `Fotku nejde smazat, protože je na webu: ${where.join(", ")}. Nejdřív na jejím místě vyberte jinou fotku nebo ilustraci a zveřejněte to.`,
} as const;

const hiddenCharacter = /[\p{Cc}\p{Cf}\u2028\u2029]/u;

/** The alt text: what the photo shows, one line, required. */
export const photoAltSchema = z.string(photoMessages.altMissing).check(
  z.trim(),
  z.minLength(1, photoMessages.altMissing),
  z.refine((value) => Array.from(value).length <= photoLimits.altMax, photoMessages.altTooLong),
  z.refine((value) => !hiddenCharacter.test(value), photoMessages.altOneLine),
);

/** A coordinate of the focal point: 0 the left or top edge, 1 the right or bottom one. */
const focusSchema = z
  .number(photoMessages.focus)
  .check(z.gte(0, photoMessages.focus), z.lte(1, photoMessages.focus));

/** What she changes of a photo after its upload (and sends with it). */
export const photoChangeSchema = z.strictObject({
  alt: photoAltSchema,
  focusX: focusSchema,
  focusY: focusSchema,
});
export type PhotoChange = z.output<typeof photoChangeSchema>;

/** The upload's query: the alt text and focal point go with the file, so a photo never lacks them. */
export const photoUploadQuerySchema = z.strictObject({
  alt: photoAltSchema,
  focusX: z.optional(
    z.pipe(z.string(), z.transform(Number)).check(z.refine(isFocus, photoMessages.focus)),
  ),
  focusY: z.optional(
    z.pipe(z.string(), z.transform(Number)).check(z.refine(isFocus, photoMessages.focus)),
  ),
  name: z.optional(z.string()),
});

function isFocus(value: number): boolean {
  return Number.isFinite(value) && value >= 0 && value <= 1;
}

/** A photo as the administration and the pages know it. */
export type PhotoJson = {
  id: string;
  originalName: string | null;
  alt: string;
  focusX: number;
  focusY: number;
  width: number;
  height: number;
  /** The widths its variants are made in, smallest first; each in every format. */
  widths: number[];
  createdAt: string;
};

export type PhotoListJson = { photos: PhotoJson[] };

/**
 * What a page render reads her photos through (the load context's `photos`, given by the
 * server; web/lib/photo-slots.server.ts): the photos of some ids, an unknown id left out.
 */
export type PhotoReader = { find(ids: readonly string[]): Promise<PhotoJson[]> };
