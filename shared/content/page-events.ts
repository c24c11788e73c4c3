/**
 * The events pages' texts (/akce and every event's page), in the pages' order, with her first
 * texts as their defaults. The events themselves (title, description, date, place, price, free
 * places) are hers in „Akce“; the sign-up form's labels and messages stay in the code, as the
 * other forms' do (decision 0029).
 */
import { contentLimits } from "./content-schemas";
import {
  commonFields,
  type SectionSpec,
  type SectionsValue,
  sectionsForm,
  sectionsSchema,
} from "./page-fields";

const { eyebrow, heading, intro } = commonFields;

const eventsSpec = {
  list: {
    title: "Stránka Akce",
    intro:
      "Nadpis a úvod nad seznamem nadcházejících akcí a místo nich nadpis a text pro chvíli, kdy žádnou akci vypsanou nemáte.",
    fields: {
      eyebrow,
      heading,
      intro,
      emptyHeading: {
        kind: "line" as const,
        label: "Nadpis, když nemáte vypsanou žádnou akci",
        hint: "Když nemáte vypsanou žádnou nadcházející akci, ukáže se nahoře na stránce místo nadpisu výše.",
        fillIn: "nadpis pro případ, že nemáte vypsanou žádnou akci",
      },
      emptyText: {
        kind: "paragraph" as const,
        label: "Text, když nemáte vypsanou žádnou akci",
        hint: "Ukáže se pod ním místo úvodního odstavce. Pod textem je tlačítko „Napsat zprávu“ do kontaktního formuláře.",
        fillIn: "text pro případ, že nemáte vypsanou žádnou akci",
      },
    },
  },
  event: {
    title: "Stránka každé akce",
    intro:
      "Texty, které jsou stejné na stránce každé akce. Název, popis, termín, místo a cenu upravíte u jednotlivých akcí.",
    fields: {
      eyebrow,
      signupHeading: {
        kind: "line" as const,
        label: "Nadpis přihlášky",
        fillIn: "nadpis přihlášky",
        max: contentLimits.label,
      },
    },
  },
} satisfies Record<string, SectionSpec>;

export const eventsPageSchema = sectionsSchema(eventsSpec);
export const eventsPageForm = sectionsForm(eventsSpec);
export type EventsPage = SectionsValue<typeof eventsSpec>;

export const eventsPageSeed: EventsPage = {
  list: {
    eyebrow: "Živá setkání",
    heading: "Akce, na které se můžete přihlásit",
    intro:
      "Setkáváme se v malém kruhu: sdílíme, tvoříme s bylinami a dopřáváme si chvíli ticha. Vyberte si termín, který vám sedí – místo vám podržím, jakmile se přihlásíte.",
    emptyHeading: "Teď nemám vypsanou žádnou akci",
    emptyText:
      "Nové termíny sem přidávám, jakmile je naplánuji. Pokud chcete vědět o dalším setkání, napište mi – ráda vám dám vědět.",
  },
  event: {
    eyebrow: "Živé setkání",
    signupHeading: "Přihláška",
  },
};
