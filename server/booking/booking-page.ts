/**
 * `/rezervace` rendered per request: the offer, the free times as a plain list
 * of days and times, her details, a form post answered with 303 to the
 * result (or the page again, what was typed kept, each message by its field,
 * and for a time taken since the next free ones). It needs no script, and the
 * times are as fresh as the request.
 */
import { Hono } from "hono";
import { html } from "hono/html";
import * as z from "zod/mini";
import { bookingMessages, bookingRequestSchema } from "#shared/booking-schemas";
import { type OfferId, offerIds } from "#shared/content/content-schemas";
import { honeypotField } from "#shared/form-schemas";
import { formatPragueLong, formatPragueTime, ownerTimeZone } from "#shared/prague-time";
import { paths } from "#shared/routes";
import { czech } from "#shared/typography";
import { ApiError } from "../api-error";
import { isFromThisSite } from "../forms/form-post-route";
import { bookingPage, sessionLength, wholeDate } from "./booking-page-frame";
import type { Bookings } from "./bookings";

const dayFormat = new Intl.DateTimeFormat("cs-CZ", {
  weekday: "long",
  day: "numeric",
  month: "long",
  timeZone: ownerTimeZone,
});

type Typed = Partial<Record<"name" | "email" | "phone" | "note" | "startsAt", string>> & {
  privacyConsent?: boolean;
};

const consentText = "Souhlasím se zpracováním osobních údajů za účelem vyřízení rezervace.";

