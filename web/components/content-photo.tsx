import { useLoaderData } from "react-router";
import type { PhotoJson } from "#shared/content/photo-library";
import type { PhotoSlot, SlotPhotos } from "#shared/content/photo-slots";
import {
  middleWidth,
  photoMediaTypes,
  photoSrcSet,
  photoVariantUrl,
} from "#shared/content/photo-urls";
import { defaultSizes, loadingOf, Photo, PhotoFigure, type PhotoProps } from "~/components/photo";
import type { PhotoSource } from "~/components/photos";

type ContentPhotoProps = Omit<PhotoProps, "photo"> & {
  /** Her photo for this place on the page (a slot of „Fotky“), or null: the illustration. */
  photo: PhotoJson | null;
  /** The place's illustration: shown without a photo, and the shape a photo is cropped to. */
  illustration: PhotoSource;
};

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
  return (
    <PhotoFigure {...figure}>
      <PhotoPicture photo={photo} aspect={illustration} priority={priority} sizes={sizes} />
    </PhotoFigure>
  );
}

/**
 * Her photo as a `<picture>`: AVIF, then WebP, then JPEG for the rest, in every width it was
 * made in, cropped to `aspect` (width and height) around her focal point.
 */
export function PhotoPicture({
  photo,
  aspect,
  priority = false,
  sizes = defaultSizes,
  className = "block h-auto w-full object-cover",
}: {
  photo: PhotoJson;
  aspect: { width: number; height: number };
  priority?: boolean;
  sizes?: string;
  className?: string;
}) {
  return (
    <picture>
      {(["avif", "webp"] as const).map((format) => (
        <source
          key={format}
          type={photoMediaTypes[format]}
          srcSet={photoSrcSet(photo, format)}
          sizes={sizes}
        />
      ))}
      <img
        src={photoVariantUrl(photo.id, middleWidth(photo), "jpeg")}
        srcSet={photoSrcSet(photo, "jpeg")}
        sizes={sizes}
        width={photo.width}
        height={photo.height}
        alt={photo.alt}
        {...loadingOf(priority)}
        decoding="async"
        className={className}
        // The place keeps its shape; her focal point stays in the crop.
        style={{
          aspectRatio: `${aspect.width} / ${aspect.height}`,
          objectPosition: `${round(photo.focusX * 100)}% ${round(photo.focusY * 100)}%`,
        }}
      />
    </picture>
  );
}

const round = (percent: number) => Math.round(percent * 10) / 10;

/** The photo of `slot` from the route's loader data (`{ photos: SlotPhotos }`), or null. */
export function useSlotPhoto(slot: PhotoSlot): PhotoJson | null {
  const data = useLoaderData<{ photos?: Partial<SlotPhotos> } | null>();
  return data?.photos?.[slot] ?? null;
}
