import { clsx } from "clsx";
import type { ReactNode } from "react";
import type { PhotoSource } from "~/components/photos";

type PhotoFrameProps = {
  /**
   * The photograph, from `photos` in web/components/photos.ts (files live in
   * public/images/). Until there is one, `fallback` fills the frame.
   */
  photo?: PhotoSource;
  fallback: ReactNode;
  shape?: "arch" | "rounded";
  /** How wide the frame is shown, for choosing from the photo's `srcSet`. */
  sizes?: string;
  /** Load at once (above the fold) instead of lazily. */
  priority?: boolean;
  className?: string;
};

/**
 * A soft arch (or rounded) frame of a fixed aspect ratio (set it in
 * `className`): the photograph is cropped to fill it.
 */
export function PhotoFrame({
  photo,
  fallback,
  shape = "arch",
  sizes = "(min-width: 1024px) 28rem, 80vw",
  priority = false,
  className,
}: PhotoFrameProps) {
  return (
    <div
      className={clsx(
        "relative overflow-hidden bg-sand shadow-lifted ring-1 ring-bark/10",
        shape === "arch" ? "rounded-t-[999px] rounded-b-[2rem]" : "rounded-[2rem]",
        className,
      )}
    >
      {photo ? (
        <img
          src={photo.src}
          srcSet={photo.srcSet}
          sizes={photo.srcSet ? sizes : undefined}
          alt={photo.alt}
          width={photo.width}
          height={photo.height}
          loading={priority ? "eager" : "lazy"}
          fetchPriority={priority ? "high" : undefined}
          decoding="async"
          className="absolute inset-0 size-full object-cover"
        />
      ) : (
        <div className="absolute inset-0 *:size-full">{fallback}</div>
      )}
    </div>
  );
}
