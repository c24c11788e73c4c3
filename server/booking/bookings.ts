/**
 * Booking a session: her settings, the free times of an offer, a visitor's
 * booking and its cancellation. The exclusion constraint `bookings_no_overlap`
 * is what keeps two bookings apart (on either database, across servers): the
 * free times read here only choose the message, never guard the write.
 */
import { and, eq, gt, inArray, lt, ne, sql } from "drizzle-orm";
import { hasDatabaseCode } from "#database/database-errors";
import type { Database } from "#database/open-database";
import { activeBookingStates, type Booking, bookingSettings, bookings } from "#database/schema";
import { bookingAdminMessages } from "#shared/booking-admin";
import { type BookingRequest, bookingMessages } from "#shared/booking-schemas";
import {
  type BookingSettings,
  bookingSettingsSchema,
  confirmationOf,
  defaultBookingSettings,
} from "#shared/booking-settings";
import { type FreeDay, findFreeSlots, isFreeStart, nextFreeStarts } from "#shared/booking-slots";
import type { Offer, OfferId } from "#shared/content/content-schemas";
import { ApiError } from "../api-error";
import type { Clock } from "../clock";
import { digestCancelToken, newCancelToken, visitorColumns } from "../visitor-sign-up";
import type { BookingChangeContext, BookingMailContext } from "./booking-mail";

export type BookingDependencies = {
  db: Database;
  clock: Clock;
  /** Her offers as published (the content reader's `offers`): durations and whether bookable. */
  readOffers: () => Promise<readonly Offer[]>;
  /**
   * Writes the e-mails of a new booking in its transaction (the outbox); `cancelToken` is the
   * cancel link's secret, which only the e-mail carries.
   */
  storeBookingMail?: (
    tx: Database,
    booking: Booking,
    cancelToken: string,
    context: BookingMailContext,
  ) => Promise<void>;
  /** Writes the e-mails of a cancellation (and drops its unsent reminder) in its transaction. */
  storeCancellationMail?: (
    tx: Database,
    booking: Booking,
    context: BookingMailContext,
  ) => Promise<void>;
  /** Writes the client's e-mail of a move by the link (and the owner's notice) in its transaction. */
  storeChangeMail?: (tx: Database, booking: Booking, change: BookingChangeContext) => Promise<void>;
  /** Called once a booking's e-mails are stored (wakes the mail worker). */
  onMailQueued?: () => void;
};

/** How many free starts a visitor whose time was just taken is offered instead. */
const alternatives = 5;
const minute = 60_000;

/** Her settings as stored, or the defaults until she saves her own. */
export async function readBookingSettings(db: Database): Promise<BookingSettings> {
  const [row] = await db.select().from(bookingSettings).where(eq(bookingSettings.id, 1));
  return row ? bookingSettingsSchema.parse(row.settings) : defaultBookingSettings;
}

export async function saveBookingSettings(db: Database, settings: BookingSettings, at: Date) {
  await db
    .insert(bookingSettings)
    .values({ id: 1, settings, updatedAt: at })
    .onConflictDoUpdate({ target: bookingSettings.id, set: { settings, updatedAt: at } });
}

/**
 * Cancelled by the visitor or by her, or declined by her: the booking's cancel link has nothing
 * more to do, and its page and API say it is cancelled.
 */
export function isBookingOver(booking: Pick<Booking, "state">): boolean {
  return booking.state === "cancelled" || booking.state === "declined";
}

/** A refusal by `bookings_no_overlap`: another booking holds (part of) the time. */
export function isOverlapRefusal(error: unknown): boolean {
  return hasDatabaseCode(error, exclusionViolation);
}

/**
 * What the free times of a session of `durationMinutes` are computed from at `now`; a booking
 * being moved (`except`) does not stand in its own way.
 */
