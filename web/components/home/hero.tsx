import { ArrowDown, Gift, MapPin } from "lucide-react";
import type { HomeHero as HomeHeroContent } from "#shared/content/content-schemas";
import { homeAnchors, homeSection, paths } from "#shared/routes";
import { site } from "#shared/site";
import { FirstScreenEnd } from "~/components/first-screen-end";
import { Blossom, MeadowIllustration } from "~/components/ui/botanical";
import { ButtonLink } from "~/components/ui/button";
import { PhotoFrame } from "~/components/ui/photo-frame";
import { Eyebrow } from "~/components/ui/section";
import { czech } from "~/lib/typography";

/** What the home route's loader gives the first screen: her texts of it. */
export type HomeHeroData = { hero: HomeHeroContent };

/** The first screen: who this is for, a quote, and the two ways in. */
export function HomeHero({ hero, giftTeaser }: HomeHeroData & { giftTeaser: string }) {
  return (
    <section
      id={homeAnchors.home}
      aria-labelledby="home-heading"
      className="relative isolate overflow-hidden bg-linear-to-b from-cream via-cream to-sand/70"
    >
      <div aria-hidden="true" className="absolute inset-0 -z-10 bg-grain" />
      <div
        aria-hidden="true"
        className="absolute -top-32 -right-40 -z-10 size-[32rem] rounded-full bg-sage-light/70 blur-3xl"
      />

      {/* Side by side on a wide screen, filling it and centred; on a phone one after the other from the top, so that text painted before the picture below it has arrived stays where it is. */}
      <div className="mx-auto grid max-w-6xl gap-12 px-5 py-12 sm:px-8 lg:min-h-[calc(100svh-var(--header-height))] lg:grid-cols-[1.15fr_0.85fr] lg:items-center lg:gap-16 lg:py-16">
        <div className="animate-rise">
          <Eyebrow>{czech(hero.eyebrow)}</Eyebrow>
          <h1
            id="home-heading"
            className="mt-5 text-[2.5rem] leading-[1.1] font-semibold text-bark sm:text-6xl"
          >
            {czech(hero.heading)}{" "}
            <span className="text-moss italic">{czech(hero.headingAccent)}</span>
          </h1>
          <p className="mt-6 max-w-xl text-lg leading-relaxed text-pretty text-bark-soft sm:text-xl">
            {czech(hero.lead)}
          </p>

          <figure className="mt-8 max-w-xl border-l-2 border-terracotta pl-5">
            <blockquote className="font-serif text-xl leading-snug text-balance text-moss-dark italic sm:text-2xl">
              <p>{czech(`„${hero.quote}“`)}</p>
            </blockquote>
            <figcaption className="mt-2 text-sm font-medium text-bark-soft">
              {`– ${hero.quoteAuthor}`}
            </figcaption>
          </figure>

          <div className="mt-10 flex flex-col gap-3 sm:flex-row sm:flex-wrap">
            <ButtonLink to={paths.gift} className="px-7 py-3 text-lg">
              <Gift aria-hidden="true" className="size-5" />
              {czech(hero.giftButton)}
            </ButtonLink>
            <ButtonLink
              to={homeSection(homeAnchors.services)}
              variant="secondary"
              className="px-7 py-3 text-lg"
            >
              {czech(hero.servicesButton)}
              <ArrowDown aria-hidden="true" className="size-5" />
            </ButtonLink>
          </div>

          <p className="mt-8 flex items-center gap-2 text-sm text-bark-soft">
            <MapPin aria-hidden="true" className="size-4 shrink-0 text-moss" />
            {czech(`Osobně: ${site.location.serviceArea} · online odkudkoli`)}
          </p>
        </div>

        <div className="relative mx-auto w-full max-w-[17rem] sm:max-w-xs lg:max-w-md">
          {/* A photograph of the practitioner replaces the meadow: add it to `photos` and pass photo={…}. */}
          <PhotoFrame
            priority
            fallback={<MeadowIllustration />}
            className="aspect-[4/5] animate-rise [animation-delay:120ms]"
          />
          <Blossom className="absolute -top-4 -left-6 size-14 -rotate-12 text-terracotta sm:size-16" />
          <div className="absolute -bottom-5 -left-4 max-w-[13rem] rounded-2xl bg-cream/95 px-4 py-3 shadow-soft ring-1 ring-bark/10 sm:-left-10">
            <p className="font-serif text-base leading-snug text-moss-dark italic">
              {czech(giftTeaser)}
            </p>
          </div>
        </div>
      </div>
      {/* After the content: its place at the bottom is final only once the content above it is there. */}
      <div
        aria-hidden="true"
        className="absolute -bottom-40 -left-32 -z-10 size-[28rem] rounded-full bg-terracotta/15 blur-3xl"
      />
      <FirstScreenEnd />
    </section>
  );
}
