/**
 * What she says about her newsletter where people subscribe: one line of what she sends and how
 * often (beside the box on both gift forms and in the blog's small form, and kept with each
 * consent as its proof), and the blog form's heading. The box's own words („Chci dostávat
 * novinky e-mailem“) stay in the code (shared/newsletter.ts).
 */
import { type FieldSpec, fieldsSchema, flatForm } from "./page-fields";

const newsletterFields = {
  offer: {
    kind: "paragraph",
    label: "Co posíláte a jak často",
    hint: "Jedna nebo dvě věty pod zaškrtávacím polem u dárků a u přihlášení na blogu. Nepište v nich „ty“ ani „vy“: čtou je lidé z obou stránek. Každý souhlas si je uloží, jak zněly.",
    fillIn: "co posíláte a jak často",
    max: 300,
  },
  blogHeading: {
    kind: "line",
    label: "Nadpis přihlášení na blogu",
    hint: "Nad malým formulářem pod seznamem článků.",
    fillIn: "nadpis přihlášení na blogu",
    max: 80,
  },
} as const satisfies Record<string, FieldSpec>;

export const newsletterContentSchema = fieldsSchema(newsletterFields);
export const newsletterContentForm = flatForm(newsletterFields);
export type NewsletterContent = { offer: string; blogHeading: string };

export const newsletterContentSeed: NewsletterContent = {
  offer:
    "Píšu zhruba jednou za měsíc – o rituálech, bylinách, péči o sebe a o setkáních, která chystám. Odhlásit se dá kdykoli jedním kliknutím.",
  blogHeading: "Novinky e-mailem",
};
