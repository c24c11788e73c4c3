import { ArrowRight } from "lucide-react";
import { useLoaderData } from "react-router";
import type { HomeSections } from "#shared/content/page-home";
import { homeAnchors } from "#shared/routes";
import { Blossom, LeafSprig } from "~/components/ui/botanical";
import { ButtonLink } from "~/components/ui/button";
import { Eyebrow } from "~/components/ui/section";
import { useSiteOperator } from "~/lib/site-operator";
import { czech } from "~/lib/typography";

/** What the home route's loader gives the sections below the first screen: her texts of them. */
export type HomeSectionsData = { sections: HomeSections };

/** The owner introduces herself, with a quotation of her own. */
export function WelcomeSection() {
  const { ownerName } = useSiteOperator();
  const { welcome } = useLoaderData<HomeSectionsData>().sections;
  return (
    <section
      id={homeAnchors.welcome}
      aria-labelledby="welcome-heading"
      className="relative overflow-hidden bg-cream px-5 py-16 sm:px-8 sm:py-24"
    >
      <div className="mx-auto grid max-w-6xl items-center gap-12 lg:grid-cols-[1.1fr_0.9fr] lg:gap-20">
        <div>
          <Eyebrow>{czech(welcome.eyebrow)}</Eyebrow>
          <h2 id="welcome-heading" className="mt-3 text-3xl font-semibold text-bark sm:text-4xl">
            {czech(welcome.heading)}
          </h2>
          <div className="mt-6 space-y-5 text-lg leading-relaxed text-pretty text-bark-soft">
            {welcome.paragraphs.map((paragraph) => (
              <p key={paragraph}>{czech(paragraph)}</p>
            ))}
          </div>
          <p className="mt-8 font-serif text-2xl text-moss-dark italic">
            {czech(welcome.signature)}
          </p>
          <ButtonLink to={welcome.storyLink.target} variant="ghost" className="mt-4 -ml-6">
            {czech(welcome.storyLink.label)}
            <ArrowRight aria-hidden="true" className="size-5" />
          </ButtonLink>
        </div>

        <figure className="relative isolate overflow-hidden rounded-[2.5rem] bg-sage-light px-8 pt-20 pb-10 shadow-soft sm:px-12 sm:pt-24 sm:pb-12">
          <LeafSprig className="absolute -top-6 -right-6 -z-10 h-56 rotate-[20deg] text-moss/40" />
          <Blossom className="absolute top-8 left-8 size-10 text-terracotta" />
          <blockquote className="font-serif text-2xl leading-snug text-bark italic sm:text-3xl">
            <p>{czech(`„${welcome.quote}“`)}</p>
          </blockquote>
          <figcaption className="mt-6 flex items-center gap-3 text-base font-semibold text-moss-dark">
            <span aria-hidden="true" className="h-px w-8 bg-moss-dark" />
            {ownerName}
          </figcaption>
        </figure>
      </div>
    </section>
  );
}
