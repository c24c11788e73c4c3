/**
 * A fresh install's content: the texts the site showed before she could edit
 * them (the specification's quoted texts verbatim). The one place of the
 * defaults: the database is seeded from it, and a page rendered without a
 * database (the build) reads it.
 */
import { serviceTypes } from "#shared/form-schemas";
import type { ContentData, ContentKey } from "./content-items";
import { newsletterContentSeed } from "./newsletter-content";
import { operatorSeed } from "./operator-content";
import { aboutPageSeed } from "./page-about";
import { blogPageSeed } from "./page-blog";
import { bookingPageSeed } from "./page-booking";
import { eventsPageSeed } from "./page-events";
import { harmonisationPageSeed } from "./page-harmonisation";
import { homeHeroSeed, homeSectionsSeed } from "./page-home";
import { photoSlotsSeed } from "./photo-slots";
import { reviewsSeed } from "./review-content";
import { scentGuideSeed } from "./scent-guide-seed";

export const contentSeed: { [K in ContentKey]: ContentData<K> } = {
  "home-hero": homeHeroSeed,
  offers: {
    offers: [
      {
        id: "products",
        name: "Dary přírody",
        formLabel: serviceTypes.products,
        summary:
          "Oleje, vykuřovadla a další dary z rostlin, které sbírám s úctou v rytmu ročních období. Každý kousek vyrábím ručně, pomalu a s láskou.",
        description: "",
        points: ["Květinové a bylinné oleje", "Bylinná vykuřovadla", "Květiny", "Dekorace"],
        status: "",
        durationMinutes: null,
        priceCzk: null,
        places: ["jinacovice", "brno"],
        bookable: false,
        shown: true,
      },
      {
        id: "consultation",
        name: "Harmonizační setkání",
        formLabel: serviceTypes.consultation,
        summary: "Čas jen pro vás, kdy se tělo i mysl mohou úplně uvolnit. Setkání má tři části:",
        description:
          "Setkání, při kterém se tělo uvolní, mysl ztiší a vy se znovu spojíte se sebou. Šálek kakaa, zvuk nebo dotek a vlastní vůně, kterou si odnesete domů.",
        points: [
          "Kakaový rituál na otevření srdce",
          "Individuální část: zvuková lázeň, vědomý dotek, intuitivní masáž nebo řízená meditace",
          "Tvorba vaší osobní vůně",
        ],
        status: "",
        // „Přibližně 3 hodiny“ (the harmonisation page).
        durationMinutes: 180,
        priceCzk: null,
        places: ["jinacovice", "brno"],
        bookable: true,
        shown: true,
      },
      {
        id: "course",
        name: "Online kurzy",
        formLabel: serviceTypes.course,
        summary:
          "Rituály na každý den, práce s bylinami a péče o sebe – v klidu domova a vlastním tempem. Napište mi a dám vám vědět jako první, až budou kurzy hotové.",
        description: "",
        points: ["Denní rituály", "Byliny v kuchyni i lékárničce", "Péče o sebe krok za krokem"],
        status: "V přípravě...",
        durationMinutes: null,
        priceCzk: null,
        places: ["online"],
        bookable: false,
        shown: true,
      },
      {
        id: "workshop",
        name: "Živá setkání",
        formLabel: serviceTypes.workshop,
        summary:
          "Workshopy a kruhy pro ženy: společné tvoření, sdílení a čas v přírodě. Prostor mezi ženami, které vám rozumějí a před kterými nemusíte nic předstírat.",
        description: "",
        points: ["Sezónní kruhy žen", "Tvořivé workshopy s bylinami", "Rituály pod širým nebem"],
        status: "",
        durationMinutes: null,
        priceCzk: null,
        places: ["jinacovice", "brno"],
        bookable: false,
        shown: true,
      },
    ],
    retired: [],
  },
  // Large: in a file of its own.
  "scent-guide": scentGuideSeed,
  reviews: reviewsSeed,
  operator: operatorSeed,
  "home-sections": homeSectionsSeed,
  "harmonisation-page": harmonisationPageSeed,
  "about-page": aboutPageSeed,
  "blog-page": blogPageSeed,
  "booking-page": bookingPageSeed,
  "events-page": eventsPageSeed,
  photos: photoSlotsSeed,
  newsletter: newsletterContentSeed,
};

/** A reader of the defaults: what the build renders, and any page with no reader of its own. */
export const seedContentReader = {
  read: async <K extends ContentKey>(key: K) => contentSeed[key],
};
