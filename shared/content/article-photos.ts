/**
 * Her photos inside an article's body, without zod (the article page's loader and the public
 * photo component read it; perf/budgets.ts keeps zod out of a public page's first input).
 *
 * The body stores a photo of her library as a plain `<img>` whose address is one of the photo's
 * own variants (`/media/photos/<id>-<width>.jpg`, what the editor shows), so the stored HTML is
 * readable in the editor, in the feed and in a backup. The article's page turns each one into a
 * `<picture>` with every format and width the photo was made in (`articlePicturesHtml`).
 */
import type { PhotoJson } from "./photo-library";
import {
  middleWidth,
  photoExtensions,
  photoMediaPath,
  photoMediaTypes,
  photoSrcSet,
  photoVariantUrl,
} from "./photo-urls";

const variantPattern = new RegExp(
  `^${photoMediaPath}/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})-(\\d{2,5})\\.(${Object.values(photoExtensions).join("|")})$`,
);

/** The photo of her library that an address in an article names, or undefined: not one of hers. */
export function articlePhotoIdOf(src: string): string | undefined {
  return variantPattern.exec(src)?.[1];
}

/** The ids of her photos an article's body shows, each once, in order. */
export function articlePhotoIds(html: string): string[] {
  const ids = [...html.matchAll(/<img\b[^>]*\ssrc="([^"]*)"/g)]
    .map((match) => articlePhotoIdOf(match[1] ?? ""))
    .filter((id) => id !== undefined);
  return [...new Set(ids)];
}

const entities: Record<string, string> = { amp: "&", quot: '"', lt: "<", gt: ">", "#39": "'" };

/** The alt text she gave a photo of her library in an article's text (the first time it is shown), as text. */
export function articlePhotoAlt(html: string, id: string): string | undefined {
  for (const match of html.matchAll(/<img\b([^>]*)>/g)) {
    const attributes = match[1] ?? "";
    const src = /\ssrc="([^"]*)"/.exec(attributes)?.[1] ?? "";
    if (articlePhotoIdOf(src) !== id) continue;
    const alt = /\salt="([^"]*)"/.exec(attributes)?.[1] ?? "";
    return alt.replace(/&(amp|quot|lt|gt|#39);/g, (_, name: string) => entities[name] ?? "");
  }
  return undefined;
}

/** The address the editor puts into the body: the photo's JPEG of about 800 px. */
export function articlePhotoSrc(photo: Pick<PhotoJson, "id" | "widths" | "width">): string {
  return photoVariantUrl(photo.id, middleWidth(photo), "jpeg");
}

/** An article's text column (max-w-3xl) is 48 rem wide at most, the screen's width less its margins below. */
export const articlePhotoSizes = "(min-width: 52rem) 48rem, calc(100vw - 2.5rem)";

/**
 * The body with each of her photos as a responsive `<picture>` (AVIF, WebP, JPEG; `srcset` and
 * `sizes`; its size reserved), lazy: the page's LCP is its cover or its heading, never a photo
 * in the text. The alt text stays the one she wrote in the article (already escaped: the body is the sanitizer's HTML). A photo no longer in the
 * library keeps its `<img>` (a deletion is refused while an article shows it).
 */
export function articlePicturesHtml(
  html: string,
  photos: readonly PhotoJson[],
  // Another column's width (an event's description beside its sign-up): the `sizes` it needs.
  sizes = articlePhotoSizes,
): string {
  return html.replace(/<img\b([^>]*)>/g, (whole, attributes: string) => {
    const src = /\ssrc="([^"]*)"/.exec(attributes)?.[1] ?? "";
    const alt = /\salt="([^"]*)"/.exec(attributes)?.[1] ?? "";
    const id = articlePhotoIdOf(src);
    const photo = id && photos.find((candidate) => candidate.id === id);
    if (!photo) return whole;
    const sources = (["avif", "webp"] as const)
      .map(
        (format) =>
          `<source type="${photoMediaTypes[format]}" srcset="${photoSrcSet(photo, format)}" sizes="${sizes}">`,
      )
      .join("");
    return (
      `<picture>${sources}<img src="${articlePhotoSrc(photo)}" srcset="${photoSrcSet(photo, "jpeg")}"` +
      ` sizes="${sizes}" width="${photo.width}" height="${photo.height}" alt="${alt}"` +
      ` loading="lazy" decoding="async"></picture>`
    );
  });
}
