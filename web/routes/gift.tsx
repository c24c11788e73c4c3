import { Clock, FlaskConical, Gift, Leaf, Mail, Sun } from "lucide-react";
import { lazy } from "react";
import { paths } from "#shared/routes";
import { BackHomeLink } from "~/components/back-home-link";
import { EmailLink } from "~/components/email-link";
import { GiftOffer } from "~/components/gift/gift-offer";
import { FragrancePoster, RitualPoster } from "~/components/gift/gift-posters";
import { PageHero } from "~/components/page-hero";
import { Blossom } from "~/components/ui/botanical";
import { buttonClasses } from "~/components/ui/button";
import { pageMeta } from "~/lib/seo";
import { czech, typeset } from "~/lib/typography";
import { LoadWhenNear } from "~/progressive/load-when-near";

export const meta = () =>
  pageMeta({
    title: "Dárek zdarma",
    description: czech(
      "Dva dárky zdarma: video s každodenním minutovým rituálem (asi 6\u00a0minut) a návod, jak si vytvořit osobní vůni. Stačí jméno a e-mail a pošlu Ti je.",
    ),
    path: paths.gift,
  });

// The forms' code (react-hook-form, zod) loads when the visitor nears a form.
const GiftForm = lazy(() =>
  import("~/components/forms/gift-form").then((module) => ({ default: module.GiftForm })),
);

const ritualId = "minutovy-ritual";
const fragranceId = "osobni-vune";

const gifts = [
  {
    href: `#${ritualId}`,
    title: "Minutový rituál pro každý den",
    note: "video, přibližně 6\u00a0minut",
  },
  {
    href: `#${fragranceId}`,
    title: "Návod na osobní vůni",
    note: "recepty a postup krok za krokem",
  },
] as const;

