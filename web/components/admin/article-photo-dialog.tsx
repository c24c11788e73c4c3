/**
 * „Vložit fotku“ of the article editor: her library as large thumbnails with their alt texts (a
 * sheet from the bottom on a phone, a window on a computer), one tap inserts the photo; or a new
 * one uploaded from the phone, inserted as soon as it is in the library. The article keeps the
 * photo's address (shared/content/article-photos.ts); its page shows it in every size.
 */
import { X } from "lucide-react";
import { Dialog } from "radix-ui";
import type { PhotoJson } from "#shared/content/photo-library";
import { type PhotoLibrary, thumbnailUrl } from "~/components/admin/photo-picker";
import { PhotoUploadForm } from "~/components/admin/photo-upload";
import { buttonClasses } from "~/components/ui/button";
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
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-bark/50 backdrop-blur-[2px]" />
        <Dialog.Content
          className="fixed inset-x-0 bottom-0 z-50 max-h-[92dvh] overflow-y-auto rounded-t-3xl bg-cream p-5 shadow-2xl ring-1 ring-bark/10 sm:inset-x-auto sm:top-1/2 sm:bottom-auto sm:left-1/2 sm:w-[calc(100%-4rem)] sm:max-w-3xl sm:-translate-x-1/2 sm:-translate-y-1/2 sm:rounded-3xl sm:p-8"
          // The upload is a form of its own: its submit must not reach the article's form.
          onSubmit={(event) => event.stopPropagation()}
        >
          <div className="flex items-start justify-between gap-4">
            <Dialog.Title className="font-serif text-2xl font-semibold text-bark">
              Vložit fotku
            </Dialog.Title>
            <Dialog.Close
              aria-label="Zavřít"
              className="-mt-1 -mr-1 inline-flex size-11 shrink-0 items-center justify-center rounded-full text-bark hover:bg-sand"
            >
              <X aria-hidden="true" className="size-6" />
            </Dialog.Close>
          </div>
          <Dialog.Description className="mt-2 leading-relaxed text-bark-soft">
            {typeset(
              "Klepněte na fotku z knihovny a vloží se do textu tam, kde je kurzor. Pod každou je její popis pro ty, kdo ji nevidí.",
            )}
          </Dialog.Description>
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
            <ul
              aria-label="Fotky v knihovně"
              className="mt-5 grid grid-cols-2 gap-3 sm:grid-cols-3"
            >
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
          <Dialog.Close className={buttonClasses("secondary", "mt-6 w-full sm:w-auto")}>
            Zavřít bez vložení
          </Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
