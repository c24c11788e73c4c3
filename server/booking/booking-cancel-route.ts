/**
 * The cancel link of a booking's e-mail, `/rezervace/zruseni/<token>`: a short
 * page that says which booking it is and asks; only its buttons (posts)
 * cancel it or move it to another free time, as mail scanners open links.
 * Rendered per request (a handful a week), without scripts, never indexed.
 */
import { Hono } from "hono";
import { html } from "hono/html";
import type { Booking } from "#database/schema";
import { moveStartSchema } from "#shared/booking-admin";
import { bookingMessages, bookingStateLabels } from "#shared/booking-schemas";
import type { FreeDay } from "#shared/booking-slots";
import { freeDaysShownFirst, moreDaysText } from "#shared/booking-words";
import { formatPragueLongRange, formatPragueTime, ownerTimeZone } from "#shared/prague-time";
import { paths } from "#shared/routes";
import { czech } from "#shared/typography";
import { ApiError } from "../api-error";
import { limitBody } from "../json-route";
import { actionLink, writeToMeLink } from "../plain-page";
import { secretLinkPage } from "../security-headers";
import { bookingPage as page, wholeDate } from "./booking-page-frame";
import { type Bookings, isBookingOver } from "./bookings";

function sessionLine(booking: Booking, offerName: string) {
  return wholeDate(
    czech(`${offerName}, ${formatPragueLongRange(booking.startsAt, booking.endsAt)}`),
  );
}

const dayFormat = new Intl.DateTimeFormat("cs-CZ", {
  weekday: "long",
  day: "numeric",
  month: "long",
  timeZone: ownerTimeZone,
});

function dayTimes(day: FreeDay) {
  return html`<fieldset>
    <legend>${dayFormat.format(day.starts[0])}</legend>
    <div class="times">
      ${day.starts.map(
        (start) =>
          html`<label><input type="radio" name="startsAt" value="${start.toISOString()}" required />${formatPragueTime(start)}</label>`,
      )}
    </div>
  </fieldset>`;
}

/** The free times to move to, as the booking page lists them: radio buttons by day. */
export function moveForm(token: string, days: FreeDay[]) {
  if (days.length === 0) {
    // On the booking's page, beside the button that cancels it.
    return html`<p>${czech("Jiný volný čas teď nemám. Napište mi prosím, domluvíme se.")}</p>
      ${writeToMeLink({ primary: false })}`;
  }
  const later = days.slice(freeDaysShownFirst);
  return html`<form method="post" action="${paths.bookingCancel}/${token}/presun">
    ${days.slice(0, freeDaysShownFirst).map(dayTimes)}
    ${later.length > 0 ? html`<details class="more-days"><summary>${moreDaysText(later.length)}</summary>${later.map(dayTimes)}</details>` : ""}
    <button type="submit">Přesunout na vybraný čas</button>
  </form>`;
}

function cancelledPage(booking: Booking, offerName: string) {
  return page(
    "Rezervace je zrušená",
    html`<p class="card">${sessionLine(booking, offerName)}</p>
      <p>${czech("Budu ráda, když si vyberete jiný termín.")}
        <a href="${paths.booking}">Vybrat termín</a></p>`,
  );
}

export function createBookingCancelRoute(bookings: Bookings) {
  const route = new Hono();
  route.use("*", secretLinkPage);

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
    if (isBookingOver(booking)) return c.html(cancelledPage(booking, offerName));
    const moved = c.req.query("presunuto") !== undefined;
    return c.html(
      page(
        "Zrušit nebo přesunout rezervaci?",
        html`${moved ? html`<p class="notice" role="status">${czech("Rezervace je přesunutá. Nový čas vám přijde i e-mailem.")}</p>` : ""}
          <p class="card">${sessionLine(booking, offerName)}<br />Stav: ${bookingStateLabels[booking.state]}</p>
          <form method="post">
            <p>${czech("Po zrušení bude čas zase volný pro ostatní.")}</p>
            <button type="submit">Ano, zrušit rezervaci</button>
          </form>
          <h2>Přesunout na jiný čas</h2>
          ${moveForm(token, await bookings.freeDaysForMove(booking))}`,
      ),
    );
  });

  // A move: one of the free times listed above; answered with 303 to the page, which shows it.
  route.post("/:token/presun", limitBody(1024), async (c) => {
    const token = c.req.param("token");
    const form = await c.req.parseBody();
    const parsed = moveStartSchema.safeParse({ startsAt: form.startsAt });
    if (!parsed.success) {
      return c.html(
        page(
          "Vyberte prosím čas",
          html`<p>${czech("Vyberte prosím jeden z volných časů.")}</p>
            ${actionLink(`${paths.bookingCancel}/${token}`, "Zpět na rezervaci")}`,
        ),
        422,
      );
    }
    try {
      await bookings.moveByLink(token, parsed.data.startsAt);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      // The page opened before a cancellation (a second tab, the back button): it is cancelled.
      const booking = await bookings.findByCancelToken(token);
      if (booking && isBookingOver(booking)) {
        return c.html(cancelledPage(booking, await bookings.offerName(booking.offerId)));
      }
      const heading =
        error.code === "move_too_late"
          ? "Na přesun je pozdě"
          : error.code === "slot_taken"
            ? "Čas už není volný"
            : "Odkaz neplatí";
      return c.html(
        page(
          heading,
          html`<p>${czech(error.message)}</p>
            ${error.code === "slot_taken" ? actionLink(`${paths.bookingCancel}/${token}`, "Vybrat jiný čas", { primary: true }) : ""}
            ${error.code === "move_too_late" ? writeToMeLink() : ""}`,
        ),
        error.status as 404 | 409,
      );
    }
    return c.redirect(`${paths.bookingCancel}/${token}?presunuto`, 303);
  });

  route.post("/:token", limitBody(1024), async (c) => {
    const token = c.req.param("token");
    try {
      const { booking, alreadyCancelled } = await bookings.cancel(token);
      // A second tap on a slow phone (or a second post racing the first) finds it already
      // cancelled: the same page as the spent link's, not „Odkaz neplatí“.
      if (alreadyCancelled) {
        return c.html(cancelledPage(booking, await bookings.offerName(booking.offerId)));
      }
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      const heading = error.code === "cancel_too_late" ? "Na zrušení je pozdě" : "Odkaz neplatí";
      return c.html(
        page(
          heading,
          html`<p>${czech(error.message)}</p>${error.code === "cancel_too_late" ? writeToMeLink() : ""}`,
        ),
        error.status as 404 | 409,
      );
    }
    // A reload shows the cancelled booking and sends nothing again.
    return c.redirect(`${paths.bookingCancel}/${token}`, 303);
  });
  return route;
}
