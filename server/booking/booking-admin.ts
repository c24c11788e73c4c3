/**
 * Her bookings: the lists of her day and week views and her inbox, one booking with the free
 * times it may move to, and her changes – confirm, decline, move, cancel. Each change is one
 * guarded UPDATE (a double click acts once), in one transaction with its audit entry and the
 * client's e-mail (the outbox); a move is refused by the exclusion constraint, never by a read.
 */
import { and, asc, desc, eq, gt, gte, inArray, isNull, lt, sql } from "drizzle-orm";
import type { Database } from "#database/open-database";
import { activeBookingStates, type Booking, type BookingState, bookings } from "#database/schema";
import { isUuid } from "#shared/auth-schemas";
import {
  type AdminBookingDetailJson,
  type AdminBookingJson,
  bookingAdminMessages,
} from "#shared/booking-admin";
import type { Offer } from "#shared/content/content-schemas";
import { formatPragueLong } from "#shared/prague-time";
import { ApiError } from "../api-error";
import { type AuditActor, recordAuditEvent } from "../audit-log";
import type { Clock } from "../clock";
import { freeDaysJson } from "./booking-api";
import type { BookingChange } from "./booking-email";
import type { BookingChangeContext } from "./booking-mail";
import {
  alternativeStarts,
  freeDaysToMove,
  isOverlapRefusal,
  lengthOf,
  lockBookingTimes,
  movedTimes,
  readBookingSettings,
  slotQueryFor,
} from "./bookings";

export type BookingAdminDependencies = {
  db: Database;
  clock: Clock;
  readOffers: () => Promise<readonly Offer[]>;
  storeChangeMail?: (tx: Database, booking: Booking, change: BookingChangeContext) => Promise<void>;
  onMailQueued?: () => void;
};

/** A moved booking refused by the constraint: the next free times of its length. */
export class BookingTimeTaken extends ApiError {
  constructor(readonly nextFree: Date[]) {
    super(409, "slot_taken", bookingAdminMessages.taken);
  }
}

const auditActions = {
  confirmed: "booking_confirmed",
  declined: "booking_declined",
  moved: "booking_moved",
  cancelled: "booking_cancelled",
} as const satisfies Record<BookingChange, string>;

/** What the audit log says a booking is about: the offer and the time, never the client. */
export function bookingSubject(offerName: string, startsAt: Date, movedTo?: Date): string {
  const when = formatPragueLong(startsAt);
  return movedTo
    ? `${offerName}, ${when} na ${formatPragueLong(movedTo)}`
    : `${offerName}, ${when}`;
}

const notFound = () => new ApiError(404, "not_found", bookingAdminMessages.notFound);

