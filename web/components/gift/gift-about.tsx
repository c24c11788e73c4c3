import { Check, CirclePlay, FlaskConical, Leaf, type LucideIcon, Mail, Sun } from "lucide-react";
import { fragranceId, ritualId } from "~/components/gift/gift-ids";
import { Eyebrow } from "~/components/ui/section";
import { typeset } from "~/lib/typography";

/**
 * What a gift is and what she gets, the left column of its offer: text, so
 * on the pre-rendered gift page it needs no JavaScript (a StaticPart in
 * web/routes/gift.tsx); only the form beside it is live.
 */
function GiftAbout({
  id,
  eyebrow,
  title,
  paragraphs,
  facts,
  benefits,
}: {
  /** The offer's id: the heading is `${id}-heading`, which the offer's section is labelled by. */
  id: string;
  /** e.g. "Dárek č. 1". */
  eyebrow: string;
  title: string;
  paragraphs: readonly string[];
  /** Short facts shown as chips: an icon and a few words. */
  facts: readonly { icon: LucideIcon; text: string }[];
  /** What the visitor receives. */
  benefits: readonly string[];
}) {
  const headingId = `${id}-heading`;
  return (
    <div>
      <Eyebrow>{eyebrow}</Eyebrow>
      <h2 id={headingId} className="mt-3 text-3xl font-semibold text-bark sm:text-4xl">
        {typeset(title)}
      </h2>
      <div className="mt-6 space-y-5 text-lg leading-relaxed text-bark-soft">
        {paragraphs.map((paragraph) => (
          <p key={paragraph}>{typeset(paragraph)}</p>
        ))}
      </div>
      <ul className="mt-7 flex flex-wrap gap-3">
        {facts.map(({ icon: Icon, text }) => (
          <li
            key={text}
            className="inline-flex items-center gap-2 rounded-full bg-cream px-4 py-2 text-sm font-semibold text-moss-dark ring-1 ring-moss/20"
          >
            <Icon aria-hidden="true" className="size-4 shrink-0" />
            {typeset(text)}
          </li>
        ))}
      </ul>
      <h3 className="mt-10 text-2xl font-semibold text-bark">Co dostaneš</h3>
      <ul className="mt-5 space-y-4">
        {benefits.map((benefit) => (
          <li key={benefit} className="flex gap-3 text-lg leading-relaxed text-bark-soft">
            <span className="mt-1 flex size-6 shrink-0 items-center justify-center rounded-full bg-moss text-cream">
              <Check aria-hidden="true" className="size-4" strokeWidth={3} />
            </span>
            {typeset(benefit)}
          </li>
        ))}
      </ul>
    </div>
  );
}

export function RitualAbout() {
  return (
    <GiftAbout
      id={ritualId}
      eyebrow={"Dárek č.\u00a01"}
      title="Minutový rituál pro každý den"
      paragraphs={[
        "Každý den jedna minuta jen pro tebe. Ve videu tě krok za krokem provedu jednoduchým rituálem s dechem, dotekem a vůní.",
        "Jakmile si ho osvojíš, zvládneš ho každý den za jedinou minutu – ráno, když chceš vykročit do dne s klidem, nebo večer, když chceš odložit všechno, co už nepotřebuješ.",
      ]}
      facts={[
        { icon: CirclePlay, text: "Video krok za krokem" },
        { icon: Sun, text: "Rituál na 1\u00a0minutu denně" },
        { icon: Mail, text: "Odkaz ti přijde e-mailem" },
      ]}
      benefits={[
        "Video, ve kterém tě rituálem provedu krok za krokem.",
        "Minutový rituál, který zvládneš kdykoli a kdekoli, i v tom nejnabitějším dni.",
        "Jednoduché kroky s dechem, dotekem a vůní – bez pomůcek a bez zkušeností.",
        "Odkaz přímo do e-mailové schránky, takže se k videu můžeš vracet, kdykoli budeš chtít.",
      ]}
    />
  );
}

export function FragranceAbout() {
  return (
    <GiftAbout
      id={fragranceId}
      eyebrow={"Dárek č.\u00a02"}
      title="Návod na tvou osobní vůni"
      paragraphs={[
        "Vůně je nejkratší cesta k našim emocím i vzpomínkám. Jediný nádech dokáže zklidnit, povzbudit nebo tě vrátit do pocitu bezpečí.",
        "V návodu ti ukážu, jak si z éterických olejů a bylin namíchat vlastní osobní vůni – takovou, která tě podrží, když potřebuješ klid, a dodá ti odvahu, když ji hledáš.",
      ]}
      facts={[
        { icon: Mail, text: "Návod ti přijde e-mailem" },
        { icon: FlaskConical, text: "Zvládneš doma" },
        { icon: Leaf, text: "Jen přírodní suroviny" },
      ]}
      benefits={[
        "Jak poznat, které vůně tvoje tělo a duše právě potřebují.",
        "Jak poskládat hlavové, srdcové a základní tóny, aby vůně dlouho vydržela.",
        "Tři osvědčené recepty pro začátek: na klid, na radost a na odvahu.",
        "Malý rituál, se kterým svou vůni naplníš vlastním záměrem.",
      ]}
    />
  );
}
