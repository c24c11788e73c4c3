/**
 * „Nabídka“: her offers, one list. The list shows each offer with its price
 * and whether the site shows it, in her order; there she adds, moves and retires
 * offers. An offer's form changes that one offer in the list's draft, and
 * „Zveřejnit“ publishes the whole list.
 */
import { clsx } from "clsx";
import { Archive, ArrowDown, ArrowUp, ChevronRight, Plus, Trash2, Undo2 } from "lucide-react";
import { type ComponentProps, type ReactNode, useState } from "react";
import { Link } from "react-router";
import type { ContentEntryJson, ContentRevision } from "#shared/content/content-admin";
import {
  contentLimits,
  formatPrice,
  type Offer,
  type OfferId,
  offerIdFromName,
  offerPlaceLabels,
  offerPlaces,
} from "#shared/content/content-schemas";
import {
  type ContentEditor,
  contentPath,
  EditorCard,
  PublishBar,
  RevisionList,
  useContentEditor,
} from "~/components/admin/content-editor";
import { AlertDialogAction, AlertDialogConfirm, ConfirmDialog } from "~/components/ui/alert-dialog";
import { Button, ButtonLink } from "~/components/ui/button";
import { CheckboxField, TextAreaField, TextField } from "~/components/ui/form-field";
import { typeset } from "~/lib/typography";

type OffersEditor = ContentEditor<"offers">;

function formatDuration(minutes: number | null): string | null {
  if (minutes === null) return null;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return `${rest}\u00a0min`;
  return rest === 0 ? `${hours}\u00a0h` : `${hours}\u00a0h ${rest}\u00a0min`;
}

/** A new offer named `name`: hidden details empty, on the site once she publishes it. */
function newOffer(name: string, taken: readonly string[]): Offer {
  return {
    id: offerIdFromName(name, taken),
    name,
    formLabel: name,
    summary: "",
    description: "",
    points: [],
    status: "",
    durationMinutes: null,
    priceCzk: null,
    places: [],
    bookable: false,
    shown: true,
  };
}

/** What she is asked before an offer leaves the site or the list. */
type Question = { kind: "retire" | "delete"; offer: Offer };

/**
 * The list of her offers in the site's order: add one, move one up or down, retire one (it leaves
 * the site but keeps its name for what refers to it), delete a retired one nothing refers to
 * (docs/decisions/0042).
 */
