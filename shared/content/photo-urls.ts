/**
 * Her photos' sizes, formats and public addresses, without the library's zod schemas: the public
 * pages' photo component reads these, and a page's first-input JavaScript must not carry zod
 * (perf/budgets.ts). The library (`photo-library.ts`) re-exports them.
 */

/** A phone's photo is 3–12 MB; 25 MB leaves room for a camera's and refuses a video by mistake. */
export const maxPhotoBytes = 25 * 1024 * 1024;
/** 100 megapixels: every phone's normal photo (a 200 MP mode is not), and no decompression bomb. */
export const maxPhotoPixels = 100_000_000;
/** The widths a photo is made in, none wider than the photo itself. */
export const photoWidths = [480, 800, 1200, 1600, 2400] as const;
/** Each width in each format: AVIF and WebP for the browsers that take them, JPEG for the rest. */
export const photoFormats = ["avif", "webp", "jpeg"] as const;
export type PhotoFormat = (typeof photoFormats)[number];
/** A variant file's extension. */
export const photoExtensions: Record<PhotoFormat, string> = {
  avif: "avif",
  webp: "webp",
  jpeg: "jpg",
};
export const photoMediaTypes: Record<PhotoFormat, string> = {
  avif: "image/avif",
  webp: "image/webp",
  jpeg: "image/jpeg",
};

/** Where the public gets a variant: the same on every server, never changed (a new photo is a new id). */
export const photoMediaPath = "/media/photos";
export function photoVariantUrl(id: string, width: number, format: PhotoFormat): string {
  return `${photoMediaPath}/${id}-${width}.${photoExtensions[format]}`;
}

/** Every width of one format, for a `srcset`. */
export function photoSrcSet(photo: { id: string; widths: number[] }, format: PhotoFormat): string {
  return photo.widths
    .map((width) => `${photoVariantUrl(photo.id, width, format)} ${width}w`)
    .join(", ");
}

/** The width a single address shows (an `<img>`'s `src`): 800 px or the nearest above, else the largest made. */
export function middleWidth(photo: { widths: number[]; width: number }): number {
  return photo.widths.find((width) => width >= 800) ?? photo.widths.at(-1) ?? photo.width;
}
