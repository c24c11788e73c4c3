/**
 * The one source of truth for the three forms: their fields, limits and Czech
 * messages. The forms in the browser and the API on the server both use these.
 */

import * as z from "zod/mini";
import { isOfferIdForm, noOfferChoice } from "#shared/content/offer-ids";

export const limits = {
  nameMin: 2,
  nameMax: 100,
  emailMax: 255,
  phoneMax: 20,
  serviceTypeMax: 100,
  contactMessageMin: 10,
  messageMax: 1000,
  passwordMin: 6,
} as const;

/** What a field says when its value breaks a rule. */
export const messages = {
  nameTooShort: "Jméno musí obsahovat alespoň 2 znaky",
  nameTooLong: "Jméno může mít nejvýše 100 znaků",
  nameNeedsLetters: "Jméno musí obsahovat alespoň 2 písmena",
  nameHiddenCharacters: "Jméno nesmí obsahovat neviditelné ani řídicí znaky",
  nameHasLink: "Jméno nesmí obsahovat odkaz ani e-mailovou adresu",
  emailInvalid: "Neplatný e-mail",
  emailTooLong: "E-mail může mít nejvýše 255 znaků",
  phoneTooLong: "Telefon může mít nejvýše 20 znaků",
  phoneInvalid: "Telefon smí obsahovat jen číslice, mezery a znaky + ( ) -",
  serviceTypeInvalid: "Vyberte prosím službu z nabídky",
  messageTooShort: "Zpráva musí obsahovat alespoň 10 znaků",
  messageTooLong: "Zpráva může mít nejvýše 1000 znaků",
  noteTooLong: "Poznámka může mít nejvýše 1000 znaků",
  consentRequired: "Musíte souhlasit se zpracováním údajů",
  formTypeInvalid: "Neznámý typ formuláře",
  fieldNotAllowed: "Formulář obsahuje pole, které k němu nepatří",
  payloadInvalid: "Odeslaná data nemají správný tvar",
  textUnstorable: "Text obsahuje znak, který nelze uložit (například nulový znak)",
} as const;

/** What a form says when it could not be sent. */
export const sendFailedMessage = "Něco se pokazilo. Zkuste to prosím znovu.";
export const rateLimitedMessage =
  "Za krátkou dobu přišlo příliš mnoho zpráv. Zkuste to prosím znovu za pár minut.";
/** The same on the gift page, which speaks with „ty“ (its other errors are the specification's). */
export const giftRateLimitedMessage =
  "Za krátkou dobu přišlo příliš mnoho žádostí. Zkus to prosím znovu za pár minut.";

/** What a form says when its sender's address has sent too much, in the voice of its page. */
export function rateLimitedMessageFor(formType: FormType): string {
  return formType === "contact" ? rateLimitedMessage : giftRateLimitedMessage;
}

/**
 * The contact form's choices on a fresh install, with the specification's labels: the seeded
 * offers' names in the form, and „Ostatní“. Her list of offers decides the choices since
 * (docs/decisions/0042): the form sends an offer's id, which the server checks against it.
 */
export const serviceTypes = {
  consultation: "Harmonizační setkání",
  products: "Přírodní produkty",
  course: "Online kurz",
  workshop: "Skupinový workshop",
  other: "Ostatní",
} as const;
export type ServiceType = keyof typeof serviceTypes;

/**
 * Whether a value (say, from the `sluzba` query parameter) can name a choice of the form: an
 * offer's id or „Ostatní“. Whether that offer is on the site is her list's to say.
 */
export function isServiceType(value: unknown): value is string {
  return value === noOfferChoice || isOfferIdForm(value);
}

/**
 * The form types as stored, and the labels the administration's table shows for them: the
 * specification's, hyphen and capital included.
 */
export const formTypeLabels = {
  contact: "Kontaktní formulář",
  gift_ritual: "Dárek - Rituál",
  gift_fragrance: "Dárek - Vůně",
} as const;
export type FormType = keyof typeof formTypeLabels;

/**
 * The same forms named everywhere else – the e-mails, the record's page, the CSV, the export,
 * the audit log – in Czech typography: an en dash, not a hyphen, and no capital after it.
 */
export const formTypeNames = {
  contact: "Kontaktní formulář",
  gift_ritual: "Dárek – rituál",
  gift_fragrance: "Dárek – vůně",
} as const satisfies Record<FormType, string>;
export type GiftFormType = Exclude<FormType, "contact">;
export const formTypes = Object.keys(formTypeLabels) as [FormType, ...FormType[]];

/** The values the original forms sent, read as the same types. */
export const legacyFormTypes = {
  kontakt: "contact",
  darek_1: "gift_ritual",
  darek_2: "gift_fragrance",
} as const satisfies Record<string, FormType>;
type LegacyFormType = keyof typeof legacyFormTypes;

/** Maps a stored or sent form type to its canonical value, or null when unknown. */
export function toFormType(value: string): FormType | null {
  if (Object.hasOwn(formTypeLabels, value)) return value as FormType;
  if (Object.hasOwn(legacyFormTypes, value)) return legacyFormTypes[value as LegacyFormType];
  return null;
}

