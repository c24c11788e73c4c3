import { paths } from "#shared/routes";
import { BlogSection } from "~/components/home/blog";
import { ContactSection } from "~/components/home/contact";
import { HomeHero } from "~/components/home/hero";
import { ReviewsSection } from "~/components/home/reviews";
import { ServicesSection } from "~/components/home/services";
import { WelcomeSection } from "~/components/home/welcome";
import { pageMeta } from "~/lib/seo";
import { businessStructuredData } from "~/lib/structured-data";
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

export default function HomePage() {
  return (
    <main id="obsah">
      <HomeHero />
      <WelcomeSection />
      <ServicesSection />
      <BlogSection />
      <ReviewsSection />
      <ContactSection />
    </main>
  );
}
