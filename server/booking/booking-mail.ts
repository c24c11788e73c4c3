/**
 * A booking's e-mails into the outbox, in the booking's own transaction: the
 * visitor's confirmation and the owner's notice at once, the reminder due a
 * day before the session; a cancellation drops the unsent reminder.
 */
import type { Database } from "#database/open-database";
import type { Booking } from "#database/schema";
import { paths } from "#shared/routes";
import {
  composeMail,
  deleteUnsentOwnedMail,
  type MailSettings,
  writeToOutbox,
} from "../mail/outbox";
import {
  type BookingChange,
  bookingCancelledMail,
  bookingChangeMail,
  bookingConfirmationMail,
  bookingOwnerMail,
  bookingReminderMail,
} from "./booking-email";

/** The outbox's owner of a booking's e-mails: erasing the booking erases them. */
export const bookingMailOwner = (booking: Pick<Booking, "id">) => ({
  type: "booking",
  id: booking.id,
});

/** The reminder goes this long before the session. */
export const reminderBeforeMs = 24 * 60 * 60 * 1000;

/** The cancel link of a booking's e-mail: its page asks before it cancels (a mail scanner only opens it). */
export function cancelLink(siteUrl: string, token: string): string {
  return `${siteUrl}${paths.bookingCancel}/${token}`;
}

/**
 * What the e-mails say besides the booking, read before its transaction (a read on another
 * connection inside it would wait for it on the embedded database).
 */
export type BookingMailContext = {
  /** The offer's name as she publishes it. */
  offerName: string;
  /** Until how many hours before its start a booking may be cancelled (her setting). */
  cancelHours: number;
};

export function createBookingMail(mail: Pick<MailSettings, "notifyEmail" | "siteUrl">) {
  function session(booking: Booking, { offerName }: BookingMailContext) {
    return {
      bookingId: booking.id,
      offerName,
      startsAt: booking.startsAt.toISOString(),
      endsAt: booking.endsAt.toISOString(),
      siteUrl: mail.siteUrl,
      sequence: booking.sequence,
    };
  }
  function toOwner(
    booking: Booking,
    data: Awaited<ReturnType<typeof session>>,
    event: "booked" | "cancelled" | "moved",
    previousStartsAt?: Date,
  ) {
    return composeMail(bookingOwnerMail, {
      to: mail.notifyEmail,
      replyTo: booking.email,
      data: {
        ...data,
        event,
        ...(previousStartsAt && { previousStartsAt: previousStartsAt.toISOString() }),
        state: booking.state,
        name: booking.name,
        email: booking.email,
        phone: booking.phone,
        note: booking.note,
      },
    });
  }

  /** The reminder a day before; none for a session less than a day after `now` (the last e-mail is fresh). */
  async function storeReminder(
    tx: Database,
    booking: Booking,
    data: ReturnType<typeof session>,
    now: Date,
  ) {
    const reminder = composeMail(bookingReminderMail, {
      to: booking.email,
      replyTo: mail.notifyEmail,
      data,
    });
    const remindAt = new Date(booking.startsAt.getTime() - reminderBeforeMs);
    if (remindAt > now) {
      await writeToOutbox(tx, [reminder], { dueAt: remindAt, owner: bookingMailOwner(booking) });
    }
  }

  return {
    async storeBookingMail(
      tx: Database,
      booking: Booking,
      token: string,
      context: BookingMailContext,
    ) {
      const data = session(booking, context);
      const owner = bookingMailOwner(booking);
      const state = booking.state === "confirmed" ? "confirmed" : "pending";
      const cancelUntil = new Date(booking.startsAt.getTime() - context.cancelHours * 3_600_000);
      const toVisitor = composeMail(bookingConfirmationMail, {
        to: booking.email,
        replyTo: mail.notifyEmail,
        data: {
          ...data,
          state,
          cancelLink: cancelLink(mail.siteUrl, token),
          cancelUntil: cancelUntil.toISOString(),
        },
      });
      await writeToOutbox(tx, [toOwner(booking, data, "booked"), toVisitor], {
        dueAt: booking.createdAt,
        owner,
      });
      await storeReminder(tx, booking, data, booking.createdAt);
    },

    async storeCancellationMail(tx: Database, booking: Booking, context: BookingMailContext) {
      const data = session(booking, context);
      const owner = bookingMailOwner(booking);
      await deleteUnsentOwnedMail(tx, owner, bookingReminderMail.name);
      const toVisitor = composeMail(bookingCancelledMail, {
        to: booking.email,
        replyTo: mail.notifyEmail,
        data,
      });
      await writeToOutbox(tx, [toOwner(booking, data, "cancelled"), toVisitor], {
        dueAt: booking.endedAt ?? booking.createdAt,
        owner,
      });
    },

    /**
     * The client's e-mail of a change (hers, or the visitor's move by the link) in its
     * transaction. The unsent reminder follows the booking: dropped when it leaves the calendar,
     * written again for the new time of a move; the owner is told only of the visitor's move.
     */
    async storeChangeMail(tx: Database, booking: Booking, change: BookingChangeContext) {
      const data = session(booking, change);
      const owner = bookingMailOwner(booking);
      if (change.change !== "confirmed") {
        await deleteUnsentOwnedMail(tx, owner, bookingReminderMail.name);
      }
      if (change.change === "moved") await storeReminder(tx, booking, data, change.at);
      const toVisitor = composeMail(bookingChangeMail, {
        to: booking.email,
        replyTo: mail.notifyEmail,
        data: {
          ...data,
          change: change.change,
          state: booking.state,
          reason: booking.reason,
          ...(change.previousStartsAt && {
            previousStartsAt: change.previousStartsAt.toISOString(),
          }),
        },
      });
      const mails = [toVisitor];
      if (change.by === "visitor") {
        mails.unshift(toOwner(booking, data, "moved", change.previousStartsAt));
      }
      await writeToOutbox(tx, mails, { dueAt: change.at, owner });
    },
  };
}

/** A change the client is told of: what, by whom, when, and where a moved booking was. */
export type BookingChangeContext = BookingMailContext & {
  change: BookingChange;
  by: "owner" | "visitor";
  at: Date;
  previousStartsAt?: Date;
};
export type BookingMail = ReturnType<typeof createBookingMail>;
