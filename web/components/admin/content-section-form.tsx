/**
 * The editor of an item described field by field (`shared/content/page-fields.ts`): its form
 * made from the description, section by section in the page's order, with each field's
 * refusal under it, the draft, „Náhled“, publishing and the revisions with „Obnovit“.
 */
import { Plus, Trash2 } from "lucide-react";
import { useState } from "react";
import type { ContentEntryJson, ContentRevision } from "#shared/content/content-admin";
import type { ContentKey } from "#shared/content/content-items";
import { newsletterContentForm } from "#shared/content/newsletter-content";
import { aboutPageForm } from "#shared/content/page-about";
import { blogPageForm } from "#shared/content/page-blog";
import { bookingPageForm } from "#shared/content/page-booking";
import { eventsPageForm } from "#shared/content/page-events";
import {
  type Action,
  actionTargets,
  type FaqItem,
  type FieldSpec,
  type FormSpec,
  maxOf,
} from "#shared/content/page-fields";
import { harmonisationPageForm } from "#shared/content/page-harmonisation";
import { homeHeroForm, homeSectionsForm } from "#shared/content/page-home";
import {
  type ContentEditor,
  EditorCard,
  PublishBar,
  RevisionList,
  useContentEditor,
} from "~/components/admin/content-editor";
import { type PreviewPage, PreviewPanel } from "~/components/admin/preview-panel";
import { Button } from "~/components/ui/button";
import { SelectField, TextAreaField, TextField } from "~/components/ui/form-field";
import { fetchContentPreview } from "~/lib/admin-api";
import { typeset } from "~/lib/typography";

type Values = Record<string, unknown>;

/** An item's editor: its title and intro, then the form made from `form`. */
export function SectionEditor<K extends ContentKey>({
  entry,
  revisions,
  form,
  title,
  intro,
}: {
  entry: ContentEntryJson<K>;
  revisions: ContentRevision[];
  form: FormSpec;
  title: string;
  intro: string;
}) {
  const editor = useContentEditor(entry, revisions);
  return (
    <EditorCard title={title} intro={intro}>
      <form
        // A publish or restore replaces the data: the fields start again from it.
        key={editor.entry.version}
        className="mt-6 grid max-w-3xl gap-8 px-2 sm:px-0"
        onSubmit={(event) => {
          event.preventDefault();
          editor.saveDraft();
        }}
      >
        {form.sections.map((section) => (
          <SectionFields key={section.key ?? ""} section={section} editor={editor} />
        ))}
      </form>
      <PublishBar editor={editor} />
      <PagePreview editor={editor} />
      <RevisionList editor={editor} />
    </EditorCard>
  );
}

function SectionFields<K extends ContentKey>({
  section,
  editor,
}: {
  section: FormSpec["sections"][number];
  editor: ContentEditor<K>;
}) {
  const data = editor.data as Values;
  const values = (section.key === null ? data : data[section.key]) as Values;
  const change = (name: string, value: unknown) => {
    const next = { ...values, [name]: value };
    editor.setData((section.key === null ? next : { ...data, [section.key]: next }) as never);
  };
  const fields = Object.entries(section.fields).map(([name, field]) => (
    <Field
      key={name}
      path={section.key === null ? name : `${section.key}.${name}`}
      field={field}
      value={values[name]}
      errors={editor.errors}
      disabled={editor.busy}
      onChange={(value) => change(name, value)}
    />
  ));
  if (section.key === null) return <div className="grid gap-5">{fields}</div>;
  return (
    <fieldset className="-mx-2 grid gap-5 rounded-2xl bg-white/60 px-3 py-4 ring-1 ring-bark/10 sm:mx-0 sm:p-6">
      <legend className="float-left w-full">
        <span className="block font-serif text-xl font-semibold text-bark">
          {typeset(section.title ?? "")}
        </span>
        {section.intro && (
          <span className="mt-1 block text-sm leading-snug text-bark-soft">
            {typeset(section.intro)}
          </span>
        )}
      </legend>
      {fields}
    </fieldset>
  );
}

/** A field's element id: `content-` and its path, as the API names it in a refusal. */
const idOf = (path: string) => `content-${path.replaceAll(".", "-")}`;

type FieldProps<Value = unknown> = {
  path: string;
  field: FieldSpec;
  value: Value;
  errors: Record<string, string>;
  disabled: boolean;
  onChange: (value: Value) => void;
};

