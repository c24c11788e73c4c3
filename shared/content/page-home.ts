/**
 * The home page's texts: its first screen (`home-hero`) and the sections
 * below it (`home-sections`), described field by field, with today's texts
 * as their defaults. Her offers and the reviews are items of their own.
 */
import { paths } from "#shared/routes";
import { firstNameOf, operatorDefaults } from "#shared/site";
import { contentLimits } from "./content-schemas";
import {
  commonFields,
  type FieldSpec,
  type FieldsValue,
  fieldsSchema,
  flatForm,
  type SectionSpec,
  type SectionsValue,
  sectionsForm,
  sectionsSchema,
} from "./page-fields";

/** The first screen, in the page's order (its stored data and messages predate this description). */
const homeHeroFields = {
  eyebrow: commonFields.eyebrow,
  heading: commonFields.heading,
  headingAccent: {
    kind: "line",
    label: "Zvýrazněná část nadpisu",
    hint: "Navazuje na nadpis, zelenou kurzívou.",
    fillIn: "zvýrazněnou část nadpisu",
  },
  lead: commonFields.intro,
  quote: commonFields.quote,
  quoteAuthor: {
    kind: "line",
    label: "Autor citátu",
    fillIn: "autora citátu",
    max: contentLimits.label,
  },
  giftButton: {
    kind: "line",
    label: "Tlačítko k dárku",
    hint: "Vede na stránku s dárkem zdarma.",
    fillIn: "text prvního tlačítka",
    name: "Text prvního tlačítka",
    max: contentLimits.label,
  },
  servicesButton: {
    kind: "line",
    label: "Tlačítko ke službám",
    hint: "Vede níž na stránce, k nabídce.",
    fillIn: "text druhého tlačítka",
    name: "Text druhého tlačítka",
    max: contentLimits.label,
  },
} satisfies Record<string, FieldSpec>;

export const homeHeroSchema = fieldsSchema(homeHeroFields);
export const homeHeroForm = flatForm(homeHeroFields);
export type HomeHero = FieldsValue<typeof homeHeroFields>;

export const homeHeroSeed: HomeHero = {
  eyebrow: "V rytmu přírody",
  heading: "Vraťte se k sobě",
  headingAccent: "s péčí Matky Země",
  lead: "Harmonizační setkání, ručně vyráběné dary přírody a živá setkání pro ženy. Místo, kde můžete zpomalit, nadechnout se a znovu zaslechnout, co potřebuje vaše tělo i duše.",
  quote: "Příroda nikam nespěchá, a přesto je všechno vykonáno.",
  quoteAuthor: "Lao-c’",
  giftButton: "Získat dárek zdarma",
  servicesButton: "Více o službách",
};

const { eyebrow, heading, intro, paragraphs, quote } = commonFields;

/**
 * The sections below the first screen, in the page's order. Button texts the specification
 * quotes („Objednat konzultaci“, „Zjistit více“), the section labels of the menu and the
 * facts of `shared/site.ts` stay in the code.
 */
const homeSectionsSpec = {
  firstScreen: {
    title: "První obrazovka: štítek u obrázku",
    intro: "Krátká věta na lístku u obrázku; zve k dárku zdarma.",
    fields: {
      giftTeaser: {
        kind: "line",
        label: "Text štítku",
        fillIn: "text štítku",
        max: contentLimits.label,
      },
    },
  },
  welcome: {
    title: "Na úvod",
    intro: "Vaše představení vedle citátu.",
    fields: {
      eyebrow,
      heading,
      paragraphs,
      signature: { kind: "line", label: "Podpis", fillIn: "podpis", max: contentLimits.label },
      storyLink: {
        kind: "action",
        label: "Odkaz pod podpisem",
        fillIn: "odkaz pod podpisem",
        max: contentLimits.label,
      },
      quote,
    },
  },
  services: {
    title: "Nabízím",
    intro: "Nadpis a úvod nad kartami nabídky, pak tři věci, které vaši práci provázejí.",
    fields: {
      heading,
      intro,
      benefitsHeading: {
        kind: "line",
        label: "Nadpis pod kartami",
        fillIn: "nadpis pod kartami",
      },
      firstBenefitTitle: { kind: "line", label: "První bod: název", fillIn: "název prvního bodu" },
      firstBenefitText: {
        kind: "paragraph",
        label: "První bod: text",
        fillIn: "text prvního bodu",
      },
      secondBenefitTitle: { kind: "line", label: "Druhý bod: název", fillIn: "název druhého bodu" },
      secondBenefitText: {
        kind: "paragraph",
        label: "Druhý bod: text",
        fillIn: "text druhého bodu",
      },
      thirdBenefitTitle: { kind: "line", label: "Třetí bod: název", fillIn: "název třetího bodu" },
      thirdBenefitText: {
        kind: "paragraph",
        label: "Třetí bod: text",
        fillIn: "text třetího bodu",
      },
      closing: {
        kind: "paragraph",
        label: "Věta nad tlačítkem „Objednat konzultaci“",
        fillIn: "větu nad tlačítkem",
      },
    },
  },
  blog: {
    title: "Blog",
    intro: "Nad třemi nejnovějšími články.",
    fields: {
      heading,
      intro,
      allArticles: {
        kind: "line",
        label: "Odkaz na všechny články",
        fillIn: "text odkazu",
        max: contentLimits.label,
      },
    },
  },
  contact: {
    title: "Kontakt",
    intro: "Nad formulářem, u kontaktů a časté otázky pod nimi.",
    fields: {
      heading,
      intro,
      detailsHeading: { kind: "line", label: "Nadpis u kontaktů", fillIn: "nadpis u kontaktů" },
      faqHeading: { kind: "line", label: "Nadpis častých otázek", fillIn: "nadpis častých otázek" },
      faq: { kind: "faq", label: "Časté otázky", fillIn: "aspoň jednu otázku" },
    },
  },
} satisfies Record<string, SectionSpec>;

