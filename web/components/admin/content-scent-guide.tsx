/**
 * „Průvodce osobní vůní“ in „Obsah“: every text of the scent guide in the guide's own order,
 * one part at a time (a part opens by a tap; a part with a refused field opens by itself), the
 * drops of each recipe, and lists whose items she can add and remove. Its shape (which parts,
 * oils and recipes there are) stays as it is. A publish makes the PDF again (decision 0028).
 */
import { ChevronDown, Plus, Trash2 } from "lucide-react";
import { type ReactNode, useState } from "react";
import type { ContentEntryJson, ContentRevision } from "#shared/content/content-admin";
import {
  type GuideBlock,
  type ScentGuide,
  scentGuideLimits,
} from "#shared/content/scent-guide-schema";
import {
  type ContentEditor,
  EditorCard,
  PublishBar,
  RevisionList,
  useContentEditor,
} from "~/components/admin/content-editor";
import { Button } from "~/components/ui/button";
import { TextAreaField, TextField } from "~/components/ui/form-field";
import { layerNames } from "~/lib/scent-guide";

type Path = (string | number)[];
type GuideEditor = ContentEditor<"scent-guide">;

/** The value at `path` (a text, a number or a list). */
function readAt(data: unknown, path: Path): unknown {
  return path.reduce<unknown>(
    (value, step) => (value as Record<string | number, unknown> | undefined)?.[step],
    data,
  );
}

/** A copy of `data` with `value` at `path`; everything else shared. */
function writeAt<T>(data: T, path: Path, value: unknown): T {
  const [step, ...rest] = path;
  if (step === undefined) return value as T;
  const inner = (data as Record<string | number, unknown>)[step];
  const next = rest.length === 0 ? value : writeAt(inner, rest, value);
  if (Array.isArray(data)) return data.map((item, at) => (at === step ? next : item)) as T;
  return { ...(data as object), [step]: next } as T;
}

const fieldId = (path: Path) => `pruvodce-${path.join("-")}`;

/** One text of the guide: a line or, for `long`, a box with its character count. */
function GuideText({
  editor,
  path,
  label,
  long = false,
  max,
}: {
  editor: GuideEditor;
  path: Path;
  label: string;
  long?: boolean;
  max: number;
}) {
  const { data, setData, errors, busy } = editor;
  const value = String(readAt(data, path) ?? "");
  const common = {
    id: fieldId(path),
    label,
    error: errors[path.join(".")],
    value,
    disabled: busy,
  };
  return long ? (
    <TextAreaField
      {...common}
      rows={4}
      characterCount={Array.from(value).length}
      maxCharacters={max}
      onChange={(event) => setData(writeAt(data, path, event.target.value))}
    />
  ) : (
    <TextField {...common} onChange={(event) => setData(writeAt(data, path, event.target.value))} />
  );
}

/** A list of texts (paragraphs, items, steps): each editable, removable, and one more at the end. */
function TextList({
  editor,
  path,
  label,
  addLabel,
  removeLabel,
}: {
  editor: GuideEditor;
  path: Path;
  /** The label of each, numbered: „Položka 2“. */
  label: string;
  addLabel: string;
  /** Its button, numbered: „Odebrat položku 2“. */
  removeLabel: string;
}) {
  const { data, setData, errors, busy } = editor;
  const items = (readAt(data, path) as string[]) ?? [];
  const listError = errors[path.join(".")];
  return (
    <div className="grid gap-4">
      {items.map((_, at) => (
        // The items have no identity of their own but their place.
        // biome-ignore lint/suspicious/noArrayIndexKey: an item is its place in the list
        <div key={at} className="grid gap-2">
          <GuideText
            editor={editor}
            path={[...path, at]}
            label={`${label} ${at + 1}`}
            long
            max={scentGuideLimits.paragraph}
          />
          {items.length > 1 && (
            <Button
              variant="ghost"
              className="justify-self-start px-3 py-2 text-sm"
              disabled={busy}
              onClick={() =>
                setData(
                  writeAt(
                    data,
                    path,
                    items.filter((__, other) => other !== at),
                  ),
                )
              }
            >
              <Trash2 aria-hidden="true" className="size-4" />
              {removeLabel} {at + 1}
            </Button>
          )}
        </div>
      ))}
      {listError && (
        <p role="alert" className="text-sm font-medium text-terracotta-dark">
          {listError}
        </p>
      )}
      {items.length < scentGuideLimits.items && (
        <Button
          variant="secondary"
          className="justify-self-start"
          disabled={busy}
          onClick={() => setData(writeAt(data, path, [...items, ""]))}
        >
          <Plus aria-hidden="true" className="size-5" />
          {addLabel}
        </Button>
      )}
    </div>
  );
}

