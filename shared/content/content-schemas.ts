/**
 * Her content as the database stores it, the administration edits it and the
 * pages read it: one zod schema per item, with its limits and Czech messages,
 * used by the editor and again by the API (which stores nothing that fails).
 * The defaults of a fresh install are in `content-seed.ts`; which items exist
 * and on which pages each appears, in `content-items.ts`.
 */
import * as z from "zod/mini";
import { isOfferIdForm, noOfferChoice, offerIdMaxLength } from "./offer-ids";

export const contentLimits = {
  label: 60,
  heading: 120,
  paragraph: 600,
  quote: 300,
  offerName: 80,
  offerSummary: 400,
  offerDescription: 4000,
  offerPoint: 160,
  offerPoints: 8,
  offerStatus: 40,
  offerId: offerIdMaxLength,
  /** Offers on the site at once: a home page of cards, a form's choice that still reads at a glance. */
  offersMax: 12,
  /** Retired offers kept for their names (docs/decisions/0042). */
  retiredOffersMax: 200,
  /** A day: nothing she offers lasts longer. */
  durationMinutes: 24 * 60,
  priceCzk: 100_000,
} as const;

export const contentMessages = {
  fillIn: (what: string) => `Vyplňte prosím ${what}.`,
  tooLong: (what: string, max: number) => `${what} může mít nejvýše ${max} znaků.`,
  oneLine: (what: string) =>
    `${what} se musí vejít na jeden řádek (bez Enteru) a nesmí obsahovat neviditelné znaky.`,
  hidden: (what: string) => `${what} obsahuje neviditelný znak, který sem nepatří.`,
  tooManyPoints: `Bodů může být nejvýše ${contentLimits.offerPoints}.`,
  point: "Bod nesmí být prázdný a může mít nejvýše 160 znaků.",
  duration: `Délku zadejte v celých minutách, od 1 do ${contentLimits.durationMinutes}.`,
  price: `Cenu zadejte v celých korunách, od 0 do ${contentLimits.priceCzk.toLocaleString("cs-CZ")} Kč, nebo zvolte „cena dohodou“.`,
  place: "Vyberte místo z nabídky: online, Brno a okolí, nebo Jinačovice.",
  placeTwice: "Každé místo stačí vybrat jednou.",
  offerId:
    "Označení nabídky smí mít jen malá písmena bez diakritiky, číslice a pomlčky (nejvýše 60 znaků).",
  offerIdTwice: "Dvě nabídky nesmějí mít stejné označení.",
  offerIdOther: "Označení „other“ patří volbě „Ostatní“ v kontaktním formuláři.",
  offersList: "Nabídky musí být seznam.",
  offersTooFew: "Na webu musí zůstat aspoň jedna nabídka.",
  offersTooMany: `Na webu může být nejvýše ${contentLimits.offersMax} nabídek. Některou nejdřív vyřaďte.`,
  retiredTooMany:
    "Vyřazených nabídek je příliš mnoho. Některou, na kterou už nic neodkazuje, smažte.",
  yesOrNo: "Hodnota musí být ano, nebo ne.",
} as const;

/** Letters the eye does not see, which no text of hers needs (control and format characters). */
const hiddenCharacter = /[\p{Cc}\p{Cf}\u2028\u2029]/u;
/** Hidden characters apart from the line breaks of a text of several paragraphs. */
const hasHiddenCharacter = (value: string, multiline: boolean) =>
  hiddenCharacter.test(multiline ? value.replace(/\r?\n/g, "") : value);

const characterCount = (text: string) => Array.from(text).length;

/**
 * A text of hers (also of the items with a module of their own): trimmed; `what` names it in the messages, as „nadpis“
 * (to fill in) and „Nadpis“ (what may have at most so many characters).
 */
export function text(
  { fillIn, name }: { fillIn: string; name: string },
  max: number,
  { optional = false, multiline = false } = {},
) {
  return z.string(contentMessages.fillIn(fillIn)).check(
    z.trim(),
    z.refine((value) => optional || value.length > 0, contentMessages.fillIn(fillIn)),
    z.refine((value) => characterCount(value) <= max, contentMessages.tooLong(name, max)),
    z.refine(
      (value) => !hasHiddenCharacter(value, multiline),
      multiline ? contentMessages.hidden(name) : contentMessages.oneLine(name),
    ),
  );
}

export {
  isOfferIdForm,
  noOfferChoice,
  type OfferId,
  offerIdFromName,
  seedOfferIds,
} from "./offer-ids";
/** The home page's first screen: described field by field in `page-home.ts`. */
export type { HomeHero } from "./page-home";

