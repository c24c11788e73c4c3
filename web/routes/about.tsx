import { CalendarHeart } from "lucide-react";
import { contactAbout, paths } from "#shared/routes";
import { BackHomeLink } from "~/components/back-home-link";
import { ContentPhoto } from "~/components/content-photo";
import { PageHero } from "~/components/page-hero";
import { photos } from "~/components/photos";
import { LeafSprig } from "~/components/ui/botanical";
import { ButtonLink } from "~/components/ui/button";
import { readContent } from "~/lib/content.server";
import { alwaysPhotoLed } from "~/lib/photo-led";
import { readSlotPhotos } from "~/lib/photo-slots.server";
import { pageMeta } from "~/lib/seo";
import { operatorOfMatches } from "~/lib/site-operator";
import { czech } from "~/lib/typography";
import { deferredPart, StaticPart } from "~/progressive/static-part";
import type { Route } from "./+types/about";

/** Her photo leads the first screen: a first visit keeps the local fonts (web/lib/photo-led.ts). */
export const handle = alwaysPhotoLed;

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "O mně",
    description: czech(
      `Kdo je ${operatorOfMatches(matches).ownerName}: jak ji příroda a byliny dovedly k harmonizačním setkáním, ručně vyráběným olejům, vykuřovadlům a k setkáním pro ženy.`,
    ),
    path: paths.about,
  });

// The story and the creations are text, pictures and links: on the
// pre-rendered page they need no JavaScript (see StaticPart).
const biography = deferredPart(() =>
  import("~/components/about/biography").then((module) => module.Biography),
);
const creations = deferredPart(() =>
  import("~/components/about/my-creations").then((module) => module.MyCreations),
);

/** Runs when the page is rendered: her texts of the page, and her photos of its three places, if she chose any. */
export async function loader({ context }: Route.LoaderArgs) {
  const [texts, photos] = await Promise.all([
    readContent(context).read("about-page"),
    readSlotPhotos(context, ["aboutLandscape", "aboutHerbs", "aboutCreations"]),
  ]);
  return { texts, photos };
}

/**
 * Before a client-side navigation here: the rendered loader data (her texts and photos) and the
 * static parts' code, so that the page comes whole in its first frame.
 */
export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  const [data] = await Promise.all([
    serverLoader(),
    ...[biography, creations].map((part) => part.preload()),
  ]);
  return data;
}

export default function AboutPage({ loaderData }: Route.ComponentProps) {
  const { hero, meet } = loaderData.texts;
  return (
    <main id="obsah">
      <PageHero
        eyebrow={czech(hero.eyebrow)}
        // The specification quotes the headline verbatim (her default).
        title={czech(hero.heading)}
        lead={
          <>
            <p className="font-serif text-2xl text-bark sm:text-3xl">{czech(hero.greeting)}</p>
            <p>{czech(hero.intro)}</p>
          </>
        }
        actions={
          <ButtonLink to={contactAbout("consultation")}>
            <CalendarHeart aria-hidden="true" className="size-5" />
            Objednat konzultaci
          </ButtonLink>
        }
        aside={
          <ContentPhoto
            photo={loaderData.photos.aboutLandscape}
            illustration={photos.aboutLandscape}
            priority
            frameClassName="rounded-t-full rounded-b-[2rem]"
            className="mx-auto w-full max-w-sm lg:max-w-md"
          />
        }
      />
      <StaticPart name="biography" part={biography} />
      <StaticPart name="creations" part={creations} />
      <section
        aria-labelledby="setkani-heading"
        className="relative isolate overflow-hidden bg-sage-light/70 px-5 py-16 sm:px-8 sm:py-20"
      >
        <LeafSprig className="pointer-events-none absolute -bottom-8 -left-6 -z-10 w-40 text-moss/40 sm:w-56" />
        <div className="mx-auto max-w-3xl text-center">
          <h2 id="setkani-heading" className="text-3xl font-semibold text-bark sm:text-4xl">
            {czech(meet.heading)}
          </h2>
          <p className="mt-5 text-lg leading-relaxed text-bark-soft">{czech(meet.intro)}</p>
          <div className="mt-8 flex flex-col items-center justify-center gap-3 sm:flex-row">
            <ButtonLink to={contactAbout("consultation")}>Objednat konzultaci</ButtonLink>
            <BackHomeLink look="button" />
          </div>
        </div>
      </section>
    </main>
  );
}