export const homeSectionsSchema = sectionsSchema(homeSectionsSpec);
export const homeSectionsForm = sectionsForm(homeSectionsSpec);
export type HomeSections = SectionsValue<typeof homeSectionsSpec>;

export const homeSectionsSeed: HomeSections = {
  firstScreen: { giftTeaser: "Každý den jedna minuta jen pro vás" },
  welcome: {
    eyebrow: "Na úvod",
    heading: "Tady smíte zpomalit a na nic si nehrát",
    paragraphs: [
      // Her name as `shared/site.ts` gives it today; from her first edit it is her own text.
      `Jmenuji se ${operatorDefaults.ownerName} a příroda je moje největší učitelka. Bylinky jsem poprvé sbírala s babičkou a dodnes mě nic nezklidní tak jako chvíle, kdy stojím bosá v ranní trávě.`,
      "I já jsem kdysi žila ve spěchu a únavě. Pomohlo mi zpomalit a vrátit se k tělu, k rostlinám a k jednoduchým rituálům. Z této cesty se zrodilo všechno, co dnes nabízím: harmonizační setkání, ručně vyráběné oleje a vykuřovadla i živá setkání v kruhu žen.",
      "Nejsem tu proto, abych vás opravovala. Jsem tu, abych vám připravila bezpečný a laskavý prostor, kde si můžete oddechnout a vzpomenout si, že všechno, co potřebujete, už v sobě nosíte.",
    ],
    signature: `S láskou ${firstNameOf(operatorDefaults.ownerName)}`,
    storyLink: { label: "Přečtěte si můj příběh", target: paths.about },
    quote: "Když zpomalíme natolik, že zaslechneme vítr v korunách stromů, uslyšíme znovu i sebe.",
  },
  services: {
    heading: "Cesty k harmonii těla i duše",
    intro:
      "Vyberte si, co je vám právě nejblíž. Ke všemu přistupuji s úctou k přírodě i k vám – pomalu, s citem a bez spěchu.",
    benefitsHeading: "Co mou práci provází",
    firstBenefitTitle: "Síla Matky Země",
    firstBenefitText:
      "Pracuji s tím, co dává příroda: s bylinami, květy, kakaem, zvukem a dotekem. Bez chemie a bez spěchu, v rytmu ročních období.",
    secondBenefitTitle: "Celostní přístup",
    secondBenefitText:
      "Tělo, mysl i duše k sobě patří. Nedívám se jen na jednu potíž, ale na celého člověka a na to, co právě prožíváte.",
    thirdBenefitTitle: "Individuální přístup",
    thirdBenefitText:
      "Každé setkání připravuji přímo pro vás – podle toho, jak se cítíte a co vaše tělo i duše právě potřebují.",
    closing: "Nevíte si rady s výběrem? Napište mi a společně najdeme, co vám udělá dobře.",
  },
  blog: {
    heading: "Čtení pro klidné chvíle",
    intro:
      "Krátké texty o rituálech, bylinách a péči o sebe. Uvařte si čaj a dopřejte si chvilku jen pro sebe.",
    allArticles: "Všechny články",
  },
  contact: {
    heading: "Objednejte se nebo se jen zeptejte",
    intro:
      "Napište mi, o co máte zájem, jaký termín by se vám hodil, nebo se zeptejte na cokoli, co vám leží na srdci. Na každou zprávu odpovídám osobně.",
    detailsHeading: "Kde mě najdete",
    faqHeading: "Časté otázky",
    faq: [
      {
        question: "Pro koho je harmonizační setkání vhodné?",
        answer:
          "Pro kohokoli, kdo potřebuje zpomalit, odpočinout si a znovu se spojit se sebou – ať procházíte náročným obdobím, cítíte únavu, nebo si prostě chcete udělat radost. Nejčastěji za mnou přicházejí ženy, ale setkání je otevřené všem. Nepotřebujete žádné zkušenosti: vše vám během setkání vysvětlím a půjdeme vaším tempem. Setkání je doplňkem, ne náhradou lékařské péče.",
      },
      {
        question: "Jsou vaše produkty vhodné i pro citlivou pokožku?",
        answer:
          "Ano. Oleje i ostatní produkty vyrábím z přírodních surovin – z kvalitních rostlinných olejů, bylin a květů, bez syntetických vůní a konzervantů – a jsou proto šetrné i k citlivé pokožce. Máte-li alergii, vyzkoušejte olej nejdříve na malém kousku kůže a klidně se mě zeptejte na přesné složení.",
      },
      {
        question: "Nabízíte i online konzultace?",
        answer:
          "Ano. Online konzultace vedu nejraději přes videohovor, aby bylo setkání co nejosobnější. Osobně se můžeme potkat v Brně a jeho okolí.",
      },
    ],
  },
};
