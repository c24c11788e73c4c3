/**
 * The texts of a page described once, field by field: what the editor calls
 * each field and what kind of text it is. The item's zod schema (its limits
 * and Czech messages, checked by the editor and again by the API) and the
 * editor's form (`web/components/admin/content-section-form.tsx`) are both
 * made from that description, so a page needs no hand-written form.
 */
import * as z from "zod/mini";
import { contactAbout, homeAnchors, homeSection, paths } from "#shared/routes";
import { contentLimits, contentMessages, text } from "./content-schemas";

/** Fields most sections have, described once. */
export const commonFields = {
  eyebrow: {
    kind: "line",
    label: "Text nad nadpisem",
    fillIn: "text nad nadpisem",
    max: contentLimits.label,
  },
  heading: { kind: "line", label: "Nadpis", fillIn: "nadpis" },
  intro: { kind: "paragraph", label: "Úvodní odstavec", fillIn: "úvodní odstavec" },
  paragraphs: {
    kind: "paragraphs",
    label: "Odstavce",
    hint: "Mezi dva odstavce dejte prázdný řádek.",
    fillIn: "aspoň jeden odstavec",
  },
  quote: {
    kind: "paragraph",
    label: "Citát",
    hint: "Bez uvozovek, web je doplní sám.",
    fillIn: "citát",
    max: contentLimits.quote,
  },
} as const;

/** An invitation at the end of a page: its heading and its paragraph (there, no „úvodní“ one). */
export const closingFields = {
  heading: commonFields.heading,
  intro: { ...commonFields.intro, label: "Odstavec", fillIn: "odstavec" },
} as const;

/** The kinds of text a field holds, and how the form edits each. */
export type FieldKind =
  /** One line: a heading, a label above it, a button's text. */
  | "line"
  /** One paragraph, without line breaks (a new paragraph is a field of kind „paragraphs“). */
  | "paragraph"
  /** Several paragraphs, one after another: in the form, an empty line between two. */
  | "paragraphs"
  /** A list of short points: in the form, one a line. */
  | "points"
  /** Common questions, each with its answer. */
  | "faq"
  /** A button: its text and the page it leads to. */
  | "action";

export type FieldSpec = {
  kind: FieldKind;
  /** The field's name in the form („Nadpis“). */
  label: string;
  /** What the form says under the label: where the text shows, how it is written. */
  hint?: string;
  /** The field in „Vyplňte prosím …“ (accusative, lowercase): „nadpis“. */
  fillIn: string;
  /** The field in „… může mít nejvýše N znaků“; by default the label. */
  name?: string;
  /** The most characters (of each paragraph, point, question or answer). */
  max?: number;
  /** May be left empty (nothing shows on the page then). */
  optional?: boolean;
};

/** A section of a page as the form shows it: its title, then its fields in the page's order. */
export type SectionSpec = {
  title: string;
  /** What the section is on the page, for her to find it. */
  intro?: string;
  fields: Record<string, FieldSpec>;
};

export const pageLimits = {
  paragraphs: 8,
  points: 12,
  questions: 12,
  question: 200,
  answer: 1200,
} as const;

export const pageMessages = {
  tooManyParagraphs: (name: string) =>
    `${name} může mít nejvýše ${pageLimits.paragraphs} odstavců.`,
  tooManyPoints: (name: string) => `${name} může mít nejvýše ${pageLimits.points} bodů.`,
  emptyPoint: (name: string, max: number) =>
    `${name}: žádný bod nesmí být prázdný a každý může mít nejvýše ${max} znaků.`,
  tooManyQuestions: `Otázek může být nejvýše ${pageLimits.questions}.`,
  target: "Vyberte z nabídky, kam tlačítko vede.",
} as const;

/**
 * Where a button on her pages may lead: the site's own pages and sections, chosen from a
 * list (a typed address could be mistyped, or lead off the site).
 */
export const actionTargets = {
  [contactAbout("consultation")]: "Kontaktní formulář: harmonizační setkání",
  [contactAbout("products")]: "Kontaktní formulář: dary přírody",
  [contactAbout("course")]: "Kontaktní formulář: online kurzy",
  [contactAbout("workshop")]: "Kontaktní formulář: živá setkání",
  [homeSection(homeAnchors.contact)]: "Kontaktní formulář",
  [homeSection(homeAnchors.services)]: "Nabídka na domovské stránce",
  [paths.harmonisation]: "Stránka Harmonizační setkání",
  [paths.about]: "Stránka O mně",
  [paths.gift]: "Stránka s dárkem zdarma",
  [paths.blog]: "Blog",
  [paths.home]: "Domovská stránka",
} as Record<string, string>;

export type Action = { label: string; target: string };
export type FaqItem = { question: string; answer: string };

/** What a field of each kind holds. */
type FieldValue<K extends FieldKind> = K extends "line" | "paragraph"
  ? string
  : K extends "paragraphs" | "points"
    ? string[]
    : K extends "faq"
      ? FaqItem[]
      : Action;