export function OffersEditor({
  entry,
  revisions,
}: {
  entry: ContentEntryJson<"offers">;
  revisions: ContentRevision[];
}) {
  const editor = useContentEditor(entry, revisions);
  const { data, setData, busy } = editor;
  const { offers, retired } = data;
  const [editing, setEditing] = useState<string | null>(null);
  const [newName, setNewName] = useState("");
  const [nameError, setNameError] = useState<string | undefined>();
  const [question, setQuestion] = useState<Question | null>(null);
  const full = offers.length >= contentLimits.offersMax;

  const editedIndex = offers.findIndex((offer) => offer.id === editing);
  const edited = offers[editedIndex];
  if (edited) {
    return (
      <OfferForm
        editor={editor}
        index={editedIndex}
        offer={edited}
        onDone={() => setEditing(null)}
      />
    );
  }

  function add() {
    const name = newName.trim();
    if (!name) return setNameError("Vyplňte prosím název nové nabídky.");
    if (Array.from(name).length > contentLimits.offerName)
      return setNameError(`Název může mít nejvýše ${contentLimits.offerName} znaků.`);
    const taken = [...offers, ...retired].map((offer) => offer.id);
    const offer = newOffer(name, taken);
    setData({ offers: [...offers, offer], retired });
    setNewName("");
    setNameError(undefined);
    setEditing(offer.id);
  }

  function move(index: number, by: -1 | 1) {
    const next = [...offers];
    const [offer] = next.splice(index, 1);
    if (!offer) return;
    next.splice(index + by, 0, offer);
    setData({ offers: next, retired });
  }

  /** Her answer, stored as her draft at once (the server refuses a delete of what is referred to). */
  function answer({ kind, offer }: Question) {
    setQuestion(null);
    const others = offers.filter((each) => each.id !== offer.id);
    void editor.saveDraft(
      kind === "retire"
        ? { offers: others, retired: [offer, ...retired] }
        : { offers, retired: retired.filter((each) => each.id !== offer.id) },
    );
  }

  function restore(offer: Offer) {
    void editor.saveDraft({
      offers: [...offers, offer],
      retired: retired.filter((each) => each.id !== offer.id),
    });
  }

  const listError = editor.errors.offers ?? editor.errors.retired ?? editor.errors.data;
  return (
    <EditorCard
      title="Nabídka"
      intro="Vaše služby v pořadí, v jakém je web ukazuje na domovské stránce a v kontaktním formuláři. Otevřete nabídku, kterou chcete upravit, nebo přidejte novou."
    >
      {listError && (
        <p role="alert" className="mt-4 px-2 font-medium text-terracotta-dark sm:px-0">
          {listError}
        </p>
      )}
      <ol className="mt-6 grid gap-3 lg:grid-cols-2">
        {offers.map((offer, index) => (
          <li
            key={offer.id}
            className="rounded-2xl bg-white/80 ring-1 ring-bark/10 transition-colors hover:bg-sage-light/40"
          >
            <Link
              to={contentPath("offers", offer.id)}
              className="flex items-center gap-3 rounded-t-2xl p-4"
            >
              <OfferSummary offer={offer} />
              <ChevronRight aria-hidden="true" className="size-5 shrink-0 text-moss-dark" />
              <span className="sr-only">Upravit</span>
            </Link>
            <div className="flex flex-wrap items-center gap-1 border-t border-bark/10 px-2 py-1">
              <IconButton
                label={`Posunout výš – ${offer.name}`}
                disabled={busy || index === 0}
                onClick={() => move(index, -1)}
              >
                <ArrowUp aria-hidden="true" className="size-5" />
              </IconButton>
              <IconButton
                label={`Posunout níž – ${offer.name}`}
                disabled={busy || index === offers.length - 1}
                onClick={() => move(index, 1)}
              >
                <ArrowDown aria-hidden="true" className="size-5" />
              </IconButton>
              <Button
                variant="ghost"
                className="ml-auto min-h-11 px-3"
                disabled={busy || offers.length === 1}
                aria-label={`Vyřadit – ${offer.name}`}
                onClick={() => setQuestion({ kind: "retire", offer })}
              >
                <Archive aria-hidden="true" className="size-5" />
                Vyřadit
              </Button>
            </div>
          </li>
        ))}
      </ol>
      {offers.length === 1 && (
        <p className="mt-3 px-2 text-sm text-bark-soft sm:px-0">
          {typeset("Na webu musí zůstat aspoň jedna nabídka, proto tuhle vyřadit nejde.")}
        </p>
      )}

      <form
        className="mt-6 grid max-w-xl gap-3 rounded-2xl bg-white/60 p-4 ring-1 ring-bark/10"
        onSubmit={(event) => {
          event.preventDefault();
          add();
        }}
      >
        <TextField
          id="offer-new-name"
          label="Název nové nabídky"
          hint={
            full
              ? `Na webu je ${contentLimits.offersMax} nabídek, víc se jich nevejde. Některou nejdřív vyřaďte.`
              : "Například „Kakaový rituál pro páry“. Podrobnosti doplníte hned potom."
          }
          value={newName}
          error={nameError}
          disabled={busy || full}
          onChange={(event) => setNewName(event.target.value)}
        />
        <Button type="submit" variant="secondary" className="sm:self-start" disabled={busy || full}>
          <Plus aria-hidden="true" className="size-5" />
          Přidat nabídku
        </Button>
      </form>

      <PublishBar editor={editor} />

      {retired.length > 0 && (
        <section aria-labelledby="retired-heading" className="mt-10">
          <h3 id="retired-heading" className="text-xl font-semibold text-bark">
            Vyřazené nabídky
          </h3>
          <p className="mt-2 text-sm leading-relaxed text-bark-soft">
            {typeset(
              "Na webu nejsou. Zprávy, rezervace a recenze, které se jich týkají, si jejich název ponechají.",
            )}
          </p>
          <ul className="mt-4 grid gap-3 lg:grid-cols-2">
            {retired.map((offer) => (
              <li key={offer.id} className="rounded-2xl bg-sand/40 p-4 ring-1 ring-bark/10">
                <OfferSummary offer={offer} retired />
                <div className="mt-2 flex flex-wrap gap-1">
                  <Button
                    variant="ghost"
                    className="min-h-11 px-3"
                    disabled={busy || full}
                    aria-label={`Vrátit na web – ${offer.name}`}
                    onClick={() => restore(offer)}
                  >
                    <Undo2 aria-hidden="true" className="size-5" />
                    Vrátit na web
                  </Button>
                  <Button
                    variant="ghost"
                    className="min-h-11 px-3 text-terracotta-dark"
                    disabled={busy}
                    aria-label={`Smazat – ${offer.name}`}
                    onClick={() => setQuestion({ kind: "delete", offer })}
                  >
                    <Trash2 aria-hidden="true" className="size-5" />
                    Smazat
                  </Button>
                </div>
              </li>
            ))}
          </ul>
        </section>
      )}
      <RevisionList editor={editor} />

      <ConfirmDialog
        open={question !== null}
        onCancel={() => setQuestion(null)}
        title={
          question?.kind === "delete"
            ? `Smazat nabídku „${question.offer.name}“?`
            : `Vyřadit nabídku „${question?.offer.name ?? ""}“?`
        }
        description={
          <p>
            {typeset(
              question?.kind === "delete"
                ? "Nabídka zmizí i ze seznamu vyřazených a vrátit ji už nepůjde. Smazat jde jen nabídku, na kterou nic neodkazuje – žádná zpráva, rezervace ani recenze; jinak ji web smazat nedovolí a zůstane vyřazená."
                : "Zmizí z webu, z kontaktního formuláře i z rezervací. Zprávy, rezervace a recenze, které se jí týkají, si její název ponechají. Na webu se změna ukáže, až ji zveřejníte; později ji můžete vrátit.",
            )}
          </p>
        }
        action={
          question?.kind === "delete" ? (
            <AlertDialogAction onClick={() => question && answer(question)}>
              Smazat
            </AlertDialogAction>
          ) : (
            <AlertDialogConfirm onClick={() => question && answer(question)}>
              Vyřadit
            </AlertDialogConfirm>
          )
        }
      />
    </EditorCard>
  );
}

