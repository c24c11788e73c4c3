import { useLoaderData } from "react-router";
import type { HarmonisationPage } from "#shared/content/page-harmonisation";
import { Blossom } from "~/components/ui/botanical";
import { StoryText } from "~/components/ui/story-text";
import { useSiteOperator } from "~/lib/site-operator";
import { czech } from "~/lib/typography";

/** What the page's loader gives its sections: her texts of the page. */
export type HarmonisationTexts = { texts: HarmonisationPage };

/** How the harmonisation session came to be, in her words. */
export function SessionStory() {
  const { ownerName } = useSiteOperator();
  const { story } = useLoaderData<HarmonisationTexts>().texts;
  return (
    <section aria-labelledby="vznik-heading" className="bg-cream px-5 py-16 sm:px-8 sm:py-24">
      <div className="mx-auto grid max-w-6xl gap-12 lg:grid-cols-[1.2fr_0.8fr] lg:items-center lg:gap-20">
        <div>
          <StoryText headingId="vznik-heading" texts={story} />
        </div>
        <figure className="relative rounded-[2rem] bg-sand/70 px-7 py-10 sm:px-10">
          <Blossom className="absolute -top-6 right-8 w-12 text-terracotta" />
          <blockquote className="font-serif text-2xl leading-relaxed text-bark italic">
            <p>{czech(`„${story.quote}“`)}</p>
          </blockquote>
          <figcaption className="mt-5 font-semibold text-moss-dark">– {ownerName}</figcaption>
        </figure>
      </div>
    </section>
  );
}
