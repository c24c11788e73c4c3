/**
 * A phone's photo made fit for the web with sharp: turned upright by its EXIF orientation, in
 * sRGB, every piece of metadata left behind (a phone's EXIF holds where and when it was taken),
 * and made in each width of `photoWidths` up to its own, as AVIF, WebP and JPEG. What sharp
 * cannot read is refused with a Czech message, before anything is stored.
 */
import sharp, { type Metadata, type OutputInfo, type Sharp } from "sharp";
import {
  maxPhotoPixels,
  type PhotoFormat,
  photoFormats,
  photoMessages,
  widthsFor,
} from "#shared/content/photo-library";
import { ApiError } from "../api-error";

export type PhotoVariant = { width: number; format: PhotoFormat; data: Buffer };
export type MadePhoto = { width: number; height: number; variants: PhotoVariant[] };

/** What sharp may read: a photo's formats, not SVG, PDF or GIF (no photo of hers is one). */
const acceptedFormats = new Set(["jpeg", "png", "webp", "heif"]);
/** A cream like the pages', behind a PNG's transparent parts (JPEG has no transparency). */
const background = "#faf6ef";
/** Quality and effort: sharp's defaults for JPEG and WebP; AVIF's effort lowered, it is slow. */
const encoders: Record<PhotoFormat, (image: Sharp) => Sharp> = {
  avif: (image) => image.avif({ quality: 55, effort: 2 }),
  webp: (image) => image.webp({ quality: 80 }),
  jpeg: (image) => image.jpeg({ quality: 82, mozjpeg: true }),
};

const refuse = (status: 413 | 415 | 422, code: string, message: string) =>
  new ApiError(status, code, message);

/** Reads `input` and makes its variants; an `ApiError` (4xx) when it is no photo sharp can read. */
export async function makePhotoVariants(input: Buffer): Promise<MadePhoto> {
  if (input.length === 0) throw refuse(422, "empty_file", photoMessages.empty);
  const options = { limitInputPixels: maxPhotoPixels, failOn: "error" as const };
  let metadata: Metadata;
  try {
    // The header only: the pixel limit is checked below, with its own message.
    metadata = await sharp(input, { limitInputPixels: false }).metadata();
  } catch {
    throw refuse(415, "not_an_image", photoMessages.notAnImage);
  }
  // sharp's prebuilt binaries read HEIF only with AV1 inside (AVIF): an iPhone's HEIC is HEVC.
  if (metadata.format === "heif" && metadata.compression !== "av1") {
    throw refuse(415, "heic_not_supported", photoMessages.heic);
  }
  if (!acceptedFormats.has(metadata.format ?? "")) {
    throw refuse(415, "not_an_image", photoMessages.notAnImage);
  }
  if ((metadata.width ?? 0) * (metadata.height ?? 0) > maxPhotoPixels) {
    throw refuse(413, "too_many_pixels", photoMessages.tooManyPixels);
  }

  // Decoded once, upright, at the largest width it is made in; every variant is made from that.
  let upright: { data: Buffer; info: OutputInfo };
  try {
    upright = await sharp(input, options)
      .rotate()
      .resize({ width: Math.max(...widthsFor(orientedWidth(metadata))), withoutEnlargement: true })
      .flatten({ background })
      .toColourspace("srgb")
      .raw()
      .toBuffer({ resolveWithObject: true });
  } catch (error) {
    if (/pixel limit/i.test(String((error as Error).message))) {
      throw refuse(413, "too_many_pixels", photoMessages.tooManyPixels);
    }
    throw refuse(422, "unreadable_image", photoMessages.unreadable);
  }
  const { width, height, channels } = upright.info;
  const raw = { raw: { width, height, channels } };
  const variants: PhotoVariant[] = [];
  for (const variantWidth of widthsFor(width)) {
    for (const format of photoFormats) {
      const image = sharp(upright.data, raw).resize({ width: variantWidth });
      // Nothing of the original's metadata reaches a variant: the pixels are all that was kept.
      variants.push({
        width: variantWidth,
        format,
        data: await encoders[format](image).toBuffer(),
      });
    }
  }
  // The photo's size is its largest variant's: what the pages reserve and crop from.
  return { width, height, variants };
}

/** The width the photo has once turned upright (EXIF orientations 5–8 swap the sides). */
function orientedWidth(metadata: Metadata): number {
  const turned = (metadata.orientation ?? 1) >= 5;
  return (turned ? metadata.height : metadata.width) ?? 0;
}
