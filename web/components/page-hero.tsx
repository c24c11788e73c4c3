import type { ReactNode } from "react";
import { BackHomeLink } from "~/components/back-home-link";
import { FirstScreenEnd } from "~/components/first-screen-end";
import { Blossom, LeafSprig } from "~/components/ui/botanical";
import { Eyebrow } from "~/components/ui/section";

type PageHeroProps = {
  /** A short line above the headline. */
  eyebrow: string;
  title: ReactNode;
  lead: ReactNode;
  /** Buttons under the lead. */
  actions?: ReactNode;
  /** A picture or card beside the text (below it on phones). */
  aside?: ReactNode;
};

/** The opening of an inner page: the way back, the page's one h1 and its promise. */
export function PageHero({ eyebrow, title, lead, actions, aside }: PageHeroProps) {
  return (
    <div className="relative isolate overflow-hidden bg-linear-to-b from-sand/80 via-cream to-cream px-5 pt-6 pb-16 sm:px-8 sm:pb-24">
      <LeafSprig className="pointer-events-none absolute -top-6 -right-10 -z-10 w-44 rotate-12 text-sage sm:w-64" />
      <div className="mx-auto max-w-6xl">
        <BackHomeLink className="-ml-1" />
        <div className="mt-8 grid items-center gap-12 sm:mt-12 lg:grid-cols-[1.1fr_0.9fr] lg:gap-16">
          <div>
            <Eyebrow>{eyebrow}</Eyebrow>
            <h1 className="mt-4 text-4xl leading-tight font-semibold text-bark sm:text-5xl lg:text-6xl">
              {title}
            </h1>
            <div className="mt-6 max-w-xl space-y-4 text-lg leading-relaxed text-bark-soft sm:text-xl">
              {lead}
            </div>
            {actions && <div className="mt-8 flex flex-wrap gap-3">{actions}</div>}
          </div>
          {aside}
        </div>
      </div>
      {/* After the text: its place at the bottom is final only once the text above it is there. */}
      <Blossom className="pointer-events-none absolute bottom-2 -left-10 -z-10 w-20 text-terracotta/40 sm:w-24" />
      <FirstScreenEnd />
    </div>
  );
}
