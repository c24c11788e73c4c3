import { clsx } from "clsx";
import { ArrowDown, ArrowUp, Eye, EyeOff, FileUp, Pencil, Trash2 } from "lucide-react";
import { type FormEvent, useRef, useState } from "react";
import { Link } from "react-router";
import { formatDuration } from "#shared/gift-waiting";
import { type AdminMaterial, materialChangeSchema, materialLimits } from "#shared/materials";
import { contentPath } from "~/components/admin/content-editor";
import type { RunAction } from "~/components/admin/material-list";
import { formatSize, kindLabels } from "~/components/admin/material-texts";
import { accept, type SendFile } from "~/components/admin/material-upload";
import { PlaceSelect } from "~/components/admin/place-select";
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogTitle,
  AlertDialogTrigger,
  dismissLabel,
} from "~/components/ui/alert-dialog";
import { Button } from "~/components/ui/button";
import { TextAreaField, TextField } from "~/components/ui/form-field";
import { changeMaterial, currentAccessToken, deleteMaterial } from "~/lib/admin-api";
import { fieldErrors } from "~/lib/field-errors";
import { typeset } from "~/lib/typography";

/** The fields of the edit form that can be refused, in the order it shows them. */
const editedFields = ["title", "description", "link"] as const;
type EditedField = (typeof editedFields)[number];

/** One material: what it is, its actions (move, edit, file, hide, delete) and its edit form. */
export function MaterialItem({
  material,
  first,
  last,
  busy,
  onMove,
  run,
  sendFile,
  uploading = false,
}: {
  material: AdminMaterial;
  first: boolean;
  last: boolean;
  busy: boolean;
  onMove: (by: number) => void;
  run: RunAction;
  sendFile: SendFile;
  /** Its file is being uploaded now. */
  uploading?: boolean;
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
        // Rows of their place's card, divided by lines: no card inside a card.
        "border-t border-bark/10 py-4 first:border-t-0 first:pt-0 last:pb-0",
        material.hidden && "opacity-70",
      )}
    >
      <div className="flex flex-col gap-3">
        <div className="min-w-0">
          <p className="font-semibold text-bark">{material.title}</p>
          <p className="mt-1 flex flex-wrap gap-2 text-sm">
            <span className="rounded-full bg-sage-light px-2.5 py-0.5 text-moss-dark">
              {material.ready
                ? kindLabels[material.kind]
                : uploading
                  ? "Nahrává se"
                  : "Čeká na soubor"}
            </span>
            {material.size !== null && (
              <span className="rounded-full bg-sand px-2.5 py-0.5 text-bark">
                {formatSize(material.size)}
              </span>
            )}
            {material.durationSeconds !== null && (
              // Read from the file: what the gift page and e-mails say of its length.
              <span className="rounded-full bg-sand px-2.5 py-0.5 text-bark">
                {formatDuration(material.durationSeconds)}
              </span>
            )}
            {material.hidden && (
              <span className="rounded-full bg-terracotta/15 px-2.5 py-0.5 text-terracotta-dark">
                Skrytý
              </span>
            )}
          </p>
          {!material.ready && canHaveFile && !uploading && (
            <p className="mt-2 text-[0.9375rem] leading-relaxed text-bark-soft">
              {typeset(
                "Bez souboru se materiál nikde nenabízí. Pokud soubor do tří dnů nenahrajete, materiál se smaže.",
              )}
            </p>
          )}
          {material.description && (
            <p className="mt-2 text-[0.9375rem] leading-relaxed text-bark-soft">
              {typeset(material.description)}
            </p>
          )}
          {material.kind === "guide" ? (
            // The guide opens only under a visitor's personal link (decision 0028); its text is hers in „Obsah“.
            <Link
              to={contentPath("scent-guide")}
              className="mt-2 inline-block text-sm text-moss-dark underline underline-offset-4"
            >
              Upravit text průvodce v Obsahu
            </Link>
          ) : (
            material.url && (
              <a
                href={material.url}
                target="_blank"
                rel="noreferrer"
                className="mt-2 inline-block break-all text-sm text-moss-dark underline underline-offset-4"
              >
                {material.fileName ?? material.linkUrl ?? "Otevřít"}
              </a>
            )
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
                  <AlertDialogCancel>{dismissLabel(false)}</AlertDialogCancel>
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
