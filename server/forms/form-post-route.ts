import { type Context, Hono } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { isDatabaseUnavailable } from "#database/database-errors";
import {
  type FormType,
  formSubmissionSchema,
  messages,
  rateLimitedMessageFor,
  sendFailedMessage,
  toFormType,
} from "#shared/form-schemas";
import { formPlaces, paths, sentWhileWaitingAnchor, withNewsletterAnchor } from "#shared/routes";
import { ApiError, databaseRetrySeconds, retryAfter } from "../api-error";
import { createClientAddress } from "../client-address";
import { summarizeError } from "../error-summary";
import {
  czechDefaultMessage,
  isUnstorableText,
  jsonMessages,
  readLimitedText,
  toFieldMessages,
} from "../json-route";
import { log } from "../logger";
import type { PageLoadContext } from "../pages/render-page";
import { plainPage } from "../plain-page";
import { createFormPageRenderer, type RefusedForm } from "./form-page";
import { maxBodyBytes } from "./form-submissions-route";
import { type SubmitFormDependencies, submitForm } from "./submit-form";

export type FormPostRouteDependencies = SubmitFormDependencies & {
  /** Whether to read the client address from X-Forwarded-For (behind a reverse proxy). */
  trustProxy: boolean;
  /** The public origin: a post whose Origin is this one comes from the site itself. */
  siteUrl: string;
  /**
   * A page rendered with a load context, not stored (the page renderer's `renderPreview`): a
   * refused form is shown in its own page, rendered with it.
   */
  renderPage: (path: string, loadContext: PageLoadContext) => Promise<string>;
};

/** The fields each form shows; a message about any other key is said above the form. */
const shownFields = {
  contact: ["name", "email", "phone", "serviceType", "message", "privacyConsent"],
  gift_ritual: ["name", "email", "message", "privacyConsent", "newsletter"],
  gift_fragrance: ["name", "email", "message", "privacyConsent", "newsletter"],
} as const satisfies Record<FormType, readonly string[]>;

const pageMessages = {
  crossSite: "Formulář je možné odeslat jen z jeho stránky na tomto webu.",
  methodNotAllowed: "Formuláře se na tuto adresu odesílají metodou POST.",
  notForm: "Formulář je třeba odeslat jako application/x-www-form-urlencoded v kódování UTF-8.",
} as const;

/**
 * `POST /formular`: the three forms as a browser sends them without scripts
 * (`application/x-www-form-urlencoded`), validated by the same schema as
 * the JSON route and stored by the same `submitForm`, with the same limits.
 * A stored form is answered with 303 to its pre-rendered page, at the anchor
 * that shows its thank-you notice (reloading it sends nothing again); a
 * refused one with that page and the form as it was sent, with the messages.
 * Only the site's own pages may post here (Sec-Fetch-Site, else Origin).
 */
export function createFormPostRoute(deps: FormPostRouteDependencies) {
  const route = new Hono();
  const clientAddress = createClientAddress(deps.trustProxy);
  const siteOrigin = new URL(deps.siteUrl).origin;
  const renderFormPage = createFormPageRenderer(deps.renderPage);

  // The address of an answer; asked for again (say, from the history), it leads home.
  route.get("/", (c) => c.redirect(paths.home, 303));

  route.post("/", async (c) => {
    if (!isFromThisSite(c, siteOrigin)) return refusalPage(c, 403, pageMessages.crossSite);
    let fields: URLSearchParams;
    try {
      fields = await readFormFields(c);
    } catch (error) {
      if (error instanceof ApiError) return refusalPage(c, error.status, error.message);
      throw error;
    }
    const formType = toFormType(fields.get("formType") ?? "");
    if (!formType) return refusalPage(c, 422, messages.formTypeInvalid);

    const sent = toPayload(fields, formType);
    const refuse = async (
      status: ContentfulStatusCode,
      errors: Record<string, string>,
      failure?: string,
      headers?: Record<string, string>,
    ) => {
      const shown: Record<string, string> = {};
      for (const field of shownFields[formType]) {
        if (errors[field]) shown[field] = errors[field];
      }
      const hidden = Object.entries(errors).find(([field]) => !Object.hasOwn(shown, field))?.[1];
      const page = await renderFormPage({
        formType,
        submitted: {
          values: valuesToShow(formType, sent),
          errors: shown,
          failure: failure ?? hidden,
        },
      } as RefusedForm);
      return c.html(page, status, headers);
    };

    const unstorable = Object.entries(sent)
      .filter(
        ([key, value]) =>
          isUnstorableText(key) || (typeof value === "string" && isUnstorableText(value)),
      )
      .map(([key]) => [key, messages.textUnstorable]);
    if (unstorable.length > 0) return refuse(422, Object.fromEntries(unstorable));

    const parsed = formSubmissionSchema.safeParse(sent, { error: czechDefaultMessage });
    if (!parsed.success) {
      return refuse(422, toFieldMessages(parsed.error.issues) ?? {}, undefined);
    }
    let giftWaits: boolean;
    try {
      ({ giftWaits } = await submitForm(deps, parsed.data, { clientAddress: clientAddress(c) }));
    } catch (error) {
      if (error instanceof ApiError && error.status === 429) {
        return refuse(429, {}, rateLimitedMessageFor(formType), error.headers);
      }
      // A refused choice (an offer no longer on the site) is told at its field.
      if (error instanceof ApiError && error.fields) return refuse(error.status, error.fields);
      if (error instanceof ApiError) return refuse(error.status, {}, sendFailedMessage);
      if (isDatabaseUnavailable(error)) {
        // As the API answers it (api-error.ts): nothing stored, worth sending again in a moment.
        log.warn(
          { error: summarizeError(error) },
          "Database unavailable for a form sent without scripts",
        );
        return refuse(503, {}, sendFailedMessage, retryAfter(databaseRetrySeconds));
      }
      log.error({ error: summarizeError(error) }, "A form sent without scripts was not stored");
      return refuse(500, {}, sendFailedMessage);
    }
    const { page, sentAnchor } = formPlaces[formType];
    const anchor = giftWaits ? sentWhileWaitingAnchor(formType) : sentAnchor;
    // A ticked newsletter box: the notice says the confirmation e-mail comes too (whatever the
    // address's state, as every sign-up answers the same).
    const ticked = "newsletter" in parsed.data && parsed.data.newsletter === true;
    return c.redirect(`${page}#${ticked ? withNewsletterAnchor(anchor) : anchor}`, 303);
  });
  route.all("/", (c) => {
    c.header("Allow", "GET, HEAD, POST");
    return refusalPage(c, 405, pageMessages.methodNotAllowed);
  });
  return route;
}

