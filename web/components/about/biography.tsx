import { Leaf, Sprout, Sun } from "lucide-react";
import { site } from "#shared/site";
import { ContentPhoto, useSlotPhoto } from "~/components/content-photo";
import { photos } from "~/components/photos";
import { Blossom } from "~/components/ui/botanical";
import { Eyebrow } from "~/components/ui/section";
import { czech } from "~/lib/typography";

const principles = [
  {
    icon: Leaf,
    title: "Síla Matky Země",
    text: "Byliny, květy, oheň, voda i ticho lesa – pracuji s tím, co nám příroda dává odjakživa a zadarmo.",
  },
  {
    icon: Sun,
    title: "Celostní přístup",
    text: "Tělo, emoce a mysl patří k sobě. Nehledám jednu příčinu, ale místo, kde se znovu propojí.",
  },
  {
    icon: Sprout,
    title: "Individuální přístup",
    text: "Nepracuji podle šablony. Každé setkání skládám podle toho, s čím právě přicházíte.",
  },
] as const;

/** Who she is and how she got here, in her own words. */
export function Biography() {
  const photo = useSlotPhoto("aboutHerbs");
  return (
    <>
      <section aria-labelledby="pribeh-heading" className="bg-cream px-5 py-16 sm:px-8 sm:py-24">
        <div className="mx-auto grid max-w-6xl gap-12 lg:grid-cols-[0.9fr_1.1fr] lg:gap-20">
          {/* The story first (on phones the hero has just shown a picture); on wide screens it sits right. */}
          <div className="lg:order-2">
            <Eyebrow>Můj příběh</Eyebrow>
            <h2 id="pribeh-heading" className="mt-3 text-3xl font-semibold text-bark sm:text-4xl">
              {czech("Z lesa přes únavu zpátky k sobě")}
            </h2>
            <div className="mt-6 space-y-5 text-lg leading-relaxed text-bark-soft">
              <p>
                {czech(
                  "Příroda mě provází odmalička. U babičky na zahradě jsem sbírala heřmánek a lipový květ, učila se poznávat byliny podle vůně a věřila, že každá rostlina má svůj vlastní příběh. Les byl moje hřiště i moje útočiště.",
                )}
              </p>
              <p>
                {czech(
                  "Pak přišla léta, kdy jsem žila tak, jak se „má“: rychle, výkonně, s hlavou plnou povinností a s tělem, kterému jsem přestala naslouchat. Až vyčerpání mě donutilo zastavit se. Vrátila jsem se do lesa, k bylinkám a k tichu – a krok za krokem znovu nacházela rovnováhu, kterou jsem v sobě ztratila.",
                )}
              </p>
              <p>
                {czech(
                  "Z té cesty se zrodilo všechno, co dnes dělám. Učila jsem se práci s tělem a dechem, zvukem, vůněmi a dotekem, ale hlavně jsem se učila naslouchat – sobě, přírodě i ženám, které za mnou přicházejí.",
                )}
              </p>
              <p>
                {czech(
                  `Dnes na harmonizačních setkáních provázím hlavně ženy, ručně vyrábím oleje a vykuřovadla a pořádám živá setkání a workshopy pro ženy. Doma jsem v ${site.location.localityLocative}, kousek za Brnem, mezi lesy a loukami – a právě odtud pochází většina bylin, se kterými pracuji.`,
                )}
              </p>
            </div>
          </div>
          <div className="lg:order-1">
            <ContentPhoto
              photo={photo}
              illustration={photos.aboutHerbs}
              caption={czech("Bylinky suším tak, jak mě to naučila babička")}
            />
            <figure className="relative mt-12 rounded-[2rem] bg-sage-light/70 px-6 py-8 sm:px-10">
              <Blossom className="absolute -top-5 left-6 w-10 text-terracotta" />
              <blockquote className="font-serif text-xl leading-relaxed text-bark italic sm:text-2xl">
                <p>
                  {czech(
                    "„Nejsem tu od toho, abych vás opravovala. Jsem tu, abych vám připomněla, že všechno potřebné už v sobě máte.“",
                  )}
                </p>
              </blockquote>
              <figcaption className="mt-4 font-semibold text-moss-dark">
                – {site.ownerName}
              </figcaption>
            </figure>
          </div>
        </div>
      </section>

      <section aria-labelledby="pristup-heading" className="bg-sand/60 px-5 py-16 sm:px-8 sm:py-24">
        <div className="mx-auto max-w-6xl">
          <div className="mx-auto max-w-2xl text-center">
            <Eyebrow className="justify-center">Jak pracuji</Eyebrow>
            <h2 id="pristup-heading" className="mt-3 text-3xl font-semibold text-bark sm:text-4xl">
              {czech("Pomalu, s úctou a na míru vám")}
            </h2>
            <p className="mt-5 text-lg leading-relaxed text-bark-soft">
              {czech(
                "Každý přichází s něčím jiným – s únavou, se smutkem, s otázkou, nebo jen s touhou mít chvíli pro sebe. Proto je každé setkání jiné. Tři věci ale platí vždycky:",
              )}
            </p>
          </div>
          <ul className="mt-12 grid gap-6 md:grid-cols-3">
            {principles.map(({ icon: Icon, title, text }) => (
              <li key={title} className="rounded-[2rem] bg-cream p-7 shadow-sm ring-1 ring-bark/5">
                <span className="flex size-12 items-center justify-center rounded-full bg-sage-light text-moss-dark">
                  <Icon aria-hidden="true" className="size-6" />
                </span>
                <h3 className="mt-5 text-xl font-semibold text-bark">{title}</h3>
                <p className="mt-3 leading-relaxed text-bark-soft">{czech(text)}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>
    </>
  );
}
