import { ArrowRight } from "lucide-react";
import { homeAnchors, paths } from "#shared/routes";
import { site } from "#shared/site";
import { Blossom, LeafSprig } from "~/components/ui/botanical";
import { ButtonLink } from "~/components/ui/button";
import { Eyebrow } from "~/components/ui/section";
import { czech } from "~/lib/typography";

/** The owner introduces herself, with a quotation of her own. */
export function WelcomeSection() {
  return (
    <section
      id={homeAnchors.welcome}
      aria-labelledby="welcome-heading"
      className="relative overflow-hidden bg-cream px-5 py-16 sm:px-8 sm:py-24"
    >
      <div className="mx-auto grid max-w-6xl items-center gap-12 lg:grid-cols-[1.1fr_0.9fr] lg:gap-20">
        <div>
          <Eyebrow>Na úvod</Eyebrow>
          <h2 id="welcome-heading" className="mt-3 text-3xl font-semibold text-bark sm:text-4xl">
            {czech("Tady smíte zpomalit a na nic si nehrát")}
          </h2>
          <div className="mt-6 space-y-5 text-lg leading-relaxed text-pretty text-bark-soft">
            <p>
              {czech(
                `Jmenuji se ${site.ownerName} a příroda je moje největší učitelka. Bylinky jsem poprvé sbírala s babičkou a dodnes mě nic nezklidní tak jako chvíle, kdy stojím bosá v ranní trávě.`,
              )}
            </p>
            <p>
              {czech(
                "I já jsem kdysi žila ve spěchu a únavě. Pomohlo mi zpomalit a vrátit se k tělu, k rostlinám a k jednoduchým rituálům. Z této cesty se zrodilo všechno, co dnes nabízím: harmonizační setkání, ručně vyráběné oleje a vykuřovadla i živá setkání v kruhu žen.",
              )}
            </p>
            <p>
              {czech(
                "Nejsem tu proto, abych vás opravovala. Jsem tu, abych vám připravila bezpečný a laskavý prostor, kde si můžete oddechnout a vzpomenout si, že všechno, co potřebujete, už v sobě nosíte.",
              )}
            </p>
          </div>
          <p className="mt-8 font-serif text-2xl text-moss-dark italic">
            {czech(`S láskou ${site.ownerFirstName}`)}
          </p>
          <ButtonLink to={paths.about} variant="ghost" className="mt-4 -ml-6">
            {czech("Přečtěte si můj příběh")}
            <ArrowRight aria-hidden="true" className="size-5" />
          </ButtonLink>
        </div>

        <figure className="relative isolate overflow-hidden rounded-[2.5rem] bg-sage-light px-8 pt-20 pb-10 shadow-soft sm:px-12 sm:pt-24 sm:pb-12">
          <LeafSprig className="absolute -top-6 -right-6 -z-10 h-56 rotate-[20deg] text-moss/40" />
          <Blossom className="absolute top-8 left-8 size-10 text-terracotta" />
          <blockquote className="font-serif text-2xl leading-snug text-bark italic sm:text-3xl">
            <p>
              {czech(
                "„Když zpomalíme natolik, že zaslechneme vítr v korunách stromů, uslyšíme znovu i sebe.“",
              )}
            </p>
          </blockquote>
          <figcaption className="mt-6 flex items-center gap-3 text-base font-semibold text-moss-dark">
            <span aria-hidden="true" className="h-px w-8 bg-moss-dark" />
            {site.ownerName}
          </figcaption>
        </figure>
      </div>
    </section>
  );
}