/** An offer's name, price, length and places, and whether the site shows it (a retired one: no). */
function OfferSummary({ offer, retired = false }: { offer: Offer; retired?: boolean }) {
  return (
    <div className="min-w-0 flex-1">
      <p className="font-semibold text-bark">{offer.name}</p>
      <p className="mt-1 text-sm text-bark-soft">
        {[
          formatPrice(offer.priceCzk),
          formatDuration(offer.durationMinutes),
          offer.places.map((place) => offerPlaceLabels[place]).join(", "),
        ]
          .filter(Boolean)
          .join(" · ")}
      </p>
      <p className="mt-2 flex flex-wrap gap-2 text-sm">
        {retired ? (
          <Badge tone="off">Vyřazená</Badge>
        ) : (
          <>
            <Badge tone={offer.shown ? "on" : "off"}>{offer.shown ? "Na webu" : "Skrytá"}</Badge>
            {offer.bookable && <Badge tone="on">Lze objednat</Badge>}
          </>
        )}
      </p>
    </div>
  );
}

function IconButton({
  label,
  children,
  ...props
}: { label: string; children: ReactNode } & Omit<ComponentProps<"button">, "aria-label">) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      className="flex size-11 items-center justify-center rounded-full text-moss-dark hover:bg-sage-light disabled:opacity-40"
      {...props}
    >
      {children}
    </button>
  );
}

function Badge({ tone, children }: { tone: "on" | "off"; children: string }) {
  return (
    <span
      className={clsx(
        "rounded-full px-2.5 py-0.5 font-semibold",
        tone === "on" ? "bg-sage-light text-moss-dark" : "bg-sand text-bark",
      )}
    >
      {children}
    </span>
  );
}