export function createBookingPage(bookings: Bookings, siteUrl: string) {
  async function render(
    offerId: OfferId | undefined,
    typed: Typed = {},
    errors: Record<string, string> = {},
    notice?: string,
  ) {
    const offers = await bookings.bookableOffers();
    const offer = offers.find((found) => found.id === offerId) ?? offers[0];
    if (!offer) {
      return bookingPage(
        "Rezervace",
        html`<p>${czech("Teď nelze nic rezervovat online. Napište mi prosím, domluvíme se.")}</p>`,
      );
    }
    const days = await bookings.freeDays(offer.id);
    const error = (field: string) =>
      errors[field]
        ? html`<p class="error" id="${field}-error">${czech(errors[field] ?? "")}</p>`
        : "";
    const choose =
      offers.length > 1
        ? html`<p>${offers.map(
            (other) => html`<a href="${paths.booking}?nabidka=${other.id}">${other.name}</a> `,
          )}</p>`
        : "";
    return bookingPage(
      czech(`Rezervace: ${offer.name}`),
      html`${choose}
        <p>${czech(`Setkání trvá ${sessionLength(offer.durationMinutes)}. Vyberte si volný čas a napište mi, jak vás zastihnu.`)}</p>
        ${notice ? html`<p class="notice" role="alert">${czech(notice)}</p>` : ""}
        ${Object.keys(errors).length > 0 && !notice ? html`<p class="notice" role="alert">${czech("Rezervace zatím neodešla. Opravte prosím, co je u polí vyznačené.")}</p>` : ""}
        <form method="post" action="${paths.booking}">
          <input type="hidden" name="offerId" value="${offer.id}" />
          <h2>Volné časy</h2>
          ${error("startsAt")}
          ${
            days.length === 0
              ? html`<p>${czech("Teď nemám žádný volný čas. Napište mi prosím, domluvíme se.")}</p>`
              : days.map(
                  (day) => html`<fieldset>
                    <legend>${dayFormat.format(day.starts[0])}</legend>
                    <div class="times">
                      ${day.starts.map((start) => {
                        const value = start.toISOString();
                        return html`<label><input type="radio" name="startsAt" value="${value}" required ${typed.startsAt === value ? "checked" : ""} />${formatPragueTime(start)}</label>`;
                      })}
                    </div>
                  </fieldset>`,
                )
          }
          <h2>Vaše údaje</h2>
          <div class="field"><label for="name">Jméno</label>
            <input type="text" id="name" name="name" autocomplete="name" required value="${typed.name ?? ""}" />${error("name")}</div>
          <div class="field"><label for="email">E-mail</label>
            <input type="email" id="email" name="email" autocomplete="email" required value="${typed.email ?? ""}" />${error("email")}</div>
          <div class="field"><label for="phone">Telefon (nepovinný)</label>
            <input type="tel" id="phone" name="phone" autocomplete="tel" value="${typed.phone ?? ""}" />${error("phone")}</div>
          <div class="field"><label for="note">Poznámka (nepovinná)</label>
            <textarea id="note" name="note" rows="4">${typed.note ?? ""}</textarea>${error("note")}</div>
          <div class="field honeypot" aria-hidden="true"><label for="${honeypotField}">Web</label>
            <input type="text" id="${honeypotField}" name="${honeypotField}" tabindex="-1" autocomplete="off" /></div>
          <div class="field consent"><input type="checkbox" id="privacyConsent" name="privacyConsent" value="on" required ${typed.privacyConsent ? "checked" : ""} />
            <label for="privacyConsent">${czech(consentText)} <a href="${paths.privacy}">Zásady ochrany osobních údajů</a></label></div>
          ${error("privacyConsent")}
          <p><button type="submit">Rezervovat</button></p>
        </form>`,
    );
  }

  const route = new Hono();
  route.use("*", async (c, next) => {
    c.header("Cache-Control", "no-store");
    c.header("X-Robots-Tag", "noindex");
    await next();
  });

  route.get("/", async (c) => {
    const asked = c.req.query("nabidka");
    const offerId = z.enum(offerIds).safeParse(asked).data;
    return c.html(await render(offerId));
  });

  route.get("/hotovo", async (c) => {
    const state = c.req.query("stav") === "confirmed" ? "confirmed" : "pending";
    const startsAt = new Date(c.req.query("cas") ?? "");
    const when = Number.isNaN(startsAt.getTime()) ? "" : ` ${formatPragueLong(startsAt)}`;
    return c.html(
      bookingPage(
        state === "confirmed" ? "Rezervace je potvrzená" : "Rezervace čeká na potvrzení",
        html`<p class="card">${wholeDate(
          czech(
            state === "confirmed"
              ? `Děkuji, těším se na vás${when}.`
              : `Děkuji, termín${when} pro vás držím. Potvrdím vám ho co nejdřív e-mailem.`,
          ),
        )}</p>
          <p>${czech("Poslala jsem vám e-mail se souborem do kalendáře a s odkazem, kterým můžete rezervaci zrušit.")}</p>`,
      ),
    );
  });

  route.post("/", async (c) => {
    if (!isFromThisSite(c, new URL(siteUrl).origin)) {
      return c.html(
        bookingPage(
          "Rezervace nebyla odeslána",
          html`<p>${czech("Rezervaci lze odeslat jen z tohoto webu.")}</p>`,
        ),
        403,
      );
    }
    const form = await c.req.parseBody();
    const text = (name: string) =>
      typeof form[name] === "string" ? (form[name] as string) : undefined;
    const typed: Typed = {
      name: text("name"),
      email: text("email"),
      phone: text("phone"),
      note: text("note")?.replace(/\r\n/g, "\n"),
      startsAt: text("startsAt"),
      privacyConsent: text("privacyConsent") === "on",
    };
    const offerId = z.enum(offerIds).safeParse(text("offerId")).data;
    const parsed = bookingRequestSchema.safeParse({
      offerId: text("offerId"),
      ...typed,
      startsAt: typed.startsAt ?? "",
      [honeypotField]: text(honeypotField),
    });
    if (!parsed.success) {
      const errors: Record<string, string> = {};
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0] ?? "form");
        errors[field] ??= issue.message;
      }
      return c.html(await render(offerId, typed, errors), 422);
    }
    if (parsed.data[honeypotField]?.trim()) return c.redirect(`${paths.booking}/hotovo`, 303);
    try {
      const outcome = await bookings.book(parsed.data);
      if ("taken" in outcome) {
        return c.html(
          await render(offerId, { ...typed, startsAt: undefined }, {}, bookingMessages.taken),
          409,
        );
      }
      const { booking } = outcome;
      return c.redirect(
        `${paths.booking}/hotovo?stav=${booking.state}&cas=${encodeURIComponent(booking.startsAt.toISOString())}`,
        303,
      );
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      return c.html(await render(offerId, typed, {}, error.message), error.status as 422);
    }
  });
  return route;
}