/** The first refusal of the field or of any of its parts („contact.faq.1.answer“). */
function errorOf(errors: Record<string, string>, path: string): string | undefined {
  return errors[path] ?? Object.entries(errors).find(([key]) => key.startsWith(`${path}.`))?.[1];
}

function Field({ path, field, value, errors, disabled, onChange }: FieldProps) {
  const common = {
    id: idOf(path),
    label: field.label,
    hint: field.hint,
    optional: field.optional,
    error: errorOf(errors, path),
    disabled,
  };
  switch (field.kind) {
    case "line":
      return (
        <TextField
          {...common}
          value={value as string}
          onChange={(event) => onChange(event.target.value)}
        />
      );
    case "paragraph":
      return (
        <TextAreaField
          {...common}
          rows={4}
          value={value as string}
          characterCount={(value as string).length}
          maxCharacters={maxOf(field)}
          onChange={(event) => onChange(event.target.value)}
        />
      );
    case "paragraphs":
    case "points":
      return <ListField {...common} field={field} value={value as string[]} onChange={onChange} />;
    case "faq":
      return (
        <FaqField
          path={path}
          field={field}
          value={value as FaqItem[]}
          errors={errors}
          disabled={disabled}
          onChange={onChange}
        />
      );
    case "action":
      return (
        <ActionField
          path={path}
          field={field}
          value={value as Action}
          errors={errors}
          disabled={disabled}
          onChange={onChange}
        />
      );
  }
}

/**
 * Paragraphs (an empty line between two) or points (one a line) in one text box. The box keeps
 * what she types, empty lines too; the data gets the parts with text.
 */
function ListField({
  field,
  value,
  onChange,
  ...common
}: {
  id: string;
  label: string;
  hint?: string;
  optional?: boolean;
  error?: string;
  disabled: boolean;
  field: FieldSpec;
  value: string[];
  onChange: (value: string[]) => void;
}) {
  const separator = field.kind === "paragraphs" ? "\n\n" : "\n";
  const [text, setText] = useState(() => value.join(separator));
  return (
    <TextAreaField
      {...common}
      rows={field.kind === "paragraphs" ? 10 : 5}
      value={text}
      onChange={(event) => {
        setText(event.target.value);
        const parts =
          field.kind === "paragraphs"
            ? event.target.value.split(/\n\s*\n/).map((part) => part.replace(/\s*\n\s*/g, " "))
            : event.target.value.split("\n");
        onChange(parts.map((part) => part.trim()).filter(Boolean));
      }}
    />
  );
}

function FaqField({ path, field, value, errors, disabled, onChange }: FieldProps<FaqItem[]>) {
  const change = (index: number, item: Partial<FaqItem>) =>
    onChange(value.map((old, at) => (at === index ? { ...old, ...item } : old)));
  const listError = errors[path];
  return (
    <div className="grid gap-4">
      <p className="text-[0.9375rem] font-semibold text-bark">{typeset(field.label)}</p>
      {listError && (
        <p id={`${idOf(path)}-error`} className="text-sm font-medium text-terracotta-dark">
          {typeset(listError)}
        </p>
      )}
      <ol className="grid gap-4">
        {value.map((item, index) => (
          <li
            // The questions have no ids of their own; their place is theirs while she edits.
            // biome-ignore lint/suspicious/noArrayIndexKey: see above
            key={index}
            className="grid gap-3 rounded-2xl bg-cream p-3 ring-1 ring-bark/10 sm:p-4"
          >
            <TextField
              id={idOf(`${path}.${index}.question`)}
              label={`${index + 1}. otázka`}
              value={item.question}
              error={errors[`${path}.${index}.question`]}
              disabled={disabled}
              onChange={(event) => change(index, { question: event.target.value })}
            />
            <TextAreaField
              id={idOf(`${path}.${index}.answer`)}
              label="Odpověď"
              rows={5}
              value={item.answer}
              characterCount={item.answer.length}
              maxCharacters={maxOf(field)}
              error={errors[`${path}.${index}.answer`]}
              disabled={disabled}
              onChange={(event) => change(index, { answer: event.target.value })}
            />
            <Button
              variant="ghost"
              className="justify-self-start px-0 text-sm"
              disabled={disabled}
              onClick={() => onChange(value.filter((_, at) => at !== index))}
            >
              <Trash2 aria-hidden="true" className="size-4" />
              {`Odebrat ${index + 1}. otázku`}
            </Button>
          </li>
        ))}
      </ol>
      <Button
        variant="secondary"
        className="justify-self-start"
        disabled={disabled}
        onClick={() => onChange([...value, { question: "", answer: "" }])}
      >
        <Plus aria-hidden="true" className="size-5" />
        Přidat otázku
      </Button>
    </div>
  );
}

