import { Droplets, Flame, Flower2, Sparkles } from "lucide-react";
import { contactAbout } from "#shared/routes";
import { ContentPhoto, useSlotPhoto } from "~/components/content-photo";
import { photos } from "~/components/photos";
import { ButtonLink } from "~/components/ui/button";
import { Eyebrow } from "~/components/ui/section";
import { czech } from "~/lib/typography";

const creations = [
  {
    icon: Droplets,
    title: "Květinové a bylinné oleje",
    text: "Květy měsíčku, třezalky či levandule nechávám několik týdnů pomalu vyluhovat v kvalitním rostlinném oleji. Vznikají jemné oleje k masáži, k péči o pleť i k večernímu rituálu.",
  },
  {
    icon: Flame,
    title: "Bylinná vykuřovadla",
    text: "Svazky šalvěje, pelyňku, levandule a jalovce ručně vážu a nechávám dosušit. Jejich kouř pročistí prostor a pomůže vám vstoupit do chvíle ticha.",
  },
  {
    icon: Flower2,
    title: "Květiny",
    text: "Živé i sušené kytice z lučních a zahradních květů – jako dárek, na domácí oltářík nebo jen pro radost na kuchyňský stůl.",
  },
  {
    icon: Sparkles,
    title: "Dekorace",
    text: "Věnce, závěsy a drobné dekorace z větviček, šišek a sušených květů, které vnesou kus lesa a louky i do vašeho domova.",
  },
] as const;

/** The section about her handmade products. */
export function MyCreations() {
  const photo = useSlotPhoto("aboutCreations");
  return (
    <section aria-labelledby="tvorba-heading" className="bg-cream px-5 py-16 sm:px-8 sm:py-24">
      <div className="mx-auto max-w-6xl">
        <div className="grid items-center gap-12 lg:grid-cols-2 lg:gap-20">
          <div>
            <Eyebrow>Vyrobeno ručně</Eyebrow>
            {/* The specification quotes this heading verbatim, in capitals. */}
            <h2
              id="tvorba-heading"
              className="mt-3 text-3xl font-semibold tracking-wide text-nowrap text-bark sm:text-4xl"
            >
              {czech("O MÉ TVORBĚ")}
            </h2>
            <div className="mt-6 space-y-5 text-lg leading-relaxed text-bark-soft">
              <p>
                {czech(
                  "Všechno, co nabízím, vzniká ručně, v malém množství a s úctou k rostlinám, ze kterých to tvořím. Byliny a květy sbírám na loukách a v lesích, které dobře znám, vždy jen tolik, aby i pro ostatní zbylo dost.",
                )}
              </p>
              <p>
                {czech(
                  "Nechávám je pomalu sušit, zrát a vyluhovat – tak, jak to dělávaly naše babičky. Používám jen přírodní suroviny, bez umělých vůní a barviv, takže oleje obvykle dobře snáší i citlivá pokožka.",
                )}
              </p>
            </div>
          </div>
          <ContentPhoto
            photo={photo}
            illustration={photos.aboutCreations}
            caption={czech("Oleje, vykuřovadla, květiny a dekorace z mé dílny")}
          />
        </div>

        <ul className="mt-14 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {creations.map(({ icon: Icon, title, text }) => (
            <li key={title} className="rounded-[2rem] bg-sand/60 p-7">
              <span className="flex size-12 items-center justify-center rounded-full bg-cream text-terracotta-dark shadow-sm">
                <Icon aria-hidden="true" className="size-6" />
              </span>
              <h3 className="mt-5 text-xl font-semibold text-bark">{czech(title)}</h3>
              <p className="mt-3 leading-relaxed text-bark-soft">{czech(text)}</p>
            </li>
          ))}
        </ul>

        <div className="mt-12 flex flex-col items-center gap-4 text-center">
          <p className="max-w-xl text-lg text-bark-soft">
            {czech(
              "Zaujalo vás něco? Napište mi – ráda vám poradím, co by vám nejlépe sedlo, nebo vytvořím něco přímo pro vás.",
            )}
          </p>
          <ButtonLink to={contactAbout("products")} variant="secondary">
            Zeptat se na produkty
          </ButtonLink>
        </div>
      </div>
    </section>
  );
}
