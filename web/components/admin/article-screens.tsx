/**
 * „Články“ in „Obsah“, phone first: the list of her articles (drafts, scheduled, published,
 * with their dates) and one article's screen: its fields checked with the shared schema, its
 * text in the editor (loaded only here), its state and time (Prague), and its published
 * versions with „Obnovit“.
 */
import { clsx } from "clsx";
import { ChevronRight, FilePlus2, Newspaper, Save, Trash2 } from "lucide-react";
import { lazy, type ReactNode, Suspense, useState } from "react";
import { Link, useNavigate } from "react-router";
import { toast } from "sonner";
import {
  type ArticleInput,
  type ArticleJson,
  type ArticleListJson,
  type ArticleRevisionJson,
  type ArticleSavedJson,
  type ArticleState,
  articleInputSchema,
  articleLimits,
  articleStateLabels,
} from "#shared/content/article-schemas";
import { fromPragueLocal, toPragueLocal } from "#shared/content/article-time";
import { paths } from "#shared/routes";
import { slugFromTitle } from "#shared/slugs";
import { AdminFrame } from "~/components/admin/admin-frame";
import { useAdminRun } from "~/components/admin/admin-run";
import { AdminSection, ParentScreenLink } from "~/components/admin/admin-section";
import { type Choice, ChoiceCards } from "~/components/admin/choice-cards";
import { EditorCard, PublishedVersions } from "~/components/admin/content-editor";
import { PhotoPicker, usePhotoLibrary } from "~/components/admin/photo-picker";
import { type PreviewPage, PreviewPanel } from "~/components/admin/preview-panel";
import { formatMoment } from "~/components/admin/user-format";
import { AlertDialogAction, ConfirmDialog } from "~/components/ui/alert-dialog";
import { Button, buttonClasses } from "~/components/ui/button";
import { FieldError, TextAreaField, TextField } from "~/components/ui/form-field";
import {
  createArticle,
  currentAccessToken,
  deleteArticle,
  fetchArticlePreview,
  fetchArticleRevisions,
  restoreArticleRevision,
  saveArticle,
} from "~/lib/admin-api";
import { useMoveToSavedRecord } from "~/lib/screen-key";
import { typeset } from "~/lib/typography";

const ArticleBodyEditor = lazy(() => import("~/components/admin/article-body-editor"));

const loadFailed = "Články se nepodařilo načíst. Zkuste prosím stránku načíst znovu.";
export const newArticleId = "novy";
export const articleEditPath = (id: string) => `${paths.adminArticles}/${id}`;

/** When the article is or was live, or is to be, in words. */
function describeDate(article: {
  state: ArticleState;
  publish_at: string | null;
  updated_at: string;
}) {
  if (article.state === "published" && article.publish_at) {
    return `Zveřejněno ${formatMoment(article.publish_at)}`;
  }
  if (article.state === "scheduled" && article.publish_at) {
    return `Zveřejní se ${formatMoment(article.publish_at)}`;
  }
  return `Naposledy upraveno ${formatMoment(article.updated_at)}`;
}

const stateBadge: Record<ArticleState, string> = {
  draft: "bg-sand text-bark",
  scheduled: "bg-terracotta/15 text-terracotta-dark",
  published: "bg-sage-light text-moss-dark",
};

export function ArticleListScreen({
  email,
  list,
}: {
  email: string;
  list: ArticleListJson | null;
}) {
  return (
    <AdminFrame email={email}>
      <ParentScreenLink to={paths.adminContent}>Obsah webu</ParentScreenLink>
      <AdminSection
        headingId="articles-heading"
        icon={Newspaper}
        title="Články"
        intro="Články blogu: koncepty vidíte jen vy, naplánované se zveřejní samy v čase, který zvolíte."
      >
        <Link
          to={articleEditPath(newArticleId)}
          className={buttonClasses("primary", "mt-6 w-full sm:w-auto")}
        >
          <FilePlus2 aria-hidden="true" className="size-5" />
          Napsat nový článek
        </Link>
        {list === null ? (
          <p role="alert" className="mt-6 px-2 text-terracotta-dark sm:px-0">
            {typeset(loadFailed)}
          </p>
        ) : (
          <ul className="mt-6 grid gap-3">
            {list.articles.map((article) => (
              <li key={article.id}>
                <Link
                  to={articleEditPath(article.id)}
                  className="flex items-center gap-3 rounded-2xl bg-white/80 p-4 ring-1 ring-bark/10 transition-colors hover:bg-sage-light/60 sm:p-5"
                >
                  <div className="min-w-0 flex-1">
                    <p className="text-lg leading-snug font-semibold break-words text-bark">
                      {typeset(article.title)}
                    </p>
                    <p className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
                      <span
                        className={clsx(
                          "rounded-full px-2.5 py-0.5 font-semibold",
                          stateBadge[article.state],
                        )}
                      >
                        {articleStateLabels[article.state]}
                      </span>
                      <span className="text-bark-soft">{describeDate(article)}</span>
                    </p>
                  </div>
                  <ChevronRight aria-hidden="true" className="size-5 shrink-0 text-moss-dark" />
                </Link>
              </li>
            ))}
          </ul>
        )}
      </AdminSection>
    </AdminFrame>
  );
}

