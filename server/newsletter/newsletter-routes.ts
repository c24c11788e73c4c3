/**
 * The newsletter's addresses outside the administration, answered per request without scripts:
 * the blog form's sign-up (`paths.newsletterSignUp`), the confirmation link
 * (`paths.newsletterConfirm`/<token>: the page asks, its button confirms, as mail scanners open
 * links) and the letters' unsubscribe link (`paths.newsletterUnsubscribe`/<token>: opening it
 * unsubscribes, and so does the one-click POST of RFC 8058 a mail client makes, with no cookie
 * and no sign-in). See docs/decisions/0035-newsletter-subscribing.md.
 */
import { type Context, Hono } from "hono";
import { html } from "hono/html";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { rateLimitedMessage } from "#shared/form-schemas";
import {
  newsletterHoneypotField as honeypotField,
  newsletterFormId,
  newsletterSentAnchor,
} from "#shared/newsletter";
import { newsletterSignUpSchema } from "#shared/newsletter-schemas";
import { paths } from "#shared/routes";
import { czech } from "#shared/typography";
import { createClientAddress } from "../client-address";
import { isFromThisSite } from "../forms/form-post-route";
import { czechDefaultMessage, limitBody, readLimitedText } from "../json-route";
import { log } from "../logger";
import { actionLink } from "../plain-page";
import { addressBlock, type RateLimiter } from "../rate-limit";
import { secretLinkPage } from "../security-headers";
import { newsletterPage as page } from "./newsletter-page";
import { type ConfirmationState, type Subscribers, testLetterToken } from "./subscribers";

export type NewsletterRoutesDependencies = {
  subscribers: Subscribers;
  rateLimiter: RateLimiter;
  rateLimitPerHour: number;
  trustProxy: boolean;
  siteUrl: string;
  /** Her address as „Údaje o provozovateli“ publishes it now (a page answered per request). */
  readOwnerEmail: () => Promise<string>;
};

const text = (words: string) => czech(words);

/** What the confirmation page says of a link that confirms nothing, by why. */
const confirmationRefusals = {
  invalid: {
    heading: "Odkaz neplatí",
    body: "Tento odkaz neznám, a tak jsem nic nezměnila. Zkontrolujte prosím, že je v adrese celý.",
    status: 404,
  },
  expired: {
    heading: "Odkaz už vypršel",
    body: "Odkaz pro potvrzení platí 7 dní a tento je starší. Přihlaste se prosím znovu a pošlu vám nový.",
    status: 410,
  },
  used: {
    heading: "Odkaz už neplatí",
    body: "Tento odkaz už byl použitý nebo ho nahradil novější. Pokud chcete novinky dostávat, přihlaste se prosím znovu.",
    status: 410,
  },
} as const satisfies Partial<
  Record<ConfirmationState, { heading: string; body: string; status: number }>
>;

const confirmedPage = () =>
  page(
    "Odběr je potvrzený",
    html`<p class="card">${text("Děkuji! Odteď vám budu posílat novinky. Odhlásit se můžete kdykoli jedním kliknutím na odkaz v každém dopise.")}</p>
      ${actionLink(paths.blog, "Přečíst si něco na blogu")}`,
  );

const signUpAgainLink = actionLink(
  `${paths.blog}#${newsletterFormId}`,
  text("Přihlásit se k novinkám"),
);

