/**
 * `/rezervace` for a visitor without scripts, rendered per request: the stored page (its
 * offers, each a GET with `?nabidka=`) is served from the page store, and these answers are the
 * same React page rendered by the page renderer with `bookingAnswer` as a render input – the
 * offer's free times as fresh as the request and her details in one form; its post answered
 * with 303 to `/rezervace/hotovo` (or the page again, what was typed kept, each message by its
 * field, and for a time taken since, the message and the free times again). One renderer of
 * the times (web/components/booking/free-times.tsx) for both variants.
 */
import { type Context, Hono } from "hono";
import { html } from "hono/html";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import * as z from "zod/mini";
import { bookingMessages, bookingRequestSchema } from "#shared/booking-schemas";
import { isOfferIdForm, type OfferId } from "#shared/content/content-schemas";
import { honeypotField } from "#shared/form-schemas";
import { paths } from "#shared/routes";
import type {
  BookingAnswer,
  BookingField,
  BookingFormValues,
} from "~/components/booking/booking-data";
import { ApiError } from "../api-error";
import { withoutPageScripts } from "../forms/form-page";
import { isFromThisSite } from "../forms/form-post-route";
import { czechDefaultMessage, toFieldMessages } from "../json-route";
import type { PageLoadContext } from "../pages/render-page";
import { actionLink, pageFrame, plainPage, writeToMeLink } from "../plain-page";
import { type BookingLimit, freeDaysJson } from "./booking-api";
import type { Bookings } from "./bookings";

export type BookingPageDependencies = {
  bookings: Bookings;
  siteUrl: string;
  limitBooking: BookingLimit;
  /** A page rendered with a load context, not stored (the page renderer's `renderPreview`). */
  renderPage: (path: string, loadContext: PageLoadContext) => Promise<string>;
};

const bookingFields = ["startsAt", "name", "email", "phone", "note", "privacyConsent"] as const;

/** A page posted by a browser without scripts never moves: a time of a done booking is its answer. */
const doneQuery = z.object({
  stav: z.optional(z.enum(["pending", "confirmed"])),
  cas: z.optional(z.iso.datetime({ offset: true })),
});

export function createBookingPage({
  bookings,
  siteUrl,
  limitBooking,
  renderPage,
}: BookingPageDependencies) {
  const siteOrigin = new URL(siteUrl).origin;

  async function answerWith(c: Context, answer: BookingAnswer, status: ContentfulStatusCode) {
    const html = withoutPageScripts(await renderPage(paths.booking, { bookingAnswer: answer }));
    // Fresh times, personal details: kept by no cache, listed by no search engine.
    return c.html(html, status, { "Cache-Control": "no-store", "X-Robots-Tag": "noindex" });
  }

  async function timesOf(
    c: Context,
    offerId: OfferId,
    status: ContentfulStatusCode,
    refused: Omit<Extract<BookingAnswer, { step: "times" }>, "step" | "offerId" | "days"> = {},
  ) {
    const days = freeDaysJson(await bookings.freeDays(offerId));
    return answerWith(c, { step: "times", offerId, days, ...refused }, status);
  }

  const offerGone = () =>
    pageFrame(
      "Rezervace nebyla odeslána",
      html`<p>${bookingMessages.offerNotBookable}</p>
        ${actionLink(paths.booking, "Vybrat jinou nabídku", { primary: true })}
        ${writeToMeLink({ primary: false })}`,
    );

  const route = new Hono();

  // The stored page (the page store, after this route) unless an offer is chosen.
  route.get("/", async (c, next) => {
    const asked = c.req.query("nabidka");
    if (asked === undefined) return next();
    const offerId = isOfferIdForm(asked) ? asked : undefined;
    const offers = await bookings.bookableOffers();
    if (!offerId || !offers.some((offer) => offer.id === offerId)) {
      return c.redirect(paths.booking, 303);
    }
    return timesOf(c, offerId, 200);
  });

  route.get("/hotovo", async (c) => {
    const query = doneQuery.safeParse(c.req.query());
    const state = query.data?.stav ?? "pending";
    return answerWith(c, { step: "done", state, startsAt: query.data?.cas }, 200);
  });

  route.post("/", async (c) => {
    if (!isFromThisSite(c, siteOrigin)) {
      return c.html(
        plainPage("Rezervace nebyla odeslána", "Rezervaci lze odeslat jen z tohoto webu."),
        403,
      );
    }
    const form = await c.req.parseBody();
    const text = (name: string) => (typeof form[name] === "string" ? form[name] : undefined);
    const values: BookingFormValues = {
      startsAt: text("startsAt") ?? "",
      name: text("name") ?? "",
      email: text("email") ?? "",
      phone: text("phone") ?? "",
      // A browser posts line breaks as CR LF; the scripts send LF, and so counts the schema.
      note: (text("note") ?? "").replace(/\r\n?/g, "\n"),
      privacyConsent: text("privacyConsent") !== undefined,
    };
    const offerId = text("offerId");
    if (!isOfferIdForm(offerId)) return c.redirect(paths.booking, 303);
    const parsed = bookingRequestSchema.safeParse(
      { ...values, offerId, [honeypotField]: text(honeypotField) },
      { error: czechDefaultMessage },
    );
    const shown = { ...values, startsAt: "" };
    try {
      if (!parsed.success) {
        const all = toFieldMessages(parsed.error.issues) ?? {};
        const errors: Partial<Record<BookingField, string>> = {};
        for (const field of bookingFields) if (all[field]) errors[field] = all[field];
        const other = Object.entries(all).find(([field]) => !(field in errors))?.[1];
        return await timesOf(c, offerId, 422, { values: { ...values }, errors, notice: other });
      }
      await limitBooking(c);
      if (parsed.data[honeypotField]?.trim()) return c.redirect(`${paths.booking}/hotovo`, 303);
      const outcome = await bookings.book(parsed.data);
      if ("taken" in outcome) {
        return await timesOf(c, offerId, 409, { values: shown, notice: bookingMessages.taken });
      }
      const { booking } = outcome;
      return c.redirect(
        `${paths.booking}/hotovo?stav=${booking.state}&cas=${encodeURIComponent(booking.startsAt.toISOString())}`,
        303,
      );
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      // She took the offer off online booking while the visitor was filling the form: say so,
      // with her way to write, rather than leave her on the list without a word.
      if (error.code === "offer_not_bookable") return c.html(offerGone(), 422);
      const response = await timesOf(c, offerId, error.status, {
        values: error.status === 429 ? values : shown,
        errors: error.fields,
        notice: error.fields ? undefined : error.message,
      });
      for (const [name, value] of Object.entries(error.headers ?? {})) {
        response.headers.set(name, value);
      }
      return response;
    }
  });
  return route;
}