type Form = Omit<ArticleInput, "publishAt"> & {
  /** The schedule as the field holds it: Prague's date and time. */
  publishAtLocal: string;
};

function formOf(article: ArticleJson | null): Form {
  return {
    title: article?.title ?? "",
    slug: article?.slug ?? "",
    perex: article?.perex ?? "",
    topic: article?.topic ?? "",
    body: article?.body ?? "",
    coverPhotoId: article?.cover_photo_id ?? null,
    state: article?.state ?? "draft",
    publishAtLocal:
      article?.state === "scheduled" && article.publish_at
        ? toPragueLocal(new Date(article.publish_at))
        : "",
  };
}

/** What is sent: the form's fields, the schedule as an instant. */
function inputOf(form: Form): ArticleInput {
  const { publishAtLocal, ...fields } = form;
  const when = publishAtLocal ? fromPragueLocal(publishAtLocal) : undefined;
  return {
    ...fields,
    publishAt: form.state === "scheduled" && when ? when.toISOString() : null,
  };
}

/** Each field's first message, by its name. */
function fieldErrors(input: ArticleInput): Record<string, string> {
  const parsed = articleInputSchema.safeParse(input);
  if (parsed.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues)
    errors[issue.path.join(".") || "article"] ??= issue.message;
  return errors;
}

const savedNotice: Record<ArticleState, string> = {
  draft: "Koncept je uložený. Na webu se neukazuje.",
  scheduled: "Článek je naplánovaný. Zveřejní se sám ve zvolený čas.",
  published: "Článek je zveřejněný.",
};

const pagesNotice: Record<ArticleSavedJson["pages"]["outcome"], string> = {
  updated: " Web už ukazuje novou verzi.",
  unchanged: "",
  stored: " Změnu web začne ukazovat se svou příští verzí.",
  failed: " Stránky webu se ale zatím nepodařilo obnovit. Uložte ho prosím znovu za chvíli.",
};

const stateChoices: Choice<ArticleState>[] = [
  { value: "draft", label: "Koncept", hint: "Vidíte ho jen vy." },
  { value: "published", label: "Zveřejnit hned", hint: "Po uložení je na webu." },
  { value: "scheduled", label: "Naplánovat", hint: "Zveřejní se sám ve zvolený čas." },
];