export async function slotQueryFor(
  db: Database,
  now: Date,
  durationMinutes: number,
  except?: string,
) {
  const settings = await readBookingSettings(db);
  const horizonEnd = new Date(now.getTime() + (settings.horizonDays + 2) * 24 * 60 * minute);
  const taken = await db
    .select({ startsAt: bookings.startsAt, blockedUntil: bookings.blockedUntil })
    .from(bookings)
    .where(
      and(
        inArray(bookings.state, [...activeBookingStates]),
        lt(bookings.startsAt, horizonEnd),
        gt(bookings.blockedUntil, now),
        except ? ne(bookings.id, except) : undefined,
      ),
    );
  return { settings, durationMinutes, taken, now };
}

/**
 * The free times a booking may move to: computed as if it were not there (a move may overlap its
 * own old time), but without its own start, which is no move at all.
 */
export async function freeDaysToMove(
  db: Database,
  now: Date,
  booking: Booking,
): Promise<FreeDay[]> {
  const days = findFreeSlots(await slotQueryFor(db, now, lengthOf(booking), booking.id));
  const own = booking.startsAt.getTime();
  return days.flatMap(({ day, starts }) => {
    const others = starts.filter((start) => start.getTime() !== own);
    return others.length > 0 ? [{ day, starts: others }] : [];
  });
}

/** The next free starts offered instead of a time that was just taken. */
export function alternativeStarts(query: Awaited<ReturnType<typeof slotQueryFor>>): Date[] {
  return nextFreeStarts(query, alternatives);
}

/** A booking's length in minutes, as it was booked (the offer's may have changed since). */
export function lengthOf(booking: Pick<Booking, "startsAt" | "endsAt">): number {
  return (booking.endsAt.getTime() - booking.startsAt.getTime()) / minute;
}

/**
 * The columns of `booking` moved to `startsAt`: the same length and the same pause after it,
 * and a SEQUENCE one higher, so the client's calendar replaces the event.
 */
export function movedTimes(booking: Booking, startsAt: Date) {
  const shift = startsAt.getTime() - booking.startsAt.getTime();
  return {
    startsAt,
    endsAt: new Date(booking.endsAt.getTime() + shift),
    blockedUntil: new Date(booking.blockedUntil.getTime() + shift),
    sequence: sql`${bookings.sequence} + 1`,
  };
}

const exclusionViolation = "23P01";

const bookingTimesLockKey = 4_630_117_041;

/**
 * Taken first in the transaction of every write that `bookings_no_overlap` decides (a booking, a
 * move), so that these writes run one at a time. PostgreSQL checks an exclusion constraint after
 * the row is in: two writes in flight can each find the other's row and wait for it, and one of
 * them is then aborted as a deadlock a second later (in CI, a hundred bookings of one time took
 * 42 s and most answered with an error). One at a time, a later write finds the earlier one
 * committed and is refused at once. Bookings are few; the wait is one commit.
 */
