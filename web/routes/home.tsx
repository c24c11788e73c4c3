import { operatorSeed } from "#shared/content/operator-content";
import { publicReviews } from "#shared/content/review-content";
import { type ServiceChoice, serviceChoices } from "#shared/content/service-choices";
import type { ContactFormValues } from "#shared/form-schemas";
import { paths } from "#shared/routes";
import { readRefusedForm, type SubmittedForm } from "~/components/forms/submitted-form";
import type { BlogSectionData } from "~/components/home/blog";
import { ContactSection } from "~/components/home/contact";
import { HomeHero, type HomeHeroData } from "~/components/home/hero";
import type { ReviewsSectionData } from "~/components/home/reviews";
import type { ServicesSectionData } from "~/components/home/services";
import type { HomeSectionsData } from "~/components/home/welcome";
import { readArticles, summarise } from "~/lib/articles.server";
import { readContent } from "~/lib/content.server";
import { pageMeta } from "~/lib/seo";
import { type BusinessFacts, businessStructuredData } from "~/lib/structured-data";
import { deferredPart, StaticPart } from "~/progressive/static-part";
import type { Route } from "./+types/home";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  ...pageMeta({
    title: "Harmonizační setkání a dary přírody",
    description:
      "Harmonizační setkání s kakaovým rituálem, ručně vyráběné bylinné oleje a vykuřovadla, workshopy pro ženy. Osobně u Brna i online. Dárek zdarma.",
    path: paths.home,
  }),
  businessStructuredData(loaderData?.operator ?? operatorSeed),
];

// The welcome, the offer, the blog and the reviews are text, links and
// disclosures: on the pre-rendered page they need no JavaScript (see StaticPart).
const welcome = deferredPart(() =>
  import("~/components/home/welcome").then((module) => module.WelcomeSection),
);
const services = deferredPart(() =>
  import("~/components/home/services").then((module) => module.ServicesSection),
);
const blog = deferredPart(() =>
  import("~/components/home/blog").then((module) => module.BlogSection),
);
const reviews = deferredPart(() =>
  import("~/components/home/reviews").then((module) => module.ReviewsSection),
);

/**
 * Runs when the page is rendered, never in the browser: her first screen, the
 * texts of the sections below it, her offers and reviews (the content of the render's load
 * context, or the defaults) and the
 * blog section's three newest articles (web/components/home/blog.tsx). Having
 * a `loader` also keeps React Router from running `clientLoader` on the first
 * visit, which would show a loading screen instead of the pre-rendered page.
 */
export async function loader({ context }: Route.LoaderArgs): Promise<
  BlogSectionData &
    ServicesSectionData &
    HomeHeroData &
    HomeSectionsData &
    ReviewsSectionData & {
      services: ServiceChoice[];
      /** A contact form the server refused when it came without scripts (this page is its answer). */
      refusedContact: SubmittedForm<ContactFormValues> | null;
      operator: BusinessFacts;
    }
> {
  const content = readContent(context);
  const [hero, sections, { offers }, { reviews }, operator, articles] = await Promise.all([
    content.read("home-hero"),
    content.read("home-sections"),
    content.read("offers"),
    content.read("reviews"),
    content.read("operator"),
    readArticles(context).list(),
  ]);
  return {
    hero,
    sections,
    offers: offers.filter((offer) => offer.shown),
    // The contact form's „Služba“, as her offers name themselves there.
    services: serviceChoices(offers),
    refusedContact: readRefusedForm(context, "contact"),
    // Her published facts, for the structured data in the page's head.
    operator: {
      ownerName: operator.ownerName,
      email: operator.email,
      phone: operator.phone,
      socialUrl: operator.socialUrl,
    },
    // Only what she shows and its author agreed to; each about its offer as named now.
    reviews: publicReviews(reviews).map(({ id, name, date, text, offerId }) => ({
      id,
      name,
      date,
      text,
      about: offers.find((offer) => offer.id === offerId)?.name ?? "",
    })),
    newestArticles: articles.slice(0, 3).map(summarise),
  };
}

/**
 * Runs before a client-side navigation to this page (a menu link to
 * /#reviews from another page): fetches the pre-rendered loader data and
 * loads the static parts' code, so that the page comes whole in its first
 * frame and the browser finds the anchor where it stays.
 */
export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  const [data] = await Promise.all([
    serverLoader(),
    ...[welcome, services, blog, reviews].map((part) => part.preload()),
  ]);
  return data;
}

export default function HomePage({ loaderData }: Route.ComponentProps) {
  return (
    <main id="obsah">
      <HomeHero hero={loaderData.hero} giftTeaser={loaderData.sections.firstScreen.giftTeaser} />
      <StaticPart name="welcome" part={welcome} />
      <StaticPart name="services" part={services} />
      <StaticPart name="blog" part={blog} />
      <StaticPart name="reviews" part={reviews} />
      <ContactSection
        services={loaderData.services}
        submitted={loaderData.refusedContact ?? undefined}
        texts={loaderData.sections.contact}
      />
    </main>
  );
}
