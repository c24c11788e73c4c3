/**
 * Adding a photo from her phone: the file (the camera or the gallery), a preview on which she
 * taps the focal point, the alt text (required), then the upload with its progress. The file is
 * checked here as the server checks it, so that a HEIC or an oversized file is refused at once.
 */
import { ImagePlus, Upload, X } from "lucide-react";
import { type FormEvent, useId, useState } from "react";
import { toast } from "sonner";
import {
  maxPhotoBytes,
  type PhotoJson,
  photoAltSchema,
  photoLimits,
  photoMessages,
} from "#shared/content/photo-library";
import { formatSize } from "~/components/admin/material-texts";
import { type Focus, FocusPicker } from "~/components/admin/photo-focus";
import { Button, buttonClasses } from "~/components/ui/button";
import { TextField } from "~/components/ui/form-field";
import {
  AdminApiError,
  currentAccessToken,
  type PhotoUploadHandle,
  uploadPhoto,
} from "~/lib/admin-api";
import { typeset } from "~/lib/typography";

/** What is wrong with the chosen file before it is sent, or null. */
export function photoFileProblem(file: File): string | null {
  if (/^image\/hei[cf]/i.test(file.type) || /\.hei[cf]$/i.test(file.name))
    return photoMessages.heic;
  if (file.type && !file.type.startsWith("image/")) return photoMessages.notAnImage;
  if (file.size === 0) return photoMessages.empty;
  if (file.size > maxPhotoBytes) return photoMessages.tooLarge;
  return null;
}

/**
 * A preview of at most 800 pixels across, as a data URL (the administration's Content-Security-
 * Policy has no `blob:`), turned upright as the browser shows the file; null when the browser
 * cannot read it (the server then says why).
 */
async function previewOf(file: File): Promise<string | null> {
  try {
    const bitmap = await createImageBitmap(file, { imageOrientation: "from-image" });
    const scale = Math.min(1, 800 / bitmap.width);
    const canvas = document.createElement("canvas");
    canvas.width = Math.round(bitmap.width * scale);
    canvas.height = Math.round(bitmap.height * scale);
    canvas.getContext("2d")?.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
    bitmap.close();
    return canvas.toDataURL("image/jpeg", 0.8);
  } catch {
    return null;
  }
}

type Chosen = { file: File; preview: string | null };
type Progress = { sent: number; total: number; handle: PhotoUploadHandle };

