import { paths } from "#shared/routes";
import { operatorDefaults } from "#shared/site";
import { ContactSection } from "~/components/home/contact";
import { HomeHero } from "~/components/home/hero";
import { loadHome } from "~/lib/home.server";
import { pageMeta } from "~/lib/seo";
import { businessStructuredData } from "~/lib/structured-data";
import { deferredPart, StaticPart } from "~/progressive/static-part";
import type { Route } from "./+types/home";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  ...pageMeta({
    title: "Harmonizační setkání a dary přírody",
    description:
      "Harmonizační setkání s kakaovým rituálem, ručně vyráběné bylinné oleje a vykuřovadla, workshopy pro ženy. Osobně u Brna i online. Dárek zdarma.",
    path: paths.home,
  }),
  businessStructuredData(
    // Her published facts; the defaults of shared/site.ts only on an error page without data.
    loaderData?.operator ?? operatorDefaults,
  ),
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
 * Runs when the page is rendered, never in the browser (web/lib/home.server.ts). Having a
 * `loader` also keeps React Router from running `clientLoader` on the first visit, which would
 * show a loading screen instead of the rendered page.
 */
export const loader = (args: Route.LoaderArgs) => loadHome(args);

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
