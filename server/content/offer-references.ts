/**
 * What refers to her offers, so that an offer is deleted only when nothing does (decision 0042):
 * a message that chose it, a booking of it, a review about it. Anything else is retired instead,
 * which keeps its name for them.
 */
import { inArray } from "drizzle-orm";
import type { Database } from "#database/open-database";
import { bookings, formSubmissions } from "#database/schema";
import type { Offers } from "#shared/content/content-schemas";
import { ApiError } from "../api-error";
import { createContentReader } from "./content-store";

const referrers = {
  submissions: "zprávy z kontaktního formuláře",
  bookings: "rezervace",
  reviews: "recenze",
} as const;

export const offerReferenceMessages = {
  inUse: (name: string, what: string) =>
    `Nabídku „${name}“ nejde smazat, protože se jí týkají ${what}. Nechte ji vyřazenou: na webu není a její název u nich zůstane.`,
} as const;

/** „a, b a c“ */
function joinCzech(items: readonly string[]): string {
  return items.length <= 1
    ? (items[0] ?? "")
    : `${items.slice(0, -1).join(", ")} a ${items[items.length - 1]}`;
}

/** An offer `next` leaves out although something refers to it, with what does (in Czech). */
type OfferInUse = { offer: Offers["offers"][number]; what: string[] };

/**
 * The offers `next` leaves out that something refers to. Left out: in her published list or her
 * draft, retired or not, and not in `next`.
 */
async function offersInUseLeftOut(db: Database, next: Offers): Promise<OfferInUse[]> {
  const [published, draft] = await Promise.all([
    createContentReader(db).read("offers"),
    createContentReader(db, { drafts: true }).read("offers"),
  ]);
  const kept = new Set([...next.offers, ...next.retired].map((offer) => offer.id));
  const before = [published, draft].flatMap((list) => [...list.offers, ...(list.retired ?? [])]);
  const left = [...new Map(before.map((offer) => [offer.id, offer])).values()].filter(
    (offer) => !kept.has(offer.id),
  );
  if (left.length === 0) return [];
  const ids = left.map((offer) => offer.id);
  const [submitted, booked, reviewLists] = await Promise.all([
    db
      .selectDistinct({ id: formSubmissions.serviceType })
      .from(formSubmissions)
      .where(inArray(formSubmissions.serviceType, ids)),
    db
      .selectDistinct({ id: bookings.offerId })
      .from(bookings)
      .where(inArray(bookings.offerId, ids)),
    Promise.all([
      createContentReader(db).read("reviews"),
      createContentReader(db, { drafts: true }).read("reviews"),
    ]),
  ]);
  const reviewed = new Set(reviewLists.flatMap(({ reviews }) => reviews.map((r) => r.offerId)));
  return left
    .map((offer) => ({
      offer,
      what: [
        ...(submitted.some((row) => row.id === offer.id) ? [referrers.submissions] : []),
        ...(booked.some((row) => row.id === offer.id) ? [referrers.bookings] : []),
        ...(reviewed.has(offer.id) ? [referrers.reviews] : []),
      ],
    }))
    .filter(({ what }) => what.length > 0);
}

/**
 * Refuses (409 `offer_in_use`, nothing stored) a list she saves that leaves out an offer
 * something refers to: she retires it instead.
 */
export async function refuseDeletingOffersInUse(db: Database, next: Offers): Promise<void> {
  const [first] = await offersInUseLeftOut(db, next);
  if (!first) return;
  const message = offerReferenceMessages.inUse(first.offer.name, joinCzech(first.what));
  throw new ApiError(409, "offer_in_use", message, { retired: message });
}

/**
 * An earlier list of offers, to be published again („Obnovit“), with every offer it lacks that
 * something refers to kept as retired: the restore brings back the earlier offers, texts and
 * prices, and never deletes an offer a message, a booking or a review names.
 */
export async function retainingOffersInUse(db: Database, earlier: Offers): Promise<Offers> {
  const inUse = await offersInUseLeftOut(db, earlier);
  if (inUse.length === 0) return earlier;
  return { ...earlier, retired: [...earlier.retired, ...inUse.map(({ offer }) => offer)] };
}
