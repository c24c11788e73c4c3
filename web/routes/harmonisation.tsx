import { CalendarHeart } from "lucide-react";
import { contactAbout, paths } from "#shared/routes";
import { site } from "#shared/site";
import { PageHero } from "~/components/page-hero";
import { Photo } from "~/components/photo";
import { photos } from "~/components/photos";
import { ButtonLink, buttonClasses } from "~/components/ui/button";
import { pageMeta } from "~/lib/seo";
import { czech } from "~/lib/typography";
import { deferredPart, noLoaderData, preloadingParts, StaticPart } from "~/progressive/static-part";

export const meta = () =>
  pageMeta({
    title: "Harmonizační setkání",
    description: czech(
      `Kakaový rituál, zvuková lázeň, vědomý dotek, intuitivní masáž nebo řízená meditace a tvorba osobní vůně. Osobně v ${site.location.localityLocative} nebo v ${site.location.serviceAreaLocative}, konzultace i online.`,
    ),
    path: paths.harmonisation,
  });

// What the session is, its parts and the practical details are text,
// pictures, links and disclosures: on the pre-rendered page they need no
// JavaScript (see StaticPart).
const story = deferredPart(() =>
  import("~/components/harmonisation/session-story").then((module) => module.SessionStory),
);
const sessionParts = deferredPart(() =>
  import("~/components/harmonisation/session-parts").then((module) => module.SessionParts),
);
const practicalInfo = deferredPart(() =>
  import("~/components/harmonisation/practical-info").then((module) => module.PracticalInfo),
);

export const loader = noLoaderData;
export const clientLoader = preloadingParts(story, sessionParts, practicalInfo);

export default function HarmonisationPage() {
  return (
    <main id="obsah">
      <PageHero
        eyebrow="Čas jen pro vás"
        title="Harmonizační setkání"
        lead={
          <p>
            {czech(
              "Setkání, při kterém se tělo uvolní, mysl ztiší a vy se znovu spojíte se sebou. Šálek kakaa, zvuk nebo dotek a vlastní vůně, kterou si odnesete domů.",
            )}
          </p>
        }
        actions={
          <>
            <ButtonLink to={contactAbout("consultation")}>
              <CalendarHeart aria-hidden="true" className="size-5" />
              Objednat konzultaci
            </ButtonLink>
            <a href="#prubeh" className={buttonClasses("secondary")}>
              {czech("Jak setkání probíhá")}
            </a>
          </>
        }
        aside={<Photo photo={photos.harmonisationRitual} priority />}
      />
      <StaticPart name="session-story" part={story} />
      <StaticPart name="session-parts" part={sessionParts} />
      <StaticPart name="practical-info" part={practicalInfo} />
    </main>
  );
}
