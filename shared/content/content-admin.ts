/**
 * The administration's API of her content, as both sides read it: the bodies
 * it takes, the answers it gives and its Czech messages.
 */
import * as z from "zod/mini";
import type { ContentData, ContentKey } from "./content-items";

export const contentAdminMessages = {
  notFound: "Taková část obsahu neexistuje.",
  revisionNotFound: "Taková verze tohoto obsahu neexistuje.",
  invalid: "Některé údaje nejsou vyplněné správně. Opravte prosím pole označená červeně.",
  versionConflict:
    "Mezitím tento obsah změnil někdo jiný, třeba v jiném okně nebo na jiném zařízení. Nic se neuložilo, aby se jeho změna nepřepsala. Načtěte prosím stránku znovu.",
  nothingToPublish: "Není co zveřejnit: žádný koncept není uložený.",
  pagesNotUpdated:
    "Obsah je zveřejněný, ale stránky webu se zatím nepodařilo obnovit. Zkuste prosím zveřejnit znovu za chvíli.",
  version: "Chybí verze, ze které úprava vychází. Načtěte prosím stránku znovu.",
  previewNotFound: "Tahle stránka tento obsah neukazuje, náhled k ní není.",
  previewUnavailable: "Náhled teď není k dispozici. Zkuste to prosím za chvíli.",
  previewFailed:
    "Náhled se nepodařilo připravit. Zkontrolujte prosím texty a zkuste to za chvíli znovu; na webu se nic nezměnilo.",
} as const;

const versionSchema = z
  .number(contentAdminMessages.version)
  .check(z.int(contentAdminMessages.version), z.positive(contentAdminMessages.version));

/** A draft to store: the item's data (checked with its own schema) and the version it was edited from. */
export const contentDraftSchema = z.strictObject({ version: versionSchema, data: z.unknown() });

/** A publish or a restore: the version it was decided on. */
export const contentVersionSchema = z.strictObject({ version: versionSchema });

export type ContentSummary = {
  key: ContentKey;
  label: string;
  description: string;
  has_draft: boolean;
  version: number;
  published_at: string;
};

export type ContentListJson = { items: ContentSummary[] };

export type ContentEntryJson<K extends ContentKey = ContentKey> = {
  key: K;
  label: string;
  version: number;
  published: ContentData<K>;
  /** Null: no draft, the editor starts from the published version. */
  draft: ContentData<K> | null;
  updated_at: string;
  published_at: string;
};

export type ContentRevision = {
  id: number;
  published_at: string;
  /** Null: the defaults of a fresh install, or an account that no longer exists (`by_deleted`). */
  published_by: string | null;
  restored_from: number | null;
  /** The version live now. */
  current: boolean;
};

export type ContentRevisionsJson = { revisions: ContentRevision[] };

/**
 * After a publish or restore: the entry, and what became of the pages it appears on: rendered
 * again, a render that failed (the publish stands), or stored only (no page renderer yet: the
 * pages change at the next build).
 */
export type ContentPublishJson = {
  entry: ContentEntryJson;
  pages: { paths: string[]; outcome: "updated" | "failed" | "stored" };
};

/** „Náhled“'s query: which of the item's pages (`stranka`), by default its first. */
export const contentPreviewQuerySchema = z.strictObject({
  stranka: z.optional(z.string(contentAdminMessages.previewNotFound)),
});

/** „Náhled“: the page at `path` rendered with her drafts, as finished HTML (never stored). */
export type ContentPreviewJson = { path: string; html: string };
