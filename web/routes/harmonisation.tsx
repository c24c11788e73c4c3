import { CalendarCheck, CalendarHeart } from "lucide-react";
import { contactAbout, paths } from "#shared/routes";
import { site } from "#shared/site";
import { ContentPhoto } from "~/components/content-photo";
import type { PracticalInfoData } from "~/components/harmonisation/practical-info";
import type { HarmonisationTexts } from "~/components/harmonisation/session-story";
import { PageHero } from "~/components/page-hero";
import { photos } from "~/components/photos";
import { ButtonLink, buttonClasses } from "~/components/ui/button";
import { bookableOfferIds } from "~/lib/booking.server";
import { readContent } from "~/lib/content.server";
import { alwaysPhotoLed } from "~/lib/photo-led";
import { readSlotPhotos } from "~/lib/photo-slots.server";
import { pageMeta } from "~/lib/seo";
import { czech } from "~/lib/typography";
import { deferredPart, StaticPart } from "~/progressive/static-part";
import type { Route } from "./+types/harmonisation";

/** Her photo leads the first screen: a first visit keeps the local fonts (web/lib/photo-led.ts). */
export const handle = alwaysPhotoLed;

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

/**
 * Runs when the page is rendered: her texts of the page, the session's price from her offers
 * (practical-info.tsx), and her photo of the first screen, if she chose one.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const content = readContent(context);
  const [texts, { offers }, photos] = await Promise.all([
    content.read("harmonisation-page"),
    content.read("offers"),
    readSlotPhotos(context, ["harmonisationRitual"]),
  ]);
  const price: PracticalInfoData = {
    priceCzk: offers.find((offer) => offer.id === "consultation")?.priceCzk ?? null,
  };
  const page: HarmonisationTexts = { texts };
  // Booked online too when she lets it („Rezervovat termín“ beside „Objednat konzultaci“).
  const bookable = bookableOfferIds(offers).includes("consultation");
  return { ...price, ...page, photos, bookable };
}
/**
 * Before a client-side navigation here: the rendered loader data (the price) and the static
 * parts' code, so that the page comes whole in its first frame.
 */
export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  const [data] = await Promise.all([
    serverLoader(),
    ...[story, sessionParts, practicalInfo].map((part) => part.preload()),
  ]);
  return data;
}

export default function HarmonisationPage({ loaderData }: Route.ComponentProps) {
  const { hero } = loaderData.texts;
  return (
    <main id="obsah">
      <PageHero
        eyebrow={czech(hero.eyebrow)}
        title={czech(hero.heading)}
        lead={<p>{czech(hero.intro)}</p>}
        actions={
          <>
            <ButtonLink to={contactAbout("consultation")}>
              <CalendarHeart aria-hidden="true" className="size-5" />
              Objednat konzultaci
            </ButtonLink>
            {loaderData.bookable && (
              <ButtonLink to={paths.booking} variant="secondary">
                <CalendarCheck aria-hidden="true" className="size-5" />
                Rezervovat termín
              </ButtonLink>
            )}
            <a href="#prubeh" className={buttonClasses("secondary")}>
              {czech(hero.stepsButton)}
            </a>
          </>
        }
        aside={
          <ContentPhoto
            photo={loaderData.photos.harmonisationRitual}
            illustration={photos.harmonisationRitual}
            priority
          />
        }
      />
      <StaticPart name="session-story" part={story} />
      <StaticPart name="session-parts" part={sessionParts} />
      <StaticPart name="practical-info" part={practicalInfo} />
    </main>
  );
}
