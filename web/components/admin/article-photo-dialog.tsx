/**
 * „Vložit fotku“ of the article editor: her library as large thumbnails with their alt texts (a
 * sheet from the bottom on a phone, a window on a computer), one tap inserts the photo; or a new
 * one uploaded from the phone, inserted as soon as it is in the library. The article keeps the
 * photo's address (shared/content/article-photos.ts); its page shows it in every size.
 */
import type { PhotoJson } from "#shared/content/photo-library";
import { InsertDialog } from "~/components/admin/insert-dialog";
import { type PhotoLibrary, thumbnailUrl } from "~/components/admin/photo-picker";
import { PhotoUploadForm } from "~/components/admin/photo-upload";
import { typeset } from "~/lib/typography";

export function ArticlePhotoDialog({
  open,
  onOpenChange,
  library,
  onChoose,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  library: PhotoLibrary;
  onChoose: (photo: PhotoJson) => void;
}) {
  const { photos } = library;
  return (
    <InsertDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Vložit fotku"
      description="Klepněte na fotku z knihovny a vloží se do textu tam, kde je kurzor. Pod každou je její popis pro ty, kdo ji nevidí."
      width="sm:max-w-3xl"
      // The upload is a form of its own: its submit must not reach the article's form.
      onSubmit={(event) => event.stopPropagation()}
    >
      {library.failed ? (
        <p role="alert" className="mt-5 text-terracotta-dark">
          {typeset("Fotky se nepodařilo načíst. Zkuste prosím stránku načíst znovu.")}
        </p>
      ) : photos === null ? (
        <p className="mt-5 text-bark-soft">Fotky se načítají…</p>
      ) : photos.length === 0 ? (
        <p className="mt-5 text-bark-soft">
          {typeset("V knihovně zatím žádná fotka není. Nahrajte první níže.")}
        </p>
      ) : (
        <ul aria-label="Fotky v knihovně" className="mt-5 grid grid-cols-2 gap-3 sm:grid-cols-3">
          {photos.map((photo) => (
            <li key={photo.id}>
              <button
                type="button"
                onClick={() => onChoose(photo)}
                className="group block w-full rounded-2xl bg-white p-2 text-left ring-1 ring-bark/10 hover:ring-2 hover:ring-moss focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-moss-dark"
              >
                <img
                  src={thumbnailUrl(photo)}
                  alt=""
                  loading="lazy"
                  className="aspect-[4/3] w-full rounded-xl bg-sand object-cover"
                  style={{
                    objectPosition: `${photo.focusX * 100}% ${photo.focusY * 100}%`,
                  }}
                />
                <span className="mt-2 line-clamp-3 block text-sm leading-snug text-bark">
                  <span className="sr-only">Vložit fotku: </span>
                  {photo.alt}
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className="mt-8 rounded-2xl bg-white/70 p-4 ring-1 ring-bark/10 sm:p-6">
        <PhotoUploadForm
          notice="Fotka je v knihovně a vložila se do článku."
          onUploaded={async (photo) => {
            await library.reload();
            onChoose(photo);
          }}
        />
      </div>
    </InsertDialog>
  );
}
