import { describe, expect, it } from "vitest";
import {
  contactFormSchema,
  formSubmissionSchema,
  formTypeLabels,
  giftFormSchema,
  isHoneypotFilled,
  isServiceType,
  limits,
  messages,
  serviceTypes,
  signUpPersonFields,
  successMessages,
  toFormType,
} from "./form-schemas";

const text = (length: number) => "a".repeat(length);
/** A valid address of exactly `length` characters. */
const emailOfLength = (length: number) => `${text(length - "@example.cz".length)}@example.cz`;

const validContact = {
  name: "Jana",
  email: "jana@example.cz",
  phone: "",
  serviceType: "",
  message: "Dobrý den, ráda bych se objednala.",
  privacyConsent: true,
};
const validGift = {
  name: "Jana",
  email: "jana@example.cz",
  message: "",
  privacyConsent: true,
};

type Case = { rule: string; change: Record<string, unknown>; error: string | null };

/** The first message the schema gives for a field, or null when the value is valid. */
function firstMessage(
  schema: typeof contactFormSchema | typeof giftFormSchema,
  values: Record<string, unknown>,
  field: string,
): string | null {
  const result = schema.safeParse(values);
  if (result.success) return null;
  return result.error.issues.find((issue) => issue.path[0] === field)?.message ?? null;
}

const nameCases: Case[] = [
  { rule: "name missing", change: { name: undefined }, error: messages.nameTooShort },
  { rule: "name empty", change: { name: "" }, error: messages.nameTooShort },
  { rule: "name of 1 character", change: { name: "J" }, error: messages.nameTooShort },
  {
    rule: "name of 1 character padded by spaces",
    change: { name: "  J  " },
    error: messages.nameTooShort,
  },
  { rule: "name of 2 characters", change: { name: "Jo" }, error: null },
  { rule: "name of 2 letters with diacritics", change: { name: "Ťů" }, error: null },
  { rule: "name of 100 characters", change: { name: text(100) }, error: null },
  { rule: "name of 101 characters", change: { name: text(101) }, error: messages.nameTooLong },
  { rule: "name that is not text", change: { name: 42 }, error: messages.nameTooShort },
  { rule: "name of digits", change: { name: "12345" }, error: messages.nameNeedsLetters },
  {
    rule: "name of one letter and digits",
    change: { name: "J 007" },
    error: messages.nameNeedsLetters,
  },
  { rule: "name of dots", change: { name: "..." }, error: messages.nameNeedsLetters },
  {
    rule: "name of a zero-width space and a bidi override",
    change: { name: "\u200b\u202e" },
    error: messages.nameHiddenCharacters,
  },
  {
    rule: "name with a bidi override inside",
    change: { name: "Jana \u202eávokoN" },
    error: messages.nameHiddenCharacters,
  },
  {
    rule: "name with a zero-width joiner",
    change: { name: "Ja\u200dna" },
    error: messages.nameHiddenCharacters,
  },
  {
    rule: "name with a line break",
    change: { name: "Jana\r\nBcc: x@example.com" },
    error: messages.nameHiddenCharacters,
  },
  { rule: "name with a tab", change: { name: "Jana\tNová" }, error: messages.nameHiddenCharacters },
  {
    rule: "name of Hangul fillers, letters that draw nothing",
    change: { name: "\u3164\u3164\u3164" },
    error: messages.nameHiddenCharacters,
  },
  {
    rule: "name of blank braille",
    change: { name: "Ja\u2800na" },
    error: messages.nameHiddenCharacters,
  },
  {
    rule: "name with a link",
    change: { name: "Jana http://spam.example" },
    error: messages.nameHasLink,
  },
  { rule: "name with www.", change: { name: "www.levne-leky.cz" }, error: messages.nameHasLink },
  {
    rule: "name with a domain",
    change: { name: "Léky na pills.com" },
    error: messages.nameHasLink,
  },
  {
    rule: "name that is an e-mail",
    change: { name: "jana@example.cz" },
    error: messages.nameHasLink,
  },
  {
    rule: "name with a hyphen and an apostrophe",
    change: { name: "Anne-Marie O'Neill" },
    error: null,
  },
  { rule: "name with a title and dots", change: { name: "Ing. Jana Nová, Ph.D." }, error: null },
  { rule: "name in another script", change: { name: "Ольга" }, error: null },
  { rule: "name of two CJK letters", change: { name: "王芳" }, error: null },
];

