import { clsx } from "clsx";
import type { ReactNode } from "react";
import type { PhotoSource } from "~/components/photos";

export type PhotoProps = {
  photo: PhotoSource;
  caption?: ReactNode;
  /**
   * The page's largest picture at its top (its LCP): loaded at once and first. The others load
   * when scrolled near.
   */
  priority?: boolean;
  /** How wide the picture is shown, for choosing from `srcSet`. */
  sizes?: string;
  className?: string;
  /** The frame's shape, e.g. an arch: "rounded-t-full rounded-b-[2rem]". */
  frameClassName?: string;
};

/** The loading of a picture: an LCP picture never waits to be scrolled near. */
export function loadingOf(priority: boolean) {
  return priority
    ? { loading: "eager" as const, fetchPriority: "high" as const }
    : { loading: "lazy" as const };
}

export const defaultSizes = "(min-width: 1024px) 50vw, 100vw";

/** A picture's soft frame and its caption, around an `<img>` or a `<picture>`. */
export function PhotoFigure({
  caption,
  className,
  frameClassName = "rounded-[2rem]",
  children,
}: Pick<PhotoProps, "caption" | "className" | "frameClassName"> & { children: ReactNode }) {
  return (
    <figure className={className}>
      <div
        className={clsx(
          "overflow-hidden bg-sand shadow-lifted ring-1 ring-bark/10",
          frameClassName,
        )}
      >
        {children}
      </div>
      {caption && (
        <figcaption className="mt-3 text-center text-sm italic text-bark-soft">
          {caption}
        </figcaption>
      )}
    </figure>
  );
}

/** A picture in a soft frame, with its size reserved so nothing jumps while it loads. */
export function Photo({
  photo,
  caption,
  priority = false,
  sizes = defaultSizes,
  className,
  frameClassName,
}: PhotoProps) {
  return (
    <PhotoFigure caption={caption} className={className} frameClassName={frameClassName}>
      <img
        src={photo.src}
        srcSet={photo.srcSet}
        sizes={photo.srcSet ? sizes : undefined}
        width={photo.width}
        height={photo.height}
        alt={photo.alt}
        {...loadingOf(priority)}
        decoding="async"
        className="block h-auto w-full object-cover"
      />
    </PhotoFigure>
  );
}
