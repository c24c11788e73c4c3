/**
 * The cancel link of a sign-up's e-mail, `/akce/zruseni/<token>`: a short page that says which
 * event it is and asks; only its button (a post) cancels, as mail scanners open links. Rendered
 * per request, without scripts, never indexed.
 */
import { Hono } from "hono";
import { html } from "hono/html";
import type { Event } from "#database/schema";
import { eventMessages, eventPath, placesCount } from "#shared/events";
import { formatPragueMoment } from "#shared/prague-time";
import { paths } from "#shared/routes";
import { czech } from "#shared/typography";
import { ApiError } from "../api-error";
import { limitBody } from "../json-route";
import { actionLink, writeToMeLink } from "../plain-page";
import { secretLinkPage } from "../security-headers";
import { eventLine, eventPage } from "./event-page-frame";
import type { EventSignups } from "./event-signups";

/** „Máte 1 místo.“, „Jste na čekací listině (2 místa).“ */
function placesLine({ places, state }: { places: number; state: "confirmed" | "waitlisted" }) {
  return state === "confirmed"
    ? `Máte ${placesCount(places)}.`
    : `Jste na čekací listině (${placesCount(places)}).`;
}

function cancelledPage(event: Event) {
  return eventPage(
    "Přihláška je zrušená",
    html`<p class="card">${eventLine(event)}</p>
      <p>${czech(eventMessages.signupCancelled)}</p>
      ${actionLink(paths.events, "Další akce")}`,
  );
}

export function createEventCancelRoute(signups: EventSignups, now: () => Date) {
  const route = new Hono();
  route.use("*", secretLinkPage);

  route.get("/:token", async (c) => {
    const found = await signups.findByCancelToken(c.req.param("token"));
    if (!found) {
      return c.html(
        eventPage("Odkaz neplatí", html`<p>${czech(eventMessages.tokenInvalid)}</p>`),
        404,
      );
    }
    const { signup, event } = found;
    if (signup.state === "cancelled") return c.html(cancelledPage(event));
    if (event.signupDeadline <= now() || event.state === "cancelled") {
      return c.html(
        eventPage(
          "Na zrušení je pozdě",
          html`<p class="card">${eventLine(event)}</p><p>${czech(eventMessages.cancelTooLate)}</p>
            ${writeToMeLink()}`,
        ),
        409,
      );
    }
    return c.html(
      eventPage(
        "Zrušit přihlášku?",
        html`<p class="card">${eventLine(event)}<br />${czech(placesLine({ places: signup.places, state: signup.state }))}</p>
          <form method="post">
            <p>${czech(
              // Whether someone waits for it or not: the place is free for another one.
              signup.state === "confirmed"
                ? `Po zrušení se vaše ${signup.places === 1 ? "místo uvolní" : "místa uvolní"} pro někoho dalšího.`
                : "Po zrušení vás z čekací listiny vyškrtnu.",
            )}</p>
            <p>${czech(`Zrušit ji můžete do ${formatPragueMoment(event.signupDeadline)}.`)}</p>
            <button type="submit">Ano, zrušit přihlášku</button>
          </form>
          ${actionLink(eventPath(event.slug), "Zpět na stránku akce")}`,
      ),
    );
  });

  route.post("/:token", limitBody(1024), async (c) => {
    const token = c.req.param("token");
    try {
      const { event, alreadyCancelled } = await signups.cancel(token);
      // A second tap on a slow phone (or a second post racing the first) finds it already
      // cancelled: the same page as the spent link's, not „Odkaz neplatí“.
      if (alreadyCancelled) return c.html(cancelledPage(event));
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      const heading = error.code === "cancel_too_late" ? "Na zrušení je pozdě" : "Odkaz neplatí";
      return c.html(
        eventPage(
          heading,
          html`<p>${czech(error.message)}</p>${error.code === "cancel_too_late" ? writeToMeLink() : ""}`,
        ),
        error.status as 404 | 409,
      );
    }
    // A reload shows the cancelled sign-up and sends nothing again.
    return c.redirect(`${paths.eventCancel}/${token}`, 303);
  });
  return route;
}
