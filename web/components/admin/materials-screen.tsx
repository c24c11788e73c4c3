import { clsx } from "clsx";
import {
  ArrowDown,
  ArrowUp,
  Eye,
  EyeOff,
  FileUp,
  Link2Off,
  Mail,
  Pencil,
  Trash2,
  Upload,
  X,
} from "lucide-react";
import { type FormEvent, type ReactNode, useRef, useState } from "react";
import { toast } from "sonner";
import {
  type AdminMaterial,
  type AdminMaterialsJson,
  acceptedFileTypes,
  fileProblem,
  type MaterialPlace,
  materialChangeSchema,
  materialLimits,
  materialPlaces,
  newMaterialSchema,
  placeLabels,
  type WaitingGiftMail,
} from "#shared/materials";
import { AdminFrame } from "~/components/admin/admin-frame";
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogTitle,
  AlertDialogTrigger,
} from "~/components/ui/alert-dialog";
import { Button } from "~/components/ui/button";
import { TextAreaField, TextField } from "~/components/ui/form-field";
import { AdminApiError, currentAccessToken } from "~/lib/admin-api";
import { fieldErrors } from "~/lib/field-errors";
import {
  changeMaterial,
  createMaterial,
  deleteMaterial,
  fetchMaterials,
  orderMaterials,
  revokeGiftLink,
  type UploadHandle,
  uploadMaterialFile,
} from "~/lib/materials-api";
import { typeset } from "~/lib/typography";

const kindLabels: Record<string, string> = {
  video: "Video",
  audio: "Zvuk",
  pdf: "PDF",
  image: "Obrázek",
  link: "Odkaz",
  guide: "Průvodce z webu",
};

const accept = Object.keys(acceptedFileTypes).join(",");

/** „1 e-mail“, „3 e-maily“, „5 e-mailů“. */
export function countEmails(count: number): string {
  if (count === 1) return "1 e-mail";
  if (count >= 2 && count <= 4) return `${count} e-maily`;
  return `${count} e-mailů`;
}

export function formatSize(bytes: number): string {
  if (bytes >= 1024 * 1024 * 1024) return `${(bytes / 1024 ** 3).toFixed(1).replace(".", ",")} GB`;
  if (bytes >= 1024 * 1024) return `${Math.round(bytes / 1024 ** 2)} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} kB`;
}

/** What the owner is told about gift e-mails that wait for a material, or null when none waits. */
export function waitingLine(waiting: WaitingGiftMail): string | null {
  const parts = [
    waiting.gift_ritual > 0 && `rituál – ${countEmails(waiting.gift_ritual)}`,
    waiting.gift_fragrance > 0 && `osobní vůně – ${countEmails(waiting.gift_fragrance)}`,
  ].filter(Boolean);
  if (parts.length === 0) return null;
  return `Na materiál čekají e-maily s dárkem: ${parts.join(", ")}. Jakmile k dárku přidáte materiál, odejdou samy.`;
}

type UploadInProgress = {
  materialId: string;
  fileName: string;
  sent: number;
  total: number;
  handle: UploadHandle;
};

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
  const [upload, setUpload] = useState<UploadInProgress | null>(null);
  const [busy, setBusy] = useState(false);

  async function reload() {
    const fresh = await fetchMaterials(await currentAccessToken());
    setMaterials(fresh.materials);
    setWaiting(fresh.waiting);
  }

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

  async function sendFile(material: Pick<AdminMaterial, "id">, file: File) {
    const problem = fileProblem(file);
    if (problem) {
      toast.error(problem);
      return false;
    }
    const handle = uploadMaterialFile(
      await currentAccessToken(),
      material.id,
      file,
      (sent, total) => setUpload((current) => (current ? { ...current, sent, total } : current)),
    );
    setUpload({ materialId: material.id, fileName: file.name, sent: 0, total: file.size, handle });
    try {
      await handle.done;
      toast.success(`Soubor „${file.name}“ je nahraný.`);
      return true;
    } catch (error) {
      toast.error(error instanceof AdminApiError ? error.message : "Nahrávání se nepovedlo.");
      return false;
    } finally {
      setUpload(null);
      await reload().catch(() => {});
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
          />
        ))}

        <RevokeGiftLink run={run} busy={busy} />
      </div>
    </AdminFrame>
  );
}

function Card({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section
      aria-labelledby={id}
      className="rounded-[2rem] bg-cream p-5 shadow-sm ring-1 ring-bark/10 sm:p-8"
    >
      <h2 id={id} className="text-2xl font-semibold text-bark sm:text-3xl">
        {title}
      </h2>
      {children}
    </section>
  );
}

