/**
 * The article's text in TipTap (ProseMirror): headings h2/h3, bold and italic, lists, quotes,
 * links and her library's photos (chosen in „Vložit fotku“), exactly what the server's sanitizer keeps
 * (server/articles/article-html.ts). Its toolbar is a row of thumb-sized buttons that scrolls
 * sideways on a phone. This module is loaded only by the article screen (`React.lazy`), so
 * neither TipTap nor ProseMirror reach any other page.
 */
import Image from "@tiptap/extension-image";
import { EditorContent, useEditor, useEditorState } from "@tiptap/react";
import StarterKit from "@tiptap/starter-kit";
import { clsx } from "clsx";
import {
  Bold,
  Heading2,
  Heading3,
  ImagePlus,
  Italic,
  Link2,
  List,
  ListOrdered,
  type LucideIcon,
  Quote,
  Redo2,
  SquareMousePointer,
  Undo2,
} from "lucide-react";
import { useState } from "react";
import { articlePhotoSrc } from "#shared/content/article-photos";
import type { PhotoJson } from "#shared/content/photo-library";
import { ArticlePhotoDialog } from "~/components/admin/article-photo-dialog";
import {
  type ButtonChoice,
  buttonLabelOf,
  LettersButtonDialog,
} from "~/components/admin/letters-button-dialog";
import type { PhotoLibrary } from "~/components/admin/photo-picker";

export type ArticleBodyEditorProps = {
  id: string;
  html: string;
  onChange: (html: string) => void;
  disabled?: boolean;
  invalid?: boolean;
  describedBy?: string;
  /** Her photo library, shared with the cover's picker. */
  library: PhotoLibrary;
  /**
   * A letter's editor: „Tlačítko“ puts a button to one of these (null while they load). Absent:
   * no such tool (an article's page has no buttons in its text).
   */
  buttonChoices?: ButtonChoice[] | null;
};

