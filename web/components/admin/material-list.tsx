import { type AdminMaterial, type MaterialPlace, placeLabels } from "#shared/materials";
import { Card } from "~/components/admin/material-card";
import { MaterialItem } from "~/components/admin/material-item";
import type { SendFile } from "~/components/admin/material-upload";
import { currentAccessToken, orderMaterials } from "~/lib/admin-api";
import { typeset } from "~/lib/typography";

/** Runs one of the owner's actions, reloads the list and says how it went; false when it failed. */
export type RunAction = (action: () => Promise<unknown>, success?: string) => Promise<boolean>;

/** One place's materials (a gift or the members' section), in her order. */
export function PlaceList({
  place,
  materials,
  busy,
  run,
  sendFile,
  uploadingId,
}: {
  place: MaterialPlace;
  materials: AdminMaterial[];
  busy: boolean;
  run: RunAction;
  sendFile: SendFile;
  /** The material whose file is being uploaded, if any. */
  uploadingId?: string;
}) {
  const offered = materials.some((material) => material.ready && !material.hidden);
  const move = (index: number, by: number) => {
    const ids = materials.map((material) => material.id);
    const [moved] = ids.splice(index, 1);
    if (!moved) return;
    ids.splice(index + by, 0, moved);
    void run(async () => orderMaterials(await currentAccessToken(), place, ids));
  };
  return (
    <Card id={`place-${place}`} title={placeLabels[place]}>
      <p className="mt-2 text-bark-soft">
        {typeset(
          place === "members"
            ? "V členské sekci se zobrazují v tomto pořadí."
            : offered
              ? "Kdo si o dárek řekne, dostane první zobrazený materiál."
              : "Zatím tu není nic, co by dárek mohl předat, a e-maily s ním proto čekají.",
        )}
      </p>
      {materials.length === 0 ? (
        <p className="mt-4 text-bark-soft">Zatím žádný materiál.</p>
      ) : (
        <ol className="mt-5">
          {materials.map((material, index) => (
            <MaterialItem
              key={material.id}
              material={material}
              first={index === 0}
              last={index === materials.length - 1}
              busy={busy}
              onMove={(by) => move(index, by)}
              run={run}
              sendFile={sendFile}
              uploading={material.id === uploadingId}
            />
          ))}
        </ol>
      )}
    </Card>
  );
}