const emailCases: Case[] = [
  { rule: "e-mail missing", change: { email: undefined }, error: messages.emailInvalid },
  { rule: "e-mail empty", change: { email: "" }, error: messages.emailInvalid },
  { rule: "e-mail without @", change: { email: "jana.example.cz" }, error: messages.emailInvalid },
  { rule: "e-mail without domain", change: { email: "jana@" }, error: messages.emailInvalid },
  {
    rule: "e-mail without top-level domain",
    change: { email: "jana@example" },
    error: messages.emailInvalid,
  },
  {
    rule: "e-mail with a space inside",
    change: { email: "ja na@example.cz" },
    error: messages.emailInvalid,
  },
  { rule: "e-mail padded by spaces", change: { email: "  jana@example.cz " }, error: null },
  { rule: "e-mail of 255 characters", change: { email: emailOfLength(255) }, error: null },
  {
    rule: "e-mail of 256 characters",
    change: { email: emailOfLength(256) },
    error: messages.emailTooLong,
  },
];

const consentCases: Case[] = [
  {
    rule: "consent missing",
    change: { privacyConsent: undefined },
    error: messages.consentRequired,
  },
  { rule: "consent false", change: { privacyConsent: false }, error: messages.consentRequired },
  {
    rule: "consent as the text 'true'",
    change: { privacyConsent: "true" },
    error: messages.consentRequired,
  },
  { rule: "consent true", change: { privacyConsent: true }, error: null },
];

const contactOnlyCases: Case[] = [
  { rule: "phone missing", change: { phone: undefined }, error: null },
  { rule: "phone empty", change: { phone: "" }, error: null },
  { rule: "phone of 20 characters", change: { phone: "+420 777 123 456 789" }, error: null },
  {
    rule: "phone of 21 characters",
    change: { phone: "+420 777 123 456 7890" },
    error: messages.phoneTooLong,
  },
  { rule: "phone with brackets and a dash", change: { phone: "(+420) 777-123-456" }, error: null },
  { rule: "phone with letters", change: { phone: "777 abc 456" }, error: messages.phoneInvalid },
  { rule: "phone with a slash", change: { phone: "777/123456" }, error: messages.phoneInvalid },
  {
    rule: "phone with CR/LF inside",
    change: { phone: "777\r\n123" },
    error: messages.phoneInvalid,
  },
  { rule: "phone with a tab", change: { phone: "777\t123" }, error: messages.phoneInvalid },
  {
    rule: "phone with a line break inside",
    change: { phone: "777\n1" },
    error: messages.phoneInvalid,
  },
  ...Object.keys(serviceTypes).map((service) => ({
    rule: `service ${service}`,
    change: { serviceType: service },
    error: null,
  })),
  { rule: "service not chosen", change: { serviceType: "" }, error: null },
  { rule: "service missing", change: { serviceType: undefined }, error: null },
  // An offer's id she added (whether it is on the site, the server asks her list).
  { rule: "service a new offer's id", change: { serviceType: "kakaovy-ritual" }, error: null },
  {
    rule: "service not an offer's id",
    change: { serviceType: "Masáž" },
    error: messages.serviceTypeInvalid,
  },
  {
    rule: "service by its label",
    change: { serviceType: "Ostatní" },
    error: messages.serviceTypeInvalid,
  },
  {
    rule: "service longer than 100 characters",
    change: { serviceType: text(101) },
    error: messages.serviceTypeInvalid,
  },
  { rule: "message missing", change: { message: undefined }, error: messages.messageTooShort },
  { rule: "message empty", change: { message: "" }, error: messages.messageTooShort },
  {
    rule: "message of 9 characters",
    change: { message: text(9) },
    error: messages.messageTooShort,
  },
  {
    rule: "message of 9 characters padded to 12 by spaces",
    change: { message: ` ${text(9)}  ` },
    error: messages.messageTooShort,
  },
  { rule: "message of 10 characters", change: { message: text(10) }, error: null },
  { rule: "message of 1000 characters", change: { message: text(1000) }, error: null },
  {
    rule: "message of 1000 characters counting letters with diacritics once",
    change: { message: "ř".repeat(1000) },
    error: null,
  },
  {
    rule: "message of 1001 characters",
    change: { message: text(1001) },
    error: messages.messageTooLong,
  },
];

