/**
 * Her photo library: each photo with its alt text and focal point to change, and „Smazat“ for
 * one no page shows (the server refuses one that is shown, naming where).
 */
import { Images, Save, Trash2 } from "lucide-react";
import { useState } from "react";
import { toast } from "sonner";
import { type PhotoJson, photoLimits } from "#shared/content/photo-library";
import { type Focus, FocusPicker } from "~/components/admin/photo-focus";
import { thumbnailUrl } from "~/components/admin/photo-picker";
import { formatMoment } from "~/components/admin/user-format";
import { AlertDialogAction, ConfirmDialog } from "~/components/ui/alert-dialog";
import { Button } from "~/components/ui/button";
import { TextField } from "~/components/ui/form-field";
import { AdminApiError, changePhoto, deletePhoto } from "~/lib/admin-api";
import { typeset } from "~/lib/typography";

const failed = "Něco se nepovedlo. Zkuste to prosím znovu.";

export function PhotoList({
  photos,
  onChanged,
}: {
  photos: PhotoJson[];
  onChanged: () => Promise<void>;
}) {
  const [deleting, setDeleting] = useState<PhotoJson | null>(null);

  async function remove(photo: PhotoJson) {
    setDeleting(null);
    try {
      await deletePhoto(photo.id);
      toast.success("Fotka je smazaná.");
    } catch (error) {
      toast.error(error instanceof AdminApiError ? error.message : failed);
    }
    await onChanged();
  }

  return (
    <section aria-labelledby="photo-list-heading">
      <h3
        id="photo-list-heading"
        className="flex items-center gap-2 text-xl font-semibold text-bark"
      >
        <Images aria-hidden="true" className="size-5 text-moss-dark" />
        Knihovna fotek
      </h3>
      {photos.length === 0 ? (
        <p className="mt-2 text-bark-soft">
          {typeset("Zatím tu žádná fotka není. Nahrajte první výše.")}
        </p>
      ) : (
        <ul className="mt-4 grid gap-4 md:grid-cols-2">
          {photos.map((photo) => (
            <PhotoCard
              key={`${photo.id} ${photo.alt} ${photo.focusX} ${photo.focusY}`}
              photo={photo}
              onSaved={onChanged}
              onDelete={() => setDeleting(photo)}
            />
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={deleting !== null}
        onCancel={() => setDeleting(null)}
        title="Opravdu smazat fotku?"
        description={
          <p>
            {typeset(
              `„${deleting?.alt ?? ""}“ zmizí z knihovny i se všemi svými verzemi. Vrátit to nejde.`,
            )}
          </p>
        }
        action={
          <AlertDialogAction onClick={() => deleting && remove(deleting)}>Smazat</AlertDialogAction>
        }
      />
    </section>
  );
}

function PhotoCard({
  photo,
  onSaved,
  onDelete,
}: {
  photo: PhotoJson;
  onSaved: () => Promise<void>;
  onDelete: () => void;
}) {
  const [alt, setAlt] = useState(photo.alt);
  const [focus, setFocus] = useState<Focus>({ focusX: photo.focusX, focusY: photo.focusY });
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const changed =
    alt !== photo.alt || focus.focusX !== photo.focusX || focus.focusY !== photo.focusY;

  async function save() {
    setBusy(true);
    try {
      await changePhoto(photo.id, { alt, ...focus });
      setError(undefined);
      toast.success("Uloženo. Stránky, kde fotka je, už ukazují změnu.");
      await onSaved();
    } catch (failure) {
      if (failure instanceof AdminApiError) {
        setError(failure.fields?.alt);
        toast.error(failure.message);
      } else {
        toast.error(failed);
      }
    } finally {
      setBusy(false);
    }
  }

  return (
    <li
      data-testid="photo-card"
      className="grid gap-4 rounded-2xl bg-white/80 p-4 ring-1 ring-bark/10"
    >
      <div className="mx-auto w-full max-w-xs">
        <FocusPicker src={thumbnailUrl(photo)} focus={focus} onChange={setFocus} disabled={busy} />
      </div>
      <p className="text-sm text-bark-soft">
        {photo.originalName ? `${photo.originalName} · ` : ""}
        {photo.width} × {photo.height} px · nahráno {formatMoment(photo.createdAt)}
      </p>
      <TextField
        id={`photo-alt-${photo.id}`}
        label="Co je na fotce"
        value={alt}
        maxLength={photoLimits.altMax}
        error={error}
        disabled={busy}
        onChange={(event) => setAlt(event.target.value)}
      />
      <div className="flex flex-col gap-2 sm:flex-row">
        <Button disabled={busy || !changed} onClick={save}>
          <Save aria-hidden="true" className="size-5" />
          Uložit popisek a bod zájmu
        </Button>
        <Button variant="secondary" disabled={busy} onClick={onDelete}>
          <Trash2 aria-hidden="true" className="size-5" />
          Smazat
        </Button>
      </div>
    </li>
  );
}
