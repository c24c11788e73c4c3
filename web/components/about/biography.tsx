import { Leaf, Sprout, Sun } from "lucide-react";
import { useLoaderData } from "react-router";
import type { AboutPage } from "#shared/content/page-about";
import { ContentPhoto, useSlotPhoto } from "~/components/content-photo";
import { photos } from "~/components/photos";
import { Blossom } from "~/components/ui/botanical";
import { Eyebrow } from "~/components/ui/section";
import { IconCardText, StoryText } from "~/components/ui/story-text";
import { useSiteOperator } from "~/lib/site-operator";
import { czech } from "~/lib/typography";

/** What the about page's loader gives its sections: her texts of the page. */
export type AboutTexts = { texts: AboutPage };

/** The three principles: her texts, with their icons (the design's). */
function principlesOf(approach: AboutPage["approach"]) {
  return [
    { key: "earth", icon: Leaf, title: approach.firstTitle, text: approach.firstText },
    { key: "whole", icon: Sun, title: approach.secondTitle, text: approach.secondText },
    { key: "own", icon: Sprout, title: approach.thirdTitle, text: approach.thirdText },
  ];
}

/** Who she is and how she got here, in her own words. */
export function Biography() {
  const { ownerName } = useSiteOperator();
  const { story, approach } = useLoaderData<AboutTexts>().texts;
  const photo = useSlotPhoto("aboutHerbs");
  return (
    <>
      <section aria-labelledby="pribeh-heading" className="bg-cream px-5 py-16 sm:px-8 sm:py-24">
        <div className="mx-auto grid max-w-6xl gap-12 lg:grid-cols-[0.9fr_1.1fr] lg:gap-20">
          {/* The story first (on phones the hero has just shown a picture); on wide screens it sits right. */}
          <div className="lg:order-2">
            <StoryText headingId="pribeh-heading" texts={story} />
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
                <p>{czech(`„${story.quote}“`)}</p>
              </blockquote>
              <figcaption className="mt-4 font-semibold text-moss-dark">– {ownerName}</figcaption>
            </figure>
          </div>
        </div>
      </section>

      <section aria-labelledby="pristup-heading" className="bg-sand/60 px-5 py-16 sm:px-8 sm:py-24">
        <div className="mx-auto max-w-6xl">
          <div className="mx-auto max-w-2xl text-center">
            <Eyebrow className="justify-center">{czech(approach.eyebrow)}</Eyebrow>
            <h2 id="pristup-heading" className="mt-3 text-3xl font-semibold text-bark sm:text-4xl">
              {czech(approach.heading)}
            </h2>
            <p className="mt-5 text-lg leading-relaxed text-bark-soft">{czech(approach.intro)}</p>
          </div>
          <ul className="mt-12 grid gap-6 md:grid-cols-3">
            {principlesOf(approach).map(({ key, ...card }) => (
              <li key={key} className="rounded-[2rem] bg-cream p-7 shadow-sm ring-1 ring-bark/5">
                <IconCardText {...card} badgeClassName="bg-sage-light text-moss-dark" />
              </li>
            ))}
          </ul>
        </div>
      </section>
    </>
  );
}
