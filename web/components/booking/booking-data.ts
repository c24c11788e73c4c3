/**
 * What the booking page's route gives its parts (zod-free: the route module is on the page's
 * first input, decision 0016's budget): her texts, the bookable offers in words, and, only on
 * the page the server renders per request for a visitor without scripts, what to show.
 */
import type { FreeDayJson } from "#shared/booking-schemas";
import type { BookingPage } from "#shared/content/page-booking";

/** An offer a visitor can book, in the words its card shows. */
export type BookableOfferView = {
  id: string;
  name: string;
  /** „3 hodiny“ */
  length: string;
  /** „1 500 Kč“, or nothing when she has not set a price. */
  price: string | null;
  /** „Jinačovice, Brno a okolí“ */
  places: string;
};

/** The fields of the booking form as typed (the consent box ticked or not). */
export type BookingFormValues = {
  startsAt: string;
  name: string;
  email: string;
  phone: string;
  note: string;
  privacyConsent: boolean;
};
export type BookingField = keyof BookingFormValues;

/**
 * The page rendered per request, without scripts (server/booking/booking-page.ts): an offer's
 * free times and the form (again with what was typed and the messages, when refused), or the
 * booking made.
 */
export type BookingAnswer =
  | {
      step: "times";
      offerId: string;
      days: FreeDayJson[];
      values?: BookingFormValues;
      errors?: Partial<Record<BookingField, string>>;
      /** Why the booking as a whole was refused: a time taken meanwhile, too many bookings. */
      notice?: string;
    }
  | { step: "done"; state: "pending" | "confirmed"; startsAt?: string };

declare module "react-router" {
  interface AppLoadContext {
    /** Set only when the server answers a visitor without scripts (never in the page store). */
    bookingAnswer?: BookingAnswer;
  }
}

export type BookingPageData = {
  texts: BookingPage;
  offers: BookableOfferView[];
  answer: BookingAnswer | null;
};

export const emptyBookingValues: BookingFormValues = {
  startsAt: "",
  name: "",
  email: "",
  phone: "",
  note: "",
  privacyConsent: false,
};