export default function GiftPage() {
  return (
    <main id="obsah">
      <PageHero
        eyebrow="Dárek zdarma"
        title="Dárek pro Tebe"
        lead={
          <p>
            {typeset(
              "Péče o sebe nemusí zabrat hodiny ani stát peníze. Připravila jsem pro Tebe dva dárky zdarma – vyber si jeden, nebo si nech poslat oba. Stačí vyplnit jméno a e-mail a já Ti je pošlu.",
            )}
          </p>
        }
        aside={
          <nav
            aria-label="Dárky na této stránce"
            className="relative rounded-[2rem] bg-cream p-6 shadow-lifted ring-1 ring-bark/10 sm:p-8"
          >
            <Blossom className="absolute -top-5 -right-3 w-12 text-terracotta" />
            <p className="flex items-center gap-3 font-serif text-xl font-semibold text-bark">
              <span className="flex size-11 items-center justify-center rounded-full bg-terracotta-dark text-cream">
                <Gift aria-hidden="true" className="size-5" />
              </span>
              {typeset("Co pro Tebe mám")}
            </p>
            <ol className="mt-6 space-y-3">
              {gifts.map((gift, index) => (
                <li key={gift.href}>
                  <a
                    href={gift.href}
                    className="flex min-h-11 items-center gap-4 rounded-2xl bg-sand/50 px-4 py-3 transition-colors hover:bg-sand"
                  >
                    <span className="font-serif text-3xl font-semibold text-terracotta-dark">
                      {index + 1}
                    </span>
                    <span>
                      <span className="block font-semibold text-bark">{typeset(gift.title)}</span>
                      <span className="block text-sm text-bark-soft">{typeset(gift.note)}</span>
                    </span>
                  </a>
                </li>
              ))}
            </ol>
          </nav>
        }
      />

      <GiftOffer
        id={ritualId}
        tone="sand"
        eyebrow={"Dárek č.\u00a01"}
        title="Minutový rituál pro každý den"
        poster={<RitualPoster />}
        paragraphs={[
          "Každý den jedna minuta jen pro Tebe. Ve videu, které trvá přibližně 6\u00a0minut, Tě krok za krokem provedu jednoduchým rituálem s dechem, dotekem a vůní.",
          "Jakmile si ho osvojíš, zvládneš ho každý den za jedinou minutu – ráno, když chceš vykročit do dne s klidem, nebo večer, když chceš odložit všechno, co už nepotřebuješ.",
        ]}
        facts={[
          { icon: Clock, text: "Video přibližně 6\u00a0minut" },
          { icon: Sun, text: "Rituál na 1\u00a0minutu denně" },
          { icon: Mail, text: "Odkaz Ti přijde e-mailem" },
        ]}
        benefits={[
          "Video, ve kterém Tě rituálem provedu krok za krokem – trvá přibližně 6\u00a0minut.",
          "Minutový rituál, který zvládneš kdykoli a kdekoli, i v tom nejnabitějším dni.",
          "Jednoduché kroky s dechem, dotekem a vůní – bez pomůcek a bez zkušeností.",
          "Odkaz přímo do e-mailové schránky, takže se k videu můžeš vracet, kdykoli budeš chtít.",
        ]}
        formTitle="Chci minutový rituál"
        formIntro="Vyplň jméno a e-mail a odkaz na video Ti přijde do schránky."
        form={
          <LoadWhenNear name="gift_ritual">
            <GiftForm formType="gift_ritual" />
          </LoadWhenNear>
        }
      />

      <GiftOffer
        id={fragranceId}
        tone="cream"
        eyebrow={"Dárek č.\u00a02"}
        title="Návod na Tvou osobní vůni"
        poster={<FragrancePoster />}
        paragraphs={[
          "Vůně je nejkratší cesta k našim emocím i vzpomínkám. Jediný nádech dokáže zklidnit, povzbudit nebo Tě vrátit do pocitu bezpečí.",
          "V návodu Ti ukážu, jak si z éterických olejů a bylin namíchat vlastní osobní vůni – takovou, která Tě podrží, když potřebuješ klid, a dodá Ti odvahu, když ji hledáš.",
        ]}
        facts={[
          { icon: Mail, text: "Návod Ti přijde e-mailem" },
          { icon: FlaskConical, text: "Zvládneš doma" },
          { icon: Leaf, text: "Jen přírodní suroviny" },
        ]}
        benefits={[
          "Jak poznat, které vůně Tvoje tělo a duše právě potřebují.",
          "Jak poskládat hlavové, srdcové a základní tóny, aby vůně dlouho vydržela.",
          "Tři osvědčené recepty pro začátek: na klid, na radost a na odvahu.",
          "Malý rituál, se kterým svou vůni naplníš vlastním záměrem.",
        ]}
        formTitle="Chci návod na osobní vůni"
        formIntro="Vyplň jméno a e-mail a návod Ti přijde do schránky."
        form={
          <LoadWhenNear name="gift_fragrance">
            <GiftForm formType="gift_fragrance" />
          </LoadWhenNear>
        }
      />

      <section
        aria-labelledby="po-darku-heading"
        className="bg-sage-light/70 px-5 py-16 text-center sm:px-8 sm:py-20"
      >
        <div className="mx-auto max-w-2xl">
          <h2 id="po-darku-heading" className="text-3xl font-semibold text-bark sm:text-4xl">
            {typeset("Tvůj e-mail je u mě v bezpečí")}
          </h2>
          <p className="mt-5 text-lg leading-relaxed text-bark-soft">
            {typeset(
              "Tvoje jméno a e-mail použiju jen k tomu, abych Ti poslala dárek, a nikomu je nepředám. Kdyby dárek nedorazil, napiš mi na",
            )}{" "}
            <EmailLink className="font-semibold text-moss-dark underline underline-offset-4" />.
          </p>
          <div className="mt-8 flex flex-col items-center justify-center gap-3 sm:flex-row">
            <BackHomeLink look="button" />
            <a href={`#${ritualId}`} className={buttonClasses("ghost")}>
              Zpět na první dárek
            </a>
          </div>
        </div>
      </section>
    </main>
  );
}