/** A whole number typed as text: the number, null for nothing, the text itself for the server to refuse. */
function readWholeNumber(text: string): number | null {
  const trimmed = text.replace(/\s/g, "");
  if (trimmed === "") return null;
  return /^\d+$/.test(trimmed) ? Number(trimmed) : (trimmed as unknown as number);
}

/** One offer's form, in the order of its card. */
export function OfferEditor({
  entry,
  revisions,
  offerId,
}: {
  entry: ContentEntryJson<"offers">;
  revisions: ContentRevision[];
  offerId: OfferId;
}) {
  const editor = useContentEditor(entry, revisions);
  const index = editor.data.offers.findIndex((offer) => offer.id === offerId);
  const offer = editor.data.offers[index];
  if (!offer) return null;
  return <OfferForm editor={editor} index={index} offer={offer} />;
}

function OfferForm({
  editor,
  index,
  offer,
  onDone,
}: {
  editor: OffersEditor;
  index: number;
  offer: Offer;
  /** Inside the list (a new offer): back to it without leaving the screen and its draft. */
  onDone?: () => void;
}) {
  const { data, setData, errors, busy } = editor;
  const [priceText, setPriceText] = useState(offer.priceCzk === null ? "" : String(offer.priceCzk));
  const [durationText, setDurationText] = useState(
    offer.durationMinutes === null ? "" : String(offer.durationMinutes),
  );
  const agreed = offer.priceCzk === null && priceText === "";
  const [priceKind, setPriceKind] = useState<"agreed" | "fixed">(agreed ? "agreed" : "fixed");

  function change(changes: Partial<Offer>) {
    setData({
      ...data,
      offers: data.offers.map((each, i) => (i === index ? { ...each, ...changes } : each)),
    });
  }
  const errorOf = (name: keyof Offer) =>
    Object.entries(errors).find(
      ([path]) => path === `offers.${index}.${name}` || path.startsWith(`offers.${index}.${name}.`),
    )?.[1];
  const id = (name: string) => `offer-${name}`;

  return (
    <EditorCard title={offer.name || "Nabídka"}>
      <p className="mt-2 px-2 sm:px-0">
        {onDone ? (
          <Button variant="ghost" className="px-0" onClick={onDone}>
            ← Zpět na celou nabídku
          </Button>
        ) : (
          <ButtonLink to={contentPath("offers")} variant="ghost" className="px-0">
            ← Zpět na celou nabídku
          </ButtonLink>
        )}
      </p>
      <form
        className="mt-4 grid max-w-3xl gap-5 px-2 sm:px-0"
        onSubmit={(event) => {
          event.preventDefault();
          editor.saveDraft();
        }}
      >
        <TextField
          id={id("name")}
          label="Název"
          value={offer.name}
          error={errorOf("name")}
          disabled={busy}
          onChange={(event) => change({ name: event.target.value })}
        />
        <TextField
          id={id("form-label")}
          label="Název v kontaktním formuláři"
          hint="Jak nabídku návštěvnice najde v poli „Služba“; skrytá nabídka tam není."
          value={offer.formLabel}
          error={errorOf("formLabel")}
          disabled={busy}
          onChange={(event) => change({ formLabel: event.target.value })}
        />
        <TextField
          id={id("status")}
          label="Štítek na kartě"
          optional
          hint="Například „V přípravě...“; prázdný štítek se neukáže."
          value={offer.status}
          error={errorOf("status")}
          disabled={busy}
          onChange={(event) => change({ status: event.target.value })}
        />
        <TextAreaField
          id={id("summary")}
          label="Krátký popis"
          hint="Text na kartě nabídky."
          rows={4}
          value={offer.summary}
          characterCount={offer.summary.length}
          maxCharacters={contentLimits.offerSummary}
          error={errorOf("summary")}
          disabled={busy}
          onChange={(event) => change({ summary: event.target.value })}
        />
        <TextAreaField
          id={id("points")}
          label="Odrážky na kartě"
          optional
          hint="Každou odrážku na nový řádek."
          rows={4}
          value={offer.points.join("\n")}
          error={errorOf("points")}
          disabled={busy}
          onChange={(event) =>
            change({ points: event.target.value.split("\n").filter((line) => line.trim()) })
          }
        />
        <TextAreaField
          id={id("description")}
          label="Podrobný popis"
          optional
          hint="Pro stránku nabídky a rezervace; web ho zatím neukazuje."
          rows={6}
          value={offer.description}
          characterCount={offer.description.length}
          maxCharacters={contentLimits.offerDescription}
          error={errorOf("description")}
          disabled={busy}
          onChange={(event) => change({ description: event.target.value })}
        />
        <TextField
          id={id("duration")}
          label="Délka v minutách"
          optional
          hint="Například 180 pro tři hodiny; prázdné pole: délku neuvádíte."
          inputMode="numeric"
          value={durationText}
          error={errorOf("durationMinutes")}
          disabled={busy}
          onChange={(event) => {
            setDurationText(event.target.value);
            change({ durationMinutes: readWholeNumber(event.target.value) });
          }}
        />
        <fieldset>
          <legend className="text-[0.9375rem] font-semibold text-bark">Cena</legend>
          <div className="mt-1 flex flex-col sm:flex-row sm:gap-6">
            {(["agreed", "fixed"] as const).map((kind) => (
              <label
                key={kind}
                className="flex min-h-11 cursor-pointer items-center gap-3 text-[0.9375rem] text-bark"
              >
                <input
                  type="radio"
                  name="price-kind"
                  value={kind}
                  checked={priceKind === kind}
                  disabled={busy}
                  className="size-5 accent-moss"
                  onChange={() => {
                    setPriceKind(kind);
                    change({ priceCzk: kind === "agreed" ? null : readWholeNumber(priceText) });
                  }}
                />
                {kind === "agreed" ? "Cena dohodou" : "Pevná cena"}
              </label>
            ))}
          </div>
          {priceKind === "fixed" && (
            <TextField
              id={id("price")}
              label="Cena v Kč"
              hint="Celé koruny, například 1200."
              inputMode="numeric"
              value={priceText}
              error={errorOf("priceCzk")}
              disabled={busy}
              onChange={(event) => {
                setPriceText(event.target.value);
                change({ priceCzk: readWholeNumber(event.target.value) });
              }}
              className="mt-2 max-w-xs"
            />
          )}
          {priceKind === "agreed" && errorOf("priceCzk") && (
            <p className="mt-2 text-sm font-medium text-terracotta-dark">{errorOf("priceCzk")}</p>
          )}
        </fieldset>
        <fieldset>
          <legend className="text-[0.9375rem] font-semibold text-bark">Kde</legend>
          <div className="mt-1 flex flex-col sm:flex-row sm:gap-6">
            {offerPlaces.map((place) => (
              <CheckboxField
                key={place}
                id={id(`place-${place}`)}
                label={offerPlaceLabels[place]}
                aria-required={false}
                checked={offer.places.includes(place)}
                disabled={busy}
                onChange={(event) =>
                  change({
                    places: event.target.checked
                      ? offerPlaces.filter((each) => each === place || offer.places.includes(each))
                      : offer.places.filter((each) => each !== place),
                  })
                }
              />
            ))}
          </div>
          {errorOf("places") && (
            <p className="mt-1 text-sm font-medium text-terracotta-dark">{errorOf("places")}</p>
          )}
        </fieldset>
        <fieldset>
          <legend className="sr-only">Zobrazení a objednávky</legend>
          <CheckboxField
            id={id("shown")}
            label="Ukázat na webu"
            aria-required={false}
            checked={offer.shown}
            disabled={busy}
            onChange={(event) => change({ shown: event.target.checked })}
          />
          <CheckboxField
            id={id("bookable")}
            label={typeset("Lze objednat (pro rezervace, které web teprve dostane)")}
            aria-required={false}
            checked={offer.bookable}
            disabled={busy}
            onChange={(event) => change({ bookable: event.target.checked })}
          />
        </fieldset>
      </form>
      <PublishBar editor={editor} />
      <p className="mt-4 px-2 text-sm leading-relaxed text-bark-soft sm:px-0">
        {typeset(
          "„Zveřejnit“ zveřejní celou nabídku, tedy i změny ostatních nabídek uložené v konceptu. Dřívější verze najdete na stránce celé nabídky.",
        )}
      </p>
    </EditorCard>
  );
}