export function createNewsletterRoutes(deps: NewsletterRoutesDependencies) {
  const { subscribers } = deps;
  const route = new Hono();
  const clientAddress = createClientAddress(deps.trustProxy);
  const siteOrigin = new URL(deps.siteUrl).origin;

  // A token in the address: never indexed, cached or passed on as a referrer.
  route.use(`${paths.newsletterConfirm}/*`, secretLinkPage);
  route.use(`${paths.newsletterUnsubscribe}/*`, secretLinkPage);
  route.use(paths.newsletterSignUp, secretLinkPage);

  // The blog's small form, posted without scripts.
  route.post(paths.newsletterSignUp, limitBody(4096), async (c) => {
    if (!isFromThisSite(c, siteOrigin)) {
      return refusedSignUp(c, 403, "", "Přihlásit se je možné jen z formuláře na tomto webu.");
    }
    const fields = await readFormFields(c);
    if (!fields) return refusedSignUp(c, 415, "", "Formulář se nepodařilo přečíst.");
    const sent = {
      email: fields.get("email") ?? "",
      [honeypotField]: fields.get(honeypotField) ?? "",
    };
    const parsed = newsletterSignUpSchema.safeParse(sent, { error: czechDefaultMessage });
    if (!parsed.success) {
      return refusedSignUp(c, 422, sent.email, parsed.error.issues[0]?.message ?? "");
    }
    const address = clientAddress(c);
    const hit = await deps.rateLimiter.hit(`newsletter-address:${addressBlock(address)}`, {
      limit: deps.rateLimitPerHour,
      windowMs: 60 * 60_000,
    });
    if (!hit.allowed) {
      c.header("Retry-After", String(hit.retryAfterSeconds));
      return refusedSignUp(c, 429, sent.email, rateLimitedMessage);
    }
    if (parsed.data[honeypotField]?.trim()) {
      // A bot: told what a person is told, nothing kept.
      log.warn(
        { clientAddress: address },
        "Newsletter sign-up dropped: the honeypot was filled in",
      );
    } else {
      await subscribers.signUp({
        email: parsed.data.email,
        source: "blog",
        clientAddress: address,
      });
    }
    return c.redirect(`${paths.blog}#${newsletterSentAnchor}`, 303);
  });

  route.get(`${paths.newsletterConfirm}/:token`, async (c) => {
    const state = await subscribers.checkConfirmation(c.req.param("token"));
    if (state === "confirmed") return c.html(confirmedPage());
    if (state !== "valid") return confirmationRefusal(c, state);
    return c.html(
      page(
        "Potvrzení odběru novinek",
        html`<p>${text("Ještě jeden krok: tlačítkem potvrďte, že chcete na tuto adresu dostávat moje novinky.")}</p>
          <form method="post"><button type="submit">Potvrdit odběr</button></form>`,
      ),
    );
  });

  route.post(`${paths.newsletterConfirm}/:token`, limitBody(1024), async (c) => {
    const token = c.req.param("token");
    const state = await subscribers.confirm(token);
    if (state !== "confirmed") return confirmationRefusal(c, state);
    // A reload shows the confirmed page and changes nothing.
    return c.redirect(`${paths.newsletterConfirm}/${token}`, 303);
  });

  const unsubscribe = async (c: Context) => {
    // Her test letter's link: she sees what a reader would click, and nobody is unsubscribed.
    if (c.req.param("token") === testLetterToken) {
      return c.html(
        page(
          "Zkušební dopis",
          html`<p class="card">${text("Tento odkaz je ze zkušebního dopisu, a tak nikoho neodhlásil. Ve skutečném dopise odhlásí čtenáře z odběru jedním kliknutím.")}</p>`,
        ),
      );
    }
    const outcome = await subscribers.unsubscribe(c.req.param("token") ?? "");
    if (outcome === "forged") return forgedUnsubscribe(c, await deps.readOwnerEmail());
    if (outcome === "gone") {
      return c.html(
        page(
          "Adresa už na seznamu není",
          html`<p>${text("Tato adresa už mezi odběrateli novinek není, takže vám nic dalšího nepřijde.")}</p>`,
        ),
      );
    }
    return c.html(
      page(
        "Odhlášení proběhlo",
        html`<p class="card">${text("Už vám nebudu posílat novinky. Děkuji za každé přečtení.")}</p>
          <form method="post" action="${paths.newsletterUnsubscribe}/${c.req.param("token")}/znovu">
            <p>${text("Kdyby vám dopisy chyběly, jedním tlačítkem se přihlásíte znovu.")}</p>
            <button type="submit">Přihlásit se znovu</button>
          </form>`,
      ),
    );
  };
  // The visible link in a letter: opening it unsubscribes, no further question.
  route.get(`${paths.newsletterUnsubscribe}/:token`, unsubscribe);
  // RFC 8058: a mail client's POST with `List-Unsubscribe=One-Click`; any such post unsubscribes.
  route.post(`${paths.newsletterUnsubscribe}/:token`, limitBody(4096), unsubscribe);

  route.post(`${paths.newsletterUnsubscribe}/:token/znovu`, limitBody(1024), async (c) => {
    if (!isFromThisSite(c, siteOrigin))
      return forgedUnsubscribe(c, await deps.readOwnerEmail(), 403);
    const outcome = await subscribers.subscribeAgain(c.req.param("token"), clientAddress(c));
    if (outcome === "forged") return forgedUnsubscribe(c, await deps.readOwnerEmail());
    return c.html(
      page(
        "Vítejte zpátky",
        html`<p class="card">${text("Odběr novinek je zase zapnutý. Další dopis vám přijde s ostatními.")}</p>`,
      ),
    );
  });
  return route;
}

function confirmationRefusal(c: Context, state: Exclude<ConfirmationState, "valid" | "confirmed">) {
  const refusal = confirmationRefusals[state];
  return c.html(
    page(refusal.heading, html`<p>${text(refusal.body)}</p>${signUpAgainLink}`),
    refusal.status,
  );
}

function forgedUnsubscribe(c: Context, ownerEmail: string, status: ContentfulStatusCode = 404) {
  return c.html(
    page(
      "Odkaz neplatí",
      html`<p>${text("Tento odkaz neznám, a tak jsem nic nezměnila. Pro odhlášení použijte prosím odkaz z posledního dopisu, nebo mi napište na")} <a href="mailto:${ownerEmail}">${ownerEmail}</a>.</p>`,
    ),
    status,
  );
}

/** The blog's form again, with what was typed and why it was refused. */
function refusedSignUp(c: Context, status: ContentfulStatusCode, email: string, message: string) {
  return c.html(
    page(
      "Přihlášení k novinkám",
      html`<form method="post" action="${paths.newsletterSignUp}" novalidate>
        <label for="newsletter-email">E-mail</label>
        <input id="newsletter-email" type="email" name="email" value="${email}" autocomplete="email" maxlength="255" required aria-invalid="true" aria-describedby="newsletter-error" autofocus />
        <p id="newsletter-error" class="error" role="alert">${text(message)}</p>
        <input class="honeypot" type="text" name="${honeypotField}" tabindex="-1" autocomplete="off" aria-hidden="true" />
        <button type="submit">Přihlásit se</button>
      </form>`,
    ),
    status,
  );
}

/** The body as a form sends it (`application/x-www-form-urlencoded`), or null for anything else. */
async function readFormFields(c: Context): Promise<URLSearchParams | null> {
  const mediaType = (c.req.header("Content-Type") ?? "").split(";")[0]?.trim().toLowerCase();
  if (mediaType !== "application/x-www-form-urlencoded") return null;
  try {
    const body = await readLimitedText(c, 4096);
    const decode = (part: string) => decodeURIComponent(part.replaceAll("+", " "));
    return new URLSearchParams(
      body
        .split("&")
        .filter(Boolean)
        .map((pair) => {
          const [key = "", value = ""] = pair.split("=", 2);
          return [decode(key), decode(value)];
        }),
    );
  } catch {
    return null;
  }
}
