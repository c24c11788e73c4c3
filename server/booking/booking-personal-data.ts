/**
 * The personal data of bookings: the visitor's name, address, phone and note
 * with her time. An address's export lists its bookings (never the cancel
 * link's digest); its erasure deletes them with every e-mail they caused,
 * the owner's notices included (the outbox's owner `booking`). The owner's
 * retention rule deletes bookings that ended before its cut-off, each with a
 * `booking_expired` audit entry (the offer and time, never the client).
 */
import { count, eq, inArray, lt, sql } from "drizzle-orm";
import type { Database } from "#database/open-database";
import type { Booking } from "#database/schema";
import { bookings } from "#database/schema";
import { recordAuditEvents } from "../audit-log";
import { createContentReader } from "../content/content-store";
import { deleteOwnedMail } from "../mail/outbox";
import { declareAddressPart, type PersonalDataRegistration } from "../personal-data";
import { bookingSubject } from "./booking-admin";
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
    summarize: (found) => ({ bookings: found.length }),
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
        reason: booking.reason,
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
  retention: {
    key: "bookings",
    count: async (db, cutoff) => {
      const [row] = await db
        .select({ bookings: count() })
        .from(bookings)
        .where(lt(bookings.endsAt, cutoff));
      return row?.bookings ?? 0;
    },
    delete: async (tx, cutoff, now) => {
      const old = await tx
        .select({ id: bookings.id, offerId: bookings.offerId, startsAt: bookings.startsAt })
        .from(bookings)
        .where(lt(bookings.endsAt, cutoff));
      if (old.length === 0) return 0;
      // In the rule's transaction: a read on another connection would wait for it (PGlite).
      const { offers } = await createContentReader(tx as Database).read("offers");
      const names = new Map<string, string>(offers.map((offer) => [offer.id, offer.name]));
      for (const booking of old) await deleteOwnedMail(tx, bookingMailOwner(booking));
      await tx.delete(bookings).where(
        inArray(
          bookings.id,
          old.map((booking) => booking.id),
        ),
      );
      await recordAuditEvents(
        tx,
        old.map((booking) => ({
          action: "booking_expired" as const,
          actor: { kind: "server" as const },
          subject: bookingSubject(names.get(booking.offerId) ?? booking.offerId, booking.startsAt),
        })),
        now,
      );
      return old.length;
    },
  },
};
