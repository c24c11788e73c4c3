/**
 * The booking page's loader (server only: her offers' schema is zod, which the page's first
 * input must not load): her texts, the offers a visitor can book in words, and the answer to a
 * visitor without scripts when the server renders the page per request.
 */
import type { AppLoadContext } from "react-router";
import { bookableOffer } from "#server/booking/bookings";
import { sessionLength } from "#shared/booking-words";
import {
  formatPrice,
  type Offer,
  type OfferId,
  offerPlaceLabels,
} from "#shared/content/content-schemas";
import type { BookableOfferView, BookingPageData } from "~/components/booking/booking-data";
import { readContent } from "~/lib/content.server";

/** The ids of the offers a visitor can book online: their cards and pages link to /rezervace. */
export function bookableOfferIds(offers: readonly Offer[]): OfferId[] {
  return offers.flatMap((offer) => (bookableOffer(offers, offer.id) ? [offer.id] : []));
}

export async function loadBookingPage(
  context: AppLoadContext | undefined,
): Promise<BookingPageData> {
  const content = readContent(context);
  const [texts, { offers }] = await Promise.all([
    content.read("booking-page"),
    content.read("offers"),
  ]);
  const bookable = offers.flatMap((offer): BookableOfferView[] => {
    const found = bookableOffer(offers, offer.id);
    if (!found) return [];
    return [
      {
        id: found.id,
        name: found.name,
        length: sessionLength(found.durationMinutes),
        price: found.priceCzk === null ? null : formatPrice(found.priceCzk),
        places: found.places.map((place) => offerPlaceLabels[place]).join(", "),
      },
    ];
  });
  return { texts, offers: bookable, answer: context?.bookingAnswer ?? null };
}
