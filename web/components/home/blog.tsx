import { Clock, Flame, Leaf, Sparkles } from "lucide-react";
import type { ComponentType, ReactNode, SVGProps } from "react";
import { Link } from "react-router";
import { homeAnchors, paths } from "#shared/routes";
import { Blossom, LeafSprig } from "~/components/ui/botanical";
import { Section } from "~/components/ui/section";
import { czech } from "~/lib/typography";

type Article = {
  topic: string;
  icon: ComponentType<SVGProps<SVGSVGElement>>;
  title: string;
  readingMinutes: number;
  teaser: string;
  body: ReactNode;
};

const articles: readonly Article[] = [
  {
    topic: "Rituály",
    icon: Flame,
    title: "Minuta pro sebe: ranní rituál na každý den",
    readingMinutes: 2,
    teaser:
      "Nepotřebujete hodinu meditace ani zvláštní pomůcky. Stačí minuta, sklenice vody a trocha pozornosti, kterou věnujete jen sobě.",
    body: (
      <>
        <p>
          {czech(
            "Ráno, ještě než sáhnete po telefonu, se postavte k otevřenému oknu nebo na práh. Chodidla položte pevně na zem a představte si, že z nich do země rostou kořeny.",
          )}
        </p>
        <p>
          {czech(
            "Třikrát se pomalu nadechněte nosem a vydechněte ústy. S každým výdechem nechte odejít kousek napětí z ramen, z čelisti i z čela.",
          )}
        </p>
        <p>
          {czech(
            "Vezměte do dlaní sklenici vody, poděkujte za nový den a tiše si řekněte jednu větu pro sebe – třeba „Dnes si dovolím zpomalit.“ Pak vodu pomalu vypijte.",
          )}
        </p>
        <p>
          {czech(
            "To je celé. Jedna minuta, která vám připomene, že den začíná u vás. Chcete-li rituál zkoušet se mnou, najdete ho jako video v ",
          )}
          <Link
            to={paths.gift}
            className="font-semibold text-moss-dark underline underline-offset-4"
          >
            dárku zdarma
          </Link>
          .
        </p>
      </>
    ),
  },
  {
    topic: "Byliny",
    icon: Leaf,
    title: "Tři byliny pro klidný večer",
    readingMinutes: 3,
    teaser:
      "Meduňka, levandule a heřmánek rostou skoro na každé zahradě. Ukážu vám, jak z nich připravit večerní čaj, který pomůže tělu i mysli zvolnit.",
    body: (
      <>
        <p>
          <strong className="text-bark">Meduňka</strong>{" "}
          {czech(
            "voní po citronu a odjakživa se jí říká bylina dobré nálady. Uklidňuje nervy a pomáhá, když se myšlenky večer nechtějí zastavit.",
          )}
        </p>
        <p>
          <strong className="text-bark">Levandule</strong>{" "}
          {czech(
            "je vůně klidu. Stačí jí málo: do čaje dejte jen pár kvítků, nebo kápněte kapku levandulového oleje na polštář.",
          )}
        </p>
        <p>
          <strong className="text-bark">Heřmánek</strong>{" "}
          {czech("je jemný a laskavý. Zklidní bříško a připraví tělo na spánek.")}
        </p>
        <p>
          {czech(
            "Jak na to: lžičku meduňky, lžičku heřmánku a špetku levandule zalijte čtvrt litrem horké vody, přikryjte a nechte deset minut louhovat. Pijte pomalu, v klidu a nejlépe bez obrazovky.",
          )}
        </p>
        <p className="text-sm">
          {czech(
            "Jste-li těhotná, kojíte nebo užíváte léky, poraďte se o bylinách nejdříve se svým lékařem.",
          )}
        </p>
      </>
    ),
  },
  {
    topic: "Péče o sebe",
    icon: Sparkles,
    title: "Péče o sebe není sobectví",
    readingMinutes: 2,
    teaser:
      "Kolik péče denně rozdáte druhým a kolik z ní zbude pro vás? Pár myšlenek o tom, proč si zasloužíte stejnou laskavost, jakou dáváte ostatním.",
    body: (
      <>
        <p>
          {czech(
            "Mnoho žen, které ke mně přicházejí, umí krásně pečovat o druhé – o děti, partnera, rodiče i kolegy. Na sebe si vzpomenou až ve chvíli, kdy tělo řekne dost.",
          )}
        </p>
        <p>
          {czech(
            "Péče o sebe přitom nemusí být velká ani drahá. Je to deset minut s šálkem čaje u okna, procházka bez sluchátek, teplá koupel nebo večerní masáž chodidel bylinným olejem.",
          )}
        </p>
        <p>
          {czech(
            "Zkuste si tento týden každý den najít jednu malou chvíli jen pro sebe a večer si zapište, jak se po ní cítíte. Nejde o další úkol na seznamu. Jde o to, abyste si znovu dovolila být pro sebe důležitá.",
          )}
        </p>
        <p>
          {czech(
            "Protože když je váš vlastní džbán plný, můžete z něj dávat dál – s radostí, a ne z posledních sil.",
          )}
        </p>
      </>
    ),
  },
];

