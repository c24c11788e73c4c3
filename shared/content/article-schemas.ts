/**
 * Her articles as the editor, the API and the pages read them: the fields and
 * their Czech messages (one schema, used by the editor and again by the API),
 * the slug's form (the slug a title suggests is `slugs.ts`'s), and the answers of the
 * administration's article API. The body is HTML from the editor, which the
 * server sanitizes whatever the browser sent (server/articles/article-html.ts).
 */
import * as z from "zod/mini";
import { slugMaxLength } from "#shared/slugs";
import { articlePhotoIdOf } from "./article-photos";
import { text } from "./content-schemas";
import { photoMediaPath } from "./photo-urls";

export const articleLimits = {
  title: 120,
  perex: 400,
  topic: 40,
  slug: slugMaxLength,
  /** Characters of HTML: a long article is a tenth of it. */
  body: 200_000,
} as const;

export const articleStates = ["draft", "scheduled", "published"] as const;
export type ArticleState = (typeof articleStates)[number];

export const articleStateLabels: Record<ArticleState, string> = {
  draft: "Koncept",
  scheduled: "Naplánovaný",
  published: "Zveřejněný",
};

/**
 * Where a picture in an article may come from: one of her photos' own variants
 * (`/media/photos/<id>-<width>.<jpg|webp|avif>`), never another site (it would learn who reads
 * her), another of the site's files, nor a `data:` address.
 */
export const articleImagePathPrefixes = [`${photoMediaPath}/`] as const;

export function isArticleImagePath(src: string): boolean {
  return articlePhotoIdOf(src) !== undefined;
}

export const articleMessages = {
  slugForm:
    "Adresa článku smí obsahovat jen malá písmena bez diakritiky, číslice a spojovníky (-) mezi slovy, např. ranni-ritual.",
  slugEmpty: "Vyplňte prosím adresu článku.",
  slugTooLong: `Adresa článku může mít nejvýše ${articleLimits.slug} znaků.`,
  slugTaken:
    "Tuto adresu už má jiný článek (nebo ji měl dřív a vede z ní přesměrování). Zvolte prosím jinou.",
  bodyEmpty: "Napište prosím text článku.",
  bodyTooLong: "Text článku je příliš dlouhý. Rozdělte ho prosím do dvou článků.",
  state: "Vyberte, zda je článek koncept, naplánovaný, nebo zveřejněný.",
  publishAtMissing: "Zvolte prosím datum a čas, kdy se má článek zveřejnit.",
  publishAtPast:
    "Naplánovaný čas už minul. Zvolte prosím čas v budoucnu, nebo článek rovnou zveřejněte.",
  publishAtForm: "Datum a čas zveřejnění nemají správný tvar.",
  coverPhoto: "Titulní fotka není fotka z vaší knihovny.",
  photosMissing: (names: string[]) =>
    `V knihovně fotek už není ${names.join(" ani ")}. Vyberte prosím jinou fotku, nebo ji z článku odstraňte.`,
  restorePhotosMissing: (names: string[]) =>
    `Tuto verzi nejde obnovit: v knihovně fotek už není ${names.join(" ani ")}. Nahrajte fotku prosím znovu a vložte ji do článku, nebo upravte článek bez ní.`,
  notFound: "Takový článek neexistuje. Možná ho mezitím někdo smazal.",
  revisionNotFound: "Taková verze tohoto článku neexistuje.",
  versionConflict:
    "Mezitím tento článek změnil někdo jiný, třeba v jiném okně nebo na jiném zařízení. Nic se neuložilo, aby se jeho změna nepřepsala. Načtěte prosím stránku znovu.",
  invalid: "Některé údaje nejsou vyplněné správně. Opravte prosím pole označená červeně.",
  previewUnavailable: "Náhled tu teď není k dispozici.",
  previewFailed:
    "Náhled článku se nepodařilo připravit. Zkontrolujte prosím text a zkuste to znovu.",
  pagesNotUpdated:
    "Článek je uložený, ale stránky webu se zatím nepodařilo obnovit. Zkuste ho prosím uložit znovu za chvíli.",
} as const;

const slugPattern = /^[a-z0-9]+(-[a-z0-9]+)*$/;

