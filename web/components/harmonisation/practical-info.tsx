import { CalendarHeart, Clock, Heart, MapPin, Shirt, Video } from "lucide-react";
import { useLoaderData } from "react-router";
import { formatPrice } from "#shared/content/content-schemas";
import type { HarmonisationPage } from "#shared/content/page-harmonisation";
import { contactAbout } from "#shared/routes";
import { BackHomeLink } from "~/components/back-home-link";
import type { HarmonisationTexts } from "~/components/harmonisation/session-story";
import { ButtonLink } from "~/components/ui/button";
import { Eyebrow } from "~/components/ui/section";
import { czech } from "~/lib/typography";

/** The practical facts: her texts, with their icons (the design's). */
function factsOf(texts: HarmonisationPage["practical"]) {
  return [
    { key: "length", icon: Clock, term: texts.lengthTitle, text: texts.lengthText },
    { key: "place", icon: MapPin, term: texts.placeTitle, text: texts.placeText },
    { key: "online", icon: Video, term: texts.onlineTitle, text: texts.onlineText },
    { key: "forWhom", icon: Heart, term: texts.forWhomTitle, text: texts.forWhomText },
    { key: "bring", icon: Shirt, term: texts.bringTitle, text: texts.bringText },
  ];
}

/** What the page's loader gives: the session's price from her offers; null: „cena dohodou“. */
export type PracticalInfoData = { priceCzk: number | null };

/** The date, and the price as her offers say it: agreed at the consultation until she sets one. */
function dateAndPrice(priceCzk: number | null) {
  return {
    key: "date",
    icon: CalendarHeart,
    term: "Termín a cena",
    text:
      priceCzk === null
        ? "Domluvíme je spolu při konzultaci, aby setkání sedlo vám i vašemu kalendáři."
        : `Setkání stojí ${formatPrice(priceCzk)}. Termín domluvíme spolu při konzultaci, aby sedl vám i vašemu kalendáři.`,
  };
}

/** Length, place and the way to book. */
export function PracticalInfo() {
  const { priceCzk, texts } = useLoaderData<PracticalInfoData & HarmonisationTexts>();
  const { practical, closing } = texts;
  return (
    <section aria-labelledby="prakticky-heading" className="bg-cream px-5 py-16 sm:px-8 sm:py-24">
      <div className="mx-auto max-w-6xl">
        <div className="mx-auto max-w-2xl text-center">
          <Eyebrow className="justify-center">{czech(practical.eyebrow)}</Eyebrow>
          <h2 id="prakticky-heading" className="mt-3 text-3xl font-semibold text-bark sm:text-4xl">
            {czech(practical.heading)}
          </h2>
        </div>
        <dl className="mt-12 grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
          {[...factsOf(practical), dateAndPrice(priceCzk)].map(
            ({ key, icon: Icon, term, text }) => (
              <div key={key} className="rounded-[2rem] bg-sand/50 p-6 sm:p-7">
                <dt className="flex items-center gap-3 text-lg font-semibold text-bark">
                  <span className="flex size-10 items-center justify-center rounded-full bg-cream text-moss-dark">
                    <Icon aria-hidden="true" className="size-5" />
                  </span>
                  {czech(term)}
                </dt>
                <dd className="mt-3 leading-relaxed text-bark-soft">{czech(text)}</dd>
              </div>
            ),
          )}
        </dl>

        <div className="mt-14 rounded-[2.5rem] bg-moss-dark px-6 py-12 text-center text-cream sm:px-12">
          <h3 className="text-3xl font-semibold sm:text-4xl">{czech(closing.heading)}</h3>
          <p className="mx-auto mt-5 max-w-2xl text-lg leading-relaxed text-cream/90">
            {czech(closing.intro)}
          </p>
          <div className="mt-8 flex flex-col items-center justify-center gap-3 sm:flex-row">
            <ButtonLink to={contactAbout("consultation")} variant="light">
              Objednat konzultaci
            </ButtonLink>
          </div>
        </div>
        <div className="mt-10 flex justify-center">
          <BackHomeLink look="button" />
        </div>
      </div>
    </section>
  );
}
