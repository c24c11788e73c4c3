/**
 * „Fotky“: her photo library (upload, alt text, focal point, deletion) and which photo each
 * place of the pages shows, as a draft she publishes like any other content.
 */
import type { ContentEntryJson, ContentRevision } from "#shared/content/content-admin";
import { photoSlotKeys, photoSlots } from "#shared/content/photo-slots";
import {
  EditorCard,
  PublishBar,
  RevisionList,
  useContentEditor,
} from "~/components/admin/content-editor";
import { PhotoList } from "~/components/admin/photo-list";
import { PhotoPicker, usePhotoLibrary } from "~/components/admin/photo-picker";
import { PhotoUploadForm } from "~/components/admin/photo-upload";
import { photos as illustrations } from "~/components/photos";
import { typeset } from "~/lib/typography";

export function PhotosEditor({
  entry,
  revisions,
}: {
  entry: ContentEntryJson<"photos">;
  revisions: ContentRevision[];
}) {
  const editor = useContentEditor(entry, revisions);
  const library = usePhotoLibrary();
  const { data, setData, busy } = editor;
  return (
    <EditorCard
      title="Fotky"
      intro="Nahrajte fotky z telefonu a vyberte, kde na webu budou. Dokud žádnou nevyberete, ukazuje web na tom místě ilustraci."
    >
      <div className="mt-6 grid gap-10 px-2 sm:px-0">
        <PhotoUploadForm onUploaded={() => library.reload()} />

        <section aria-labelledby="photo-places-heading">
          <h3 id="photo-places-heading" className="text-xl font-semibold text-bark">
            Kde je která fotka
          </h3>
          <p className="mt-2 max-w-3xl leading-relaxed text-bark-soft">
            {typeset(
              "U každého místa vyberte fotku, nebo nechte ilustraci. Na webu se výběr ukáže, až ho zveřejníte.",
            )}
          </p>
          {library.failed ? (
            <p role="alert" className="mt-4 text-terracotta-dark">
              {typeset("Fotky se nepodařilo načíst. Zkuste prosím stránku načíst znovu.")}
            </p>
          ) : (
            <div className="mt-5 grid gap-6">
              {photoSlotKeys.map((slot) => (
                <PhotoPicker
                  key={slot}
                  name={`slot-${slot}`}
                  legend={photoSlots[slot].label}
                  photos={library.photos ?? []}
                  value={data[slot]}
                  onChange={(id) => setData({ ...data, [slot]: id })}
                  none={{ label: "Ilustrace", src: illustrations[slot].src }}
                  disabled={busy || library.photos === null}
                />
              ))}
            </div>
          )}
          <PublishBar editor={editor} />
        </section>

        {library.photos && <PhotoList photos={library.photos} onChanged={library.reload} />}
      </div>
      <RevisionList editor={editor} />
    </EditorCard>
  );
}
