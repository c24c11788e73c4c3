/**
 * The harmonisation page's texts (/harmonizacni), section by section in the page's order, with
 * today's texts as their defaults. The session's price comes from her offers, and so do the
 * date-and-price sentences built around it (practical-info.tsx); „Objednat konzultaci“, which
 * the specification quotes, stays in the code.
 */
import { site } from "#shared/site";
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

/** A titled part of a list (a path of the individual part, a practical fact): its title and text. */
function titled(what: string) {
  return {
    title: {
      kind: "line",
      label: `${what}: název`,
      fillIn: `název (${what})`,
      max: contentLimits.label,
    },
    text: { kind: "paragraph", label: `${what}: text`, fillIn: `text (${what})` },
  } as const satisfies Record<string, FieldSpec>;
}

const soundBath = titled("Zvuková lázeň");
const touch = titled("Vědomý dotek");
const massage = titled("Intuitivní masáž");
const meditation = titled("Řízená meditace");
const length = titled("Délka");
const place = titled("Kde");
const online = titled("Online");
const forWhom = titled("Pro koho");
const bring = titled("Co si vzít");

const harmonisationSpec = {
  hero: {
    title: "Úvod stránky",
    intro: "Nadpis stránky, úvodní odstavec a tlačítko k průběhu setkání.",
    fields: {
      eyebrow,
      heading,
      intro,
      stepsButton: {
        kind: "line",
        label: "Tlačítko k průběhu setkání",
        hint: "Vede níž na stránce, k části „Jak setkání probíhá“.",
        fillIn: "text tlačítka",
        max: contentLimits.label,
      },
    },
  },
  story: {
    title: "Můj příběh",
    intro: "Jak setkání vzniklo, s vaším citátem.",
    fields: { eyebrow, heading, paragraphs, quote },
  },
  parts: {
    title: "Jak setkání probíhá",
    intro: "Tři části setkání; v druhé čtyři cesty, ze kterých se vybírá.",
    fields: {
      eyebrow,
      heading,
      intro,
      firstStepTitle: { kind: "line", label: "1. část: název", fillIn: "název první části" },
      firstStepText: { kind: "paragraph", label: "1. část: text", fillIn: "text první části" },
      secondStepTitle: { kind: "line", label: "2. část: název", fillIn: "název druhé části" },
      secondStepText: { kind: "paragraph", label: "2. část: text", fillIn: "text druhé části" },
      soundBathTitle: soundBath.title,
      soundBathText: soundBath.text,
      touchTitle: touch.title,
      touchText: touch.text,
      massageTitle: massage.title,
      massageText: massage.text,
      meditationTitle: meditation.title,
      meditationText: meditation.text,
      thirdStepTitle: { kind: "line", label: "3. část: název", fillIn: "název třetí části" },
      thirdStepText: { kind: "paragraph", label: "3. část: text", fillIn: "text třetí části" },
    },
  },
  practical: {
    title: "Prakticky",
    intro: "Co je dobré vědět. Termín a cenu píše web sám podle ceny v nabídce.",
    fields: {
      eyebrow,
      heading,
      lengthTitle: length.title,
      lengthText: length.text,
      placeTitle: place.title,
      placeText: place.text,
      onlineTitle: online.title,
      onlineText: online.text,
      forWhomTitle: forWhom.title,
      forWhomText: forWhom.text,
      bringTitle: bring.title,
      bringText: bring.text,
    },
  },
  closing: {
    title: "Pozvání na konci stránky",
    intro: "Nad tlačítkem „Objednat konzultaci“.",
    fields: closingFields,
  },
} satisfies Record<string, SectionSpec>;

export const harmonisationPageSchema = sectionsSchema(harmonisationSpec);
export const harmonisationPageForm = sectionsForm(harmonisationSpec);
export type HarmonisationPage = SectionsValue<typeof harmonisationSpec>;

