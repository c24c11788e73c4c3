/**
 * Her bookings in the administration: the bodies of her changes (checked on the server, typed
 * for her screens), their Czech refusals, and the JSON her screens read. The visitor's move
 * (the e-mail's link page) posts a start as a plain form and is checked by `moveStartSchema` too.
 */
import * as z from "zod/mini";
import type { FreeDayJson } from "./booking-schemas";

export const bookingAdminMessages = {
  notFound: "Rezervace nebyla nalezena.",
  reason:
    "Napište prosím krátce důvod, nejvýš 500 znaků. Bude v e-mailu, který odejde na adresu z rezervace.",
  start: "Zadejte prosím nový čas.",
  past: "Tento čas už minul. Vyberte prosím čas v budoucnu.",
  taken: "V tomto čase už je jiná rezervace. Vyberte prosím jiný – nejbližší volné jsou v nabídce.",
  notPending: "Rezervace už nečeká na potvrzení, takže ji nelze potvrdit ani odmítnout.",
  notActive: "Rezervace je už zrušená nebo odmítnutá, takže ji nelze měnit.",
  alreadyPast: "Rezervace už proběhla, takže ji nelze měnit.",
  moveTooLate: "Na přesun přes odkaz je už pozdě. Napište mi prosím nebo zavolejte.",
  moveNotOffered: "Tento čas už volný není. Vyberte prosím jiný z nabídky.",
} as const;

/** Her reason, quoted in the client's e-mail: the column's CHECK allows 500 characters. */
export const maxReasonLength = 500;

export const bookingReasonSchema = /* @__PURE__ */ z.strictObject({
  reason: z
    .string(bookingAdminMessages.reason)
    .check(
      z.trim(),
      z.minLength(1, bookingAdminMessages.reason),
      z.maxLength(maxReasonLength, bookingAdminMessages.reason),
    ),
});
export type BookingReason = z.output<typeof bookingReasonSchema>;

/** A new start as an ISO moment with its offset (a free time's value, or the time she typed). */
export const moveStartSchema = /* @__PURE__ */ z.strictObject({
  startsAt: z.pipe(
    z.iso.datetime({ offset: true, error: bookingAdminMessages.start }),
    z.transform((text) => new Date(text)),
  ),
});
export type BookingMove = z.input<typeof moveStartSchema>;

/** A booking in her lists: enough for the day and week views, never the cancel link's digest. */
/** A booking's state as the database keeps it (`database/schema.ts` has the same list). */
export type AdminBookingState = "pending" | "confirmed" | "declined" | "cancelled";

export type AdminBookingJson = {
  id: string;
  offerId: string;
  offerName: string;
  state: AdminBookingState;
  startsAt: string;
  endsAt: string;
  name: string;
  /** Null while it is new in her inbox. */
  handledAt: string | null;
  createdAt: string;
};

/** One booking as its page shows it: the client's contact and note, her reason, free times to move to. */
export type AdminBookingDetailJson = {
  booking: AdminBookingJson & {
    email: string;
    phone: string | null;
    note: string | null;
    reason: string | null;
    endedAt: string | null;
  };
  /** Free starts for a booking of this length (itself not counted as taken). */
  freeDays: FreeDayJson[];
};

/** The bookings she has not opened yet (her inbox). */
export type AdminBookingListJson = { bookings: AdminBookingJson[] };

/** Her calendar's window: a day (the day view) or a week, from a date in Prague. */
export const bookingWindowSchema = /* @__PURE__ */ z.object({
  from: z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/, "Neplatné datum.")),
  days: z.optional(
    z.pipe(
      z.string().check(z.regex(/^(?:[1-9]|1[0-4])$/, "Zobrazit lze 1 až 14 dní.")),
      z.transform(Number),
    ),
  ),
});

export type AdminBookingWindowJson = {
  bookings: AdminBookingJson[];
  /** Every booking still waiting for her confirmation, whenever it is. */
  pending: AdminBookingJson[];
};
