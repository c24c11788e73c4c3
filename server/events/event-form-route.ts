/**
 * The sign-up form of an event's page without scripts: it posts to
 * `/akce/prihlaska/<event id>`, answered with 303 to the result (a place, or the waiting
 * list), or, refused, with the form again per request: what was typed kept, each message by its
 * field, a refusal of the event (full, past, after the deadline) above it.
 */
import { eq } from "drizzle-orm";
import { Hono } from "hono";
import { html } from "hono/html";
import type { Database } from "#database/open-database";
import { events } from "#database/schema";
import { eventMessages, eventPath, placesCount } from "#shared/events";
import { eventSignupRequestSchema } from "#shared/events-schemas";
import { honeypotField } from "#shared/form-schemas";
import { paths } from "#shared/routes";
import { czech } from "#shared/typography";
import { ApiError } from "../api-error";
import { isFromThisSite } from "../forms/form-post-route";
import { actionLink, writeToMeLink } from "../plain-page";
import { eventLine, eventPage } from "./event-page-frame";
import type { EventSignups } from "./event-signups";
import type { EventSignupLimit } from "./events-api";

/** Where the sign-up form posts (the event's id follows). */
export const eventSignupFormPath = `${paths.events}/prihlaska`;

export const eventConsentText =
  "Souhlasím se zpracováním osobních údajů za účelem přihlášení na akci.";

type Typed = Partial<Record<"name" | "email" | "phone" | "note" | "places", string>> & {
  privacyConsent?: boolean;
};

// Under the heading „Přihláška zatím neodešla“, which it does not repeat.
const fixFields = "Opravte prosím, co je u polí vyznačené.";