const giftOnlyCases: Case[] = [
  { rule: "message missing", change: { message: undefined }, error: null },
  { rule: "message empty", change: { message: "" }, error: null },
  { rule: "message of 1 character", change: { message: "!" }, error: null },
  { rule: "message of 1000 characters", change: { message: text(1000) }, error: null },
  {
    rule: "message of 1001 characters",
    change: { message: text(1001) },
    error: messages.messageTooLong,
  },
];

const fieldOf = (change: Record<string, unknown>) => Object.keys(change)[0] as string;

describe("the contact form", () => {
  it.each([...nameCases, ...emailCases, ...contactOnlyCases, ...consentCases])(
    "$rule: $error",
    ({ change, error }) => {
      const values = { ...validContact, ...change };
      expect(firstMessage(contactFormSchema, values, fieldOf(change))).toBe(error);
      expect(contactFormSchema.safeParse(values).success).toBe(error === null);
    },
  );

  it("shows the specification's message for every required field left empty", () => {
    const result = contactFormSchema.safeParse({});
    expect(result.success).toBe(false);
    const byField = Object.fromEntries(
      (result.error?.issues ?? []).map((issue) => [issue.path.join("."), issue.message]),
    );
    expect(byField).toEqual({
      name: "Jméno musí obsahovat alespoň 2 znaky",
      email: "Neplatný e-mail",
      message: "Zpráva musí obsahovat alespoň 10 znaků",
      privacyConsent: "Musíte souhlasit se zpracováním údajů",
    });
  });

  it("trims the text it accepts", () => {
    const result = contactFormSchema.parse({ ...validContact, name: "  Jana  ", phone: " 777 " });
    expect(result.name).toBe("Jana");
    expect(result.phone).toBe("777");
  });
});

describe("both gift forms", () => {
  it.each([...nameCases, ...emailCases, ...giftOnlyCases, ...consentCases])(
    "$rule: $error",
    ({ change, error }) => {
      const values = { ...validGift, ...change };
      expect(firstMessage(giftFormSchema, values, fieldOf(change))).toBe(error);
      expect(giftFormSchema.safeParse(values).success).toBe(error === null);
    },
  );

  it("shows the specification's message for every required field left empty", () => {
    const result = giftFormSchema.safeParse({});
    const byField = Object.fromEntries(
      (result.error?.issues ?? []).map((issue) => [issue.path.join("."), issue.message]),
    );
    expect(byField).toEqual({
      name: "Jméno musí obsahovat alespoň 2 znaky",
      email: "Neplatný e-mail",
      privacyConsent: "Musíte souhlasit se zpracováním údajů",
    });
  });
});

describe("the limits", () => {
  it("are the specification's", () => {
    expect(limits).toEqual({
      nameMin: 2,
      nameMax: 100,
      emailMax: 255,
      phoneMax: 20,
      serviceTypeMax: 100,
      contactMessageMin: 10,
      messageMax: 1000,
      passwordMin: 6,
    });
  });

  it("keep every service value within the service type limit", () => {
    for (const service of Object.keys(serviceTypes)) {
      expect(service.length).toBeLessThanOrEqual(limits.serviceTypeMax);
    }
  });
});

