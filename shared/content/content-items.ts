/**
 * Every item of her content the administration edits: its schema, what the
 * editor calls it, and the public pages it appears on (a publish re-renders
 * exactly those). Adding an item: its schema in `content-schemas.ts`, its
 * defaults in `content-seed.ts`, a line here.
 */
import type * as z from "zod/mini";
import { paths, scentGuidePdfKey } from "#shared/routes";
import { offersSchema } from "./content-schemas";
import { newsletterContentSchema } from "./newsletter-content";
import { operatorSchema } from "./operator-content";
import { aboutPageSchema } from "./page-about";
import { blogPageSchema } from "./page-blog";
import { bookingPageSchema } from "./page-booking";
import { eventsPageSchema } from "./page-events";
import { harmonisationPageSchema } from "./page-harmonisation";
import { homeHeroSchema, homeSectionsSchema } from "./page-home";
import { photoSlotPaths, photoSlotsSchema } from "./photo-slots";
import { reviewsSchema } from "./review-content";
import { scentGuideSchema } from "./scent-guide-schema";

/**
 * In an item's `paths`: every page the store holds (each listed page, the client-only screens'
 * shells, the not-found pages), for what the root layout shows on all of them.
 */
export const everyPage = "*";

/**
 * In an item's `paths`: every page the store holds under `path` (her events' pages, upcoming,
 * past and cancelled alike), for texts that each of them shows.
 */
export function everyPageUnder(path: string): `${string}/*` {
  return `${path}/*`;
}

export const contentItems = {
  "home-hero": {
    label: "Úvod domovské stránky",
    description: "Nadpis, úvodní odstavec, citát a tlačítka první obrazovky webu.",
    schema: homeHeroSchema,
    paths: [paths.home],
  },
  offers: {
    label: "Nabídka",
    description: "Vaše služby: název, popis, délka, cena, místo a zda se na webu ukazují.",
    schema: offersSchema,
    // The home page's cards, the harmonisation page's price, the booking page's choice.
    paths: [paths.home, paths.harmonisation, paths.booking],
  },
  "scent-guide": {
    label: "Průvodce osobní vůní",
    description:
      "Dárek k formuláři „Návod na osobní vůni“: text průvodce, oleje, tabulka ředění a recepty.",
    schema: scentGuideSchema,
    // No public page: she reads it on her personal gift page (per request); its PDF is stored.
    paths: [scentGuidePdfKey],
  },
  reviews: {
    label: "Recenze",
    description:
      "Slova vašich klientek: kdo je napsal, kdy a o čem, souhlas autorek a zda se recenze ukazují.",
    schema: reviewsSchema,
    paths: [paths.home],
  },
  operator: {
    label: "Údaje o provozovateli",
    description:
      "Vaše jméno, e-mail, telefon, sociální síť, IČO, sídlo a právní forma, jak je web uvádí.",
    schema: operatorSchema,
    // Every page's footer (the root loader), the privacy notice, the home page's contact section
    // and structured data; e-mails read them when they are sent (docs/decisions/0036).
    paths: [paths.home, paths.privacy, everyPage],
  },
  "home-sections": {
    label: "Domovská stránka",
    description:
      "Nadpisy a texty částí pod úvodem: Na úvod, Nabízím, Blog, Kontakt a časté otázky.",
    schema: homeSectionsSchema,
    paths: [paths.home],
  },
  "harmonisation-page": {
    label: "Harmonizační setkání",
    description:
      "Texty stránky o harmonizačním setkání: příběh, průběh ve třech částech a praktické informace.",
    schema: harmonisationPageSchema,
    paths: [paths.harmonisation],
  },
  "about-page": {
    label: "O mně",
    description: "Texty stránky O mně: váš příběh, jak pracujete a vaše tvorba.",
    schema: aboutPageSchema,
    paths: [paths.about],
  },
  "blog-page": {
    label: "Blog",
    description: "Nadpis a úvod stránky se všemi články.",
    schema: blogPageSchema,
    paths: [paths.blog],
  },
  "booking-page": {
    label: "Rezervace",
    description:
      "Texty stránky s rezervací: úvod, nadpisy kroků, text bez volných termínů a poděkování.",
    schema: bookingPageSchema,
    paths: [paths.booking],
  },
  "events-page": {
    label: "Akce",
    description:
      "Texty stránky Akce a stránek jednotlivých akcí: úvod, text bez vypsaných akcí a nadpis přihlášky.",
    schema: eventsPageSchema,
    paths: [paths.events, everyPageUnder(paths.events)],
  },
  photos: {
    label: "Fotky",
    description: "Vaše fotky: nahrajte je z telefonu a vyberte, kde na webu budou.",
    schema: photoSlotsSchema,
    paths: photoSlotPaths,
  },
  newsletter: {
    label: "Novinky e-mailem",
    description: "Co posíláte a jak často: věta u přihlášení k odběru na dárcích a na blogu.",
    schema: newsletterContentSchema,
    // The box on both gift forms, the small form on the blog.
    paths: [paths.gift, paths.blog],
  },
} as const;

export type ContentKey = keyof typeof contentItems;
export const contentKeys = Object.keys(contentItems) as ContentKey[];
export type ContentData<K extends ContentKey> = z.output<(typeof contentItems)[K]["schema"]>;

export function isContentKey(value: string): value is ContentKey {
  return Object.hasOwn(contentItems, value);
}

/**
 * What a page reads its content through: the published content (the page
 * renderer passes one in React Router's load context), a preview's drafts, or
 * the defaults when nothing is passed (the build's pre-rendering).
 */
export type ContentReader = {
  read<K extends ContentKey>(key: K): Promise<ContentData<K>>;
};
