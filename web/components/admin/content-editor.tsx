/**
 * What every editor of her content shares: its state (the item as the server
 * has it, the form's data, each field's refusal), saving a draft, publishing,
 * the revisions with „Obnovit“, and the bar that says what is live.
 */
import { clsx } from "clsx";
import { History, RotateCcw, Send } from "lucide-react";
import { type ReactNode, useId, useState } from "react";
import { toast } from "sonner";
import type {
  ContentEntryJson,
  ContentPublishJson,
  ContentRevision,
} from "#shared/content/content-admin";
import type { ContentData, ContentKey } from "#shared/content/content-items";
import { paths } from "#shared/routes";
import { AdminFrame } from "~/components/admin/admin-frame";
import { useAdminRun } from "~/components/admin/admin-run";
import { ParentScreenLink } from "~/components/admin/admin-section";
import { formatDateTime, formatMoment } from "~/components/admin/user-format";
import { Button } from "~/components/ui/button";
import {
  currentAccessToken,
  fetchContentRevisions,
  publishContent,
  restoreContentRevision,
  saveContentDraft,
} from "~/lib/admin-api";
import { typeset } from "~/lib/typography";

/** Each item's address in the administration, in Czech: /admin/obsah/uvod. */
export const contentSlugs: Record<ContentKey, string> = {
  "home-hero": "uvod",
  offers: "nabidka",
  "scent-guide": "pruvodce-vuni",
  reviews: "recenze",
  operator: "provozovatel",
  "home-sections": "domovska-stranka",
  "harmonisation-page": "harmonizacni-setkani",
  "about-page": "o-mne",
  "blog-page": "blog",
  "booking-page": "rezervace",
  "events-page": "akce",
  photos: "fotky",
  newsletter: "novinky",
};

export function contentPath(key: ContentKey, ...rest: string[]): string {
  return [paths.adminContent, contentSlugs[key], ...rest].join("/");
}

export function keyOfSlug(slug: string | undefined): ContentKey | undefined {
  return (Object.keys(contentSlugs) as ContentKey[]).find((key) => contentSlugs[key] === slug);
}

/** What a publish or restore tells her of the pages, by what became of them. */
const pagesNotice: Record<ContentPublishJson["pages"]["outcome"], string> = {
  updated: "Web už ukazuje novou verzi.",
  // No page renderer yet (createApp without publishPages): the pages are still the build's.
  stored: "Změnu web začne ukazovat se svou příští verzí.",
  failed: "Stránky webu se ale zatím nepodařilo obnovit. Zkuste prosím zveřejnit znovu za chvíli.",
};

export type ContentEditor<K extends ContentKey> = ReturnType<typeof useContentEditor<K>>;

/** The state and actions of one item's editor. */
export function useContentEditor<K extends ContentKey>(
  initial: ContentEntryJson<K>,
  initialRevisions: ContentRevision[],
) {
  const [entry, setEntry] = useState(initial);
  const [data, setData] = useState<ContentData<K>>(initial.draft ?? initial.published);
  const [revisions, setRevisions] = useState(initialRevisions);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const { busy, run } = useAdminRun(setErrors);
  const key = entry.key;
  const saved = entry.draft ?? entry.published;
  const unsaved = JSON.stringify(data) !== JSON.stringify(saved);

  async function reloadRevisions() {
    setRevisions((await fetchContentRevisions(await currentAccessToken(), key)).revisions);
  }

  function published(answer: ContentPublishJson) {
    const live = answer.entry as ContentEntryJson<K>;
    setEntry(live);
    setData(live.published);
    setErrors({});
  }

  /** Stores `next` (by default the form's data) as her draft; the saved entry, or undefined. */
  async function store(next: ContentData<K> = data) {
    const stored = await saveContentDraft(key, entry.version, next);
    setEntry(stored);
    setData(stored.draft ?? stored.published);
    setErrors({});
    return stored;
  }

  return {
    entry,
    data,
    setData,
    errors,
    busy,
    unsaved,
    revisions,
    saveDraft: (next?: ContentData<K>) =>
      run(async () => {
        await store(next);
        toast.success("Koncept je uložený. Na webu se ukáže, až ho zveřejníte.");
      }),
    /** Saves what the form holds, if it changed, and publishes the draft. */
    publish: () =>
      run(async () => {
        const current = unsaved ? await store() : entry;
        const answer = await publishContent(key, current.version);
        published(answer);
        await reloadRevisions();
        toast.success(`Změny jsou zveřejněné. ${pagesNotice[answer.pages.outcome]}`);
      }),
    restore: (revision: ContentRevision) =>
      run(async () => {
        const answer = await restoreContentRevision(key, revision.id, entry.version);
        published(answer);
        await reloadRevisions();
        toast.success(
          `Verze z ${formatMoment(revision.published_at)} je znovu zveřejněná. ${pagesNotice[answer.pages.outcome]}`,
        );
      }),
  };
}

