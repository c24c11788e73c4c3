/**
 * The booking page's texts (/rezervace), in the page's order, with her first texts as their
 * defaults. The offers themselves (name, length, price, place) come from her offers; the
 * form's labels and messages stay in the code, as the other forms' do (decision 0029).
 */
import { contentLimits } from "./content-schemas";
import {
  commonFields,
  type FieldSpec,
  type SectionSpec,
  type SectionsValue,
  sectionsForm,
  sectionsSchema,
} from "./page-fields";

const { eyebrow, heading, intro } = commonFields;

/** A heading of one step of the booking. */
function stepHeading(where: string) {
  return {
    kind: "line",
    label: `Nadpis: ${where}`,
    fillIn: `nadpis (${where})`,
    max: contentLimits.label,
  } as const satisfies FieldSpec;
}

const bookingSpec = {
  intro: {
    title: "Úvod stránky",
    intro: "Nad výběrem toho, co si návštěvnice rezervuje.",
    fields: { eyebrow, heading, intro },
  },
  steps: {
    title: "Kroky rezervace",
    intro: "Nadpisy tří kroků: co, kdy a kontakt, a co stránka řekne, když není volno.",
    fields: {
      offersHeading: stepHeading("výběr nabídky"),
      timesHeading: stepHeading("volné časy"),
      timesHint: {
        kind: "paragraph" as const,
        label: "Text nad volnými časy",
        hint: "Časy se ukazují po dnech, vždy aktuální podle vašich hodin a rezervací.",
        fillIn: "text nad volnými časy",
      },
      empty: {
        kind: "paragraph" as const,
        label: "Když není žádný volný termín",
        hint: "Ukáže se místo časů, když v nejbližších týdnech nic volného nemáte. Pod ním je tlačítko „Napsat zprávu“ do kontaktního formuláře.",
        fillIn: "text pro případ, že není volný termín",
      },
      detailsHeading: stepHeading("kontaktní údaje"),
    },
  },
  done: {
    title: "Po rezervaci",
    intro: "Co návštěvnice uvidí, když rezervaci odešle. Datum a čas doplní web sám.",
    fields: {
      pendingHeading: stepHeading("čeká na potvrzení"),
      confirmedHeading: stepHeading("potvrzeno"),
      mailNote: {
        kind: "paragraph" as const,
        label: "Text o e-mailu",
        hint: "Pod nadpisem: co jí přijde e-mailem.",
        fillIn: "text o e-mailu",
      },
    },
  },
} satisfies Record<string, SectionSpec>;

export const bookingPageSchema = sectionsSchema(bookingSpec);
export const bookingPageForm = sectionsForm(bookingSpec);
export type BookingPage = SectionsValue<typeof bookingSpec>;

export const bookingPageSeed: BookingPage = {
  intro: {
    eyebrow: "Rezervace",
    heading: "Vyberte si čas, který je jen pro vás",
    intro:
      "Tady si můžete setkání rezervovat přímo. Vyberte, o co máte zájem, pak den a čas, který vám vyhovuje, a napište mi, jak vás zastihnu. Rezervaci vám potvrdím e-mailem.",
  },
  steps: {
    offersHeading: "Co si chcete rezervovat",
    timesHeading: "Vyberte si den a čas",
    timesHint: "Ukazuji jen časy, které mám opravdu volné.",
    empty:
      "Teď bohužel nemám žádné volné termíny. Napište mi prosím přes kontaktní formulář a domluvíme se.",
    detailsHeading: "Vaše údaje",
  },
  done: {
    pendingHeading: "Rezervace čeká na potvrzení",
    confirmedHeading: "Rezervace je potvrzená",
    mailNote:
      "Poslala jsem vám e-mail se souborem do kalendáře a s odkazem, kterým můžete rezervaci zrušit.",
  },
};
