import { Droplets, Flame, Flower2, Sparkles } from "lucide-react";
import { useLoaderData } from "react-router";
import type { AboutPage } from "#shared/content/page-about";
import type { AboutTexts } from "~/components/about/biography";
import { ContentPhoto, useSlotPhoto } from "~/components/content-photo";
import { photos } from "~/components/photos";
import { ButtonLink } from "~/components/ui/button";
import { Eyebrow } from "~/components/ui/section";
import { IconCardText, StoryParagraphs } from "~/components/ui/story-text";
import { czech } from "~/lib/typography";

/** The four creations: her texts, with their icons (the design's). */
function creationsOf(texts: AboutPage["creations"]) {
  return [
    { key: "oils", icon: Droplets, title: texts.firstTitle, text: texts.firstText },
    { key: "incense", icon: Flame, title: texts.secondTitle, text: texts.secondText },
    { key: "flowers", icon: Flower2, title: texts.thirdTitle, text: texts.thirdText },
    { key: "decorations", icon: Sparkles, title: texts.fourthTitle, text: texts.fourthText },
  ];
}

/** The section about her handmade products. */
export function MyCreations() {
  const texts = useLoaderData<AboutTexts>().texts.creations;
  const photo = useSlotPhoto("aboutCreations");
  return (
    <section aria-labelledby="tvorba-heading" className="bg-cream px-5 py-16 sm:px-8 sm:py-24">
      <div className="mx-auto max-w-6xl">
        <div className="grid items-center gap-12 lg:grid-cols-2 lg:gap-20">
          <div>
            <Eyebrow>{czech(texts.eyebrow)}</Eyebrow>
            {/* The specification quotes this heading verbatim, in capitals. */}
            <h2
              id="tvorba-heading"
              className="mt-3 text-3xl font-semibold tracking-wide text-nowrap text-bark sm:text-4xl"
            >
              {czech(texts.heading)}
            </h2>
            <StoryParagraphs paragraphs={texts.paragraphs} />
          </div>
          <ContentPhoto
            photo={photo}
            illustration={photos.aboutCreations}
            caption={czech("Oleje, vykuřovadla, květiny a dekorace z mé dílny")}
          />
        </div>

        <ul className="mt-14 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {creationsOf(texts).map(({ key, ...card }) => (
            <li key={key} className="rounded-[2rem] bg-sand/60 p-7">
              <IconCardText {...card} badgeClassName="bg-cream text-terracotta-dark shadow-sm" />
            </li>
          ))}
        </ul>

        <div className="mt-12 flex flex-col items-center gap-4 text-center">
          <p className="max-w-xl text-lg text-bark-soft">{czech(texts.closing)}</p>
          <ButtonLink to={texts.action.target} variant="secondary">
            {czech(texts.action.label)}
          </ButtonLink>
        </div>
      </div>
    </section>
  );
}
