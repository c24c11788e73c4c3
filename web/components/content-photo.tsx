import { useLoaderData } from "react-router";
import type { PhotoJson } from "#shared/content/photo-library";
import type { PhotoSlot, SlotPhotos } from "#shared/content/photo-slots";
import { type PhotoFormat, photoMediaTypes, photoVariantUrl } from "#shared/content/photo-urls";
import { defaultSizes, loadingOf, Photo, PhotoFigure, type PhotoProps } from "~/components/photo";
import type { PhotoSource } from "~/components/photos";

type ContentPhotoProps = Omit<PhotoProps, "photo"> & {
  /** Her photo for this place on the page (a slot of „Fotky“), or null: the illustration. */
  photo: PhotoJson | null;
  /** The place's illustration: shown without a photo, and the shape a photo is cropped to. */
  illustration: PhotoSource;
};

const srcSetOf = (photo: PhotoJson, format: PhotoFormat) =>
  photo.widths.map((width) => `${photoVariantUrl(photo.id, width, format)} ${width}w`).join(", ");

/**
 * One picture of a page: her photo, in the formats and widths it was made in (AVIF, then WebP,
 * then JPEG for the rest), cropped to the place's shape around her focal point; or, until she
 * chooses one, the place's illustration.
 */
export function ContentPhoto({
  photo,
  illustration,
  priority = false,
  sizes = defaultSizes,
  ...figure
}: ContentPhotoProps) {
  if (!photo) return <Photo photo={illustration} priority={priority} sizes={sizes} {...figure} />;
  const middle = photo.widths.find((width) => width >= 800) ?? photo.widths.at(-1) ?? photo.width;
  return (
    <PhotoFigure {...figure}>
      <picture>
        {(["avif", "webp"] as const).map((format) => (
          <source
            key={format}
            type={photoMediaTypes[format]}
            srcSet={srcSetOf(photo, format)}
            sizes={sizes}
          />
        ))}
        <img
          src={photoVariantUrl(photo.id, middle, "jpeg")}
          srcSet={srcSetOf(photo, "jpeg")}
          sizes={sizes}
          width={photo.width}
          height={photo.height}
          alt={photo.alt}
          {...loadingOf(priority)}
          decoding="async"
          className="block h-auto w-full object-cover"
          // The place keeps its illustration's shape; her focal point stays in the crop.
          style={{
            aspectRatio: `${illustration.width} / ${illustration.height}`,
            objectPosition: `${round(photo.focusX * 100)}% ${round(photo.focusY * 100)}%`,
          }}
        />
      </picture>
    </PhotoFigure>
  );
}

const round = (percent: number) => Math.round(percent * 10) / 10;

/** The photo of `slot` from the route's loader data (`{ photos: SlotPhotos }`), or null. */
export function useSlotPhoto(slot: PhotoSlot): PhotoJson | null {
  const data = useLoaderData<{ photos?: Partial<SlotPhotos> } | null>();
  return data?.photos?.[slot] ?? null;
}
