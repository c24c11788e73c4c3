import { FileUp, Upload } from "lucide-react";
import { type FormEvent, useRef, useState } from "react";
import { toast } from "sonner";
import {
  type AdminMaterial,
  fileProblem,
  materialLimits,
  newMaterialSchema,
} from "#shared/materials";
import { Card } from "~/components/admin/material-card";
import { accept } from "~/components/admin/material-upload";
import { PlaceSelect } from "~/components/admin/place-select";
import { Button } from "~/components/ui/button";
import { TextAreaField, TextField } from "~/components/ui/form-field";
import { AdminApiError, createMaterial, currentAccessToken } from "~/lib/admin-api";
import { fieldErrors } from "~/lib/field-errors";
import { typeset } from "~/lib/typography";

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

/** „Přidat materiál“: a new material with its file or its link, every field checked first. */
export function NewMaterialForm({
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