/** What each form says once it has been sent. */
export const successMessages = {
  contact: "Děkujeme za Vaši zprávu! Brzy se ozveme.",
  gift_ritual: "Děkujeme! Odkaz na rituál Ti brzy pošleme na e-mail.",
  gift_fragrance: "Děkujeme! Návod na osobní vůni Ti brzy pošleme na e-mail.",
} as const satisfies Record<FormType, string>;

/**
 * A field people never see and bots fill in. The forms always send it (empty);
 * the API accepts it and treats a submission with it filled in as spam.
 */
export const honeypotField = "website";

/** Characters as a person counts them (and as PostgreSQL's char_length does). */
function characterCount(text: string): number {
  return Array.from(text).length;
}

function lengthBetween(min: number, max: number, tooShort: string, tooLong: string) {
  return z.string(tooShort).check(
    z.trim(),
    z.refine((text) => characterCount(text) >= min, tooShort),
    z.refine((text) => characterCount(text) <= max, tooLong),
  );
}

/**
 * Characters that draw nothing but are not spaces or format characters: the Hangul fillers
 * (letters, for Unicode), the blank braille pattern and the combining grapheme joiner.
 */
export const blankCharacters = "\u115f\u1160\u3164\uffa0\u2800\u034f";

// Letters of any script; a name of digits, dots or invisible characters names no one.
const letter = /\p{L}/gu;
// Control characters (line breaks included), format characters such as bidi
// overrides (U+202E) and zero-width spaces (U+200B), and line separators: none
// belongs in a name, and a name reaches the subject of the owner's e-mail.
// Blank-looking characters are hidden too, though Unicode calls the Hangul fillers letters.
const hiddenCharacter = new RegExp(`[\\p{Cc}\\p{Cf}\\u2028\\u2029${blankCharacters}]`, "u");
// A link or an address in a name would travel in the confirmation e-mail to
// whatever address was typed: a way to send strangers spam through this site.
const linkOrAddress = /@|:\/\/|www\.|[\p{L}\p{N}-]{2,}\.[a-z]{2,}(?![\p{L}\p{N}])/iu;

/** What is wrong with a (trimmed) person's name, or null when it is a name. */
export function findNameProblem(
  name: string,
  tooShort: string = messages.nameTooShort,
  tooLong: string = messages.nameTooLong,
): string | null {
  const count = characterCount(name);
  if (count < limits.nameMin) return tooShort;
  if (count > limits.nameMax) return tooLong;
  if (hiddenCharacter.test(name)) return messages.nameHiddenCharacters;
  if ((name.match(letter)?.length ?? 0) < limits.nameMin) return messages.nameNeedsLetters;
  if (linkOrAddress.test(name)) return messages.nameHasLink;
  return null;
}

/** A person's name: trimmed, with the one message that says what is wrong. */
export function personNameSchema(tooShort: string = messages.nameTooShort, tooLong?: string) {
  return z.string(tooShort).check(
    z.trim(),
    z.superRefine((name, context) => {
      const problem = findNameProblem(name, tooShort, tooLong);
      if (problem) context.issues.push({ code: "custom", message: problem, input: name });
    }),
  );
}

const nameSchema = personNameSchema();

export const emailSchema = z.string(messages.emailInvalid).check(
  z.trim(),
  z.refine((text) => characterCount(text) <= limits.emailMax, messages.emailTooLong),
  z.email(messages.emailInvalid),
);

export const phoneSchema = z.string(messages.phoneInvalid).check(
  z.trim(),
  z.refine((text) => characterCount(text) <= limits.phoneMax, messages.phoneTooLong),
  // Spaces only, not \s: a line break in a phone number is never honest.
  z.regex(/^[0-9+() \u00a0-]*$/, messages.phoneInvalid),
);

// An offer's id or „Ostatní“ (the server then checks the offer is on the site); anything else is
// refused, which also keeps the value well inside `limits.serviceTypeMax`.
const serviceTypeSchema = z
  .string(messages.serviceTypeInvalid)
  .check(z.refine((value) => value === "" || isServiceType(value), messages.serviceTypeInvalid));

const contactMessageSchema = lengthBetween(
  limits.contactMessageMin,
  limits.messageMax,
  messages.messageTooShort,
  messages.messageTooLong,
);

export const giftMessageSchema = z.string(messages.messageTooLong).check(
  z.trim(),
  z.refine((text) => characterCount(text) <= limits.messageMax, messages.messageTooLong),
);

// A checkbox holds false until ticked; only true passes.
export const consentSchema = z.pipe(
  z.boolean(messages.consentRequired),
  z.literal(true, messages.consentRequired),
);

/** The contact form, as the visitor fills it in. */
export const contactFormSchema = z.object({
  name: nameSchema,
  email: emailSchema,
  phone: z.optional(phoneSchema),
  serviceType: z.optional(serviceTypeSchema),
  message: contactMessageSchema,
  privacyConsent: consentSchema,
});
export type ContactFormValues = z.input<typeof contactFormSchema>;