export function PhotoUploadForm({
  onUploaded,
  notice = "Fotka je v knihovně. Teď ji můžete vybrat pro místo na webu.",
}: {
  onUploaded: (photo: PhotoJson) => void;
  /** Said when the photo is in the library (what happens with it next). */
  notice?: string;
}) {
  const id = useId();
  const [chosen, setChosen] = useState<Chosen | null>(null);
  const [alt, setAlt] = useState("");
  const [focus, setFocus] = useState<Focus>({ focusX: 0.5, focusY: 0.5 });
  const [error, setError] = useState<string | undefined>();
  const [progress, setProgress] = useState<Progress | null>(null);
  const [inputKey, setInputKey] = useState(0);

  function reset() {
    setChosen(null);
    setAlt("");
    setFocus({ focusX: 0.5, focusY: 0.5 });
    setError(undefined);
    setInputKey((key) => key + 1);
  }

  async function choose(file: File | undefined) {
    if (!file) return;
    const problem = photoFileProblem(file);
    if (problem) {
      toast.error(problem);
      setInputKey((key) => key + 1);
      return;
    }
    setChosen({ file, preview: await previewOf(file) });
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!chosen) return;
    const checked = photoAltSchema.safeParse(alt);
    if (!checked.success) {
      setError(checked.error.issues[0]?.message ?? photoMessages.altMissing);
      return;
    }
    setError(undefined);
    const handle = uploadPhoto(
      await currentAccessToken(),
      chosen.file,
      { alt: checked.data, ...focus },
      (sent, total) => setProgress((current) => (current ? { ...current, sent, total } : current)),
    );
    setProgress({ sent: 0, total: chosen.file.size, handle });
    try {
      const photo = await handle.done;
      toast.success(notice);
      reset();
      onUploaded(photo);
    } catch (failure) {
      if (failure instanceof AdminApiError && failure.fields?.alt) setError(failure.fields.alt);
      toast.error(failure instanceof AdminApiError ? failure.message : "Nahrávání se nepovedlo.");
    } finally {
      setProgress(null);
    }
  }

  const busy = progress !== null;
  const percent =
    progress && progress.total > 0 ? Math.floor((progress.sent / progress.total) * 100) : 0;
  return (
    <form onSubmit={submit} className="grid gap-5" aria-labelledby={`${id}-heading`}>
      <h3 id={`${id}-heading`} className="flex items-center gap-2 text-xl font-semibold text-bark">
        <ImagePlus aria-hidden="true" className="size-5 text-moss-dark" />
        Nahrát fotku
      </h3>
      <div>
        <label
          htmlFor={`${id}-file`}
          className={buttonClasses(
            chosen ? "secondary" : "primary",
            "cursor-pointer focus-within:outline-2 focus-within:outline-offset-2 focus-within:outline-moss-dark",
          )}
        >
          <Upload aria-hidden="true" className="size-5" />
          {chosen ? "Vybrat jinou fotku" : "Vyfotit nebo vybrat fotku"}
          <input
            key={inputKey}
            id={`${id}-file`}
            type="file"
            accept="image/*"
            className="sr-only"
            disabled={busy}
            onChange={(event) => choose(event.target.files?.[0])}
          />
        </label>
        <p className="mt-2 text-sm text-bark-soft">
          {typeset(
            `JPEG, PNG, WebP nebo AVIF do ${maxPhotoBytes / 1024 / 1024} MB. Web z ní udělá menší verze pro telefony i počítače a odstraní z ní údaje o místě a čase pořízení.`,
          )}
        </p>
      </div>
      {chosen && (
        <>
          {chosen.preview ? (
            <div className="max-w-md">
              <FocusPicker src={chosen.preview} focus={focus} onChange={setFocus} disabled={busy} />
            </div>
          ) : (
            <p className="text-bark-soft">
              {typeset(
                `Náhled tenhle prohlížeč neumí ukázat („${chosen.file.name}“, ${formatSize(chosen.file.size)}); bod zájmu nastavíte, až bude fotka nahraná.`,
              )}
            </p>
          )}
          <TextField
            id={`${id}-alt`}
            label="Co je na fotce"
            hint="Krátký popis pro ty, kdo fotku nevidí, a pro vyhledávače, třeba „Svazky levandule se suší pod trámem“."
            value={alt}
            maxLength={photoLimits.altMax}
            error={error}
            disabled={busy}
            onChange={(event) => setAlt(event.target.value)}
          />
          {progress ? (
            <div role="status" aria-live="polite" className="rounded-2xl bg-sage-light/70 p-4">
              <progress
                aria-label="Průběh nahrávání"
                max={100}
                value={percent}
                className="h-3 w-full overflow-hidden rounded-full [&::-moz-progress-bar]:bg-moss [&::-webkit-progress-bar]:bg-cream [&::-webkit-progress-value]:bg-moss"
              />
              <p className="mt-2 text-bark-soft">
                {percent < 100
                  ? `${percent} % · ${formatSize(progress.sent)} z ${formatSize(progress.total)}`
                  : "Nahráno. Připravuji verze fotky pro web…"}
              </p>
              <Button variant="secondary" className="mt-3" onClick={() => progress.handle.abort()}>
                <X aria-hidden="true" className="size-5" />
                Zrušit
              </Button>
            </div>
          ) : (
            <div className="flex flex-col gap-2 sm:flex-row">
              <Button type="submit">
                <Upload aria-hidden="true" className="size-5" />
                Nahrát do knihovny
              </Button>
              <Button variant="secondary" onClick={reset}>
                Zahodit
              </Button>
            </div>
          )}
        </>
      )}
    </form>
  );
}