export type FieldsValue<F extends Record<string, FieldSpec>> = {
  [N in keyof F]: FieldValue<F[N]["kind"]>;
};

export type SectionsValue<S extends Record<string, SectionSpec>> = {
  [N in keyof S]: FieldsValue<S[N]["fields"]>;
};

const defaultMax: Record<FieldKind, number> = {
  line: contentLimits.heading,
  paragraph: contentLimits.paragraph,
  paragraphs: contentLimits.paragraph,
  points: contentLimits.offerPoint,
  faq: pageLimits.answer,
  action: contentLimits.label,
};

/** The longest a field's text may be (of each of its parts). */
export function maxOf(field: FieldSpec): number {
  return field.max ?? defaultMax[field.kind];
}

const characterCount = (value: string) => Array.from(value).length;

/** A list of texts, each checked as one `what`, at most `most` of them. */
function textList(
  item: z.ZodMiniType<string>,
  most: number,
  tooMany: string,
  { optional = false, fillIn }: { optional?: boolean; fillIn: string },
) {
  return z.array(item, contentMessages.fillIn(fillIn)).check(
    z.refine((items) => optional || items.length > 0, contentMessages.fillIn(fillIn)),
    z.maxLength(most, tooMany),
  );
}

/** One field's schema, from its description. */
export function fieldSchema(field: FieldSpec): z.ZodMiniType {
  const name = field.name ?? field.label;
  const max = maxOf(field);
  const described = { fillIn: field.fillIn, name };
  switch (field.kind) {
    case "line":
      return text(described, max, { optional: field.optional });
    case "paragraph":
      return text(described, max, { optional: field.optional });
    case "paragraphs":
      return textList(
        text({ fillIn: field.fillIn, name: "Odstavec" }, max),
        pageLimits.paragraphs,
        pageMessages.tooManyParagraphs(name),
        { optional: field.optional, fillIn: field.fillIn },
      );
    case "points": {
      const message = pageMessages.emptyPoint(name, max);
      const point = z.string(message).check(
        z.trim(),
        z.refine((value) => value.length > 0 && characterCount(value) <= max, message),
        z.refine((value) => !/[\p{Cc}\p{Cf}\u2028\u2029]/u.test(value), message),
      );
      return textList(point, pageLimits.points, pageMessages.tooManyPoints(name), {
        optional: field.optional,
        fillIn: field.fillIn,
      });
    }
    case "faq":
      return z
        .array(
          z.strictObject({
            question: text({ fillIn: "otázku", name: "Otázka" }, pageLimits.question),
            answer: text({ fillIn: "odpověď", name: "Odpověď" }, max),
          }),
          contentMessages.fillIn(field.fillIn),
        )
        .check(
          z.refine(
            (items) => field.optional || items.length > 0,
            contentMessages.fillIn(field.fillIn),
          ),
          z.maxLength(pageLimits.questions, pageMessages.tooManyQuestions),
        );
    case "action":
      return z.strictObject({
        label: text({ fillIn: "text tlačítka", name: "Text tlačítka" }, max),
        target: z
          .string(pageMessages.target)
          .check(z.refine((target) => Object.hasOwn(actionTargets, target), pageMessages.target)),
      });
  }
}

/** The schema of a set of fields: an object with exactly those fields. */
export function fieldsSchema<F extends Record<string, FieldSpec>>(
  fields: F,
): z.ZodMiniType<FieldsValue<F>> {
  return z.strictObject(
    Object.fromEntries(Object.entries(fields).map(([name, field]) => [name, fieldSchema(field)])),
  ) as unknown as z.ZodMiniType<FieldsValue<F>>;
}

/** The schema of a page's sections: an object of sections, each with exactly its fields. */
export function sectionsSchema<S extends Record<string, SectionSpec>>(
  sections: S,
): z.ZodMiniType<SectionsValue<S>> {
  return z.strictObject(
    Object.fromEntries(
      Object.entries(sections).map(([name, section]) => [name, fieldsSchema(section.fields)]),
    ),
  ) as unknown as z.ZodMiniType<SectionsValue<S>>;
}

/**
 * What the editor's form is made from: the sections in the page's order; a section whose `key`
 * is null holds its fields at the top of the item's data (the home page's first screen).
 */
export type FormSpec = {
  sections: {
    key: string | null;
    title?: string;
    intro?: string;
    fields: Record<string, FieldSpec>;
  }[];
};

/** The form of an item whose fields are its data's top level. */
export function flatForm(fields: Record<string, FieldSpec>): FormSpec {
  return { sections: [{ key: null, fields }] };
}

/** The form of an item made of sections. */
export function sectionsForm(sections: Record<string, SectionSpec>): FormSpec {
  return {
    sections: Object.entries(sections).map(([key, section]) => ({ key, ...section })),
  };
}
