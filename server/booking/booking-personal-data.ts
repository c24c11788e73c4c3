/**
 * The personal data of bookings: the visitor's name, address, phone and note
 * with her time. An address's export lists its bookings (never the cancel
 * link's digest); its erasure deletes them with every e-mail they caused,
 * the owner's notices included (the outbox's owner `booking`).
 */
import { eq, sql } from "drizzle-orm";
import type { Booking } from "#database/schema";
import { bookings } from "#database/schema";
import { deleteOwnedMail } from "../mail/outbox";
import { declareAddressPart, type PersonalDataRegistration } from "../personal-data";
import { bookingMailOwner } from "./booking-mail";

export const bookingPersonalData: PersonalDataRegistration = {
  module: "server/booking/bookings.ts",
  tables: [bookings],
  address: declareAddressPart<Booking[]>({
    find: (db, email) =>
      db
        .select()
        .from(bookings)
        .where(eq(sql`lower(${bookings.email})`, email.toLowerCase()))
        .orderBy(bookings.startsAt),
    summarize: () => ({}),
    export: async (_db, found) => ({
      bookings: found.map((booking) => ({
        id: booking.id,
        offer_id: booking.offerId,
        starts_at: booking.startsAt.toISOString(),
        ends_at: booking.endsAt.toISOString(),
        state: booking.state,
        name: booking.name,
        email: booking.email,
        phone: booking.phone,
        note: booking.note,
        privacy_consent: booking.privacyConsent,
        created_at: booking.createdAt.toISOString(),
        ended_at: booking.endedAt?.toISOString() ?? null,
      })),
    }),
    erase: async (tx, found) => {
      for (const booking of found) {
        await deleteOwnedMail(tx, bookingMailOwner(booking));
        await tx.delete(bookings).where(eq(bookings.id, booking.id));
      }
    },
  }),
};