export function createBookingAdmin(deps: BookingAdminDependencies) {
  const { db, clock } = deps;

  async function offerNames(): Promise<Map<string, string>> {
    return new Map((await deps.readOffers()).map((offer) => [offer.id, offer.name]));
  }

  function toJson(booking: Booking, names: Map<string, string>): AdminBookingJson {
    return {
      id: booking.id,
      offerId: booking.offerId,
      offerName: names.get(booking.offerId) ?? booking.offerId,
      state: booking.state,
      startsAt: booking.startsAt.toISOString(),
      endsAt: booking.endsAt.toISOString(),
      name: booking.name,
      handledAt: booking.handledAt?.toISOString() ?? null,
      createdAt: booking.createdAt.toISOString(),
    };
  }

  async function find(id: string): Promise<Booking | undefined> {
    if (!isUuid(id)) return undefined;
    const [row] = await db.select().from(bookings).where(eq(bookings.id, id));
    return row;
  }

  /** Why a guarded change found nothing to change: the Czech sentence of its 409 (or 404). */
  function refusal(found: Booking | undefined, from: readonly BookingState[]): ApiError {
    if (!found) return notFound();
    if (!from.includes(found.state)) {
      return new ApiError(
        409,
        "booking_state",
        from.length === 1 ? bookingAdminMessages.notPending : bookingAdminMessages.notActive,
      );
    }
    return new ApiError(409, "booking_past", bookingAdminMessages.alreadyPast);
  }

  /**
   * One change of state: the guarded UPDATE (only from `from`, only a booking still ahead),
   * its audit entry and the client's e-mail in one transaction.
   */
  async function change(
    id: string,
    change: Exclude<BookingChange, "moved">,
    set: Partial<typeof bookings.$inferInsert>,
    from: readonly BookingState[],
    by: AuditActor,
  ): Promise<Booking> {
    const found = await find(id);
    if (!found) throw notFound();
    const names = await offerNames();
    const { cancelHours } = await readBookingSettings(db);
    const now = clock.now();
    const offerName = names.get(found.offerId) ?? found.offerId;
    const changed = await db.transaction(async (tx) => {
      const [row] = await tx
        .update(bookings)
        .set({ ...set, sequence: sql`${bookings.sequence} + 1`, handledAt: found.handledAt ?? now })
        .where(
          and(eq(bookings.id, id), inArray(bookings.state, [...from]), gt(bookings.startsAt, now)),
        )
        .returning();
      if (!row) return undefined;
      await recordAuditEvent(
        tx as unknown as Database,
        {
          action: auditActions[change],
          actor: by,
          subject: bookingSubject(offerName, row.startsAt),
        },
        now,
      );
      await deps.storeChangeMail?.(tx as unknown as Database, row, {
        change,
        by: "owner",
        at: now,
        offerName,
        cancelHours,
      });
      return row;
    });
    if (!changed) throw refusal(await find(id), from);
    deps.onMailQueued?.();
    return changed;
  }

  return {
    /**
     * Her calendar from `from` for `days` days (every state, by start), and every booking still
     * waiting for her, whenever it is: „Čeká na potvrzení“ comes first on her screen.
     */
    async list(from: Date, until: Date) {
      const names = await offerNames();
      const now = clock.now();
      const [inRange, waiting] = await Promise.all([
        db
          .select()
          .from(bookings)
          .where(and(gte(bookings.startsAt, from), lt(bookings.startsAt, until)))
          .orderBy(asc(bookings.startsAt)),
        db
          .select()
          .from(bookings)
          .where(and(eq(bookings.state, "pending"), gt(bookings.startsAt, now)))
          .orderBy(asc(bookings.startsAt)),
      ]);
      return {
        bookings: inRange.map((row) => toJson(row, names)),
        pending: waiting.map((row) => toJson(row, names)),
      };
    },

    /** The bookings she has not opened yet, newest first, as her inbox shows them beside messages. */
    async listNew() {
      const names = await offerNames();
      const rows = await db
        .select()
        .from(bookings)
        .where(isNull(bookings.handledAt))
        .orderBy(desc(bookings.createdAt))
        .limit(100);
      return { bookings: rows.map((row) => toJson(row, names)) };
    },

    async detail(id: string): Promise<AdminBookingDetailJson> {
      const found = await find(id);
      if (!found) throw notFound();
      const names = await offerNames();
      const active = (activeBookingStates as readonly string[]).includes(found.state);
      const freeDays = active ? await freeDaysToMove(db, clock.now(), found) : [];
      return {
        booking: {
          ...toJson(found, names),
          email: found.email,
          phone: found.phone,
          note: found.note,
          reason: found.reason,
          endedAt: found.endedAt?.toISOString() ?? null,
        },
        freeDays: freeDaysJson(freeDays),
      };
    },

    /** Opened: it stops counting as new (once; a later opening changes nothing). */
    async markHandled(id: string): Promise<void> {
      if (!isUuid(id)) throw notFound();
      const [row] = await db
        .update(bookings)
        .set({ handledAt: sql`coalesce(${bookings.handledAt}, ${clock.now()})` })
        .where(eq(bookings.id, id))
        .returning({ id: bookings.id });
      if (!row) throw notFound();
    },

    confirm: (id: string, by: AuditActor) =>
      change(id, "confirmed", { state: "confirmed" }, ["pending"], by),

    decline: (id: string, reason: string, by: AuditActor) =>
      change(id, "declined", { state: "declined", reason, endedAt: clock.now() }, ["pending"], by),

    cancel: (id: string, reason: string, by: AuditActor) =>
      change(
        id,
        "cancelled",
        { state: "cancelled", reason, endedAt: clock.now() },
        activeBookingStates,
        by,
      ),

    /**
     * Moves a pending or confirmed booking to `startsAt`, any time she chooses in the future
     * (she may go beyond her own hours); its state stays. A time another booking holds is
     * refused by the constraint with the next free times; the same move twice acts once.
     */
    async move(id: string, startsAt: Date, by: AuditActor): Promise<Booking> {
      const found = await find(id);
      if (!found) throw notFound();
      const now = clock.now();
      if (startsAt <= now) {
        throw new ApiError(422, "start_past", bookingAdminMessages.past, {
          startsAt: bookingAdminMessages.past,
        });
      }
      if (
        found.startsAt.getTime() === startsAt.getTime() &&
        (activeBookingStates as readonly string[]).includes(found.state)
      ) {
        return found;
      }
      const names = await offerNames();
      const { cancelHours } = await readBookingSettings(db);
      const offerName = names.get(found.offerId) ?? found.offerId;
      let moved: Booking | undefined;
      try {
        moved = await db.transaction(async (tx) => {
          await lockBookingTimes(tx as unknown as Database);
          const [row] = await tx
            .update(bookings)
            .set({ ...movedTimes(found, startsAt), handledAt: found.handledAt ?? now })
            .where(
              and(
                eq(bookings.id, id),
                eq(bookings.startsAt, found.startsAt),
                inArray(bookings.state, [...activeBookingStates]),
                gt(bookings.startsAt, now),
              ),
            )
            .returning();
          if (!row) return undefined;
          await recordAuditEvent(
            tx as unknown as Database,
            {
              action: "booking_moved",
              actor: by,
              subject: bookingSubject(offerName, found.startsAt, startsAt),
            },
            now,
          );
          await deps.storeChangeMail?.(tx as unknown as Database, row, {
            change: "moved",
            by: "owner",
            at: now,
            previousStartsAt: found.startsAt,
            offerName,
            cancelHours,
          });
          return row;
        });
      } catch (error) {
        if (!isOverlapRefusal(error)) throw error;
        const query = await slotQueryFor(db, now, lengthOf(found), found.id);
        throw new BookingTimeTaken(alternativeStarts(query));
      }
      if (moved) {
        deps.onMailQueued?.();
        return moved;
      }
      const again = await find(id);
      // A double click: the first moved it there.
      if (again && again.startsAt.getTime() === startsAt.getTime()) return again;
      throw refusal(again, activeBookingStates);
    },
  };
}
export type BookingAdmin = ReturnType<typeof createBookingAdmin>;
