import { Quote } from "lucide-react";
import { useLoaderData } from "react-router";
import { formatReviewDate, type Review } from "#shared/content/review-content";
import { homeAnchors } from "#shared/routes";
import { Section } from "~/components/ui/section";
import { czech, typeset } from "~/lib/typography";

/**
 * What the home route's loader gives this section: the reviews the site may show (shown and
 * agreed to, `publicReviews`), each with the name of the offer it is about as the offer is
 * named now, in her order.
 */
export type ReviewsSectionData = {
  reviews: (Pick<Review, "id" | "name" | "date" | "text"> & { about: string })[];
};

/**
 * Testimonials with first names and the service and day each is about, all visible at once
 * (nothing moves on its own).
 */
export function ReviewsSection() {
  const { reviews } = useLoaderData<ReviewsSectionData>();
  return (
    <Section
      id={homeAnchors.reviews}
      eyebrow="Recenze"
      title={czech("Slova, která mě hřejí u srdce")}
      intro={czech(
        "Děkuji za vaši důvěru i za každý vzkaz. Tady je několik z nich, se svolením jejich autorek.",
      )}
      tone="sage"
    >
      <ul className="grid gap-6 md:grid-cols-2">
        {reviews.map((review, index) => (
          <li key={review.id} className={index % 2 === 1 ? "md:translate-y-8" : undefined}>
            <figure className="relative h-full rounded-[2rem] bg-cream p-6 shadow-soft ring-1 ring-bark/5 sm:p-9">
              <Quote aria-hidden="true" className="size-9 fill-terracotta/20 text-terracotta" />
              <blockquote className="mt-4 font-serif text-lg leading-relaxed text-pretty text-bark italic sm:text-xl">
                <p>{typeset(`„${review.text}“`)}</p>
              </blockquote>
              <figcaption className="mt-6 flex items-center gap-4">
                <span
                  aria-hidden="true"
                  className="flex size-12 items-center justify-center rounded-full bg-sage-light font-serif text-xl font-semibold text-moss-dark"
                >
                  {review.name.charAt(0)}
                </span>
                <span>
                  <span className="block font-semibold text-bark">{review.name}</span>
                  <span className="block text-sm text-bark-soft">
                    {typeset(review.about)} ·{" "}
                    <time dateTime={review.date}>{formatReviewDate(review.date)}</time>
                  </span>
                </span>
              </figcaption>
            </figure>
          </li>
        ))}
      </ul>
      <p className="mx-auto mt-14 max-w-2xl text-center text-[0.9375rem] leading-relaxed text-pretty text-bark-soft md:mt-20">
        <strong className="font-semibold text-bark">
          {typeset("Jak recenze sbírám a ověřuji:")}
        </strong>{" "}
        {typeset(
          "Zveřejňuji jen recenze od lidí, kteří u mě opravdu byli na setkání nebo si ode mě něco koupili. Posílají mi je e-mailem; než recenzi zveřejním, ověřím podle svých záznamů, že setkání nebo nákup proběhly. Zveřejňuji ji s jejich souhlasem, beze změn a jen s křestním jménem. Za recenze nic nenabízím ani neplatím.",
        )}
      </p>
    </Section>
  );
}
