/**
 * Her reviews as content: who wrote each (a first name), when, about which
 * offer, how it reached her, her author's consent, whether the site shows it,
 * in the order the site shows them. The home page shows only the reviews that
 * are shown *and* have a consent date; the schema refuses a shown review
 * without one as well, so the editor says so at once.
 */
import * as z from "zod/mini";
import { contentMessages, offerIdField, text } from "./content-schemas";

export const reviewLimits = {
  id: 40,
  name: 40,
  text: 1200,
  /** More than a page of reviews is a page nobody reads to the end. */
  reviews: 40,
} as const;

/** How a review reached her, in the editor's words. */
export const reviewChannels = ["email", "in-person", "form", "message"] as const;
export type ReviewChannel = (typeof reviewChannels)[number];
export const reviewChannelLabels: Record<ReviewChannel, string> = {
  email: "E-mailem",
  "in-person": "Osobně",
  form: "Formulářem na webu",
  message: "Zprávou (SMS, sociální síť)",
};

export const reviewMessages = {
  id: "Recenze nemá platné označení. Načtěte prosím stránku znovu.",
  idTwice: "Dvě recenze mají stejné označení. Načtěte prosím stránku znovu.",
  date: "Zadejte prosím platné datum recenze.",
  offer: "Vyberte nabídku, které se recenze týká.",
  channel: "Vyberte, jak k vám recenze přišla.",
  consentDate: "Zadejte prosím platné datum souhlasu, nebo souhlas nezaškrtávejte.",
  shownWithoutConsent: "Bez souhlasu autorky recenzi na webu ukázat nejde.",
  tooMany: `Recenzí může být nejvýše ${reviewLimits.reviews}.`,
} as const;

/** A calendar day as `<input type="date">` gives it (2024-09-18), a real one, this century. */
function isCalendarDay(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return (
    year >= 2000 && year <= 2100 && date.getUTCMonth() === month - 1 && date.getUTCDate() === day
  );
}

const calendarDay = (message: string) => z.string(message).check(z.refine(isCalendarDay, message));

export const reviewSchema = z
  .strictObject({
    /** Stable while she edits: the editor's key, never shown. */
    id: z
      .string(reviewMessages.id)
      .check(z.regex(new RegExp(`^[a-z0-9-]{1,${reviewLimits.id}}$`), reviewMessages.id)),
    name: text({ fillIn: "křestní jméno autorky", name: "Jméno" }, reviewLimits.name),
    text: text({ fillIn: "text recenze", name: "Text recenze" }, reviewLimits.text, {
      multiline: true,
    }),
    /** The day it came: a date the visitor can weigh, as Czech consumer law expects. */
    date: calendarDay(reviewMessages.date),
    /** Which offer it is about; the page shows the offer's name as it is now. */
    offerId: offerIdField(reviewMessages.offer),
    channel: z.enum(reviewChannels, reviewMessages.channel),
    /** The day her author agreed to its publication; null: no consent (never shown). */
    consentDate: z.nullable(calendarDay(reviewMessages.consentDate)),
    shown: z.boolean(contentMessages.yesOrNo),
  })
  .check(
    z.refine((review) => !review.shown || review.consentDate !== null, {
      message: reviewMessages.shownWithoutConsent,
      path: ["shown"],
    }),
  );
export type Review = z.output<typeof reviewSchema>;

/** Her reviews, in the order the site shows them. */
export const reviewsSchema = z.strictObject({
  reviews: z.array(reviewSchema).check(
    z.maxLength(reviewLimits.reviews, reviewMessages.tooMany),
    z.refine(
      (reviews) => new Set(reviews.map((review) => review.id)).size === reviews.length,
      reviewMessages.idTwice,
    ),
  ),
});
export type Reviews = z.output<typeof reviewsSchema>;

const czechDate = new Intl.DateTimeFormat("cs-CZ", {
  day: "numeric",
  month: "long",
  year: "numeric",
  timeZone: "UTC",
});

/** A review's day as the site writes it: „18.\u00a0září\u00a02024“, never broken across lines. */
export function formatReviewDate(day: string): string {
  return czechDate.format(new Date(day)).replace(/ /g, "\u00a0");
}

/** What the site may show: shown by her and agreed to by its author. */
export function publicReviews(reviews: readonly Review[]): Review[] {
  return reviews.filter((review) => review.shown && review.consentDate !== null);
}

/**
 * Today's reviews. Each came by e-mail, as the page's note on collecting them says; the day of
 * consent is the day it came (she published each with its author's consent).
 */
export const reviewsSeed: Reviews = {
  reviews: [
    {
      id: "lucie-2024-09-18",
      name: "Lucie",
      offerId: "consultation",
      date: "2024-09-18",
      text: "Od kakaového rituálu až po chvíli, kdy jsme míchaly mou osobní vůni, jsem se cítila v naprostém bezpečí. Odcházela jsem lehčí, klidnější a s pocitem, že jsem po dlouhé době byla sama se sebou.",
      channel: "email",
      consentDate: "2024-09-18",
      shown: true,
    },
    {
      id: "marketa-2024-06-02",
      name: "Markéta",
      offerId: "workshop",
      date: "2024-06-02",
      text: "Na workshop jsem šla s obavami, protože jsem nikoho neznala. Odcházela jsem s novými přítelkyněmi, vlastnoručně uvázaným vykuřovadlem a srdcem plným vděku. Už se těším na další kruh.",
      channel: "email",
      consentDate: "2024-06-02",
      shown: true,
    },
    {
      id: "jana-2024-04-23",
      name: "Jana",
      offerId: "products",
      date: "2024-04-23",
      text: "Levandulový olej používám každý večer a moje citlivá pokožka ho snáší skvěle. Je znát, že vznikal pomalu a s láskou. Jeho vůně mě pokaždé vrátí do klidu.",
      channel: "email",
      consentDate: "2024-04-23",
      shown: true,
    },
    {
      id: "veronika-2024-02-11",
      name: "Veronika",
      offerId: "consultation",
      date: "2024-02-11",
      text: "Bála jsem se, že přes obrazovku to nebude ono. Klidný a laskavý prostor se ale dá vytvořit i online. Odnesla jsem si jednoduché rituály, které mi pomáhají dodnes.",
      channel: "email",
      consentDate: "2024-02-11",
      shown: true,
    },
  ],
};