/** A field naming an offer by its id (in a review, a booking, her booking rules). */
export const offerIdField = (message: string) =>
  z.string(message).check(z.refine(isOfferIdForm, message));

const offerIdSchema = z.string(contentMessages.offerId).check(
  z.refine((value) => value === noOfferChoice || isOfferIdForm(value), contentMessages.offerId),
  z.refine((value) => value !== noOfferChoice, contentMessages.offerIdOther),
);

/** Where an offer takes place. */
export const offerPlaces = ["online", "brno", "jinacovice"] as const;
export type OfferPlace = (typeof offerPlaces)[number];
export const offerPlaceLabels: Record<OfferPlace, string> = {
  online: "Online",
  brno: "Brno a okolí",
  jinacovice: "Jinačovice",
};

const wholeNumber = (min: number, max: number, message: string) =>
  z.number(message).check(
    z.int(message),
    z.refine((value) => value >= min && value <= max, message),
  );

export const offerSchema = z.strictObject({
  id: offerIdSchema,
  name: text({ fillIn: "název", name: "Název" }, contentLimits.offerName),
  /** Its name in the contact form's „Služba“ (by default the specification's labels). */
  formLabel: text(
    { fillIn: "název v kontaktním formuláři", name: "Název v kontaktním formuláři" },
    contentLimits.offerName,
  ),
  summary: text({ fillIn: "krátký popis", name: "Krátký popis" }, contentLimits.offerSummary, {
    multiline: true,
  }),
  description: text(
    { fillIn: "podrobný popis", name: "Podrobný popis" },
    contentLimits.offerDescription,
    {
      optional: true,
      multiline: true,
    },
  ),
  /** The card's list: what the offer consists of. */
  points: z
    .array(
      z.string(contentMessages.point).check(
        z.trim(),
        z.refine(
          (value) => value.length > 0 && characterCount(value) <= contentLimits.offerPoint,
          contentMessages.point,
        ),
        z.refine((value) => !hiddenCharacter.test(value), contentMessages.point),
      ),
      contentMessages.point,
    )
    .check(z.maxLength(contentLimits.offerPoints, contentMessages.tooManyPoints)),
  /** A label on the card („V přípravě...“); empty: none. */
  status: text({ fillIn: "štítek", name: "Štítek" }, contentLimits.offerStatus, { optional: true }),
  /** Null: not said. */
  durationMinutes: z.nullable(
    wholeNumber(1, contentLimits.durationMinutes, contentMessages.duration),
  ),
  /** In whole crowns; null: „cena dohodou“. */
  priceCzk: z.nullable(wholeNumber(0, contentLimits.priceCzk, contentMessages.price)),
  places: z
    .array(z.enum(offerPlaces, contentMessages.place), contentMessages.place)
    .check(
      z.refine((places) => new Set(places).size === places.length, contentMessages.placeTwice),
    ),
  /** Whether it can be booked (the booking issue reads this). */
  bookable: z.boolean(contentMessages.yesOrNo),
  /** Hidden: not on the site, kept in the list. */
  shown: z.boolean(contentMessages.yesOrNo),
});
export type Offer = z.output<typeof offerSchema>;

/**
 * Her offers, one list in the order the site shows them (her order: cards and form follow), and
 * the offers she retired: gone from the site, the form and booking, kept so that what refers to
 * them (a message, a booking, a review) still shows their names (docs/decisions/0042).
 */
export const offersSchema = z
  .strictObject({
    offers: z
      .array(offerSchema, contentMessages.offersList)
      .check(
        z.minLength(1, contentMessages.offersTooFew),
        z.maxLength(contentLimits.offersMax, contentMessages.offersTooMany),
      ),
    retired: z._default(
      z
        .array(offerSchema, contentMessages.offersList)
        .check(z.maxLength(contentLimits.retiredOffersMax, contentMessages.retiredTooMany)),
      [],
    ),
  })
  .check(
    z.refine(
      ({ offers, retired }) => {
        const ids = [...offers, ...retired].map((offer) => offer.id);
        return new Set(ids).size === ids.length;
      },
      { message: contentMessages.offerIdTwice, path: ["offers"] },
    ),
  );
export type Offers = z.output<typeof offersSchema>;

/** A price as the site writes it: „1 200 Kč“, or „cena dohodou“. */
export function formatPrice(priceCzk: number | null): string {
  return priceCzk === null ? "cena dohodou" : `${priceCzk.toLocaleString("cs-CZ")}\u00a0Kč`;
}

/** A text of hers with its limits and Czech messages, for items whose schema has a file of its own. */
export { text as contentText };