/**
 * Whether the post comes from a page of this site. Browsers say so in
 * Sec-Fetch-Site; older ones only send Origin, which must then be the site's
 * (or, without a proxy in front, the request's own). Neither: refused.
 */
export function isFromThisSite(c: Context, siteOrigin: string): boolean {
  const fetchSite = c.req.header("Sec-Fetch-Site");
  if (fetchSite !== undefined) return fetchSite === "same-origin";
  const origin = c.req.header("Origin");
  return origin !== undefined && (origin === siteOrigin || origin === new URL(c.req.url).origin);
}

/** The body as a form sends it, in UTF-8, within the JSON route's body limit. */
async function readFormFields(c: Context): Promise<URLSearchParams> {
  const [mediaType = "", ...parameters] = (c.req.header("Content-Type") ?? "").split(";");
  const charset = parameters
    .map((parameter) => parameter.split("="))
    .find(([name]) => name?.trim().toLowerCase() === "charset")?.[1]
    ?.trim()
    .toLowerCase();
  if (
    mediaType.trim().toLowerCase() !== "application/x-www-form-urlencoded" ||
    (charset !== undefined && charset !== "utf-8" && charset !== "utf8")
  ) {
    throw new ApiError(415, "unsupported_media_type", pageMessages.notForm);
  }
  return parseFormBody(await readLimitedText(c, maxBodyBytes));
}

/**
 * `a=1&b=2` as a browser encodes a form, decoded strictly: bytes that are
 * not UTF-8 are refused, not read as U+FFFD (URLSearchParams would).
 */
function parseFormBody(body: string): URLSearchParams {
  const decode = (text: string) => decodeURIComponent(text.replaceAll("+", " "));
  try {
    return new URLSearchParams(
      body
        .split("&")
        .filter((pair) => pair !== "")
        .map((pair) => {
          const equals = pair.indexOf("=");
          return equals < 0
            ? [decode(pair), ""]
            : [decode(pair.slice(0, equals)), decode(pair.slice(equals + 1))];
        }),
    );
  } catch {
    throw new ApiError(400, "invalid_encoding", jsonMessages.notUtf8);
  }
}

/**
 * The fields as the JSON route receives them: text as typed, with the line
 * breaks a browser posts as CR LF read as the LF its scripts send (so a
 * message counts the same both ways), and the consent box true when ticked
 * (a box that is not ticked is not posted at all).
 */
function toPayload(fields: URLSearchParams, formType: FormType): Record<string, unknown> {
  // A map, not `key in {}`: a field named „constructor“ or „__proto__“ must reach the schema
  // (which refuses it, as the JSON route does), not vanish into the object's prototype.
  const first = new Map<string, string>();
  for (const [key, value] of fields) {
    if (!first.has(key)) first.set(key, value.replace(/\r\n?/g, "\n"));
  }
  return {
    ...Object.fromEntries(first),
    privacyConsent: fields.has("privacyConsent"),
    // The gifts' newsletter box, like the consent: posted only when ticked.
    ...(formType !== "contact" && { newsletter: fields.has("newsletter") }),
  };
}

/** What goes back into the form's fields: what was sent, as text a page can hold. */
function valuesToShow(formType: FormType, sent: Record<string, unknown>) {
  const text = (field: string) =>
    typeof sent[field] === "string"
      ? (sent[field] as string).replaceAll("\u0000", "").replace(/\p{Cs}/gu, "\ufffd")
      : "";
  const common = {
    name: text("name"),
    email: text("email"),
    message: text("message"),
    privacyConsent: sent.privacyConsent === true,
  };
  return formType === "contact"
    ? { ...common, phone: text("phone"), serviceType: text("serviceType") }
    : { ...common, newsletter: sent.newsletter === true };
}

/** A short page for a post that no form of the site would send. */
function refusalPage(c: Context, status: ContentfulStatusCode, message: string) {
  return c.html(plainPage("Formulář nebyl odeslán", message), status);
}
