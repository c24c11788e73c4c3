import { site } from "#shared/site";
import { Blossom } from "~/components/ui/botanical";
import { Eyebrow } from "~/components/ui/section";
import { czech } from "~/lib/typography";

/** How the harmonisation session came to be, in her words. */
export function SessionStory() {
  return (
    <section aria-labelledby="vznik-heading" className="bg-cream px-5 py-16 sm:px-8 sm:py-24">
      <div className="mx-auto grid max-w-6xl gap-12 lg:grid-cols-[1.2fr_0.8fr] lg:items-center lg:gap-20">
        <div>
          <Eyebrow>Můj příběh</Eyebrow>
          <h2 id="vznik-heading" className="mt-3 text-3xl font-semibold text-bark sm:text-4xl">
            {czech("Jak setkání vzniklo")}
          </h2>
          <div className="mt-6 space-y-5 text-lg leading-relaxed text-bark-soft">
            <p>
              {czech(
                "Harmonizační setkání se zrodilo z mé vlastní cesty. V období, kdy jsem byla vyčerpaná a odpojená sama od sebe, mi nepomohla jedna jediná metoda. Pomohlo mi teprve spojení několika jemných cest: rituál, který otevře srdce, zvuk a dotek, které uvolní tělo, a vůně, která ten nový pocit pomůže uchovat.",
              )}
            </p>
            <p>
              {czech(
                "To, co pomohlo mně, jsem začala nabízet kamarádkám, pak jejich kamarádkám a známým. Z desítek takových setkání postupně vyrostl ucelený rituál o třech částech, který dnes nabízím i vám.",
              )}
            </p>
            <p>
              {czech(
                "Přesto není jedno setkání jako druhé. Vždy se řídí tím, co právě potřebujete – někdy je to hluboké uvolnění, jindy ticho, slzy nebo úlevný smích.",
              )}
            </p>
          </div>
        </div>
        <figure className="relative rounded-[2rem] bg-sand/70 px-7 py-10 sm:px-10">
          <Blossom className="absolute -top-6 right-8 w-12 text-terracotta" />
          <blockquote className="font-serif text-2xl leading-relaxed text-bark italic">
            <p>
              {czech(
                "„Setkání jsem poskládala tak, jak bych si ho tenkrát sama přála zažít: bez spěchu, bez hodnocení a s vědomím, že tělo ví, co potřebuje.“",
              )}
            </p>
          </blockquote>
          <figcaption className="mt-5 font-semibold text-moss-dark">– {site.ownerName}</figcaption>
        </figure>
      </div>
    </section>
  );
}