export const harmonisationPageSeed: HarmonisationPage = {
  hero: {
    eyebrow: "Čas jen pro vás",
    heading: "Harmonizační setkání",
    intro:
      "Setkání, při kterém se tělo uvolní, mysl ztiší a vy se znovu spojíte se sebou. Šálek kakaa, zvuk nebo dotek a vlastní vůně, kterou si odnesete domů.",
    stepsButton: "Jak setkání probíhá",
  },
  story: {
    eyebrow: "Můj příběh",
    heading: "Jak setkání vzniklo",
    paragraphs: [
      "Harmonizační setkání se zrodilo z mé vlastní cesty. V období, kdy jsem byla vyčerpaná a odpojená sama od sebe, mi nepomohla jedna jediná metoda. Pomohlo mi teprve spojení několika jemných cest: rituál, který otevře srdce, zvuk a dotek, které uvolní tělo, a vůně, která ten nový pocit pomůže uchovat.",
      "To, co pomohlo mně, jsem začala nabízet kamarádkám, pak jejich kamarádkám a známým. Z desítek takových setkání postupně vyrostl ucelený rituál o třech částech, který dnes nabízím i vám.",
      "Přesto není jedno setkání jako druhé. Vždy se řídí tím, co právě potřebujete – někdy je to hluboké uvolnění, jindy ticho, slzy nebo úlevný smích.",
    ],
    quote:
      "Setkání jsem poskládala tak, jak bych si ho tenkrát sama přála zažít: bez spěchu, bez hodnocení a s vědomím, že tělo ví, co potřebuje.",
  },
  parts: {
    eyebrow: "Tři části jednoho rituálu",
    heading: "Jak setkání probíhá",
    intro:
      "Setkání má svůj pevný rámec – začátek, střed a konec. Uvnitř něj je ale dost prostoru pro to, co přinesete.",
    firstStepTitle: "Kakaový rituál",
    firstStepText:
      "Setkání otevíráme šálkem ceremoniálního kakaa. Jemně zahřeje tělo, otevře srdce a pomůže vám zpomalit. Zapálíme svíčku, pročistíme prostor bylinným vykuřovadlem a společně pojmenujeme záměr, se kterým přicházíte.",
    secondStepTitle: "Individuální část",
    secondStepText:
      "Podle toho, co právě potřebujete, zvolíme jednu z cest. Často to víte předem, jindy to spolu vycítíme během kakaového rituálu.",
    soundBathTitle: "Zvuková lázeň",
    soundBathText:
      "Tóny tibetských mís, gongu a bubnu rozvibrují tělo a rozpustí i napětí, které si běžně ani neuvědomujete.",
    touchTitle: "Vědomý dotek",
    touchText: "Jemný, laskavý a plně přítomný dotek, který tělu vrací pocit bezpečí a klidu.",
    massageTitle: "Intuitivní masáž",
    massageText: "Masáž s mými květinovými oleji, vedená tím, o co si vaše tělo právě řekne.",
    meditationTitle: "Řízená meditace",
    meditationText:
      "Svým hlasem vás provedu vnitřní krajinou – k odpočinku, jasnosti a k vlastním odpovědím.",
    thirdStepTitle: "Tvorba osobní vůně",
    thirdStepText:
      "Na závěr si z olejů, pryskyřic a bylin namícháte vlastní osobní vůni. Odnesete si ji domů jako kotvu – stačí k ní přivonět a vrátí vás k pocitu, který se ve vás během setkání probudil.",
  },
  practical: {
    eyebrow: "Prakticky",
    heading: "Co je dobré vědět",
    lengthTitle: "Délka",
    lengthText: "Přibližně 3 hodiny. Nikam nespěcháme – po rituálu zbude čas i na čaj a povídání.",
    placeTitle: "Kde",
    // The place as `shared/site.ts` gives it today; from her first edit it is her own text.
    placeText: `Osobně u mě v ${site.location.localityLocative}, nebo přijedu za vámi: ${site.location.serviceArea}.`,
    onlineTitle: "Online",
    onlineText:
      "Úvodní konzultaci zvládneme i online, nejraději přes videohovor. Samotné setkání je osobní.",
    forWhomTitle: "Pro koho",
    forWhomText:
      "Pro kohokoli, kdo potřebuje zpomalit, načerpat sílu, projít změnou nebo se znovu cítit doma ve vlastním těle. Nejčastěji za mnou přicházejí ženy, ale setkání je otevřené všem.",
    bringTitle: "Co si vzít",
    bringText:
      "Pohodlné oblečení, teplé ponožky a chuť věnovat chvíli jen sobě. Vše ostatní připravím.",
  },
  closing: {
    heading: "Dopřejte si čas jen pro sebe",
    intro:
      "Napište mi pár slov o tom, co vás trápí nebo po čem toužíte. Ozvu se vám, zodpovím vaše otázky a společně najdeme termín, který vám bude vyhovovat.",
  },
};
