import { paths } from "#shared/routes";
import { ContactSection } from "~/components/home/contact";
import { HomeHero } from "~/components/home/hero";
import { WelcomeSection } from "~/components/home/welcome";
import { pageMeta } from "~/lib/seo";
import { businessStructuredData } from "~/lib/structured-data";
import { deferredPart, StaticPart } from "~/progressive/static-part";
import type { Route } from "./+types/home";

export const meta: Route.MetaFunction = () => [
  ...pageMeta({
    title: "Harmonizační setkání a dary přírody",
    description:
      "Harmonizační setkání s kakaovým rituálem, ručně vyráběné bylinné oleje a vykuřovadla, workshopy pro ženy. Osobně u Brna i online. Dárek zdarma.",
    path: paths.home,
  }),
  businessStructuredData,
];

// The offer, the blog and the reviews are text, links and disclosures: on
// the pre-rendered page they need no JavaScript (see StaticPart).
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
 * Runs before a client-side navigation to this page (a menu link to
 * /#reviews from another page) and loads the static parts' code, so that
 * the page comes whole in its first frame and the browser finds the anchor
 * where it stays. The empty `loader` runs only at pre-rendering; without a
 * `loader`, React Router would run `clientLoader` on the first visit too and
 * show a loading screen instead of the pre-rendered page.
 */
export const loader = () => null;

export async function clientLoader() {
  await Promise.all([services, blog, reviews].map((part) => part.preload()));
  return null;
}

export default function HomePage() {
  return (
    <main id="obsah">
      <HomeHero />
      <WelcomeSection />
      <StaticPart name="services" part={services} />
      <StaticPart name="blog" part={blog} />
      <StaticPart name="reviews" part={reviews} />
      <ContactSection />
    </main>
  );
}
