/**
 * The home page's loader data, read where pages are rendered and never in the browser: the
 * modules it reads (her content's schemas, with zod) stay out of the page's JavaScript, which
 * a route module's imports would otherwise bring (perf/budgets.ts).
 */
import { homeArticleCount } from "#shared/content/home-articles";
import { publicReviews } from "#shared/content/review-content";
import { type ServiceChoice, serviceChoices } from "#shared/content/service-choices";
import type { ContactFormValues } from "#shared/form-schemas";
import { readRefusedForm, type SubmittedForm } from "~/components/forms/submitted-form";
import type { BlogSectionData } from "~/components/home/blog";
import type { HomeHeroData } from "~/components/home/hero";
import type { ReviewsSectionData } from "~/components/home/reviews";
import type { ServicesSectionData } from "~/components/home/services";
import type { HomeSectionsData } from "~/components/home/welcome";
import { readArticles, summarise } from "~/lib/articles.server";
import { bookableOfferIds } from "~/lib/booking.server";
import { readContent } from "~/lib/content.server";
import type { BusinessFacts } from "~/lib/structured-data";
import type { Route } from "../routes/+types/home";

/**
 * Runs when the page is rendered, never in the browser: her first screen, the
 * texts of the sections below it, her offers and reviews (the content of the render's load
 * context, or the defaults) and the
 * blog section's three newest articles (web/components/home/blog.tsx). Having
 * a `loader` also keeps React Router from running `clientLoader` on the first
 * visit, which would show a loading screen instead of the pre-rendered page.
 */
export async function loadHome({ context }: Pick<Route.LoaderArgs, "context">): Promise<
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
  const [hero, sections, { offers, retired }, { reviews }, operator, articles] = await Promise.all([
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
    // Their cards link to the booking page too („Rezervovat termín“).
    bookable: bookableOfferIds(offers),
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
      // A review of an offer she has retired keeps its name (decision 0042).
      about: [...offers, ...retired].find((offer) => offer.id === offerId)?.name ?? "",
    })),
    newestArticles: articles.slice(0, homeArticleCount).map(summarise),
  };
}