/**
 * The file input with its button and the chosen name in Czech: the browser's
 * own control speaks the language of its system („Choose File“ on an English
 * one). The input stays in the form, hidden but focusable.
 */
function FilePicker({ accept, error }: { accept: string; error?: string }) {
  const [name, setName] = useState<string>();
  return (
    <div className="mt-3">
      <input
        id="material-file"
        name="file"
        type="file"
        accept={accept}
        className="peer sr-only"
        aria-describedby={error ? "material-file-error" : undefined}
        onChange={(event) => setName(event.currentTarget.files?.[0]?.name)}
      />
      <label
        htmlFor="material-file"
        className="flex min-h-14 cursor-pointer flex-wrap items-center gap-x-4 gap-y-2 rounded-2xl border border-dashed border-bark-soft/70 bg-white p-3 text-bark peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-moss"
      >
        <span className="inline-flex items-center gap-2 rounded-full bg-sage-light px-4 py-2 font-semibold text-moss-dark">
          <FileUp aria-hidden="true" className="size-5" />
          Vybrat soubor
        </span>
        <span className="min-w-0 break-all text-bark-soft">
          {name ?? typeset("Zatím není vybraný žádný soubor")}
        </span>
      </label>
      {error && (
        <p id="material-file-error" className="mt-2 text-sm text-terracotta-dark">
          {error}
        </p>
      )}
    </div>
  );
}

/** The new material's fields that can be refused, in the order the form shows them. */
const newMaterialFields = ["title", "description", "link", "file"] as const;
type NewMaterialField = (typeof newMaterialFields)[number];

function NewMaterialForm({
  disabled,
  onCreated,
}: {
  disabled: boolean;
  onCreated: (material: AdminMaterial, file: File | null) => Promise<void>;
}) {
  const [source, setSource] = useState<"file" | "link">("file");
  const [errors, setErrors] = useState<Partial<Record<NewMaterialField | "form", string>>>({});
  const [saving, setSaving] = useState(false);
  // A reset form forgets its file: the picker starts again with no name shown.
  const [resets, setResets] = useState(0);
  const form = useRef<HTMLFormElement>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const file = data.get("file");
    const chosen = file instanceof File && file.name !== "" ? file : null;
    // Every field checked at once, the file before anything is created.
    const parsed = newMaterialSchema.safeParse({
      title: String(data.get("title") ?? ""),
      description: String(data.get("description") ?? ""),
      place: String(data.get("place")),
      ...(source === "link" && { link: String(data.get("link") ?? "") }),
    });
    const problem = source === "file" ? fileProblem(chosen) : null;
    if (!parsed.success || problem) {
      const found = parsed.success ? {} : fieldErrors<NewMaterialField>(parsed.error.issues);
      if (problem) found.file = problem;
      const first = newMaterialFields.find((field) => found[field]);
      // Only the place could be refused without a field of its own: the select offers no other.
      setErrors(first ? found : { form: parsed.error?.issues[0]?.message });
      if (first) event.currentTarget.querySelector<HTMLElement>(`#material-${first}`)?.focus();
      return;
    }
    setSaving(true);
    try {
      const material = await createMaterial(await currentAccessToken(), parsed.data);
      setErrors({});
      form.current?.reset();
      setSource("file");
      if (source === "link") toast.success("Materiál s odkazem je přidaný.");
      await onCreated(material, source === "file" ? chosen : null);
    } catch (error) {
      if (error instanceof AdminApiError) {
        setErrors({ form: error.message });
        toast.error(error.message);
      }
    } finally {
      setSaving(false);
    }
  }

  return (
    <Card id="new-material-heading" title="Přidat materiál">
      <p className="mt-3 max-w-3xl leading-relaxed text-bark-soft">
        {typeset(
          "Nahrajte video, zvuk, PDF nebo obrázek (nejvýše 2 GB), nebo vložte odkaz na video na YouTube či Vimeu. Vyberte, kde se materiál nabízí: v jednom z dárků, nebo v členské sekci.",
        )}
      </p>
      <form
        ref={form}
        onSubmit={submit}
        onReset={() => setResets((count) => count + 1)}
        className="mt-6 grid gap-5 md:grid-cols-2"
        noValidate
      >
        <TextField
          id="material-title"
          name="title"
          label="Název"
          required
          maxLength={materialLimits.titleMax}
          error={errors.title}
        />
        <PlaceSelect id="material-place" defaultValue="gift_ritual" />
        <TextAreaField
          id="material-description"
          name="description"
          label="Krátký popis"
          optional
          maxLength={materialLimits.descriptionMax}
          className="md:col-span-2"
          rows={2}
          error={errors.description}
        />
        <fieldset className="md:col-span-2">
          <legend className="text-[0.9375rem] font-semibold text-bark">Materiál</legend>
          <div className="mt-2 flex flex-wrap gap-4">
            {(
              [
                ["file", "Soubor z počítače nebo telefonu"],
                ["link", "Odkaz na YouTube nebo Vimeo"],
              ] as const
            ).map(([value, label]) => (
              <label key={value} className="inline-flex min-h-11 items-center gap-2 text-bark">
                <input
                  type="radio"
                  name="source"
                  value={value}
                  checked={source === value}
                  onChange={() => setSource(value)}
                  className="size-5 accent-moss"
                />
                {label}
              </label>
            ))}
          </div>
          {source === "file" ? (
            <FilePicker key={resets} accept={accept} error={errors.file} />
          ) : (
            <TextField
              id="material-link"
              name="link"
              type="url"
              label="Adresa videa"
              hint="Například https://youtu.be/… nebo https://vimeo.com/…"
              className="mt-3"
              error={errors.link}
            />
          )}
        </fieldset>
        {errors.form && (
          <p role="alert" className="text-terracotta-dark md:col-span-2">
            {typeset(errors.form)}
          </p>
        )}
        <div className="md:col-span-2">
          <Button type="submit" disabled={disabled || saving}>
            <Upload aria-hidden="true" className="size-5" />
            {source === "file" ? "Přidat a nahrát" : "Přidat odkaz"}
          </Button>
        </div>
      </form>
    </Card>
  );
}

