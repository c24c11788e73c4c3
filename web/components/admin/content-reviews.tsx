/**
 * „Recenze“: her reviews, one list in the site's order. On a phone first: each review is a
 * card with what she does most (hide or show, move, open); a review's form replaces the list
 * until „Hotovo“. Every change is the list's draft; „Zveřejnit“ publishes the whole list.
 */
import { clsx } from "clsx";
import { ArrowDown, ArrowUp, Eye, EyeOff, PenLine, Plus, Trash2 } from "lucide-react";
import { useState } from "react";
import type { ContentEntryJson, ContentRevision } from "#shared/content/content-admin";
import type { Offer } from "#shared/content/content-schemas";
import {
  formatReviewDate,
  type Review,
  reviewChannelLabels,
  reviewChannels,
  reviewLimits,
} from "#shared/content/review-content";
import {
  type ContentEditor,
  EditorCard,
  PublishBar,
  RevisionList,
  useContentEditor,
} from "~/components/admin/content-editor";
import { Button } from "~/components/ui/button";
import { CheckboxField, SelectField, TextAreaField, TextField } from "~/components/ui/form-field";
import { typeset } from "~/lib/typography";

type ReviewsEditor = ContentEditor<"reviews">;

/** Today in Prague, as `<input type="date">` writes a day. */
function today(): string {
  return new Intl.DateTimeFormat("sv-SE", { timeZone: "Europe/Prague" }).format(new Date());
}

