/**
 * „Údaje o provozovateli“: who runs the site, as the privacy notice and the home page's
 * structured data state it (and, as the site grows, its footer and e-mails). One form, checked strictly on the server.
 */
import type { ContentEntryJson, ContentRevision } from "#shared/content/content-admin";
import type { Operator } from "#shared/content/operator-content";
import {
  EditorCard,
  PublishBar,
  RevisionList,
  useContentEditor,
} from "~/components/admin/content-editor";
import { TextField } from "~/components/ui/form-field";

/** The fields in the order the site states them, with what each is. */
const fields: {
  name: keyof Operator;
  label: string;
  hint?: string;
  optional?: boolean;
  type?: "email" | "tel" | "url";
}[] = [
  { name: "ownerName", label: "Jméno a příjmení" },
  { name: "email", label: "E-mail", type: "email" },
  {
    name: "phone",
    label: "Telefon",
    optional: true,
    hint: "Prázdné pole: web telefon neuvádí.",
    type: "tel",
  },
  { name: "socialNetwork", label: "Sociální síť", hint: "Například Instagram." },
  { name: "socialHandle", label: "Jméno profilu", hint: "Například @harmonie.prirody." },
  {
    name: "socialUrl",
    label: "Odkaz na profil",
    hint: "Celá adresa začínající https://.",
    type: "url",
  },
  { name: "ico", label: "IČO", hint: "Osm číslic, jak je uvádí živnostenský rejstřík." },
  { name: "seat", label: "Sídlo", hint: "Adresa sídla zapsaná v živnostenském rejstříku." },
  { name: "legalForm", label: "Právní forma" },
  { name: "register", label: "Zápis v rejstříku" },
];

export function OperatorEditor({
  entry,
  revisions,
}: {
  entry: ContentEntryJson<"operator">;
  revisions: ContentRevision[];
}) {
  const editor = useContentEditor(entry, revisions);
  const { data, setData, errors, busy } = editor;
  return (
    <EditorCard
      title="Údaje o provozovateli"
      intro="Kdo web provozuje a jak vás zastihnout. Jako podnikatelka je musíte na webu uvádět a zásady ochrany osobních údajů vás jimi představují jako správkyni údajů."
    >
      <form
        className="mt-6 grid max-w-3xl gap-5 px-2 sm:px-0"
        onSubmit={(event) => {
          event.preventDefault();
          editor.saveDraft();
        }}
      >
        {fields.map((field) => (
          <TextField
            key={field.name}
            id={`operator-${field.name}`}
            label={field.label}
            hint={field.hint}
            optional={field.optional}
            type={field.type ?? "text"}
            inputMode={field.name === "ico" ? "numeric" : undefined}
            autoComplete="off"
            value={data[field.name]}
            error={errors[field.name]}
            disabled={busy}
            onChange={(event) => setData({ ...data, [field.name]: event.target.value })}
          />
        ))}
      </form>
      <PublishBar editor={editor} />
      <RevisionList editor={editor} />
    </EditorCard>
  );
}