function UploadProgress({ upload }: { upload: UploadInProgress }) {
  const percent = upload.total > 0 ? Math.floor((upload.sent / upload.total) * 100) : 0;
  return (
    <div
      role="status"
      aria-live="polite"
      className="rounded-[2rem] bg-sage-light/70 p-5 ring-1 ring-moss/30 sm:p-6"
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="min-w-0 font-semibold break-all text-bark">Nahrávám „{upload.fileName}“</p>
        <Button variant="secondary" onClick={() => upload.handle.abort()}>
          <X aria-hidden="true" className="size-5" />
          Zrušit
        </Button>
      </div>
      <progress
        aria-label="Průběh nahrávání"
        max={100}
        value={percent}
        className="mt-4 h-3 w-full overflow-hidden rounded-full [&::-moz-progress-bar]:bg-moss [&::-webkit-progress-bar]:bg-cream [&::-webkit-progress-value]:bg-moss"
      />
      <p className="mt-2 text-bark-soft">
        {percent} % · {formatSize(upload.sent)} z {formatSize(upload.total)}. Stránku prosím
        nezavírejte, dokud nahrávání neskončí.
      </p>
    </div>
  );
}

function PlaceList({
  place,
  materials,
  busy,
  run,
  sendFile,
}: {
  place: MaterialPlace;
  materials: AdminMaterial[];
  busy: boolean;
  run: (action: () => Promise<unknown>, success?: string) => Promise<boolean>;
  sendFile: (material: AdminMaterial, file: File) => Promise<boolean>;
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
        <ol className="mt-5 space-y-3">
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
            />
          ))}
        </ol>
      )}
    </Card>
  );
}

/** The fields of the edit form that can be refused, in the order it shows them. */
const editedFields = ["title", "description", "link"] as const;
type EditedField = (typeof editedFields)[number];