/** The section labelled Blog: short pieces to read right here. */
export function BlogSection() {
  return (
    <Section
      id={homeAnchors.blog}
      eyebrow="Blog"
      title={czech("Čtení pro klidné chvíle")}
      intro={czech(
        "Krátké texty o rituálech, bylinách a péči o sebe. Uvařte si čaj a dopřejte si chvilku jen pro sebe.",
      )}
    >
      <ul className="grid items-start gap-6 md:grid-cols-3">
        {articles.map((article) => (
          <li key={article.title}>
            <ArticleCard article={article} />
          </li>
        ))}
      </ul>
    </Section>
  );
}

function ArticleCard({ article }: { article: Article }) {
  return (
    <article className="overflow-hidden rounded-[2rem] bg-white/70 shadow-soft ring-1 ring-bark/5">
      <div
        aria-hidden="true"
        className="relative flex h-28 items-center justify-center overflow-hidden bg-linear-to-br from-sage-light via-sand/70 to-cream"
      >
        <LeafSprig className="absolute -bottom-8 left-4 h-32 -rotate-[30deg] text-moss/30" />
        <LeafSprig className="absolute -top-10 right-6 h-28 rotate-[150deg] text-moss/20" />
        <Blossom className="absolute right-16 bottom-3 size-7 text-terracotta/60" />
        <span className="relative flex size-16 items-center justify-center rounded-full bg-cream/90 text-moss-dark shadow-soft">
          <article.icon className="size-7" />
        </span>
      </div>
      <div className="p-6 sm:p-7">
        <p className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm">
          <span className="font-semibold tracking-wider text-moss-dark uppercase">
            {article.topic}
          </span>
          <span className="flex items-center gap-1.5 text-bark-soft">
            <Clock aria-hidden="true" className="size-4" />
            {czech(`Čtení na ${article.readingMinutes} minuty`)}
          </span>
        </p>
        <h3 className="mt-3 text-2xl leading-snug font-semibold text-bark">
          {czech(article.title)}
        </h3>
        <p className="mt-3 leading-relaxed text-pretty text-bark-soft">{czech(article.teaser)}</p>
        <details className="group mt-4">
          <summary className="inline-flex min-h-11 items-center gap-2 rounded-full font-semibold text-moss-dark underline-offset-4 hover:underline [&::-webkit-details-marker]:hidden">
            <span className="group-open:hidden">Číst dál</span>
            <span className="hidden group-open:inline">Skrýt text</span>
            <span className="sr-only"> – {article.title}</span>
            <span
              aria-hidden="true"
              className="text-xl leading-none transition-transform group-open:rotate-45"
            >
              +
            </span>
          </summary>
          <div className="mt-3 space-y-4 border-t border-bark/10 pt-5 leading-relaxed text-pretty text-bark-soft">
            {article.body}
          </div>
        </details>
      </div>
    </article>
  );
}
