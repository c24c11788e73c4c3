import type { ContentEntryJson, ContentRevision } from "#shared/content/content-admin";
import { contentLimits, type HomeHero } from "#shared/content/content-schemas";
import {
  EditorCard,
  PublishBar,
  RevisionList,
  useContentEditor,
} from "~/components/admin/content-editor";
import { TextAreaField, TextField } from "~/components/ui/form-field";

/** The fields of the first screen in the page's order, with what each is on the page. */
const fields: {
  name: keyof HomeHero;
  label: string;
  hint?: string;
  max: number;
  long?: boolean;
}[] = [
  { name: "eyebrow", label: "Text nad nadpisem", max: contentLimits.label },
  { name: "heading", label: "Nadpis", max: contentLimits.heading },
  {
    name: "headingAccent",
    label: "Zvýrazněná část nadpisu",
    hint: "Navazuje na nadpis, zelenou kurzívou.",
    max: contentLimits.heading,
  },
  { name: "lead", label: "Úvodní odstavec", max: contentLimits.paragraph, long: true },
  {
    name: "quote",
    label: "Citát",
    hint: "Bez uvozovek, web je doplní sám.",
    max: contentLimits.quote,
    long: true,
  },
  { name: "quoteAuthor", label: "Autor citátu", max: contentLimits.label },
  {
    name: "giftButton",
    label: "Tlačítko k dárku",
    hint: "Vede na stránku s dárkem zdarma.",
    max: contentLimits.label,
  },
  {
    name: "servicesButton",
    label: "Tlačítko ke službám",
    hint: "Vede níž na stránce, k nabídce.",
    max: contentLimits.label,
  },
];

/** „Úvod domovské stránky“: the first screen's texts, its draft, publishing and revisions. */
export function HeroEditor({
  entry,
  revisions,
}: {
  entry: ContentEntryJson<"home-hero">;
  revisions: ContentRevision[];
}) {
  const editor = useContentEditor(entry, revisions);
  const { data, setData, errors, busy } = editor;
  return (
    <EditorCard
      title="Úvod domovské stránky"
      intro="První obrazovka webu, jak ji návštěvnice vidí odshora dolů. Změny se na webu ukážou, až je zveřejníte."
    >
      <form
        className="mt-6 grid max-w-3xl gap-5 px-2 sm:px-0"
        onSubmit={(event) => {
          event.preventDefault();
          editor.saveDraft();
        }}
      >
        {fields.map((field) => {
          const common = {
            id: `content-${field.name}`,
            label: field.label,
            hint: field.hint,
            error: errors[field.name],
            value: data[field.name],
            disabled: busy,
          };
          return field.long ? (
            <TextAreaField
              key={field.name}
              {...common}
              rows={4}
              characterCount={data[field.name].length}
              maxCharacters={field.max}
              onChange={(event) => setData({ ...data, [field.name]: event.target.value })}
            />
          ) : (
            <TextField
              key={field.name}
              {...common}
              onChange={(event) => setData({ ...data, [field.name]: event.target.value })}
            />
          );
        })}
      </form>
      <PublishBar editor={editor} />
      <RevisionList editor={editor} />
    </EditorCard>
  );
}
