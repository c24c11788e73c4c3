/**
 * Her bookings as entries of her private calendar feed: every pending and
 * confirmed one, with what she needs at hand before a session (the client's
 * name, e-mail, phone and note). Only she reads the feed, at its secret address.
 */
import { and, asc, gt, inArray } from "drizzle-orm";
import type { Database } from "#database/open-database";
import { activeBookingStates, bookings } from "#database/schema";
import type { Offer } from "#shared/content/content-schemas";
import { calendarUid } from "../mail/calendar-file";
import type { CalendarFeedSource } from "./booking-feed";

export const bookingFeedTexts = {
  pendingPrefix: "Nepotvrzeno: ",
  pending: "Rezervace čeká na moje potvrzení.",
  confirmed: "Rezervace je potvrzená.",
  email: "E-mail",
  phone: "Telefon",
  note: "Poznámka",
} as const;

export function createBookingFeedSource({
  db,
  readOffers,
  siteUrl,
}: {
  db: Database;
  readOffers: () => Promise<readonly Offer[]>;
  siteUrl: string;
}): CalendarFeedSource {
  return async (from) => {
    const [rows, offers] = await Promise.all([
      db
        .select()
        .from(bookings)
        .where(and(inArray(bookings.state, [...activeBookingStates]), gt(bookings.endsAt, from)))
        .orderBy(asc(bookings.startsAt)),
      readOffers(),
    ]);
    return rows.map((booking) => {
      const offerName =
        offers.find((offer) => offer.id === booking.offerId)?.name ?? booking.offerId;
      const pending = booking.state === "pending";
      return {
        // The UID of the booking's own `.ics` in the e-mails (booking-email.tsx).
        uid: calendarUid(booking.id, siteUrl),
        start: booking.startsAt,
        end: booking.endsAt,
        summary: `${pending ? bookingFeedTexts.pendingPrefix : ""}${booking.name} – ${offerName}`,
        description: [
          offerName,
          `${bookingFeedTexts.email}: ${booking.email}`,
          booking.phone && `${bookingFeedTexts.phone}: ${booking.phone}`,
          booking.note && `${bookingFeedTexts.note}: ${booking.note}`,
          pending ? bookingFeedTexts.pending : bookingFeedTexts.confirmed,
        ]
          .filter(Boolean)
          .join("\n"),
        status: pending ? "tentative" : "confirmed",
      };
    });
  };
}