/** One part of the guide, folded; it opens by itself when a field in it was refused. */
function Part({
  editor,
  prefixes,
  title,
  children,
}: {
  editor: GuideEditor;
  prefixes: string[];
  title: string;
  children: ReactNode;
}) {
  const refused = Object.keys(editor.errors).some((path) =>
    prefixes.some((prefix) => path === prefix || path.startsWith(`${prefix}.`)),
  );
  // Her own toggling stays; a refusal opens the part (and it stays open once fixed).
  const [open, setOpen] = useState(false);
  return (
    <details
      open={open || refused}
      onToggle={(event) => setOpen(event.currentTarget.open)}
      className="group rounded-2xl bg-white/80 ring-1 ring-bark/10 open:bg-white"
    >
      <summary className="flex min-h-12 cursor-pointer list-none items-center justify-between gap-3 px-4 py-3 font-semibold text-bark sm:px-5 [&::-webkit-details-marker]:hidden">
        <span className="min-w-0">
          {title}
          {refused && <span className="ml-2 text-sm text-terracotta-dark">(opravte)</span>}
        </span>
        <ChevronDown
          aria-hidden="true"
          className="size-5 shrink-0 text-moss-dark transition-transform group-open:rotate-180"
        />
      </summary>
      <div className="grid gap-5 border-t border-bark/10 px-4 pt-4 pb-5 sm:px-5">{children}</div>
    </details>
  );
}

/** A group of fields inside a part: an oil, a table row, a note, a recipe's layer. */
function Group({ title, children }: { title: string; children: ReactNode }) {
  return (
    // A line at its side, not another card inside the part's card (a phone has no room for frames).
    <fieldset className="grid gap-4 border-l-2 border-sage pl-3 sm:pl-4">
      <legend className="mb-3 font-semibold text-moss-dark">{title}</legend>
      {children}
    </fieldset>
  );
}

const blockLabels: Record<GuideBlock["kind"], string> = {
  paragraph: "Odstavec",
  list: "Seznam",
  steps: "Postup",
  oils: "Oleje",
  dilution: "Tabulka ředění",
  note: "Poznámka v rámečku",
};

function BlockFields({
  editor,
  block,
  path,
}: {
  editor: GuideEditor;
  block: GuideBlock;
  path: Path;
}) {
  const { heading, paragraph, short, oilName } = scentGuideLimits;
  switch (block.kind) {
    case "paragraph":
      return (
        <GuideText editor={editor} path={[...path, "text"]} label="Odstavec" long max={paragraph} />
      );
    case "list":
      return (
        <Group title={blockLabels.list}>
          <TextList
            editor={editor}
            path={[...path, "items"]}
            label="Položka"
            addLabel="Přidat položku"
            removeLabel="Odebrat položku"
          />
        </Group>
      );
    case "steps":
      return (
        <Group title={blockLabels.steps}>
          <TextList
            editor={editor}
            path={[...path, "items"]}
            label="Krok"
            addLabel="Přidat krok"
            removeLabel="Odebrat krok"
          />
        </Group>
      );
    case "oils":
      return (
        <>
          {block.oils.map((oil, at) => (
            // A key from a text she edits would remount the fields under her fingers.
            // biome-ignore lint/suspicious/noArrayIndexKey: an oil is its place in the list
            <Group key={at} title={`Olej: ${oil.name || at + 1}`}>
              <GuideText
                editor={editor}
                path={[...path, "oils", at, "name"]}
                label="Název"
                max={oilName}
              />
              <GuideText
                editor={editor}
                path={[...path, "oils", at, "latin"]}
                label="Latinský název"
                max={oilName}
              />
              <GuideText
                editor={editor}
                path={[...path, "oils", at, "character"]}
                label="Popis vůně"
                max={short}
              />
              <GuideText
                editor={editor}
                path={[...path, "oils", at, "caution"]}
                label="Upozornění (nepovinné)"
                max={short}
              />
            </Group>
          ))}
        </>
      );
    case "dilution":
      return (
        <>
          {block.rows.map((row, at) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a row is its place in the table
            <Group key={at} title={`${blockLabels.dilution}: ${row.percent || at + 1}`}>
              <GuideText
                editor={editor}
                path={[...path, "rows", at, "percent"]}
                label="Ředění"
                max={20}
              />
              <GuideText
                editor={editor}
                path={[...path, "rows", at, "drops"]}
                label="Kapek na 10 ml"
                max={40}
              />
              <GuideText
                editor={editor}
                path={[...path, "rows", at, "forWhom"]}
                label="Pro koho"
                max={short}
              />
            </Group>
          ))}
        </>
      );
    case "note":
      return (
        <Group title={blockLabels.note}>
          <GuideText
            editor={editor}
            path={[...path, "title"]}
            label="Nadpis poznámky"
            max={heading}
          />
          <GuideText
            editor={editor}
            path={[...path, "text"]}
            label="Text poznámky"
            long
            max={paragraph}
          />
        </Group>
      );
  }
}