/** What is live and what waits, and the two buttons: „Uložit koncept“ and „Zveřejnit“. */
export function PublishBar<K extends ContentKey>({
  editor,
  canSave = true,
}: {
  editor: ContentEditor<K>;
  /** False where the screen has nothing of its own to save (the list of offers). */
  canSave?: boolean;
}) {
  const { entry, unsaved, busy } = editor;
  const state = unsaved
    ? "Máte neuložené změny."
    : entry.draft
      ? "Uložený koncept zatím není na webu: zveřejněte ho, až bude hotový."
      : `Na webu je verze zveřejněná ${formatMoment(entry.published_at)}.`;
  return (
    <div className="mt-8 rounded-2xl bg-white/70 px-4 py-4 ring-1 ring-bark/10 sm:px-6">
      <p role="status" className="text-[0.9375rem] leading-snug text-bark-soft">
        {typeset(state)}
      </p>
      <div className="mt-3 flex flex-col gap-2 sm:flex-row">
        {canSave && (
          <Button
            variant="secondary"
            disabled={busy || !unsaved}
            onClick={() => editor.saveDraft()}
          >
            Uložit koncept
          </Button>
        )}
        <Button disabled={busy || (!unsaved && !entry.draft)} onClick={editor.publish}>
          <Send aria-hidden="true" className="size-5" />
          Zveřejnit
        </Button>
      </div>
    </div>
  );
}

/** Every published version of an item, newest first; each earlier one can be published again. */
export function RevisionList<K extends ContentKey>({ editor }: { editor: ContentEditor<K> }) {
  return (
    <PublishedVersions
      revisions={editor.revisions}
      busy={editor.busy}
      onRestore={editor.restore}
      discarded="neuložené změny a koncept"
      currentLabel="na webu"
      caption={describeRevision}
    />
  );
}

/**
 * „Zveřejněné verze“ of a content item or an article: when and by whom each was published,
 * the current one marked, „Obnovit“ on the others.
 */
export function PublishedVersions<R extends ContentRevision>({
  revisions,
  busy,
  onRestore,
  discarded,
  currentLabel,
  caption,
}: {
  revisions: R[];
  busy: boolean;
  onRestore: (revision: R) => void;
  /** What a restore throws away, in the intro's sentence. */
  discarded: string;
  /** The badge of the current version. */
  currentLabel: string;
  /** The line under its date. */
  caption: (revision: R) => ReactNode;
}) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="mt-10">
      <h3 id={headingId} className="flex items-center gap-2 text-xl font-semibold text-bark">
        <History aria-hidden="true" className="size-5 text-moss-dark" />
        Zveřejněné verze
      </h3>
      <p className="mt-2 leading-relaxed text-bark-soft">
        {typeset(
          `Každé zveřejnění se uchová. Dřívější verzi vrátíte na web tlačítkem „Obnovit“; ${discarded} se tím zahodí.`,
        )}
      </p>
      <ol className="mt-4 divide-y divide-bark/10 rounded-2xl bg-white/70 ring-1 ring-bark/10">
        {revisions.map((revision) => (
          <li
            key={revision.id}
            data-testid="content-revision"
            className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 px-4 py-3"
          >
            <div className="min-w-0">
              <p className="font-semibold text-bark">
                {formatDateTime(revision.published_at)}
                {revision.current && (
                  <span className="ml-2 rounded-full bg-sage-light px-2.5 py-0.5 text-sm font-semibold text-moss-dark">
                    {currentLabel}
                  </span>
                )}
              </p>
              <p className="text-sm break-words text-bark-soft">{caption(revision)}</p>
            </div>
            {!revision.current && (
              <Button
                variant="secondary"
                disabled={busy}
                onClick={() => onRestore(revision)}
                className="px-4 py-2 text-sm"
                aria-label={`Obnovit verzi z ${formatMoment(revision.published_at)}`}
              >
                <RotateCcw aria-hidden="true" className="size-4" />
                Obnovit
              </Button>
            )}
          </li>
        ))}
      </ol>
    </section>
  );
}

function describeRevision(revision: ContentRevision): string {
  const who = revision.published_by ?? "";
  if (revision.restored_from !== null) return `Obnovená dřívější verze${who ? ` · ${who}` : ""}`;
  return who || "Původní texty webu";
}

/** The screen of an editor under one of her lists: the way back up to the list, then its card. */
export function EditorScreen({
  email,
  parentPath,
  parentName,
  title,
  intro,
  children,
}: {
  email: string;
  parentPath: string;
  /** The list's name, as its link back reads („← Akce“). */
  parentName: string;
  title: string;
  intro: string;
  children: ReactNode;
}) {
  return (
    <AdminFrame email={email}>
      <ParentScreenLink to={parentPath}>{parentName}</ParentScreenLink>
      <EditorCard title={title} intro={intro}>
        {children}
      </EditorCard>
    </AdminFrame>
  );
}

/** A card of the editor: its heading and intro, then the form. */
export function EditorCard({
  title,
  intro,
  children,
  className,
}: {
  title: string;
  intro?: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <section
      aria-labelledby="editor-heading"
      className={clsx(
        "mt-5 rounded-[2rem] bg-cream p-4 shadow-sm ring-1 ring-bark/10 sm:mt-10 sm:p-8",
        className,
      )}
    >
      <h2 id="editor-heading" className="px-2 text-2xl font-semibold text-bark sm:px-0 sm:text-3xl">
        {title}
      </h2>
      {intro && (
        <p className="mt-3 max-w-3xl px-2 leading-relaxed text-bark-soft sm:px-0">
          {typeset(intro)}
        </p>
      )}
      {children}
    </section>
  );
}