function ActionField({ path, field, value, errors, disabled, onChange }: FieldProps<Action>) {
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      <TextField
        id={idOf(`${path}.label`)}
        label={field.label}
        hint={field.hint}
        value={value.label}
        error={errors[`${path}.label`] ?? errors[path]}
        disabled={disabled}
        onChange={(event) => onChange({ ...value, label: event.target.value })}
      />
      <SelectField
        id={idOf(`${path}.target`)}
        label="Kam vede"
        value={value.target}
        error={errors[`${path}.target`]}
        disabled={disabled}
        onChange={(event) => onChange({ ...value, target: event.target.value })}
      >
        {Object.entries(actionTargets).map(([target, label]) => (
          <option key={target} value={target}>
            {label}
          </option>
        ))}
      </SelectField>
    </div>
  );
}

/**
 * „Náhled“: her draft saved, then the page rendered with it in the real design, in a frame as
 * wide as her screen (on her phone, the phone's layout). The frame runs no script; the page is
 * stored nowhere.
 */
function PagePreview<K extends ContentKey>({ editor }: { editor: ContentEditor<K> }) {
  const [preview, setPreview] = useState<PreviewPage | null>(null);
  return (
    <PreviewPanel
      headingId="preview-heading"
      className="mt-6"
      busy={editor.busy}
      load={async () => {
        if (editor.unsaved && !(await editor.saveDraft())) return;
        setPreview(await fetchContentPreview(editor.entry.key));
      }}
      explanation="Ukáže stránku s vaším konceptem, jak bude vypadat po zveřejnění. Návštěvníci ho nevidí."
      shown={preview}
      of="stránky"
      testId="content-preview"
      onClose={() => setPreview(null)}
    />
  );
}

/** The items edited by a form made from their description: what the editor's card says of each. */
export const sectionForms: Partial<
  Record<ContentKey, { title: string; intro: string; form: FormSpec }>
> = {
  "home-hero": {
    title: "Úvod domovské stránky",
    intro:
      "První obrazovka webu, jak ji návštěvnice vidí odshora dolů. Změny se na webu ukážou, až je zveřejníte.",
    form: homeHeroForm,
  },
  "home-sections": {
    title: "Domovská stránka",
    intro:
      "Části pod úvodem, jak jdou na stránce po sobě. Nabídku a recenze upravíte zvlášť; změny se na webu ukážou, až je zveřejníte.",
    form: homeSectionsForm,
  },
  "harmonisation-page": {
    title: "Harmonizační setkání",
    intro:
      "Stránka o harmonizačním setkání, část po části. Cenu upravíte v nabídce; změny se na webu ukážou, až je zveřejníte.",
    form: harmonisationPageForm,
  },
  "about-page": {
    title: "O mně",
    intro:
      "Stránka O mně, část po části. Fotografie a jejich popisky upravíte u fotografií; změny se na webu ukážou, až je zveřejníte.",
    form: aboutPageForm,
  },
  "blog-page": {
    title: "Blog",
    intro:
      "Úvod stránky se všemi články. Články samotné upravíte zvlášť; změny se na webu ukážou, až je zveřejníte.",
    form: blogPageForm,
  },
  newsletter: {
    title: "Novinky e-mailem",
    intro:
      "Věta u přihlášení k odběru novinek: na obou dárcích a pod články na blogu. Každý nový souhlas si uloží, jak právě zní; změny se na webu ukážou, až je zveřejníte.",
    form: newsletterContentForm,
  },
  "booking-page": {
    title: "Rezervace",
    intro:
      "Texty stránky, kde si návštěvnice sama rezervuje termín. Nabídky, jejich délku a cenu upravíte v nabídce, své hodiny v rezervacích; změny se na webu ukážou, až je zveřejníte.",
    form: bookingPageForm,
  },
  "events-page": {
    title: "Akce",
    intro:
      "Texty stránky se všemi akcemi a texty, které jsou stejné na stránce každé akce. Akce samotné upravíte v části „Akce“; změny se na webu ukážou, až je zveřejníte.",
    form: eventsPageForm,
  },
};
