/**
 * A page whose first screen is led by a photo, which is what its first paint is measured by
 * (/about, /harmonizacni, an article with her cover photo). On the first page of a visit such a
 * page keeps the metric-matched local fonts and preloads no font file: the files would share the
 * photo's bandwidth and hold it back (docs/decisions/0023-brand-fonts-on-the-first-page.md).
 * A route says so with its `handle`; `web/root.tsx` reads it.
 */
import type { UIMatch } from "react-router";

export type PhotoLedHandle = {
  /** Whether the page, with these loader data, opens with a photo. */
  photoLed: (data: unknown) => boolean;
};

export const alwaysPhotoLed: PhotoLedHandle = { photoLed: () => true };

export function isPhotoLed(matches: readonly UIMatch[]): boolean {
  return matches.some((match) => {
    const handle = match.handle as Partial<PhotoLedHandle> | undefined;
    return handle?.photoLed?.(match.data) ?? false;
  });
}