export const articleSlugSchema = z.string(articleMessages.slugEmpty).check(
  z.trim(),
  z.refine((value) => value.length > 0, articleMessages.slugEmpty),
  z.refine((value) => value.length <= articleLimits.slug, articleMessages.slugTooLong),
  z.refine((value) => value.length === 0 || slugPattern.test(value), articleMessages.slugForm),
);

/** The text of an article's HTML (what a reader reads), for the „is it empty“ check. */
export function articleBodyText(html: string): string {
  return html
    .replace(/<img\b[^>]*>/gi, "obrázek")
    .replace(/<[^>]*>/g, " ")
    .replace(/&nbsp;|\s+/g, " ")
    .trim();
}

const moment = z
  .string(articleMessages.publishAtForm)
  .check(z.refine((value) => !Number.isNaN(Date.parse(value)), articleMessages.publishAtForm));

/** An article as she saves it: its fields, its state and, scheduled, when it goes live. */
export const articleInputSchema = z
  .strictObject({
    title: text({ fillIn: "nadpis", name: "Nadpis" }, articleLimits.title),
    slug: articleSlugSchema,
    perex: text({ fillIn: "perex (krátké shrnutí)", name: "Perex" }, articleLimits.perex, {
      multiline: true,
    }),
    topic: text({ fillIn: "téma", name: "Téma" }, articleLimits.topic),
    body: z.string(articleMessages.bodyEmpty).check(
      z.refine((value) => value.length <= articleLimits.body, articleMessages.bodyTooLong),
      z.refine((value) => articleBodyText(value).length > 0, articleMessages.bodyEmpty),
    ),
    /** A photo of the photo library; null: none. */
    coverPhotoId: z.nullable(
      z
        .string(articleMessages.coverPhoto)
        .check(
          z.refine((value) => /^[A-Za-z0-9_-]{1,64}$/.test(value), articleMessages.coverPhoto),
        ),
    ),
    state: z.enum(articleStates, articleMessages.state),
    /** An instant (ISO 8601); required when scheduled, otherwise ignored. */
    publishAt: z.nullable(moment),
  })
  .check(
    z.refine((article) => article.state !== "scheduled" || article.publishAt !== null, {
      message: articleMessages.publishAtMissing,
      path: ["publishAt"],
    }),
  );
export type ArticleInput = z.output<typeof articleInputSchema>;

const versionSchema = z
  .number(articleMessages.versionConflict)
  .check(z.int(articleMessages.versionConflict), z.positive(articleMessages.versionConflict));

/** A change of an existing article: its fields and the version it was edited from. */
export const articleChangeSchema = z.strictObject({
  version: versionSchema,
  article: z.unknown(),
});

/** A new article: its fields. */
export const articleNewSchema = z.strictObject({ article: z.unknown() });

/** „Obnovit“: the version it was decided on. */
export const articleVersionSchema = z.strictObject({ version: versionSchema });

/** What the pages read of a live article (server/articles/article-store.ts, `createArticleReader`). */
export type LiveArticle = {
  slug: string;
  title: string;
  perex: string;
  /** Sanitized HTML. */
  body: string;
  topic: string;
  author: string;
  coverPhotoId: string | null;
  publishAt: Date;
};

/** What a route loader reads articles through (the page renderer passes one in its load context). */
export type ArticleReader = {
  /** Every live article, newest first. */
  list(): Promise<LiveArticle[]>;
  find(slug: string): Promise<LiveArticle | undefined>;
};

export type ArticleJson = {
  id: string;
  version: number;
  title: string;
  slug: string;
  /** Addresses it had before, which redirect to it. */
  old_slugs: string[];
  perex: string;
  body: string;
  topic: string;
  author: string;
  cover_photo_id: string | null;
  state: ArticleState;
  publish_at: string | null;
  updated_at: string;
};

export type ArticleListJson = {
  articles: Pick<
    ArticleJson,
    "id" | "title" | "slug" | "state" | "publish_at" | "updated_at" | "version"
  >[];
};

export type ArticleRevisionJson = {
  id: number;
  published_at: string;
  published_by: string | null;
  restored_from: number | null;
  title: string;
  current: boolean;
};

/** „Náhled“ of an article: its page's finished HTML, as it is saved. */
export type ArticlePreviewJson = { path: string; html: string };

/** After a save: the article, and what became of the pages it appears on (as her content's). */
export type ArticleSavedJson = {
  article: ArticleJson;
  pages: { paths: string[]; outcome: "updated" | "failed" | "stored" | "unchanged" };
};