export default function ArticleBodyEditor({
  id,
  html,
  onChange,
  disabled = false,
  invalid = false,
  describedBy,
  library,
  buttonChoices,
}: ArticleBodyEditorProps) {
  const [choosingPhoto, setChoosingPhoto] = useState(false);
  const [choosingButton, setChoosingButton] = useState(false);
  const editor = useEditor({
    // The screen is client-only: nothing to hydrate.
    immediatelyRender: false,
    editable: !disabled,
    extensions: [
      StarterKit.configure({
        heading: { levels: [2, 3] },
        code: false,
        codeBlock: false,
        strike: false,
        underline: false,
        horizontalRule: false,
        link: {
          // No `protocols`: http, https and mailto are linkify's own (the server keeps only those,
          // article-html.ts), and registering them again warned in the console („linkifyjs:
          // already initialized“) whenever a second editor started before the first was gone.
          openOnClick: false,
          // The server writes rel itself (noopener on another site's links), and no target.
          HTMLAttributes: { rel: null, target: null },
        },
      }),
      Image.configure({ inline: false }),
    ],
    content: html,
    editorProps: {
      attributes: {
        id,
        role: "textbox",
        "aria-multiline": "true",
        "aria-labelledby": `${id}-label`,
        ...(describedBy && { "aria-describedby": describedBy }),
        ...(invalid && { "aria-invalid": "true" }),
        class: clsx(
          "min-h-72 rounded-b-2xl border border-t-0 bg-white px-4 py-3 text-base leading-relaxed text-bark focus:outline-none",
          "[&_h2]:mt-4 [&_h2]:text-2xl [&_h2]:font-semibold [&_h3]:mt-3 [&_h3]:text-xl [&_h3]:font-semibold",
          "[&_p]:mt-2 [&_ul]:list-disc [&_ul]:pl-6 [&_ol]:list-decimal [&_ol]:pl-6",
          "[&_blockquote]:border-l-4 [&_blockquote]:border-sage [&_blockquote]:pl-4 [&_blockquote]:italic",
          "[&_a]:font-semibold [&_a]:text-moss-dark [&_a]:underline [&_img]:my-3 [&_img]:rounded-xl",
          "[&_a.button]:inline-block [&_a.button]:rounded-full [&_a.button]:bg-moss [&_a.button]:px-5 [&_a.button]:py-2 [&_a.button]:text-cream [&_a.button]:no-underline",
          invalid ? "border-2 border-terracotta-dark" : "border-bark-soft/70",
        ),
      },
    },
    onUpdate: ({ editor: changed }) => onChange(changed.getHTML()),
  });

  const active = useEditorState({
    editor,
    selector: ({ editor: current }) => ({
      h2: current?.isActive("heading", { level: 2 }) ?? false,
      h3: current?.isActive("heading", { level: 3 }) ?? false,
      bold: current?.isActive("bold") ?? false,
      italic: current?.isActive("italic") ?? false,
      bulletList: current?.isActive("bulletList") ?? false,
      orderedList: current?.isActive("orderedList") ?? false,
      blockquote: current?.isActive("blockquote") ?? false,
      link: current?.isActive("link") ?? false,
    }),
  });

  const chain = () => editor?.chain().focus();

  function editLink() {
    if (!editor) return;
    const current = (editor.getAttributes("link").href as string | undefined) ?? "";
    const href = window.prompt(
      "Adresa odkazu (např. https://… nebo /darek). Prázdná adresa odkaz zruší.",
      current,
    );
    if (href === null) return;
    if (href.trim() === "") chain()?.extendMarkRange("link").unsetLink().run();
    else chain()?.extendMarkRange("link").setLink({ href: href.trim() }).run();
  }

  /** A photo of her library where the cursor is, with the alt text she gave it there. */
  function insertPhoto(photo: PhotoJson) {
    setChoosingPhoto(false);
    chain()
      ?.setImage({ src: articlePhotoSrc(photo), alt: photo.alt })
      .run();
  }

  /** A button to her article or event, in a paragraph of its own after the cursor's. */
  function insertButton(choice: ButtonChoice) {
    setChoosingButton(false);
    chain()
      ?.insertContent({
        type: "paragraph",
        content: [
          {
            type: "text",
            text: buttonLabelOf(choice),
            marks: [{ type: "link", attrs: { href: choice.href, class: "button" } }],
          },
        ],
      })
      .run();
  }

  const tools: { label: string; icon: LucideIcon; on: boolean; run: () => void }[] = [
    {
      label: "Mezititulek",
      icon: Heading2,
      on: active?.h2 ?? false,
      run: () => chain()?.toggleHeading({ level: 2 }).run(),
    },
    {
      label: "Menší nadpis",
      icon: Heading3,
      on: active?.h3 ?? false,
      run: () => chain()?.toggleHeading({ level: 3 }).run(),
    },
    {
      label: "Tučně",
      icon: Bold,
      on: active?.bold ?? false,
      run: () => chain()?.toggleBold().run(),
    },
    {
      label: "Kurzíva",
      icon: Italic,
      on: active?.italic ?? false,
      run: () => chain()?.toggleItalic().run(),
    },
    {
      label: "Odrážky",
      icon: List,
      on: active?.bulletList ?? false,
      run: () => chain()?.toggleBulletList().run(),
    },
    {
      label: "Číslovaný seznam",
      icon: ListOrdered,
      on: active?.orderedList ?? false,
      run: () => chain()?.toggleOrderedList().run(),
    },
    {
      label: "Citát",
      icon: Quote,
      on: active?.blockquote ?? false,
      run: () => chain()?.toggleBlockquote().run(),
    },
    { label: "Odkaz", icon: Link2, on: active?.link ?? false, run: editLink },
    { label: "Vložit fotku", icon: ImagePlus, on: false, run: () => setChoosingPhoto(true) },
    ...(buttonChoices !== undefined
      ? [
          {
            label: "Tlačítko",
            icon: SquareMousePointer,
            on: false,
            run: () => setChoosingButton(true),
          },
        ]
      : []),
    { label: "Zpět", icon: Undo2, on: false, run: () => chain()?.undo().run() },
    { label: "Znovu", icon: Redo2, on: false, run: () => chain()?.redo().run() },
  ];

  return (
    <div className="mt-2 min-w-0">
      <div
        role="toolbar"
        aria-label="Úpravy textu"
        aria-controls={id}
        className="flex gap-1 overflow-x-auto rounded-t-2xl border border-bark-soft/70 bg-sand/60 p-1"
      >
        {tools.map(({ label, icon: Icon, on, run }) => (
          <button
            key={label}
            type="button"
            aria-label={label}
            title={label}
            aria-pressed={on}
            disabled={disabled || !editor}
            // Keeps the selection in the text while the button is pressed.
            onMouseDown={(event) => event.preventDefault()}
            onClick={run}
            className={clsx(
              "inline-flex size-11 shrink-0 items-center justify-center rounded-xl text-bark transition-colors",
              on ? "bg-moss text-white" : "hover:bg-white",
            )}
          >
            <Icon aria-hidden="true" className="size-5" />
          </button>
        ))}
      </div>
      <EditorContent editor={editor} />
      <ArticlePhotoDialog
        open={choosingPhoto}
        onOpenChange={setChoosingPhoto}
        library={library}
        onChoose={insertPhoto}
      />
      {buttonChoices !== undefined && (
        <LettersButtonDialog
          open={choosingButton}
          onOpenChange={setChoosingButton}
          choices={buttonChoices}
          onChoose={insertButton}
        />
      )}
    </div>
  );
}
