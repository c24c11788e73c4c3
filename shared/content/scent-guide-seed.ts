/**
 * The scent guide's defaults: the text of a fresh install, exactly as the
 * guide read before she could edit it in „Obsah“ (schema: scent-guide-schema.ts).
 * Units and numbers carry their non-breaking spaces here; the rest of the Czech
 * typography is set where the guide is shown (`typesetGuide`).
 */
import type { ScentGuide } from "./scent-guide-schema";

/** A non-breaking space: „10 ml“, „3 %“, „2 kapky“ never split over two lines. */
const nb = "\u00a0";

export const scentGuideSeed: ScentGuide = {
  title: "Průvodce osobní vůní",
  subtitle: `Jak si doma namíchat vlastní vůni do roll-onu – krok za krokem, se třemi recepty pro začátek`,
  intro: [
    "Vůně je nejkratší cesta k našim emocím. Jediný nádech umí zklidnit, povzbudit nebo Tě vrátit do pocitu bezpečí – rychleji, než to dokážou slova.",
    `Osobní vůně není parfém z obchodu. Je to pár kapek éterických olejů v rostlinném oleji, které si vybereš podle toho, co Ti dělá dobře, a naneseš na zápěstí vždy, když se chceš vrátit k sobě. Na jednu lahvičku potřebuješ asi půl hodiny klidu a radost z objevování.`,
  ],
  sections: [
    {
      id: "co-potrebujes",
      title: "Co budeš potřebovat",
      blocks: [
        {
          kind: "list",
          items: [
            `Roll-on lahvičku na 10${nb}ml z tmavého skla (hnědého nebo modrého), s kuličkou a víčkem.`,
            `Nosný olej: jojobový (nežlukne a nemastí), mandlový, nebo frakcionovaný kokosový olej, který zůstává tekutý.`,
            `Tři až pět éterických olejů. Vybírej 100${nb}% čisté oleje s latinským názvem rostliny na štítku, ne „vonné“ nebo „parfémové“ oleje.`,
            "Papírové proužky na přivonění (poslouží i proužek obyčejné čtvrtky), tužku a sešit na poznámky.",
            "Malou nálevku nebo pipetu, štítek a fix.",
          ],
        },
        {
          kind: "note",
          title: "Kolik je kapka",
          text: `Počítej s tím, že asi 20${nb}kapek éterického oleje je 1${nb}ml. Přesnou velikost kapky ovlivní kapátko i hustota oleje – hustý vetiver kape pomaleji a větší kapkou než citrusy.`,
        },
      ],
    },
    {
      id: "jak-vybirat",
      title: "Jak poznat, co Ti právě voní",
      blocks: [
        {
          kind: "paragraph",
          text: "Než začneš kapat do lahvičky, dej si chvíli na přivonění. Kápni jednu kapku každého oleje na vlastní proužek papíru, popiš ho tužkou a přivoň si zhruba ze vzdálenosti dlaně – ne přímo u nosu.",
        },
        {
          kind: "list",
          items: [
            "Všímej si těla: uvolní se Ti ramena, prohloubí se dech, nebo se naopak stáhneš? Tělo často ví dřív než hlava.",
            "Vůně, která Tě dnes odpuzuje, Ti za měsíc může přijít krásná. Ber to jako zprávu o tom, co právě potřebuješ.",
            "Mezi vůněmi si odpočiň: pár nádechů čerstvého vzduchu nebo přivonění k vlastnímu rukávu nos „vynuluje“.",
            "Když máš vybráno, polož proužky vedle sebe a přivoň si k nim najednou. Tak zjistíš, jak spolu budou ladit.",
          ],
        },
      ],
    },
    {
      id: "tony",
      title: "Hlava, srdce a základ",
      blocks: [
        {
          kind: "paragraph",
          text: "Každá vůně se na kůži otevírá postupně, ve třech vrstvách. Když zastoupíš všechny tři, vůně bude mít začátek, střed i dozvuk a vydrží déle.",
        },
        {
          kind: "paragraph",
          text: `Hlavové tóny ucítíš hned, ale vyprchají nejdřív, zhruba do půl hodiny. Bývají svěží a lehké – citrusy, máta.`,
        },
        {
          kind: "oils",
          oils: [
            {
              name: "Pomeranč sladký",
              latin: "Citrus sinensis",
              character: "Vlídný, slunečný, zvedá náladu.",
            },
            {
              name: "Mandarinka",
              latin: "Citrus reticulata",
              character: "Jemná a sladká, konejší a uklidňuje.",
            },
            {
              name: "Bergamot",
              latin: "Citrus bergamia",
              character: "Svěží s květinovým nádechem, rozjasní mysl.",
              caution: "Fototoxický – vybírej bergamot bez bergaptenu (FCF).",
            },
            {
              name: "Citron",
              latin: "Citrus limon",
              character: "Čistý a jasný, probouzí.",
              caution: "Lisovaný za studena je fototoxický.",
            },
            {
              name: "Máta peprná",
              latin: "Mentha piperita",
              character: "Chladivá a osvěžující, stačí málo.",
              caution: `Ne pro děti do 6${nb}let.`,
            },
          ],
        },
        {
          kind: "paragraph",
          text: "Srdcové tóny se ozvou po chvíli a nesou charakter celé vůně několik hodin. Jsou to hlavně květy a byliny.",
        },
        {
          kind: "oils",
          oils: [
            {
              name: "Levandule lékařská",
              latin: "Lavandula angustifolia",
              character: "Zklidňuje a pomáhá k dobrému spánku, snese se téměř se vším.",
            },
            {
              name: "Pelargonie (geránie)",
              latin: "Pelargonium graveolens",
              character: "Růžová a zelená zároveň, vyrovnává nálady.",
            },
            {
              name: "Heřmánek římský",
              latin: "Chamaemelum nobile",
              character: "Jablečný a něžný, pomáhá, když je všeho moc.",
            },
            {
              name: "Ylang-ylang",
              latin: "Cananga odorata",
              character: "Sytě květinový a smyslný.",
              caution: "Výrazný – stačí jedna kapka.",
            },
            {
              name: "Růže",
              latin: "Rosa damascena",
              character: "Královna květů, otevírá srdce.",
              caution: `Vzácná a drahá, prodává se i ředěná v${nb}jojobovém oleji.`,
            },
          ],
        },
        {
          kind: "paragraph",
          text: "Základní tóny jsou nejtěžší a nejtrvalejší. Vůni ukotví, zpomalí vyprchání lehčích tónů a na kůži vydrží i do večera.",
        },
        {
          kind: "oils",
          oils: [
            {
              name: "Cedr atlaský",
              latin: "Cedrus atlantica",
              character: "Dřevitý a teplý, dodává pocit pevné půdy.",
            },
            {
              name: "Vetiver",
              latin: "Chrysopogon zizanioides",
              character: "Zemitý a kouřový, hluboce uzemňuje.",
              caution: "Hustý a silný – kápni ho jako první a jen trochu.",
            },
            {
              name: "Kadidlo (olibanum)",
              latin: "Boswellia carterii",
              character: "Pryskyřičné a vzdušné, prohlubuje dech.",
            },
            {
              name: "Pačuli",
              latin: "Pogostemon cablin",
              character: "Hluboké, vlhce zemité, vůni podrží dlouho.",
            },
          ],
        },
        {
          kind: "note",
          title: "Poměr vrstev",
          text: `Dobrým začátkem je poměr 3${nb}:${nb}5${nb}:${nb}2 – tři díly hlavových tónů, pět dílů srdcových a dva díly základních. Když máš jen pár kapek, vyjde to třeba na 2${nb}kapky hlavy, 3${nb}kapky srdce a 1${nb}kapku základu.`,
        },
      ],
    },
    {
      id: "pomery",
      title: `Poměry pro roll-on na 10${nb}ml`,
      blocks: [
        {
          kind: "paragraph",
          text: `Éterické oleje jsou silně koncentrované, na kůži proto patří vždy zředěné v nosném oleji. Pro osobní vůni na zápěstí a krk stačí 1–3${nb}% éterických olejů. V lahvičce na 10${nb}ml to je:`,
        },
        {
          kind: "dilution",
          rows: [
            {
              percent: `1${nb}%`,
              drops: `2${nb}kapky`,
              forWhom: "citlivá pleť, obličej a krk, starší lidé, každodenní nošení dlouhodobě",
            },
            {
              percent: `2${nb}%`,
              drops: `4${nb}kapky`,
              forWhom: "běžné každodenní použití",
            },
            {
              percent: `3${nb}%`,
              drops: `6${nb}kapek`,
              forWhom: "výraznější vůně na zápěstí, na kratší období",
            },
          ],
        },
        {
          kind: "paragraph",
          text: `Víc než 3${nb}% do roll-onu nedávej: vůně nebude o moc silnější, ale kůže to může odnést. Výpočet je jednoduchý – 10${nb}ml je asi 200${nb}kapek, takže 1${nb}% jsou 2${nb}kapky.`,
        },
        {
          kind: "steps",
          items: [
            "Do prázdné lahvičky nakapej éterické oleje: nejdřív základní tóny, pak srdcové a nakonec hlavové.",
            "Dolij nosný olej skoro po hrdlo, ať zbude místo na kuličku.",
            "Nasaď kuličku, zavři víčko a lahvičku chvíli jemně převaluj mezi dlaněmi.",
            "Nalep štítek s názvem, složením a datem.",
            `Nech směs aspoň 24${nb}hodin odpočinout. Vůně se mezitím propojí a zakulatí, po týdnu bývá nejkrásnější.`,
          ],
        },
      ],
    },
    {
      id: "bezpecnost",
      title: "Ředění a bezpečnost",
      blocks: [
        {
          kind: "paragraph",
          text: "Éterické oleje jsou přírodní, ale ne neškodné. Pár jednoduchých pravidel stačí, aby Ti osobní vůně dělala jen dobře.",
        },
        {
          kind: "list",
          items: [
            "Nikdy je nenanášej na kůži neředěné a nikdy je nepij ani nepřidávej do jídla – nepatří dovnitř těla.",
            "Chraň oči a sliznice. Když se olej dostane do oka, vyplachuj ho nejdřív rostlinným olejem, potom vodou, a při potížích vyhledej lékaře.",
            `V těhotenství a při kojení se před použitím poraď s lékařem nebo porodní asistentkou; v prvních třech měsících éterické oleje raději vynech. Pokud dostaneš souhlas, zůstaň u 1${nb}%.`,
            `Dětem do 6${nb}let osobní vůni z éterických olejů nenanášej. Starším dětem nejvýš 1${nb}%, bez máty peprné, eukalyptu a rozmarýnu.`,
            `Fototoxické citrusy – bergamot, citron a limeta lisované za studena, grapefruit a hořký pomeranč – mohou na slunci vyvolat skvrny a popáleniny. Na kůži, která půjde do 12${nb}hodin na slunce nebo do solária, je nepoužívej, nebo sáhni po bergamotu bez bergaptenu (FCF). Pomeranč sladký a mandarinka fototoxické nejsou.`,
            `Máš-li citlivou pleť, ekzém nebo alergii, začni na 1${nb}% a vždy si nejdřív udělej zkoušku snášenlivosti.`,
            "Při astmatu, epilepsii, vysokém tlaku nebo užívání léků se poraď s lékařem.",
            "Lahvičky uchovávej mimo dosah dětí a zvířat.",
          ],
        },
      ],
    },
    {
      id: "zkouska",
      title: "Zkouška snášenlivosti",
      blocks: [
        {
          kind: "paragraph",
          text: "Každou novou směs si nejdřív vyzkoušej na malém kousku kůže. Zabere to dva dny, ale ušetří Ti to nepříjemné překvapení.",
        },
        {
          kind: "steps",
          items: [
            "Nanes trochu hotové směsi na vnitřní stranu předloktí, na plošku velikosti mince.",
            "Místo nech volné, nemyj ho a nenanášej na něj nic dalšího.",
            `Sleduj ho 48${nb}hodin.`,
            "Když se objeví zarudnutí, svědění nebo pálení, omyj místo mýdlem a vodou, potři rostlinným olejem a směs nepoužívej. Zkus jiné oleje, nebo nižší ředění.",
          ],
        },
      ],
    },
    {
      id: "uchovavani",
      title: "Jak vůni uchovávat",
      blocks: [
        {
          kind: "list",
          items: [
            "V tmavém skle, pevně zavřenou, v chladu a ve tmě – ne na parapetu ani v koupelně nad topením.",
            `Hotovou směs spotřebuj do 6${nb}měsíců. S jojobovým olejem vydrží i rok.`,
            "Otevřené citrusové éterické oleje vydrží zhruba rok, ostatní dva až tři roky. Když olej zhoustne nebo začne vonět jinak, patří do koše.",
            "Zapiš si recept i datum. Až najdeš svou vůni, budeš ji chtít namíchat znovu.",
          ],
        },
      ],
    },
    {
      id: "zamer",
      title: "Malý rituál se záměrem",
      blocks: [
        {
          kind: "paragraph",
          text: "Vůně se stane opravdu Tvou, když jí dáš záměr. Až bude lahvička hotová, podrž ji chvíli v dlaních.",
        },
        {
          kind: "steps",
          items: [
            "Zavři oči a třikrát se zhluboka nadechni a vydechni.",
            "Polož si otázku: Co chci, aby mi tahle vůně připomínala? Klid, radost, odvahu, něhu k sobě?",
            "Řekni si svůj záměr nahlas nebo v duchu jednou krátkou větou, třeba „Jsem v bezpečí.“",
            "Nanes vůni na zápěstí, přilož je k sobě a pomalu k nim přivoň. Pokaždé, když to zopakuješ, se k záměru vrátíš.",
          ],
        },
      ],
    },
  ],
  recipesSection: {
    id: "recepty",
    title: "Tři recepty pro začátek",
    intro: `Každý recept je na roll-on 10${nb}ml: 6${nb}kapek éterických olejů, tedy 3${nb}%, a zbytek nosný olej. Pro citlivou pleť použij recept v poloviční síle – stejné kapky namíchej do 20${nb}ml nosného oleje (1,5${nb}%) a naplň jím dvě lahvičky.`,
  },
  recipes: [
    {
      id: "klidny-vecer",
      title: "Klidný večer",
      intent: "Na klid: když chceš den uzavřít a dobře usnout.",
      head: [{ oil: "Mandarinka", drops: 2 }],
      heart: [{ oil: "Levandule lékařská", drops: 3 }],
      base: [{ oil: "Cedr atlaský", drops: 1 }],
      use: "Nanes ji na zápěstí a pod klíční kosti asi hodinu před spaním a pár minut jen pomalu dýchej.",
    },
    {
      id: "jasne-rano",
      title: "Jasné ráno",
      intent: "Na radost: když chceš vykročit do dne s lehkostí.",
      head: [
        { oil: "Pomeranč sladký", drops: 2 },
        { oil: "Máta peprná", drops: 1 },
      ],
      heart: [{ oil: "Pelargonie (geránie)", drops: 2 }],
      base: [{ oil: "Kadidlo (olibanum)", drops: 1 }],
      use: "Nanes ji ráno na zápěstí a za uši. Když odpoledne ucítíš únavu, přivoň si znovu.",
    },
    {
      id: "pevna-puda",
      title: "Pevná půda pod nohama",
      intent: "Na odvahu: když Tě čeká něco nového a potřebuješ stát pevně.",
      head: [{ oil: "Bergamot bez bergaptenu (FCF)", drops: 1 }],
      heart: [
        { oil: "Ylang-ylang", drops: 1 },
        { oil: "Levandule lékařská", drops: 1 },
      ],
      base: [
        { oil: "Cedr atlaský", drops: 2 },
        { oil: "Vetiver", drops: 1 },
      ],
      use: "Nanes ji na zápěstí a na chodidla, než vyrazíš. Chvíli stůj, vnímej zem pod sebou a dýchej do břicha.",
    },
  ],
  closing: {
    title: "A pak už jen zkoušej",
    paragraphs: [
      "Recepty ber jako začátek, ne jako pravidla. Vyměň jeden olej za jiný, přidej kapku tam, kde Ti něco chybí, a zapisuj si, co funguje. Nejkrásnější vůně je ta, u které se nadechneš a řekneš si: tohle jsem já.",
      "Když budeš chtít poradit nebo si osobní vůni namíchat se mnou, ráda Tě uvidím na harmonizačním setkání – jeho součástí je právě tvorba osobní vůně.",
    ],
  },
};
