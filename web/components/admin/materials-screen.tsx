import { Mail } from "lucide-react";
import { useState } from "react";
import { toast } from "sonner";
import { type AdminMaterialsJson, materialPlaces } from "#shared/materials";
import { AdminFrame } from "~/components/admin/admin-frame";
import { NewMaterialForm } from "~/components/admin/material-form";
import { PlaceList } from "~/components/admin/material-list";
import { waitingLine } from "~/components/admin/material-texts";
import { useMaterialUpload } from "~/components/admin/material-upload";
import { RevokeGiftLink } from "~/components/admin/revoke-gift-link";
import { UploadProgress } from "~/components/admin/upload-progress";
import { AdminApiError, currentAccessToken, fetchMaterials } from "~/lib/admin-api";
import { typeset } from "~/lib/typography";

/** „Materiály“: what the owner offers in the two gifts and the members' section. */
export function MaterialsScreen({
  email,
  initial,
  loadFailed,
}: {
  email: string;
  initial: AdminMaterialsJson;
  loadFailed: boolean;
}) {
  const [materials, setMaterials] = useState(initial.materials);
  const [waiting, setWaiting] = useState(initial.waiting);
  const [busy, setBusy] = useState(false);

  async function reload() {
    const fresh = await fetchMaterials(await currentAccessToken());
    setMaterials(fresh.materials);
    setWaiting(fresh.waiting);
  }

  const { upload, sendFile } = useMaterialUpload(reload);

  async function run(action: () => Promise<unknown>, success?: string) {
    setBusy(true);
    try {
      await action();
      await reload();
      if (success) toast.success(success);
      return true;
    } catch (error) {
      toast.error(
        error instanceof AdminApiError
          ? error.message
          : "Něco se nepovedlo. Zkuste to prosím znovu.",
      );
      return false;
    } finally {
      setBusy(false);
    }
  }

  const line = waitingLine(waiting);

  return (
    <AdminFrame email={email}>
      <div className="mt-5 space-y-8 sm:mt-10">
        {loadFailed && (
          <p role="alert" className="rounded-2xl bg-terracotta/10 p-4 text-terracotta-dark">
            Materiály se nepodařilo načíst. Zkuste prosím stránku načíst znovu.
          </p>
        )}
        {line && (
          <p
            data-testid="waiting-gift-mail"
            className="flex items-start gap-3 rounded-2xl bg-sand p-4 leading-relaxed text-bark ring-1 ring-bark/10"
          >
            <Mail aria-hidden="true" className="mt-1 size-5 shrink-0 text-terracotta-dark" />
            <span>{typeset(line)}</span>
          </p>
        )}

        <NewMaterialForm
          disabled={busy || upload !== null}
          onCreated={async (material, file) => {
            await reload();
            if (file) await sendFile(material, file);
          }}
        />

        {upload && <UploadProgress upload={upload} />}

        {materialPlaces.map((place) => (
          <PlaceList
            key={place}
            place={place}
            materials={materials.filter((material) => material.place === place)}
            busy={busy || upload !== null}
            run={run}
            sendFile={sendFile}
            uploadingId={upload?.materialId}
          />
        ))}

        <RevokeGiftLink run={run} busy={busy} />
      </div>
    </AdminFrame>
  );
}
