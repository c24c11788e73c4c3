import { CalendarHeart } from "lucide-react";
import { contactAbout, paths } from "#shared/routes";
import { site } from "#shared/site";
import { PracticalInfo } from "~/components/harmonisation/practical-info";
import { SessionParts } from "~/components/harmonisation/session-parts";
import { SessionStory } from "~/components/harmonisation/session-story";
import { PageHero } from "~/components/page-hero";
import { Photo } from "~/components/photo";
import { photos } from "~/components/photos";
import { ButtonLink, buttonClasses } from "~/components/ui/button";
import { pageMeta } from "~/lib/seo";
import { czech } from "~/lib/typography";

export const meta = () =>
  pageMeta({
    title: "Harmonizační setkání",
    description: czech(
      `Kakaový rituál, zvuková lázeň, vědomý dotek, intuitivní masáž nebo řízená meditace a tvorba osobní vůně. Osobně v obci ${site.location.locality} a okolí, konzultace i online.`,
    ),
    path: paths.harmonisation,
  });

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
      <SessionStory />
      <SessionParts />
      <PracticalInfo />
    </main>
  );
}