describe("a sign-up's note (a booking, a place at an event)", () => {
  it("takes 1000 characters and names its own field when there are more", () => {
    const { note } = signUpPersonFields();
    expect(note.safeParse(text(limits.messageMax)).success).toBe(true);
    const refused = note.safeParse(text(limits.messageMax + 1));
    expect(refused.error?.issues.map(({ message }) => message)).toEqual([messages.noteTooLong]);
    expect(messages.noteTooLong).toBe("Poznámka může mít nejvýše 1000 znaků");
  });
});

describe("the notices", () => {
  it("are the specification's success notices", () => {
    expect(successMessages).toEqual({
      contact: "Děkujeme za Vaši zprávu! Brzy se ozveme.",
      gift_ritual: "Děkujeme! Odkaz na rituál Ti brzy pošleme na e-mail.",
      gift_fragrance: "Děkujeme! Návod na osobní vůni Ti brzy pošleme na e-mail.",
    });
  });
});

describe("form types", () => {
  it.each([
    ["contact", "contact"],
    ["gift_ritual", "gift_ritual"],
    ["gift_fragrance", "gift_fragrance"],
    ["kontakt", "contact"],
    ["darek_1", "gift_ritual"],
    ["darek_2", "gift_fragrance"],
    ["darek_3", null],
    ["toString", null],
    ["", null],
  ])("%s is read as %s", (sent, canonical) => {
    expect(toFormType(sent)).toBe(canonical);
  });

  it("are labelled as the administration page shows them", () => {
    expect(formTypeLabels).toEqual({
      contact: "Kontaktní formulář",
      gift_ritual: "Dárek - Rituál",
      gift_fragrance: "Dárek - Vůně",
    });
  });

  it("recognise what can name a choice of the contact form: an offer's id or „other“", () => {
    expect(isServiceType("workshop")).toBe(true);
    expect(isServiceType("kakaovy-ritual-pro-pary")).toBe(true);
    expect(isServiceType("other")).toBe(true);
    expect(isServiceType("Kakaový rituál")).toBe(false);
    expect(isServiceType("-workshop")).toBe(false);
    expect(isServiceType("a".repeat(61))).toBe(false);
    expect(isServiceType(undefined)).toBe(false);
  });
});