export function ArticleScreen({
  email,
  article: initial,
  revisions: initialRevisions,
}: {
  email: string;
  /** Null: a new article. */
  article: ArticleJson | null;
  revisions: ArticleRevisionJson[];
}) {
  const navigate = useNavigate();
  const moveToSaved = useMoveToSavedRecord();
  const library = usePhotoLibrary();
  const [article, setArticle] = useState(initial);
  const [form, setForm] = useState<Form>(() => formOf(initial));
  const [slugEdited, setSlugEdited] = useState(initial !== null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const { busy, run } = useAdminRun(setErrors);
  const [revisions, setRevisions] = useState(initialRevisions);
  // The editor holds its own document: a restored version starts it again.
  const [restored, setRestored] = useState(0);

  const change = (fields: Partial<Form>) => setForm((current) => ({ ...current, ...fields }));

  async function saved(answer: ArticleSavedJson, notice: string) {
    setArticle(answer.article);
    setForm(formOf(answer.article));
    setErrors({});
    toast.success(`${notice}${pagesNotice[answer.pages.outcome]}`);
    if (!article) {
      // Saved once, its address is its own: a new title no longer changes it (as when reopened).
      setSlugEdited(true);
      moveToSaved(articleEditPath(answer.article.id));
    }
    const token = await currentAccessToken();
    setRevisions((await fetchArticleRevisions(token, answer.article.id)).revisions);
  }

  function save() {
    const input = inputOf(form);
    const found = fieldErrors(input);
    if (Object.keys(found).length > 0) {
      setErrors(found);
      toast.error("Některé údaje nejsou vyplněné správně. Opravte prosím pole označená červeně.");
      return;
    }
    return run(async () => {
      const answer = article
        ? await saveArticle(article.id, article.version, input)
        : await createArticle(input);
      await saved(answer, savedNotice[answer.article.state]);
    });
  }

  function restore(revision: ArticleRevisionJson) {
    if (!article) return;
    return run(async () => {
      const answer = await restoreArticleRevision(article.id, revision.id, article.version);
      await saved(answer, `Verze z ${formatMoment(revision.published_at)} je znovu zveřejněná.`);
      setRestored((count) => count + 1);
    });
  }

  function remove() {
    if (!article) return;
    return run(async () => {
      await deleteArticle(article.id, article.version);
      toast.success(
        article.state === "published"
          ? "Článek je smazaný. Z webu zmizel a jeho adresa teď říká, že už tu není."
          : "Článek je smazaný.",
      );
      navigate(paths.adminArticles, { replace: true });
    });
  }

  const livePath = article ? `${paths.blog}/${article.slug}` : undefined;

  return (
    <AdminFrame email={email}>
      <ParentScreenLink to={paths.adminArticles}>Články</ParentScreenLink>
      <EditorCard
        title={article ? "Úprava článku" : "Nový článek"}
        intro={
          article?.state === "published"
            ? "Článek je na webu: co uložíte, se na něm hned ukáže."
            : "Napište článek a pak zvolte, zda ho uložíte jako koncept, zveřejníte hned, nebo naplánujete."
        }
      >
        <form
          noValidate
          // min-w-0: the editor's toolbar scrolls inside the card instead of widening it.
          className="mt-6 grid max-w-3xl grid-cols-1 gap-5 px-2 sm:px-0 [&>*]:min-w-0"
          onSubmit={(event) => {
            event.preventDefault();
            void save();
          }}
        >
          <TextField
            id="article-title"
            label="Nadpis"
            value={form.title}
            error={errors.title}
            disabled={busy}
            maxLength={articleLimits.title * 2}
            onChange={(event) => {
              const title = event.target.value;
              // No title yet: no address either, rather than the fallback's.
              const slug = title.trim() ? slugFromTitle(title, "clanek") : "";
              change(slugEdited ? { title } : { title, slug });
            }}
          />
          <TextField
            id="article-slug"
            label="Adresa článku"
            hint={
              article && article.old_slugs.length > 0
                ? `${paths.blog}/… – malá písmena bez diakritiky, číslice a spojovníky. Dřívější adresy (${article.old_slugs.join(", ")}) vedou sem.`
                : `${paths.blog}/… – malá písmena bez diakritiky, číslice a spojovníky. Když ji později změníte, stará adresa povede sem.`
            }
            value={form.slug}
            error={errors.slug}
            disabled={busy}
            autoCapitalize="none"
            autoCorrect="off"
            spellCheck={false}
            onChange={(event) => {
              setSlugEdited(true);
              change({ slug: event.target.value });
            }}
          />
          <TextAreaField
            id="article-perex"
            label="Perex"
            hint="Krátké shrnutí o jedné až dvou větách: ukáže se na kartě článku, ve vyhledávačích a při sdílení."
            rows={3}
            value={form.perex}
            error={errors.perex}
            disabled={busy}
            characterCount={form.perex.length}
            maxCharacters={articleLimits.perex}
            onChange={(event) => change({ perex: event.target.value })}
          />
          <TextField
            id="article-topic"
            label="Téma"
            hint="Například Rituály, Byliny nebo Péče o sebe. Stejná témata pište stejně."
            value={form.topic}
            error={errors.topic}
            disabled={busy}
            onChange={(event) => change({ topic: event.target.value })}
          />
          <div>
            <PhotoPicker
              name="article-cover"
              legend="Titulní fotka"
              photos={library.photos ?? []}
              value={form.coverPhotoId}
              onChange={(coverPhotoId) => change({ coverPhotoId })}
              none={{ label: "Bez titulní fotky" }}
              disabled={busy || library.photos === null}
            />
            <p className="mt-1 text-sm text-bark-soft">
              {typeset(
                library.failed
                  ? "Fotky se nepodařilo načíst. Zkuste prosím stránku načíst znovu."
                  : "Ukáže se nad článkem, na jeho kartě v blogu a při sdílení. Nové fotky nahrajete v části „Fotky“ nebo při vkládání fotky do textu.",
              )}
            </p>
            <FieldError id="article-coverPhotoId" error={errors.coverPhotoId} />
          </div>
          <div>
            <p id="article-body-label" className="font-semibold text-bark">
              Text článku
            </p>
            <Suspense
              fallback={
                <p className="mt-2 rounded-2xl bg-white px-4 py-3 text-bark-soft">
                  Editor se načítá…
                </p>
              }
            >
              <ArticleBodyEditor
                key={restored}
                id="article-body"
                html={form.body}
                disabled={busy}
                invalid={Boolean(errors.body)}
                describedBy={errors.body ? "article-body-error" : undefined}
                onChange={(body) => change({ body })}
                library={library}
              />
            </Suspense>
            <FieldError id="article-body" error={errors.body} />
          </div>
          <ChoiceCards
            legend="Co s článkem"
            name="article-state"
            choices={stateChoices}
            value={form.state}
            disabled={busy}
            onChange={(state) => change({ state })}
            columnsClass="sm:grid-cols-3"
          />
          {form.state === "scheduled" && (
            <TextField
              id="article-publishAt"
              type="datetime-local"
              label="Kdy se má zveřejnit"
              hint="Čas v Česku."
              value={form.publishAtLocal}
              error={errors.publishAt}
              disabled={busy}
              onChange={(event) => change({ publishAtLocal: event.target.value })}
            />
          )}
          <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
            <Button type="submit" disabled={busy}>
              <Save aria-hidden="true" className="size-5" />
              Uložit
            </Button>
            {article?.state === "published" && livePath && (
              <a href={livePath} className={buttonClasses("ghost", "min-h-11")}>
                Zobrazit na webu
              </a>
            )}
          </div>
          {article && (
            <p role="status" className="text-[0.9375rem] text-bark-soft">
              {article.state === "draft"
                ? `Koncept · ${describeDate(article)}`
                : describeDate(article)}
            </p>
          )}
        </form>
        {article && <ArticlePreview articleId={article.id} version={article.version} busy={busy} />}
        {article && revisions.length > 0 && (
          <PublishedVersions
            revisions={revisions}
            busy={busy}
            onRestore={restore}
            discarded="neuložené změny"
            currentLabel="poslední"
            caption={describeArticleRevision}
          />
        )}
        {article && (
          <DeleteArticle
            title={article.title}
            live={article.state === "published"}
            busy={busy}
            onDelete={remove}
          />
        )}
      </EditorCard>
    </AdminFrame>
  );
}

/** Under a published version's date: the article's title then, and who published it. */
function describeArticleRevision(revision: ArticleRevisionJson): ReactNode {
  return (
    <>
      {typeset(revision.title)}
      {revision.published_by ? ` · ${revision.published_by}` : ""}
    </>
  );
}

/**
 * „Náhled“: the article as it is saved, rendered in the site's real design, in a frame as wide
 * as her screen (on her phone, the phone's layout). The frame runs no script; the page is stored
 * nowhere and no visitor sees it.
 */
function ArticlePreview({
  articleId,
  version,
  busy,
}: {
  articleId: string;
  /** The saved version: a new save makes the open preview stale, so it closes. */
  version: number;
  busy: boolean;
}) {
  const [preview, setPreview] = useState<(PreviewPage & { version: number }) | null>(null);
  return (
    <PreviewPanel
      headingId="article-preview-heading"
      className="mt-8 px-2 sm:px-0"
      busy={busy}
      load={async () => setPreview({ ...(await fetchArticlePreview(articleId)), version })}
      explanation="Ukáže článek, jak je uložený, v podobě webu. Koncept tak uvidíte dřív, než ho zveřejníte; návštěvníci náhled nevidí."
      shown={preview?.version === version ? preview : null}
      of="článku"
      testId="article-preview"
      onClose={() => setPreview(null)}
    />
  );
}

/** „Smazat článek“, confirmed first: what a deletion does to the site is said before it is done. */
function DeleteArticle({
  title,
  live,
  busy,
  onDelete,
}: {
  title: string;
  live: boolean;
  busy: boolean;
  onDelete: () => void;
}) {
  const [asking, setAsking] = useState(false);
  return (
    <section
      aria-labelledby="article-delete-heading"
      className="mt-10 border-t border-bark/10 px-2 pt-6 sm:px-0"
    >
      <h3 id="article-delete-heading" className="text-xl font-semibold text-bark">
        Smazat článek
      </h3>
      <p className="mt-2 leading-relaxed text-bark-soft">
        {typeset(
          "Smazaný článek zmizí z webu i z vašeho seznamu, i se všemi zveřejněnými verzemi. Vrátit to nejde.",
        )}
      </p>
      <Button variant="secondary" disabled={busy} className="mt-4" onClick={() => setAsking(true)}>
        <Trash2 aria-hidden="true" className="size-5" />
        Smazat článek
      </Button>
      <ConfirmDialog
        open={asking}
        onCancel={() => setAsking(false)}
        title={typeset(`Smazat článek „${title}“?`)}
        description={
          <p>
            {typeset(
              live
                ? "Článek je na webu. Po smazání zmizí z blogu i z hlavní stránky a jeho adresa bude návštěvníkům říkat, že článek už tu není. Vrátit to nejde."
                : "Článek zmizí z vašeho seznamu i se všemi verzemi. Vrátit to nejde.",
            )}
          </p>
        }
        action={
          <AlertDialogAction
            onClick={() => {
              setAsking(false);
              onDelete();
            }}
          >
            Smazat
          </AlertDialogAction>
        }
      />
    </section>
  );
}