/** Both gift forms, as the visitor fills them in. */
export const giftFormSchema = z.object({
  name: nameSchema,
  email: emailSchema,
  message: z.optional(giftMessageSchema),
  privacyConsent: consentSchema,
  // The newsletter's own, separate box (shared/newsletter.ts): unticked, and never required.
  newsletter: z.optional(z.boolean()),
});
export type GiftFormValues = z.input<typeof giftFormSchema>;

/**
 * The person of a sign-up for her time (a booking, a place at an event), as its form and API take
 * it: the forms' name, e-mail, phone, note and consent, and the field only bots fill in.
 */
export function signUpPersonFields() {
  return {
    name: personNameSchema(),
    email: emailSchema,
    phone: absentWhenEmpty(phoneSchema),
    // Its field is „Poznámka“, not „Zpráva“: the limit is the gift message's, the words its own.
    note: absentWhenEmpty(
      z.string(messages.noteTooLong).check(
        z.trim(),
        z.refine((text) => characterCount(text) <= limits.messageMax, messages.noteTooLong),
      ),
    ),
    privacyConsent: consentSchema,
    [honeypotField]: z.optional(z.string()),
  };
}

/** A strict object's messages: a field no form has, or data of another shape. */
export const strictFormParams = {
  error: (issue: { code?: string }) =>
    issue.code === "unrecognized_keys"
      ? "Formulář obsahuje pole, které k němu nepatří"
      : "Odeslaná data nemají správný tvar",
};

/** A cancel link's token as its page posts it, refused with the link's own message. */
export function cancelTokenSchema(invalid: string) {
  return z.strictObject({
    token: z.string(invalid).check(z.minLength(16, invalid), z.maxLength(100, invalid)),
  });
}

/** An optional text field that comes out as undefined when it is left empty. */
export function absentWhenEmpty<T extends z.ZodMiniType<string | undefined, string | undefined>>(
  schema: T,
) {
  return z.optional(
    z.pipe(
      schema,
      z.transform((text) => (text ? text : undefined)),
    ),
  );
}

/** A form type (canonical or legacy) read as its canonical value. */
function formTypeSchema<T extends FormType>(formType: T) {
  const sent = [
    formType,
    ...Object.entries(legacyFormTypes)
      .filter(([, canonical]) => canonical === formType)
      .map(([legacy]) => legacy),
  ] as [string, ...string[]];
  return z.pipe(
    z.enum(sent),
    z.transform((): T => formType),
  );
}

// The payload schema is for the server; the pure marks let the browser bundle
// drop it. Unknown keys are refused, so a gift form cannot carry a phone or a
// service.
const strictParams = {
  error: (issue: { code?: string }) =>
    issue.code === "unrecognized_keys" ? messages.fieldNotAllowed : messages.payloadInvalid,
};

const honeypotSchema = /* @__PURE__ */ z.optional(z.string());

const contactSubmissionSchema = /* @__PURE__ */ z.strictObject(
  {
    formType: /* @__PURE__ */ formTypeSchema("contact"),
    name: nameSchema,
    email: emailSchema,
    phone: absentWhenEmpty(phoneSchema),
    serviceType: absentWhenEmpty(serviceTypeSchema),
    message: contactMessageSchema,
    privacyConsent: consentSchema,
    [honeypotField]: honeypotSchema,
  },
  strictParams,
);

function giftSubmissionSchema<T extends GiftFormType>(formType: T) {
  return z.strictObject(
    {
      formType: formTypeSchema(formType),
      name: nameSchema,
      email: emailSchema,
      message: absentWhenEmpty(giftMessageSchema),
      privacyConsent: consentSchema,
      // Ticked: a sign-up to the newsletter too (double opt-in); absent or false: the gift alone.
      newsletter: z.optional(z.boolean()),
      [honeypotField]: honeypotSchema,
    },
    strictParams,
  );
}

/**
 * What `POST /api/form-submissions` accepts: any of the three forms, tagged by
 * `formType` (canonical or legacy; the output always has the canonical value).
 * Text is trimmed; empty optional fields come out as undefined.
 */
export const formSubmissionSchema = /* @__PURE__ */ z.discriminatedUnion(
  "formType",
  [
    contactSubmissionSchema,
    /* @__PURE__ */ giftSubmissionSchema("gift_ritual"),
    /* @__PURE__ */ giftSubmissionSchema("gift_fragrance"),
  ],
  {
    error: (issue) =>
      issue.code === "invalid_union" ? messages.formTypeInvalid : messages.payloadInvalid,
  },
);
/** The body the forms send. */
export type FormSubmissionPayload = z.input<typeof formSubmissionSchema>;
/** The body after validation, ready to store. */
export type FormSubmission = z.output<typeof formSubmissionSchema>;

/** Whether a validated submission came from a bot (the hidden field was filled in). */
export function isHoneypotFilled(submission: FormSubmission): boolean {
  return Boolean(submission[honeypotField]?.trim());
}
