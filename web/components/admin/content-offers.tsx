/**
 * „Nabídka“: her offers, one list. The list shows each offer with its price
 * and whether the site shows it; an offer's form changes that one offer in the
 * list's draft, and „Zveřejnit“ publishes the whole list.
 */
import { clsx } from "clsx";
import { ChevronRight } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import type { ContentEntryJson, ContentRevision } from "#shared/content/content-admin";
import {
  contentLimits,
  formatPrice,
  type Offer,
  type OfferId,
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
import { ButtonLink } from "~/components/ui/button";
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

/** The list of her offers. */
export function OffersEditor({
  entry,
  revisions,
}: {
  entry: ContentEntryJson<"offers">;
  revisions: ContentRevision[];
}) {
  const editor = useContentEditor(entry, revisions);
  const { offers } = editor.data;
  return (
    <EditorCard
      title="Nabídka"
      intro="Vaše služby, jak je web ukazuje na domovské stránce (a cenu harmonizačního setkání i na jeho stránce). Otevřete nabídku, kterou chcete upravit."
    >
      <ul className="mt-6 grid gap-3 lg:grid-cols-2">
        {offers.map((offer) => (
          <li key={offer.id}>
            <Link
              to={contentPath("offers", offer.id)}
              className="flex items-center gap-3 rounded-2xl bg-white/80 p-4 ring-1 ring-bark/10 transition-colors hover:bg-sage-light/60"
            >
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
                  <Badge tone={offer.shown ? "on" : "off"}>
                    {offer.shown ? "Na webu" : "Skrytá"}
                  </Badge>
                  {offer.bookable && <Badge tone="on">Lze objednat</Badge>}
                </p>
              </div>
              <ChevronRight aria-hidden="true" className="size-5 shrink-0 text-moss-dark" />
              <span className="sr-only">Upravit</span>
            </Link>
          </li>
        ))}
      </ul>
      <PublishBar editor={editor} canSave={false} />
      <RevisionList editor={editor} />
    </EditorCard>
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
}: {
  editor: OffersEditor;
  index: number;
  offer: Offer;
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
        <ButtonLink to={contentPath("offers")} variant="ghost" className="px-0">
          ← Zpět na celou nabídku
        </ButtonLink>
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
