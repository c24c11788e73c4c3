/**
 * The about page's texts (/about), section by section in the page's order, with today's texts
 * as their defaults (the specification's „O mně“ and „O MÉ TVORBĚ“ verbatim). The photos and
 * their captions are the photos' own; „Objednat konzultaci“ stays in the code.
 */
import { contactAbout } from "#shared/routes";
import { operatorDefaults, site } from "#shared/site";
import { contentLimits } from "./content-schemas";
import {
  closingFields,
  commonFields,
  type FieldSpec,
  type SectionSpec,
  type SectionsValue,
  sectionsForm,
  sectionsSchema,
} from "./page-fields";

const { eyebrow, heading, intro, paragraphs, quote } = commonFields;

/** One of a row of cards: its title and its text, by its place in the row. */
function card(place: string) {
  return {
    title: {
      kind: "line",
      label: `${place} karta: název`,
      fillIn: `název (${place.toLowerCase()} karta)`,
      max: contentLimits.offerName,
    },
    text: {
      kind: "paragraph",
      label: `${place} karta: text`,
      fillIn: `text (${place.toLowerCase()} karta)`,
    },
  } as const satisfies Record<string, FieldSpec>;
}

const [first, second, third, fourth] = ["1.", "2.", "3.", "4."].map(card) as [
  ReturnType<typeof card>,
  ReturnType<typeof card>,
  ReturnType<typeof card>,
  ReturnType<typeof card>,
];

/** The first three cards' fields: the approach has three cards, the creations four. */
const firstThreeCards = {
  firstTitle: first.title,
  firstText: first.text,
  secondTitle: second.title,
  secondText: second.text,
  thirdTitle: third.title,
  thirdText: third.text,
};

const aboutSpec = {
  hero: {
    title: "Úvod stránky",
    intro: "Nadpis „O mně“, představení a úvodní odstavec.",
    fields: {
      eyebrow,
      heading,
      greeting: { kind: "line", label: "Představení", fillIn: "představení" },
      intro,
    },
  },
  story: {
    title: "Můj příběh",
    intro: "Váš příběh vedle fotografie bylinek, pod ním citát.",
    fields: { eyebrow, heading, paragraphs, quote },
  },
  approach: {
    title: "Jak pracuji",
    intro: "Úvod a tři karty s tím, co platí vždycky.",
    fields: {
      eyebrow,
      heading,
      intro,
      ...firstThreeCards,
    },
  },
  creations: {
    title: "O mé tvorbě",
    intro: "Vaše výrobky: úvod, čtyři karty a pozvání k dotazu.",
    fields: {
      eyebrow,
      heading,
      paragraphs,
      ...firstThreeCards,
      fourthTitle: fourth.title,
      fourthText: fourth.text,
      closing: { kind: "paragraph", label: "Věta nad tlačítkem", fillIn: "větu nad tlačítkem" },
      action: {
        kind: "action",
        label: "Tlačítko",
        fillIn: "text tlačítka",
        max: contentLimits.label,
      },
    },
  },
  meet: {
    title: "Pozvání na konci stránky",
    intro: "Nad tlačítky „Objednat konzultaci“ a zpět na hlavní stránku.",
    fields: closingFields,
  },
} satisfies Record<string, SectionSpec>;

export const aboutPageSchema = sectionsSchema(aboutSpec);
export const aboutPageForm = sectionsForm(aboutSpec);
export type AboutPage = SectionsValue<typeof aboutSpec>;

