/**
 * The one source of truth for the three forms: their fields, limits and Czech
 * messages. The forms in the browser and the API on the server both use these.
 */
import * as z from "zod/mini";

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

export const messages = {
  nameTooShort: "Jméno musí obsahovat alespoň 2 znaky",
  nameTooLong: "Jméno může mít nejvýše 100 znaků",
  emailInvalid: "Neplatný e-mail",
  emailTooLong: "E-mail může mít nejvýše 255 znaků",
  phoneTooLong: "Telefon může mít nejvýše 20 znaků",
  phoneInvalid: "Telefon smí obsahovat jen číslice, mezery a znaky + ( ) -",
  serviceTypeInvalid: "Vyberte prosím službu z nabídky",
  messageTooShort: "Zpráva musí obsahovat alespoň 10 znaků",
  messageTooLong: "Zpráva může mít nejvýše 1000 znaků",
  consentRequired: "Musíte souhlasit se zpracováním údajů",
} as const;

/** The services a visitor can ask about in the contact form. */
export const serviceTypes = {
  consultation: "Harmonizační setkání",
  products: "Přírodní produkty",
  course: "Online kurz",
  workshop: "Skupinový workshop",
  other: "Ostatní",
} as const;
export type ServiceType = keyof typeof serviceTypes;
const serviceTypeValues = Object.keys(serviceTypes) as [ServiceType, ...ServiceType[]];

/** The form types as stored, and the names the site shows for them. */
export const formTypeLabels = {
  contact: "Kontaktní formulář",
  gift_ritual: "Dárek - Rituál",
  gift_fragrance: "Dárek - Vůně",
} as const;
export type FormType = keyof typeof formTypeLabels;
export const formTypes = Object.keys(formTypeLabels) as [FormType, ...FormType[]];

/** The values the original forms sent, read as the same types. */
export const legacyFormTypes = {
  kontakt: "contact",
  darek_1: "gift_ritual",
  darek_2: "gift_fragrance",
} as const satisfies Record<string, FormType>;

/** Maps a stored or sent form type to its canonical value, or null when unknown. */
export function toFormType(value: string): FormType | null {
  if (value in formTypeLabels) return value as FormType;
  if (value in legacyFormTypes) return legacyFormTypes[value as keyof typeof legacyFormTypes];
  return null;
}

/** Characters as a person counts them (and as PostgreSQL's char_length does). */
function characterCount(text: string): number {
  return Array.from(text).length;
}

function lengthBetween(min: number, max: number, tooShort: string, tooLong: string) {
  return z.string().check(
    z.trim(),
    z.refine((text) => characterCount(text) >= min, tooShort),
    z.refine((text) => characterCount(text) <= max, tooLong),
  );
}

const nameSchema = lengthBetween(
  limits.nameMin,
  limits.nameMax,
  messages.nameTooShort,
  messages.nameTooLong,
);

const emailSchema = z
  .string()
  .check(
    z.trim(),
    z.maxLength(limits.emailMax, messages.emailTooLong),
    z.email(messages.emailInvalid),
  );

const phoneSchema = z
  .string()
  .check(
    z.trim(),
    z.maxLength(limits.phoneMax, messages.phoneTooLong),
    z.regex(/^[0-9+()\s-]*$/, messages.phoneInvalid),
  );

const serviceTypeSchema = z.union([z.enum(serviceTypeValues), z.literal("")], {
  error: messages.serviceTypeInvalid,
});

const contactMessageSchema = lengthBetween(
  limits.contactMessageMin,
  limits.messageMax,
  messages.messageTooShort,
  messages.messageTooLong,
);

const giftMessageSchema = z.string().check(
  z.trim(),
  z.refine((text) => characterCount(text) <= limits.messageMax, messages.messageTooLong),
);

const consentSchema = z.literal(true, messages.consentRequired);

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
});
export type GiftFormValues = z.input<typeof giftFormSchema>;