function MaterialItem({
  material,
  first,
  last,
  busy,
  onMove,
  run,
  sendFile,
}: {
  material: AdminMaterial;
  first: boolean;
  last: boolean;
  busy: boolean;
  onMove: (by: number) => void;
  run: (action: () => Promise<unknown>, success?: string) => Promise<boolean>;
  sendFile: (material: AdminMaterial, file: File) => Promise<boolean>;
}) {
  const [editing, setEditing] = useState(false);
  const [errors, setErrors] = useState<Partial<Record<EditedField, string>>>({});
  const fileInput = useRef<HTMLInputElement>(null);
  const canHaveFile = material.kind !== "link" && material.kind !== "guide";

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const parsed = materialChangeSchema.safeParse({
      title: String(data.get("title") ?? ""),
      description: String(data.get("description") ?? ""),
      // A video's address and where a material is offered can be put right too
      // (the built-in guide stays where it is).
      ...(material.kind === "link" && { link: String(data.get("link") ?? "") }),
      ...(material.kind !== "guide" && { place: String(data.get("place")) }),
    });
    if (!parsed.success) {
      const found = fieldErrors<EditedField>(parsed.error.issues);
      setErrors(found);
      const first = editedFields.find((field) => found[field]);
      if (first)
        event.currentTarget.querySelector<HTMLElement>(`#${first}-${material.id}`)?.focus();
      return;
    }
    setErrors({});
    const saved = await run(
      async () => changeMaterial(await currentAccessToken(), material.id, parsed.data),
      "Změny jsou uložené.",
    );
    if (saved) setEditing(false);
  }

  // Up and down are plain arrows; every other action says its name, as a phone shows no tooltips.
  const iconButton =
    "inline-flex size-11 items-center justify-center rounded-full text-moss-dark ring-1 ring-moss/30 transition-colors hover:bg-sage-light disabled:opacity-40";
  const actionButton =
    "inline-flex min-h-11 items-center gap-2 rounded-full px-4 text-[0.9375rem] font-semibold text-moss-dark ring-1 ring-moss/30 transition-colors hover:bg-sage-light disabled:opacity-40";

  return (
    <li
      className={clsx(
        "rounded-2xl bg-white/70 p-4 ring-1 ring-bark/10",
        material.hidden && "opacity-70",
      )}
    >
      <div className="flex flex-col gap-3">
        <div className="min-w-0">
          <p className="font-semibold text-bark">{material.title}</p>
          <p className="mt-1 flex flex-wrap gap-2 text-sm">
            <span className="rounded-full bg-sage-light px-2.5 py-0.5 text-moss-dark">
              {material.ready ? kindLabels[material.kind] : "Čeká na soubor"}
            </span>
            {material.size !== null && (
              <span className="rounded-full bg-sand px-2.5 py-0.5 text-bark">
                {formatSize(material.size)}
              </span>
            )}
            {material.hidden && (
              <span className="rounded-full bg-terracotta/15 px-2.5 py-0.5 text-terracotta-dark">
                Skrytý
              </span>
            )}
          </p>
          {material.description && (
            <p className="mt-2 text-[0.9375rem] leading-relaxed text-bark-soft">
              {typeset(material.description)}
            </p>
          )}
          {material.url && (
            <a
              href={material.url}
              target="_blank"
              rel="noreferrer"
              className="mt-2 inline-block break-all text-sm text-moss-dark underline underline-offset-4"
            >
              {material.fileName ?? material.linkUrl ?? "Otevřít"}
            </a>
          )}
        </div>
        <div className="flex flex-wrap gap-2">
          <button
            type="button"
            className={iconButton}
            disabled={busy || first}
            onClick={() => onMove(-1)}
            aria-label={`Posunout „${material.title}“ výš`}
            title="Posunout výš"
          >
            <ArrowUp aria-hidden="true" className="size-5" />
          </button>
          <button
            type="button"
            className={iconButton}
            disabled={busy || last}
            onClick={() => onMove(1)}
            aria-label={`Posunout „${material.title}“ níž`}
            title="Posunout níž"
          >
            <ArrowDown aria-hidden="true" className="size-5" />
          </button>
          <button
            type="button"
            className={actionButton}
            disabled={busy}
            onClick={() => setEditing(!editing)}
            aria-label={`Upravit „${material.title}“`}
            aria-expanded={editing}
          >
            <Pencil aria-hidden="true" className="size-5" />
            Upravit
          </button>
          {canHaveFile && (
            <>
              <button
                type="button"
                className={actionButton}
                disabled={busy}
                onClick={() => fileInput.current?.click()}
                aria-label={`${material.ready ? "Nahradit soubor" : "Nahrát soubor"} „${material.title}“`}
              >
                <FileUp aria-hidden="true" className="size-5" />
                {material.ready ? "Nahradit soubor" : "Nahrát soubor"}
              </button>
              <input
                ref={fileInput}
                type="file"
                accept={accept}
                className="hidden"
                tabIndex={-1}
                aria-hidden="true"
                onChange={(event) => {
                  const file = event.currentTarget.files?.[0];
                  event.currentTarget.value = "";
                  if (file) void sendFile(material, file);
                }}
              />
            </>
          )}
          <button
            type="button"
            className={actionButton}
            disabled={busy}
            onClick={() =>
              void run(
                async () =>
                  changeMaterial(await currentAccessToken(), material.id, {
                    hidden: !material.hidden,
                  }),
                material.hidden ? "Materiál je zase vidět." : "Materiál je skrytý.",
              )
            }
            aria-label={`${material.hidden ? "Zobrazit" : "Skrýt"} „${material.title}“`}
          >
            {material.hidden ? (
              <Eye aria-hidden="true" className="size-5" />
            ) : (
              <EyeOff aria-hidden="true" className="size-5" />
            )}
            {material.hidden ? "Zobrazit" : "Skrýt"}
          </button>
          {material.kind !== "guide" && (
            <AlertDialog>
              <AlertDialogTrigger asChild>
                <button
                  type="button"
                  className={clsx(actionButton, "text-terracotta-dark ring-terracotta/40")}
                  disabled={busy}
                  aria-label={`Smazat „${material.title}“`}
                >
                  <Trash2 aria-hidden="true" className="size-5" />
                  Smazat
                </button>
              </AlertDialogTrigger>
              <AlertDialogContent>
                <AlertDialogTitle>Smazat „{material.title}“?</AlertDialogTitle>
                <AlertDialogDescription>
                  {typeset(
                    "Materiál i jeho soubor zmizí natrvalo. Kdo má na něj odkaz, už ho neotevře.",
                  )}
                </AlertDialogDescription>
                <AlertDialogFooter>
                  <AlertDialogCancel>Zrušit</AlertDialogCancel>
                  <AlertDialogAction
                    onClick={() =>
                      void run(
                        async () => deleteMaterial(await currentAccessToken(), material.id),
                        "Materiál je smazaný.",
                      )
                    }
                  >
                    Smazat
                  </AlertDialogAction>
                </AlertDialogFooter>
              </AlertDialogContent>
            </AlertDialog>
          )}
        </div>
      </div>
      {editing && (
        <form onSubmit={save} className="mt-4 grid gap-4">
          <TextField
            id={`title-${material.id}`}
            name="title"
            label="Název"
            defaultValue={material.title}
            maxLength={materialLimits.titleMax}
            error={errors.title}
          />
          <TextAreaField
            id={`description-${material.id}`}
            name="description"
            label="Krátký popis"
            optional
            rows={2}
            defaultValue={material.description}
            maxLength={materialLimits.descriptionMax}
            error={errors.description}
          />
          {material.kind === "link" && (
            <TextField
              id={`link-${material.id}`}
              name="link"
              type="url"
              label="Adresa videa"
              hint="Například https://youtu.be/… nebo https://vimeo.com/…"
              defaultValue={material.linkUrl ?? ""}
              error={errors.link}
            />
          )}
          {material.kind !== "guide" && (
            <PlaceSelect id={`place-${material.id}`} defaultValue={material.place} />
          )}
          <div className="flex flex-wrap gap-3">
            <Button type="submit" disabled={busy}>
              Uložit
            </Button>
            <Button
              variant="secondary"
              onClick={() => {
                setEditing(false);
                setErrors({});
              }}
            >
              Zrušit
            </Button>
          </div>
        </form>
      )}
    </li>
  );
}

