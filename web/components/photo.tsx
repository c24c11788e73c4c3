import { clsx } from "clsx";
import type { ReactNode } from "react";
import type { PhotoSource } from "~/components/photos";

type PhotoProps = {
  photo: PhotoSource;
  caption?: ReactNode;
  /** Pictures at the top of a page load at once; the others when scrolled near. */
  priority?: boolean;
  /** How wide the picture is shown, for choosing from `srcSet`. */
  sizes?: string;
  className?: string;
  /** The frame's shape, e.g. an arch: "rounded-t-full rounded-b-[2rem]". */
  frameClassName?: string;
};

/** A picture in a soft frame, with its size reserved so nothing jumps while it loads. */
export function Photo({
  photo,
  caption,
  priority = false,
  sizes = "(min-width: 1024px) 50vw, 100vw",
  className,
  frameClassName = "rounded-[2rem]",
}: PhotoProps) {
  return (
    <figure className={className}>
      <div
        className={clsx(
          "overflow-hidden bg-sand shadow-lifted ring-1 ring-bark/10",
          frameClassName,
        )}
      >
        <img
          src={photo.src}
          srcSet={photo.srcSet}
          sizes={photo.srcSet ? sizes : undefined}
          width={photo.width}
          height={photo.height}
          alt={photo.alt}
          loading={priority ? "eager" : "lazy"}
          fetchPriority={priority ? "high" : undefined}
          decoding="async"
          className="block h-auto w-full object-cover"
        />
      </div>
      {caption && (
        <figcaption className="mt-3 text-center text-sm italic text-bark-soft">
          {caption}
        </figcaption>
      )}
    </figure>
  );
}
