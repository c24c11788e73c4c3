/**
 * Choosing one of her photos: the library's list, loaded once and reloaded after a change
 * (`usePhotoLibrary`), and a picker of thumbnails with one „none“ choice (`PhotoPicker`). „Fotky“
 * uses them for the places of the pages; any other editor that shows a photo (an article's
 * picture) uses them the same way and stores the chosen id.
 */
import { clsx } from "clsx";
import { ImageOff } from "lucide-react";
import { useCallback, useEffect, useState } from "react";
import { type PhotoJson, photoVariantUrl } from "#shared/content/photo-library";
import { fetchPhotos } from "~/lib/admin-api";
import { typeset } from "~/lib/typography";

export type PhotoLibrary = {
  /** Newest first; null while loading, or when it could not be loaded (`failed`). */
  photos: PhotoJson[] | null;
  failed: boolean;
  reload: () => Promise<void>;
};

export function usePhotoLibrary(): PhotoLibrary {
  const [photos, setPhotos] = useState<PhotoJson[] | null>(null);
  const [failed, setFailed] = useState(false);
  const reload = useCallback(async () => {
    try {
      setPhotos((await fetchPhotos()).photos);
      setFailed(false);
    } catch {
      setFailed(true);
    }
  }, []);
  useEffect(() => {
    reload();
  }, [reload]);
  return { photos, failed, reload };
}

/** A photo's small variant, for the administration's lists (the smallest width it was made in). */
export function thumbnailUrl(photo: PhotoJson): string {
  return photoVariantUrl(photo.id, photo.widths[0] ?? photo.width, "jpeg");
}

/**
 * One photo of the library, or none: thumbnails as radio buttons (tap targets of 6 rem), the
 * first choice `none` (the illustration of a page's place, or „bez fotky“).
 */
export function PhotoPicker({
  name,
  legend,
  photos,
  value,
  onChange,
  none,
  missingNote = "Vybraná fotka už v knihovně není; web tu ukazuje ilustraci.",
  disabled = false,
}: {
  /** The radio group's name: unique on the screen. */
  name: string;
  legend: string;
  photos: PhotoJson[];
  value: string | null;
  onChange: (id: string | null) => void;
  /** The choice of no photo: its label and, if it has one, its picture. */
  none: { label: string; src?: string };
  /**
   * What a chosen photo deleted from the library meanwhile means for the page: a place with an
   * illustration shows it (the default), an event without its photo shows none.
   */
  missingNote?: string;
  disabled?: boolean;
}) {
  const missing = value !== null && !photos.some((photo) => photo.id === value);
  const choices = [
    { id: null, label: none.label, src: none.src },
    ...photos.map((photo) => ({ id: photo.id, label: photo.alt, src: thumbnailUrl(photo) })),
  ];
  return (
    <fieldset disabled={disabled} className="min-w-0">
      <legend className="text-lg font-semibold text-bark">{legend}</legend>
      {missing && <p className="mt-1 text-sm text-terracotta-dark">{typeset(missingNote)}</p>}
      <div className="mt-3 flex gap-3 overflow-x-auto pb-2 sm:flex-wrap sm:overflow-visible">
        {choices.map((choice) => (
          <label
            key={choice.id ?? "none"}
            className="group relative block w-24 shrink-0 cursor-pointer"
            title={choice.label}
          >
            <input
              type="radio"
              name={name}
              className="peer sr-only"
              checked={value === choice.id}
              onChange={() => onChange(choice.id)}
              aria-label={choice.label}
            />
            <span
              className={clsx(
                "flex size-24 items-center justify-center overflow-hidden rounded-2xl bg-sand ring-1 ring-bark/15",
                "peer-checked:ring-4 peer-checked:ring-moss peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-moss-dark",
              )}
            >
              {choice.src ? (
                <img src={choice.src} alt="" className="size-full object-cover" loading="lazy" />
              ) : (
                <ImageOff aria-hidden="true" className="size-8 text-bark-soft" />
              )}
            </span>
            <span className="mt-1 line-clamp-2 block text-xs leading-tight text-bark-soft peer-checked:font-semibold peer-checked:text-moss-dark">
              {value === choice.id && "✓ "}
              {choice.label}
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