/** „Kde se nabízí“: the places a material can be offered in, for the new and the edit form. */
function PlaceSelect({ id, defaultValue }: { id: string; defaultValue: MaterialPlace }) {
  return (
    <div>
      <label htmlFor={id} className="block text-[0.9375rem] font-semibold text-bark">
        Kde se nabízí
      </label>
      <select
        id={id}
        name="place"
        defaultValue={defaultValue}
        className="mt-2 block h-12 w-full rounded-2xl border border-bark-soft/70 bg-white px-4 text-base text-bark"
      >
        {materialPlaces.map((place) => (
          <option key={place} value={place}>
            {placeLabels[place]}
          </option>
        ))}
      </select>
    </div>
  );
}

function RevokeGiftLink({
  run,
  busy,
}: {
  run: (action: () => Promise<unknown>, success?: string) => Promise<boolean>;
  busy: boolean;
}) {
  const [link, setLink] = useState("");
  return (
    <Card id="revoke-heading" title="Zrušit odkaz na dárek">
      <p className="mt-3 max-w-3xl leading-relaxed text-bark-soft">
        {typeset(
          "Každý, kdo si o dárek řekl, dostal vlastní odkaz. Kdyby se odkaz dostal, kam nemá (například ho někdo přeposlal dál), vložte ho sem a přestane platit.",
        )}
      </p>
      <form
        className="mt-5 flex flex-col gap-3 sm:flex-row sm:items-end"
        onSubmit={async (event) => {
          event.preventDefault();
          const revoked = await run(
            async () => revokeGiftLink(await currentAccessToken(), link),
            "Odkaz už neplatí.",
          );
          if (revoked) setLink("");
        }}
      >
        <TextField
          id="gift-link"
          label="Odkaz na dárek"
          value={link}
          onChange={(event) => setLink(event.currentTarget.value)}
          className="grow"
        />
        <Button type="submit" variant="secondary" disabled={busy || link.trim() === ""}>
          <Link2Off aria-hidden="true" className="size-5" />
          Zrušit odkaz
        </Button>
      </form>
    </Card>
  );
}