/** The drops of one oil of a recipe: a whole number, or what she typed for the server to refuse. */
function DropsField({ editor, path }: { editor: GuideEditor; path: Path }) {
  const { data, setData, errors, busy } = editor;
  const value = readAt(data, path);
  return (
    <TextField
      id={fieldId(path)}
      label="Kapek"
      inputMode="numeric"
      value={String(value ?? "")}
      error={errors[path.join(".")]}
      disabled={busy}
      className="w-28"
      onChange={(event) => {
        const typed = event.target.value.trim();
        setData(writeAt(data, path, /^\d+$/.test(typed) ? Number(typed) : typed));
      }}
    />
  );
}

export function ScentGuideEditor({
  entry,
  revisions,
}: {
  entry: ContentEntryJson<"scent-guide">;
  revisions: ContentRevision[];
}) {
  const editor = useContentEditor(entry, revisions);
  const guide: ScentGuide = editor.data;
  const { heading, short, paragraph, oilName } = scentGuideLimits;
  return (
    <EditorCard
      title="Průvodce osobní vůní"
      intro="Dárek k formuláři „Návod na osobní vůni“. Průvodce vidí jen ten, kdo si o dárek řekl, na stránce ze svého odkazu v e-mailu. Po zveřejnění se podle nového textu vytvoří i PDF."
    >
      <form
        className="mt-6 grid max-w-3xl gap-3 px-2 sm:px-0"
        onSubmit={(event) => {
          event.preventDefault();
          editor.saveDraft();
        }}
      >
        <Part editor={editor} prefixes={["title", "subtitle", "intro"]} title="Nadpis a úvod">
          <GuideText editor={editor} path={["title"]} label="Nadpis průvodce" max={heading} />
          <GuideText editor={editor} path={["subtitle"]} label="Podnadpis" long max={short} />
          <TextList
            editor={editor}
            path={["intro"]}
            label="Úvodní odstavec"
            addLabel="Přidat odstavec"
            removeLabel="Odebrat odstavec"
          />
        </Part>

        {guide.sections.map((section, sectionAt) => (
          <Part
            key={section.id}
            editor={editor}
            prefixes={[`sections.${sectionAt}`]}
            title={section.title || `Část ${sectionAt + 1}`}
          >
            <GuideText
              editor={editor}
              path={["sections", sectionAt, "title"]}
              label="Nadpis části"
              max={heading}
            />
            {section.blocks.map((block, blockAt) => (
              <BlockFields
                // biome-ignore lint/suspicious/noArrayIndexKey: the blocks of a part keep their order
                key={blockAt}
                editor={editor}
                block={block}
                path={["sections", sectionAt, "blocks", blockAt]}
              />
            ))}
          </Part>
        ))}

        <Part
          editor={editor}
          prefixes={["recipesSection", "recipes"]}
          title={guide.recipesSection.title || "Recepty"}
        >
          <GuideText
            editor={editor}
            path={["recipesSection", "title"]}
            label="Nadpis receptů"
            max={heading}
          />
          <GuideText
            editor={editor}
            path={["recipesSection", "intro"]}
            label="Úvod k receptům"
            long
            max={paragraph}
          />
          {guide.recipes.map((recipe, recipeAt) => (
            <Group key={recipe.id} title={`Recept: ${recipe.title || recipeAt + 1}`}>
              <GuideText
                editor={editor}
                path={["recipes", recipeAt, "title"]}
                label="Název receptu"
                max={heading}
              />
              <GuideText
                editor={editor}
                path={["recipes", recipeAt, "intent"]}
                label="K čemu recept je"
                max={short}
              />
              {(["head", "heart", "base"] as const).map((layer) =>
                recipe[layer].map((_, ingredientAt) => (
                  <div
                    // biome-ignore lint/suspicious/noArrayIndexKey: an oil of a layer is its place
                    key={`${layer}-${ingredientAt}`}
                    className="flex flex-wrap items-start gap-3"
                  >
                    <GuideText
                      editor={editor}
                      path={["recipes", recipeAt, layer, ingredientAt, "oil"]}
                      label={`${layerNames[layer]}: olej`}
                      max={oilName}
                    />
                    <DropsField
                      editor={editor}
                      path={["recipes", recipeAt, layer, ingredientAt, "drops"]}
                    />
                  </div>
                )),
              )}
              <GuideText
                editor={editor}
                path={["recipes", recipeAt, "use"]}
                label="Jak vůni nosit"
                long
                max={paragraph}
              />
            </Group>
          ))}
        </Part>

        <Part editor={editor} prefixes={["closing"]} title={guide.closing.title || "Závěr"}>
          <GuideText
            editor={editor}
            path={["closing", "title"]}
            label="Nadpis závěru"
            max={heading}
          />
          <TextList
            editor={editor}
            path={["closing", "paragraphs"]}
            label="Odstavec závěru"
            addLabel="Přidat odstavec"
            removeLabel="Odebrat odstavec"
          />
        </Part>
      </form>
      <PublishBar editor={editor} />
      <RevisionList editor={editor} />
    </EditorCard>
  );
}