/** An id the list has not used: the editor's key for a new review. */
function newReviewId(): string {
  return `r-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
}

/** The first message about review `index` (its own field's when `name` is given). */
function reviewError(
  errors: Record<string, string>,
  index: number,
  name?: keyof Review,
): string | undefined {
  const prefix = name ? `reviews.${index}.${name}` : `reviews.${index}`;
  return Object.entries(errors).find(
    ([path]) => path === prefix || path.startsWith(`${prefix}.`),
  )?.[1];
}

export function ReviewsEditor({
  entry,
  revisions,
  offers,
}: {
  entry: ContentEntryJson<"reviews">;
  revisions: ContentRevision[];
  /** Her offers as published: the names a review can be about. */
  offers: Offer[];
}) {
  const editor = useContentEditor(entry, revisions);
  const [editing, setEditing] = useState<string | null>(null);
  const { reviews } = editor.data;
  const editedIndex = reviews.findIndex((review) => review.id === editing);
  const offerName = (id: Offer["id"]) => offers.find((offer) => offer.id === id)?.name ?? id;

  function setReviews(next: Review[]) {
    editor.setData({ reviews: next });
  }

  function add() {
    const review: Review = {
      id: newReviewId(),
      name: "",
      text: "",
      date: today(),
      offerId: offers[0]?.id ?? "",
      channel: "email",
      consentDate: null,
      shown: false,
    };
    setReviews([review, ...reviews]);
    setEditing(review.id);
  }

  if (editedIndex >= 0) {
    return (
      <ReviewForm
        editor={editor}
        index={editedIndex}
        offers={offers}
        onDone={() => setEditing(null)}
      />
    );
  }

  const listError = editor.errors.reviews ?? editor.errors.data;
  return (
    <EditorCard
      title="Recenze"
      intro="Recenze na domovské stránce, v pořadí, v jakém je web ukazuje. Na webu se ukáže jen recenze, ke které máte souhlas autorky a kterou nemáte skrytou."
    >
      <div className="mt-5 px-2 sm:px-0">
        <Button onClick={add} disabled={editor.busy}>
          <Plus aria-hidden="true" className="size-5" />
          Přidat recenzi
        </Button>
      </div>
      {listError && (
        <p role="alert" className="mt-4 px-2 font-medium text-terracotta-dark sm:px-0">
          {typeset(listError)}
        </p>
      )}
      {reviews.length === 0 ? (
        <p className="mt-6 px-2 text-bark-soft sm:px-0">
          {typeset("Zatím tu žádná recenze není. Sekce recenzí na webu zůstane prázdná.")}
        </p>
      ) : (
        <ol className="mt-6 grid gap-3 lg:grid-cols-2" aria-label="Recenze">
          {reviews.map((review, index) => (
            <ReviewCard
              key={review.id}
              review={review}
              about={offerName(review.offerId)}
              error={reviewError(editor.errors, index)}
              first={index === 0}
              last={index === reviews.length - 1}
              busy={editor.busy}
              onEdit={() => setEditing(review.id)}
              onToggle={() =>
                setReviews(
                  reviews.map((each) =>
                    each.id === review.id ? { ...each, shown: !each.shown } : each,
                  ),
                )
              }
              onMove={(by) => {
                const next = [...reviews];
                next.splice(index, 1);
                next.splice(index + by, 0, review);
                setReviews(next);
              }}
              onRemove={() => setReviews(reviews.filter((each) => each.id !== review.id))}
            />
          ))}
        </ol>
      )}
      <PublishBar editor={editor} />
      <RevisionList editor={editor} />
    </EditorCard>
  );
}

function ReviewCard({
  review,
  about,
  error,
  first,
  last,
  busy,
  onEdit,
  onToggle,
  onMove,
  onRemove,
}: {
  review: Review;
  about: string;
  error?: string;
  first: boolean;
  last: boolean;
  busy: boolean;
  onEdit: () => void;
  onToggle: () => void;
  onMove: (by: -1 | 1) => void;
  onRemove: () => void;
}) {
  const [confirming, setConfirming] = useState(false);
  const name = review.name || "Nová recenze";
  const state = review.consentDate === null ? "no-consent" : review.shown ? "shown" : "hidden";
  return (
    <li
      data-testid="review-card"
      className={clsx(
        "rounded-2xl bg-white/80 p-4 ring-1",
        error ? "ring-2 ring-terracotta-dark" : "ring-bark/10",
      )}
    >
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
        <p className="font-semibold text-bark">{name}</p>
        <Badge tone={state === "shown" ? "on" : "off"}>
          {state === "shown" ? "Na webu" : state === "hidden" ? "Skrytá" : "Bez souhlasu"}
        </Badge>
      </div>
      <p className="mt-1 text-sm text-bark-soft">
        {typeset(about)} · {formatReviewDate(review.date)}
      </p>
      {review.text && (
        <p className="mt-2 line-clamp-3 leading-snug text-bark">{typeset(`„${review.text}“`)}</p>
      )}
      {error && (
        <p className="mt-2 text-sm font-medium text-terracotta-dark">
          {typeset(`Opravte prosím: ${error}`)}
        </p>
      )}
      <div className="mt-3 flex flex-wrap gap-2">
        <Button variant="secondary" className="px-4 py-2 text-sm" disabled={busy} onClick={onEdit}>
          <PenLine aria-hidden="true" className="size-4" />
          Upravit<span className="sr-only"> recenzi – {name}</span>
        </Button>
        {review.consentDate !== null && (
          <Button
            variant="secondary"
            className="px-4 py-2 text-sm"
            disabled={busy}
            onClick={onToggle}
          >
            {review.shown ? (
              <EyeOff aria-hidden="true" className="size-4" />
            ) : (
              <Eye aria-hidden="true" className="size-4" />
            )}
            {review.shown ? "Skrýt" : "Ukázat"}
            <span className="sr-only"> recenzi – {name}</span>
          </Button>
        )}
        <Button
          variant="secondary"
          className="px-3 py-2 text-sm"
          disabled={busy || first}
          onClick={() => onMove(-1)}
          aria-label={`Posunout výš: ${name}`}
        >
          <ArrowUp aria-hidden="true" className="size-4" />
        </Button>
        <Button
          variant="secondary"
          className="px-3 py-2 text-sm"
          disabled={busy || last}
          onClick={() => onMove(1)}
          aria-label={`Posunout níž: ${name}`}
        >
          <ArrowDown aria-hidden="true" className="size-4" />
        </Button>
        {confirming ? (
          <>
            <Button className="px-4 py-2 text-sm" disabled={busy} onClick={onRemove}>
              <Trash2 aria-hidden="true" className="size-4" />
              Opravdu odebrat
            </Button>
            <Button
              variant="ghost"
              className="px-4 py-2 text-sm"
              onClick={() => setConfirming(false)}
            >
              Ponechat
            </Button>
          </>
        ) : (
          <Button
            variant="ghost"
            className="px-4 py-2 text-sm"
            disabled={busy}
            onClick={() => setConfirming(true)}
          >
            <Trash2 aria-hidden="true" className="size-4" />
            Odebrat<span className="sr-only"> recenzi – {name}</span>
          </Button>
        )}
      </div>
    </li>
  );
}

function Badge({ tone, children }: { tone: "on" | "off"; children: string }) {
  return (
    <span
      className={clsx(
        "rounded-full px-2.5 py-0.5 text-sm font-semibold",
        tone === "on" ? "bg-sage-light text-moss-dark" : "bg-sand text-bark",
      )}
    >
      {children}
    </span>
  );
}

/** One review's form, in the order of its card on the site. */
function ReviewForm({
  editor,
  index,
  offers,
  onDone,
}: {
  editor: ReviewsEditor;
  index: number;
  offers: Offer[];
  onDone: () => void;
}) {
  const { data, setData, errors, busy } = editor;
  const review = data.reviews[index];
  if (!review) return null;
  const errorOf = (name: keyof Review) => reviewError(errors, index, name);
  const saved = editor.entry.draft ?? editor.entry.published;
  const isNew = !saved.reviews.some((each) => each.id === review.id);
  const id = (name: string) => `review-${name}`;

  function change(changes: Partial<Review>) {
    setData({
      reviews: data.reviews.map((each, i) => (i === index ? { ...each, ...changes } : each)),
    });
  }

  return (
    <EditorCard title={isNew ? "Nová recenze" : `Recenze – ${review.name || "bez jména"}`}>
      <form
        className="mt-5 grid max-w-3xl gap-5 px-2 sm:px-0"
        onSubmit={(event) => {
          event.preventDefault();
          onDone();
        }}
      >
        <TextField
          id={id("name")}
          label="Křestní jméno autorky"
          hint="Na webu jen křestní jméno, nic víc."
          value={review.name}
          error={errorOf("name")}
          disabled={busy}
          autoComplete="off"
          onChange={(event) => change({ name: event.target.value })}
        />
        <TextAreaField
          id={id("text")}
          label="Text recenze"
          hint="Beze změn, jak ho autorka napsala; uvozovky doplní web sám."
          rows={6}
          value={review.text}
          characterCount={review.text.length}
          maxCharacters={reviewLimits.text}
          error={errorOf("text")}
          disabled={busy}
          onChange={(event) => change({ text: event.target.value })}
        />
        <SelectField
          id={id("offer")}
          label="Čeho se týká"
          hint="Web ukáže název nabídky, jak ho máte v „Nabídce“."
          value={review.offerId}
          error={errorOf("offerId")}
          disabled={busy}
          onChange={(event) => change({ offerId: event.target.value as Review["offerId"] })}
        >
          {offers.map((offer) => (
            <option key={offer.id} value={offer.id}>
              {offer.name}
            </option>
          ))}
        </SelectField>
        <TextField
          id={id("date")}
          label="Kdy recenze přišla"
          type="date"
          value={review.date}
          error={errorOf("date")}
          disabled={busy}
          onChange={(event) => change({ date: event.target.value })}
          className="max-w-xs"
        />
        <SelectField
          id={id("channel")}
          label="Jak k vám přišla"
          value={review.channel}
          error={errorOf("channel")}
          disabled={busy}
          onChange={(event) => change({ channel: event.target.value as Review["channel"] })}
        >
          {reviewChannels.map((channel) => (
            <option key={channel} value={channel}>
              {reviewChannelLabels[channel]}
            </option>
          ))}
        </SelectField>
        <fieldset className="grid gap-1">
          <legend className="text-[0.9375rem] font-semibold text-bark">Souhlas a zobrazení</legend>
          <CheckboxField
            id={id("consent")}
            label="Autorka souhlasí se zveřejněním"
            aria-required={false}
            checked={review.consentDate !== null}
            disabled={busy}
            onChange={(event) =>
              change(
                event.target.checked
                  ? { consentDate: today() }
                  : // Without consent it cannot stay on the site.
                    { consentDate: null, shown: false },
              )
            }
          />
          {review.consentDate !== null && (
            <TextField
              id={id("consent-date")}
              label="Kdy souhlas dala"
              type="date"
              value={review.consentDate}
              error={errorOf("consentDate")}
              disabled={busy}
              onChange={(event) => change({ consentDate: event.target.value })}
              className="mb-2 max-w-xs"
            />
          )}
          <CheckboxField
            id={id("shown")}
            label={
              review.consentDate === null
                ? typeset("Ukázat na webu (jde až se souhlasem autorky)")
                : "Ukázat na webu"
            }
            aria-required={false}
            checked={review.shown}
            error={errorOf("shown")}
            disabled={busy || (review.consentDate === null && !review.shown)}
            onChange={(event) => change({ shown: event.target.checked })}
          />
        </fieldset>
        <div className="flex flex-col gap-2 sm:flex-row">
          <Button type="submit" variant="secondary">
            Hotovo, zpět na seznam
          </Button>
        </div>
      </form>
      <PublishBar editor={editor} />
    </EditorCard>
  );
}
