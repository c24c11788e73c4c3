/**
 * The cancel link of a booking's e-mail, `/rezervace/zruseni/<token>`: a short
 * page that says which booking it is and asks; only its button (a post)
 * cancels, as mail scanners open links. Rendered per request (a handful a
 * week), without scripts, never indexed.
 */
import { Hono } from "hono";
import { html } from "hono/html";
import type { Booking } from "#database/schema";
import { bookingMessages, bookingStateLabels } from "#shared/booking-schemas";
import { formatPragueLong, formatPragueTime } from "#shared/prague-time";
import { paths } from "#shared/routes";
import { czech } from "#shared/typography";
import { ApiError } from "../api-error";
import { limitBody } from "../json-route";
import { bookingPage as page, wholeDate } from "./booking-page-frame";
import type { Bookings } from "./bookings";

function sessionLine(booking: Booking, offerName: string) {
  return wholeDate(
    czech(
      `${offerName}, ${formatPragueLong(booking.startsAt)} – ${formatPragueTime(booking.endsAt)}`,
    ),
  );
}

export function createBookingCancelRoute(bookings: Bookings) {
  const route = new Hono();
  route.use("*", async (c, next) => {
    c.header("X-Robots-Tag", "noindex, nofollow");
    c.header("Cache-Control", "no-store");
    c.header("Referrer-Policy", "no-referrer");
    await next();
  });

  route.get("/:token", async (c) => {
    const token = c.req.param("token");
    const booking = await bookings.findByCancelToken(token);
    if (!booking) {
      return c.html(
        page("Odkaz neplatí", html`<p>${czech(bookingMessages.tokenInvalid)}</p>`),
        404,
      );
    }
    const offerName = await bookings.offerName(booking.offerId);
    if (booking.state === "cancelled" || booking.state === "declined") {
      return c.html(
        page(
          "Rezervace je zrušená",
          html`<p class="card">${sessionLine(booking, offerName)}</p>
            <p>${czech("Budu ráda, když si vyberete jiný termín.")}
              <a href="${paths.booking}">Vybrat termín</a></p>`,
        ),
      );
    }
    return c.html(
      page(
        "Zrušit rezervaci?",
        html`<p class="card">${sessionLine(booking, offerName)}<br />Stav: ${bookingStateLabels[booking.state]}</p>
          <form method="post">
            <p>${czech("Po zrušení bude čas zase volný pro ostatní.")}</p>
            <button type="submit">Ano, zrušit rezervaci</button>
          </form>`,
      ),
    );
  });

  route.post("/:token", limitBody(1024), async (c) => {
    const token = c.req.param("token");
    try {
      await bookings.cancel(token);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      const heading = error.code === "cancel_too_late" ? "Na zrušení je pozdě" : "Odkaz neplatí";
      return c.html(page(heading, html`<p>${czech(error.message)}</p>`), error.status as 404 | 409);
    }
    // A reload shows the cancelled booking and sends nothing again.
    return c.redirect(`${paths.bookingCancel}/${token}`, 303);
  });
  return route;
}