// Refusals whose message asks to write to her („napište mi prosím“): the way to follows it.
const asksToWrite = new Set(["already_signed_up", "rate_limited"]);

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export function createEventFormRoute({
  db,
  signups,
  siteUrl,
  limitSignup,
}: {
  db: Database;
  signups: EventSignups;
  siteUrl: string;
  limitSignup: EventSignupLimit;
}) {
  async function findEvent(id: string) {
    if (!uuidPattern.test(id)) return undefined;
    const [event] = await db.select().from(events).where(eq(events.id, id));
    return event && event.state !== "draft" ? event : undefined;
  }

  const route = new Hono();
  route.use("*", async (c, next) => {
    c.header("Cache-Control", "no-store");
    c.header("X-Robots-Tag", "noindex");
    await next();
  });

  route.get("/:id", async (c) => {
    const event = await findEvent(c.req.param("id"));
    if (!event) {
      return c.html(
        eventPage("Akce nenalezena", html`<p>${czech(eventMessages.notFound)}</p>`),
        404,
      );
    }
    const waitlisted = c.req.query("stav") === "waitlisted";
    return c.html(
      eventPage(
        waitlisted ? "Jste na čekací listině" : "Máte místo",
        html`<p class="card">${eventLine(event)}</p>
          <p>${czech(
            waitlisted
              ? "Akce je teď plně obsazená, a tak jsem vás zapsala na čekací listinu. Jakmile se místo uvolní, dostanete ho a dám vám vědět e-mailem."
              : "Děkuji za přihlášku, těším se na vás. Poslala jsem vám e-mail se souborem do kalendáře a s odkazem, kterým můžete přihlášku zrušit.",
          )}</p>
          ${actionLink(eventPath(event.slug), "Zpět na stránku akce")}`,
      ),
    );
  });

  route.post("/:id", async (c) => {
    if (!isFromThisSite(c, new URL(siteUrl).origin)) {
      return c.html(
        eventPage(
          "Přihláška nebyla odeslána",
          html`<p>${czech("Přihlášku lze odeslat jen z tohoto webu.")}</p>`,
        ),
        403,
      );
    }
    const id = c.req.param("id");
    const event = await findEvent(id);
    if (!event) {
      return c.html(
        eventPage("Akce nenalezena", html`<p>${czech(eventMessages.notFound)}</p>`),
        404,
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
      places: text("places"),
      privacyConsent: text("privacyConsent") === "on",
    };
    const again = (
      errors: Record<string, string>,
      notice: string,
      status: 404 | 409 | 422 | 429,
      code?: string,
    ) => {
      // Beside the form, whose own button is the page's next step.
      const writeTo = code && asksToWrite.has(code) ? writeToMeLink({ primary: false }) : "";
      const error = (field: string) =>
        errors[field]
          ? html`<p class="error" id="${field}-error">${czech(errors[field] ?? "")}</p>${writeTo}`
          : "";
      const choices = Array.from({ length: event.maxPlacesPerSignup }, (_, at) => at + 1);
      return c.html(
        eventPage(
          "Přihláška zatím neodešla",
          html`<p class="card">${eventLine(event)}</p>
            <p class="notice" role="alert">${czech(notice)}</p>${Object.keys(errors).length === 0 ? writeTo : ""}
            <form method="post" action="${eventSignupFormPath}/${event.id}">
              <div class="field"><label for="name">Jméno a příjmení</label>
                <input type="text" id="name" name="name" autocomplete="name" required value="${typed.name ?? ""}" />${error("name")}</div>
              <div class="field"><label for="email">E-mail</label>
                <input type="email" id="email" name="email" autocomplete="email" required value="${typed.email ?? ""}" />${error("email")}</div>
              <div class="field"><label for="phone">Telefon (nepovinné)</label>
                <input type="tel" id="phone" name="phone" autocomplete="tel" value="${typed.phone ?? ""}" />${error("phone")}</div>
              ${
                choices.length > 1
                  ? html`<div class="field"><label for="places">Počet míst</label>
                      <select id="places" name="places">${choices.map(
                        (count) =>
                          html`<option value="${count}" ${typed.places === String(count) ? "selected" : ""}>${placesCount(count)}</option>`,
                      )}</select>${error("places")}</div>`
                  : ""
              }
              <div class="field"><label for="note">Poznámka (nepovinné)</label>
                <textarea id="note" name="note" rows="4">${typed.note ?? ""}</textarea>${error("note")}</div>
              <div class="field honeypot" aria-hidden="true"><label for="${honeypotField}">Web</label>
                <input type="text" id="${honeypotField}" name="${honeypotField}" tabindex="-1" autocomplete="off" /></div>
              <div class="field consent"><input type="checkbox" id="privacyConsent" name="privacyConsent" value="on" required ${typed.privacyConsent ? "checked" : ""} />
                <label for="privacyConsent">${czech(eventConsentText)} <a href="${paths.privacy}">Zásady ochrany osobních údajů</a></label></div>
              ${error("privacyConsent")}
              <p><button type="submit">Přihlásit se</button></p>
            </form>
            ${actionLink(eventPath(event.slug), "Zpět na stránku akce")}`,
        ),
        status,
      );
    };
    const parsed = eventSignupRequestSchema.safeParse({
      ...typed,
      places: typed.places ?? "1",
      [honeypotField]: text(honeypotField),
    });
    if (!parsed.success) {
      const errors: Record<string, string> = {};
      for (const issue of parsed.error.issues) {
        errors[String(issue.path[0] ?? "form")] ??= issue.message;
      }
      return again(errors, fixFields, 422);
    }
    try {
      await limitSignup(c);
      if (parsed.data[honeypotField]?.trim()) {
        return c.redirect(`${eventSignupFormPath}/${id}`, 303);
      }
      const { signup } = await signups.signUp(id, parsed.data);
      return c.redirect(`${eventSignupFormPath}/${id}?stav=${signup.state}`, 303);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      // A message by its field is said there; the notice above then only points to it.
      const fields = error.fields ?? {};
      const notice = Object.keys(fields).length > 0 ? fixFields : error.message;
      const response = await again(
        fields,
        notice,
        error.status as 404 | 409 | 422 | 429,
        error.code,
      );
      for (const [name, value] of Object.entries(error.headers ?? {})) {
        response.headers.set(name, value);
      }
      return response;
    }
  });
  return route;
}
