/**
 * A visitor's booking as the page sends it and the API checks it: the same
 * name, e-mail, phone and consent rules as the forms (`form-schemas.ts`), an
 * offer and a start. Whether that start is free is the server's to say.
 */
import * as z from "zod/mini";
import { offerIdField } from "./content/content-schemas";
import { cancelTokenSchema, signUpPersonFields, strictFormParams } from "./form-schemas";

export const bookingMessages = {
  offer: "Vyberte prosím, co si chcete rezervovat.",
  start: "Vyberte prosím jeden z volných časů.",
  offerNotBookable: "Tuto nabídku teď nelze rezervovat online. Napište mi prosím.",
  notOffered:
    "Tento čas rezervovat nelze: je mimo moje hodiny, už minul nebo je příliš daleko dopředu. Vyberte prosím jiný z nabídky.",
  taken:
    "Tento čas si mezitím rezervoval někdo jiný. Vyberte prosím jiný – nejbližší volné jsou v nabídce.",
  tokenInvalid: "Tento odkaz pro zrušení neplatí. Možná už byla rezervace zrušená.",
  cancelTooLate: "Na zrušení přes odkaz je už pozdě. Napište mi prosím nebo zavolejte.",
  cancelled: "Rezervace je zrušená a čas je zase volný.",
} as const;

/** What the visitor sees of a booking's state. */
export const bookingStateLabels = {
  pending: "čeká na potvrzení",
  confirmed: "potvrzeno",
  declined: "odmítnuto",
  cancelled: "zrušeno",
} as const;

/** The start as the free times give it: an ISO moment with its offset. */
const startSchema = z.pipe(
  z.iso.datetime({ offset: true, error: bookingMessages.start }),
  z.transform((text) => new Date(text)),
);

/** What `POST /api/bookings` and the no-script form accept. */
export const bookingRequestSchema = /* @__PURE__ */ z.strictObject(
  {
    offerId: offerIdField(bookingMessages.offer),
    startsAt: startSchema,
    ...signUpPersonFields(),
  },
  strictFormParams,
);
export type BookingRequestPayload = z.input<typeof bookingRequestSchema>;
export type BookingRequest = z.output<typeof bookingRequestSchema>;

export const cancelBookingSchema = /* @__PURE__ */ cancelTokenSchema(bookingMessages.tokenInvalid);

/** A day's free starts, as the API answers them (ISO moments). */
export type FreeDayJson = { day: string; starts: string[] };

/** Too many bookings from one address within the hour (the API's 429 and the page's). */
export const bookingRateLimitedMessage =
  "Z vaší adresy teď přišlo příliš mnoho rezervací za krátkou dobu. Zkuste to prosím znovu za chvíli, nebo mi napište.";
