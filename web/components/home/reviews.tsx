import { Quote } from "lucide-react";
import { homeAnchors } from "#shared/routes";
import { Section } from "~/components/ui/section";
import { czech, typeset } from "~/lib/typography";

/**
 * Each review with the service it is about and the day it came (a date the
 * visitor can weigh, as Czech consumer law expects of published reviews).
 */
const reviews = [
  {
    name: "Lucie",
    about: "Harmonizační setkání",
    date: "2024-09-18",
    text: "Od kakaového rituálu až po chvíli, kdy jsme míchaly mou osobní vůni, jsem se cítila v naprostém bezpečí. Odcházela jsem lehčí, klidnější a s pocitem, že jsem po dlouhé době byla sama se sebou.",
  },
  {
    name: "Markéta",
    about: "Živá setkání pro ženy",
    date: "2024-06-02",
    text: "Na workshop jsem šla s obavami, protože jsem nikoho neznala. Odcházela jsem s novými přítelkyněmi, vlastnoručně uvázaným vykuřovadlem a srdcem plným vděku. Už se těším na další kruh.",
  },
  {
    name: "Jana",
    about: "Dary přírody",
    date: "2024-04-23",
    text: "Levandulový olej používám každý večer a moje citlivá pokožka ho snáší skvěle. Je znát, že vznikal pomalu a s láskou. Jeho vůně mě pokaždé vrátí do klidu.",
  },
  {
    name: "Veronika",
    about: "Online konzultace",
    date: "2024-02-11",
    text: "Bála jsem se, že přes obrazovku to nebude ono. Klidný a laskavý prostor se ale dá vytvořit i online. Odnesla jsem si jednoduché rituály, které mi pomáhají dodnes.",
  },
] as const;

const czechDate = new Intl.DateTimeFormat("cs-CZ", {
  day: "numeric",
  month: "long",
  year: "numeric",
  timeZone: "UTC",
});

/** Testimonials with first names, all visible at once (nothing moves on its own). */
export function ReviewsSection() {
  return (
    <Section
      id={homeAnchors.reviews}
      eyebrow="Recenze"
      title={czech("Slova, která mě hřejí u srdce")}
      intro={czech(
        "Děkuji za vaši důvěru i za každý vzkaz. Tady je několik z nich, se svolením jejich autorek.",
      )}
      tone="sage"
    >
      <ul className="grid gap-6 md:grid-cols-2">
        {reviews.map((review, index) => (
          <li key={review.name} className={index % 2 === 1 ? "md:translate-y-8" : undefined}>
            <figure className="relative h-full rounded-[2rem] bg-cream p-6 shadow-soft ring-1 ring-bark/5 sm:p-9">
              <Quote aria-hidden="true" className="size-9 fill-terracotta/20 text-terracotta" />
              <blockquote className="mt-4 font-serif text-lg leading-relaxed text-pretty text-bark italic sm:text-xl">
                <p>{typeset(`„${review.text}“`)}</p>
              </blockquote>
              <figcaption className="mt-6 flex items-center gap-4">
                <span
                  aria-hidden="true"
                  className="flex size-12 items-center justify-center rounded-full bg-sage-light font-serif text-xl font-semibold text-moss-dark"
                >
                  {review.name.charAt(0)}
                </span>
                <span>
                  <span className="block font-semibold text-bark">{review.name}</span>
                  <span className="block text-sm text-bark-soft">
                    {typeset(review.about)} ·{" "}
                    <time dateTime={review.date}>
                      {czechDate.format(new Date(review.date)).replace(/ /g, "\u00a0")}
                    </time>
                  </span>
                </span>
              </figcaption>
            </figure>
          </li>
        ))}
      </ul>
      <p className="mx-auto mt-14 max-w-2xl text-center text-[0.9375rem] leading-relaxed text-pretty text-bark-soft md:mt-20">
        <strong className="font-semibold text-bark">
          {typeset("Jak recenze sbírám a ověřuji:")}
        </strong>{" "}
        {typeset(
          "Zveřejňuji jen recenze od lidí, kteří u mě opravdu byli na setkání nebo si ode mě něco koupili. Posílají mi je e-mailem; než recenzi zveřejním, ověřím podle svých záznamů, že setkání nebo nákup proběhly. Zveřejňuji ji s jejich souhlasem, beze změn a jen s křestním jménem. Za recenze nic nenabízím ani neplatím.",
        )}
      </p>
    </Section>
  );
}
