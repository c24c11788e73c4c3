/**
 * The blog page's opening (/blog) with today's texts as its defaults; the articles are their own.
 */
import {
  commonFields,
  type SectionSpec,
  type SectionsValue,
  sectionsForm,
  sectionsSchema,
} from "./page-fields";

const blogSpec = {
  intro: {
    title: "Úvod stránky",
    intro: "Nad seznamem všech článků.",
    fields: {
      eyebrow: commonFields.eyebrow,
      heading: commonFields.heading,
      intro: commonFields.intro,
    },
  },
} satisfies Record<string, SectionSpec>;

export const blogPageSchema = sectionsSchema(blogSpec);
export const blogPageForm = sectionsForm(blogSpec);
export type BlogPage = SectionsValue<typeof blogSpec>;

export const blogPageSeed: BlogPage = {
  intro: {
    eyebrow: "Blog",
    heading: "Čtení pro klidné chvíle",
    intro:
      "Píšu o rituálech, bylinách a péči o sebe – o malých věcech, které se vejdou do obyčejného dne. Uvařte si čaj a vyberte si, co vás zrovna láká.",
  },
};