describe("the submission payload", () => {
  const contactPayload = { formType: "contact", ...validContact, website: "" };
  const giftPayload = { formType: "gift_ritual", ...validGift, website: "" };

  function issuesOf(payload: unknown) {
    const result = formSubmissionSchema.safeParse(payload);
    return result.success
      ? []
      : result.error.issues.map((issue) => [issue.path.join("."), issue.message]);
  }

  it.each([
    ["contact", contactPayload, "contact"],
    ["kontakt", contactPayload, "contact"],
    ["gift_ritual", giftPayload, "gift_ritual"],
    ["darek_1", giftPayload, "gift_ritual"],
    ["gift_fragrance", giftPayload, "gift_fragrance"],
    ["darek_2", giftPayload, "gift_fragrance"],
  ])("accepts the form type %s and reads it as %s", (formType, payload, canonical) => {
    const result = formSubmissionSchema.parse({ ...payload, formType });
    expect(result.formType).toBe(canonical);
  });

  it.each(["darek_3", "Contact", "", "toString", 1, null])(
    "refuses the form type %j",
    (formType) => {
      expect(issuesOf({ ...contactPayload, formType })).toEqual([
        ["formType", messages.formTypeInvalid],
      ]);
    },
  );

  it("refuses a payload without a form type", () => {
    const { formType: _, ...withoutType } = contactPayload;
    expect(issuesOf(withoutType)).toEqual([["formType", messages.formTypeInvalid]]);
  });

  it.each([null, "text", [], 42])("refuses a body that is not an object: %j", (body) => {
    expect(issuesOf(body)).toEqual([["", messages.payloadInvalid]]);
  });

  it("validates the contact variant like the contact form", () => {
    expect(
      issuesOf({ ...contactPayload, name: "J", message: text(9), privacyConsent: false }),
    ).toEqual([
      ["name", messages.nameTooShort],
      ["message", messages.messageTooShort],
      ["privacyConsent", messages.consentRequired],
    ]);
    expect(issuesOf({ ...contactPayload, phone: "1".repeat(21), serviceType: "masáž" })).toEqual([
      ["phone", messages.phoneTooLong],
      ["serviceType", messages.serviceTypeInvalid],
    ]);
  });

  it("validates the gift variants like the gift forms", () => {
    expect(issuesOf({ ...giftPayload, email: "jana@", message: text(1001) })).toEqual([
      ["email", messages.emailInvalid],
      ["message", messages.messageTooLong],
    ]);
    expect(issuesOf({ ...giftPayload, formType: "darek_2", message: undefined })).toEqual([]);
  });

  it("refuses a message shorter than 10 characters on the contact form only", () => {
    expect(issuesOf({ ...contactPayload, message: "Ahoj" })).toEqual([
      ["message", messages.messageTooShort],
    ]);
    expect(issuesOf({ ...giftPayload, message: "Ahoj" })).toEqual([]);
  });

  it.each([
    ["phone", { phone: "777 123 456" }],
    ["serviceType", { serviceType: "workshop" }],
    ["an empty phone", { phone: "" }],
  ])("refuses %s on a gift form", (_, extra) => {
    expect(issuesOf({ ...giftPayload, ...extra })).toEqual([["", messages.fieldNotAllowed]]);
  });

  it("refuses unknown fields", () => {
    expect(issuesOf({ ...contactPayload, isAdmin: true })).toEqual([
      ["", messages.fieldNotAllowed],
    ]);
  });

  it.each([
    ["name", 42, messages.nameTooShort],
    ["email", ["jana@example.cz"], messages.emailInvalid],
    ["phone", 777123456, messages.phoneInvalid],
    ["serviceType", true, messages.serviceTypeInvalid],
    ["message", { text: "Dobrý den, ráda bych…" }, messages.messageTooShort],
    ["privacyConsent", "yes", messages.consentRequired],
    ["privacyConsent", 1, messages.consentRequired],
  ])("refuses %s of the wrong type (%j)", (field, value, message) => {
    expect(issuesOf({ ...contactPayload, [field]: value })).toEqual([[field, message]]);
  });

  it("refuses a honeypot that is not text", () => {
    expect(issuesOf({ ...contactPayload, website: 1 })).toHaveLength(1);
  });

  it("accepts a payload without the honeypot field", () => {
    const { website: _, ...withoutHoneypot } = contactPayload;
    expect(issuesOf(withoutHoneypot)).toEqual([]);
  });

  it("gives trimmed text, and empty optional fields as undefined", () => {
    expect(
      formSubmissionSchema.parse({
        ...contactPayload,
        name: " Jana ",
        phone: " ",
        serviceType: "",
      }),
    ).toEqual({
      formType: "contact",
      name: "Jana",
      email: "jana@example.cz",
      message: "Dobrý den, ráda bych se objednala.",
      privacyConsent: true,
      website: "",
    });
    expect(formSubmissionSchema.parse({ ...giftPayload, message: "  " }).message).toBeUndefined();
    expect(
      formSubmissionSchema.parse({
        ...contactPayload,
        phone: "+420 777 123 456",
        serviceType: "course",
      }),
    ).toMatchObject({ phone: "+420 777 123 456", serviceType: "course" });
  });

  it("tells a bot's submission by the filled-in honeypot", () => {
    expect(isHoneypotFilled(formSubmissionSchema.parse(contactPayload))).toBe(false);
    expect(
      isHoneypotFilled(formSubmissionSchema.parse({ ...contactPayload, website: "http://spam" })),
    ).toBe(true);
  });
});