export async function lockBookingTimes(tx: Database): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${bookingTimesLockKey})`);
}

/** The offer a visitor may book: published, shown, bookable and with a length. */
export function bookableOffer(offers: readonly Offer[], offerId: OfferId) {
  const offer = offers.find((found) => found.id === offerId);
  if (!offer?.bookable || !offer.shown || offer.durationMinutes === null) return undefined;
  return { ...offer, durationMinutes: offer.durationMinutes };
}

export function createBookings(deps: BookingDependencies) {
  const { db, clock } = deps;

  async function requireOffer(offerId: OfferId) {
    const offer = bookableOffer(await deps.readOffers(), offerId);
    if (!offer) throw new ApiError(422, "offer_not_bookable", bookingMessages.offerNotBookable);
    return offer;
  }

  /** Active bookings that reach into [from, until). */
  async function takenBetween(from: Date, until: Date) {
    return db
      .select({ startsAt: bookings.startsAt, blockedUntil: bookings.blockedUntil })
      .from(bookings)
      .where(
        and(
          inArray(bookings.state, [...activeBookingStates]),
          lt(bookings.startsAt, until),
          gt(bookings.blockedUntil, from),
        ),
      );
  }

  async function slotQuery(durationMinutes: number) {
    const settings = await readBookingSettings(db);
    const now = clock.now();
    const horizonEnd = new Date(now.getTime() + (settings.horizonDays + 2) * 24 * 60 * minute);
    return { settings, durationMinutes, taken: await takenBetween(now, horizonEnd), now };
  }

  return {
    /** The offers a visitor can book, in the site's order. */
    async bookableOffers() {
      const offers = await deps.readOffers();
      return offers.flatMap((offer) => bookableOffer(offers, offer.id) ?? []);
    },

    /** The free times of an offer, day by day. */
    async freeDays(offerId: OfferId): Promise<FreeDay[]> {
      const offer = await requireOffer(offerId);
      return findFreeSlots(await slotQuery(offer.durationMinutes));
    },

    /**
     * Books `request`: 422 for a start never offered (outside her hours, past, beyond the
     * horizon, off the grid); `taken` with the next free starts when another booking holds it.
     */
    async book(request: BookingRequest): Promise<{ booking: Booking } | { taken: Date[] }> {
      const offer = await requireOffer(request.offerId);
      const query = await slotQuery(offer.durationMinutes);
      const { startsAt } = request;
      if (!isFreeStart({ ...query, taken: [] }, startsAt)) {
        throw new ApiError(422, "slot_not_offered", bookingMessages.notOffered, {
          startsAt: bookingMessages.notOffered,
        });
      }
      // Only the answer: a time taken between this read and the insert is refused by the constraint.
      if (!isFreeStart(query, startsAt)) return { taken: nextFreeStarts(query, alternatives) };
      const endsAt = new Date(startsAt.getTime() + offer.durationMinutes * minute);
      const { token, tokenHash } = newCancelToken();
      try {
        const booking = await db.transaction(async (tx) => {
          await lockBookingTimes(tx as unknown as Database);
          const [row] = await tx
            .insert(bookings)
            .values({
              offerId: offer.id,
              startsAt,
              endsAt,
              blockedUntil: new Date(endsAt.getTime() + query.settings.bufferMinutes * minute),
              state:
                confirmationOf(query.settings, offer.id) === "automatic" ? "confirmed" : "pending",
              ...visitorColumns(request, tokenHash),
              createdAt: query.now,
            })
            .returning();
          if (!row) throw new Error("The booking was not stored");
          await deps.storeBookingMail?.(tx as unknown as Database, row, token, {
            offerName: offer.name,
            cancelHours: query.settings.cancelHours,
          });
          return row;
        });
        deps.onMailQueued?.();
        return { booking };
      } catch (error) {
        if (!hasDatabaseCode(error, exclusionViolation)) throw error;
        return { taken: nextFreeStarts(await slotQuery(offer.durationMinutes), alternatives) };
      }
    },

    /** An offer's name as she publishes it (a booking's offer may have stopped being bookable). */
    async offerName(offerId: string): Promise<string> {
      return (await deps.readOffers()).find((offer) => offer.id === offerId)?.name ?? offerId;
    },

    /** The booking a cancel link opens, or undefined for a link that never was. */
    async findByCancelToken(token: string): Promise<Booking | undefined> {
      const [row] = await db
        .select()
        .from(bookings)
        .where(eq(bookings.cancelTokenHash, digestCancelToken(token)));
      return row;
    },

    /**
     * Cancels the booking of a cancel link, until `cancelHours` before its start; its time is
     * free again at once (the constraint only counts pending and confirmed bookings). A booking
     * already over (a second post of the link) is answered as it is, changing and sending nothing.
     */
    async cancel(token: string): Promise<{ booking: Booking; alreadyCancelled: boolean }> {
      const settings = await readBookingSettings(db);
      const offers = await deps.readOffers();
      const now = clock.now();
      const deadline = new Date(now.getTime() + settings.cancelHours * 60 * minute);
      const booking = await db.transaction(async (tx) => {
        // One statement decides, so a double click cancels once and sends one e-mail.
        const [row] = await tx
          .update(bookings)
          .set({ state: "cancelled", endedAt: now })
          .where(
            and(
              eq(bookings.cancelTokenHash, digestCancelToken(token)),
              inArray(bookings.state, [...activeBookingStates]),
              gt(bookings.startsAt, deadline),
            ),
          )
          .returning();
        if (row) {
          await deps.storeCancellationMail?.(tx as unknown as Database, row, {
            offerName: offers.find((offer) => offer.id === row.offerId)?.name ?? row.offerId,
            cancelHours: settings.cancelHours,
          });
        }
        return row;
      });
      if (booking) {
        deps.onMailQueued?.();
        return { booking, alreadyCancelled: false };
      }
      const found = await this.findByCancelToken(token);
      if (!found) throw new ApiError(404, "cancel_link_invalid", bookingMessages.tokenInvalid);
      if (isBookingOver(found)) return { booking: found, alreadyCancelled: true };
      throw new ApiError(409, "cancel_too_late", bookingMessages.cancelTooLate);
    },

    /** The free times a cancel link's booking may move to (itself not in its own way). */
    async freeDaysForMove(booking: Booking): Promise<FreeDay[]> {
      return freeDaysToMove(db, clock.now(), booking);
    },

    /**
     * Moves the booking of a cancel link to another free time, until the cancel deadline, by one
     * guarded UPDATE (a double post moves once); the constraint refuses a time taken since.
     * A confirmed booking of an offer she confirms herself waits for her again (decision 0032).
     */
    async moveByLink(token: string, startsAt: Date): Promise<Booking> {
      const found = await this.findByCancelToken(token);
      if (!found || isBookingOver(found)) {
        throw new ApiError(404, "cancel_link_invalid", bookingMessages.tokenInvalid);
      }
      const now = clock.now();
      const query = await slotQueryFor(db, now, lengthOf(found), found.id);
      const deadline = new Date(now.getTime() + query.settings.cancelHours * 60 * minute);
      if (found.startsAt <= deadline) {
        throw new ApiError(409, "move_too_late", bookingAdminMessages.moveTooLate);
      }
      // The double post of a move already made: the page shows it, nothing is sent again.
      if (found.startsAt.getTime() === startsAt.getTime()) return found;
      if (!isFreeStart(query, startsAt)) {
        throw new ApiError(409, "slot_taken", bookingAdminMessages.moveNotOffered);
      }
      const offerName = await this.offerName(found.offerId);
      const state =
        found.state === "confirmed" &&
        confirmationOf(query.settings, found.offerId as OfferId) === "automatic"
          ? "confirmed"
          : "pending";
      try {
        const moved = await db.transaction(async (tx) => {
          await lockBookingTimes(tx as unknown as Database);
          const [row] = await tx
            .update(bookings)
            .set({ ...movedTimes(found, startsAt), state, handledAt: null })
            .where(
              and(
                eq(bookings.id, found.id),
                eq(bookings.startsAt, found.startsAt),
                inArray(bookings.state, [...activeBookingStates]),
                gt(bookings.startsAt, deadline),
              ),
            )
            .returning();
          if (!row) return undefined;
          await deps.storeChangeMail?.(tx as unknown as Database, row, {
            change: "moved",
            by: "visitor",
            at: now,
            previousStartsAt: found.startsAt,
            offerName,
            cancelHours: query.settings.cancelHours,
          });
          return row;
        });
        if (moved) {
          deps.onMailQueued?.();
          return moved;
        }
      } catch (error) {
        if (!isOverlapRefusal(error)) throw error;
        throw new ApiError(409, "slot_taken", bookingAdminMessages.moveNotOffered);
      }
      // Changed between the read and the update (a second tab, her change): read it again.
      return this.moveByLink(token, startsAt);
    },
  };
}
export type Bookings = ReturnType<typeof createBookings>;