export const aboutPageSeed: AboutPage = {
  hero: {
    eyebrow: "Kdo vás bude provázet",
    heading: "O mně",
    // Her name and home as `shared/site.ts` gives them today; from her first edit, her own text.
    greeting: `Jmenuji se ${operatorDefaults.ownerName}.`,
    intro:
      "Provázím ženy zpátky k sobě – s pomocí přírody, rituálů, zvuku a doteku. Vyrábím oleje a vykuřovadla z bylin, které sama sbírám, a věřím, že klid, který hledáme, na nás čeká venku i uvnitř.",
  },
  story: {
    eyebrow: "Můj příběh",
    heading: "Z lesa přes únavu zpátky k sobě",
    paragraphs: [
      "Příroda mě provází odmalička. U babičky na zahradě jsem sbírala heřmánek a lipový květ, učila se poznávat byliny podle vůně a věřila, že každá rostlina má svůj vlastní příběh. Les byl moje hřiště i moje útočiště.",
      "Pak přišla léta, kdy jsem žila tak, jak se „má“: rychle, výkonně, s hlavou plnou povinností a s tělem, kterému jsem přestala naslouchat. Až vyčerpání mě donutilo zastavit se. Vrátila jsem se do lesa, k bylinkám a k tichu – a krok za krokem znovu nacházela rovnováhu, kterou jsem v sobě ztratila.",
      "Z té cesty se zrodilo všechno, co dnes dělám. Učila jsem se práci s tělem a dechem, zvukem, vůněmi a dotekem, ale hlavně jsem se učila naslouchat – sobě, přírodě i ženám, které za mnou přicházejí.",
      `Dnes na harmonizačních setkáních provázím hlavně ženy, ručně vyrábím oleje a vykuřovadla a pořádám živá setkání a workshopy pro ženy. Doma jsem v ${site.location.localityLocative}, kousek za Brnem, mezi lesy a loukami – a právě odtud pochází většina bylin, se kterými pracuji.`,
    ],
    quote:
      "Nejsem tu od toho, abych vás opravovala. Jsem tu, abych vám připomněla, že všechno potřebné už v sobě máte.",
  },
  approach: {
    eyebrow: "Jak pracuji",
    heading: "Pomalu, s úctou a na míru vám",
    intro:
      "Každý přichází s něčím jiným – s únavou, se smutkem, s otázkou, nebo jen s touhou mít chvíli pro sebe. Proto je každé setkání jiné. Tři věci ale platí vždycky:",
    firstTitle: "Síla Matky Země",
    firstText:
      "Byliny, květy, oheň, voda i ticho lesa – pracuji s tím, co nám příroda dává odjakživa a zadarmo.",
    secondTitle: "Celostní přístup",
    secondText:
      "Tělo, emoce a mysl patří k sobě. Nehledám jednu příčinu, ale místo, kde se znovu propojí.",
    thirdTitle: "Individuální přístup",
    thirdText: "Nepracuji podle šablony. Každé setkání skládám podle toho, s čím právě přicházíte.",
  },
  creations: {
    eyebrow: "Vyrobeno ručně",
    heading: "O MÉ TVORBĚ",
    paragraphs: [
      "Všechno, co nabízím, vzniká ručně, v malém množství a s úctou k rostlinám, ze kterých to tvořím. Byliny a květy sbírám na loukách a v lesích, které dobře znám, vždy jen tolik, aby i pro ostatní zbylo dost.",
      "Nechávám je pomalu sušit, zrát a vyluhovat – tak, jak to dělávaly naše babičky. Používám jen přírodní suroviny, bez umělých vůní a barviv, takže oleje obvykle dobře snáší i citlivá pokožka.",
    ],
    firstTitle: "Květinové a bylinné oleje",
    firstText:
      "Květy měsíčku, třezalky či levandule nechávám několik týdnů pomalu vyluhovat v kvalitním rostlinném oleji. Vznikají jemné oleje k masáži, k péči o pleť i k večernímu rituálu.",
    secondTitle: "Bylinná vykuřovadla",
    secondText:
      "Svazky šalvěje, pelyňku, levandule a jalovce ručně vážu a nechávám dosušit. Jejich kouř pročistí prostor a pomůže vám vstoupit do chvíle ticha.",
    thirdTitle: "Květiny",
    thirdText:
      "Živé i sušené kytice z lučních a zahradních květů – jako dárek, na domácí oltářík nebo jen pro radost na kuchyňský stůl.",
    fourthTitle: "Dekorace",
    fourthText:
      "Věnce, závěsy a drobné dekorace z větviček, šišek a sušených květů, které vnesou kus lesa a louky i do vašeho domova.",
    closing:
      "Zaujalo vás něco? Napište mi – ráda vám poradím, co by vám nejlépe sedlo, nebo vytvořím něco přímo pro vás.",
    action: { label: "Zeptat se na produkty", target: contactAbout("products") },
  },
  meet: {
    heading: "Ráda vás poznám",
    intro:
      "Ať už vás láká harmonizační setkání, některý z mých výrobků, nebo si jen chcete popovídat, jestli je moje cesta i pro vás – napište mi. Odpovídám osobně a bez spěchu.",
  },
};
