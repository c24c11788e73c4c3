import { clsx } from "clsx";
import {
  ArrowRight,
  CalendarHeart,
  Flower2,
  HandHeart,
  HeartHandshake,
  Laptop,
  Sprout,
  SunMedium,
  Users,
} from "lucide-react";
import type { ComponentType, SVGProps } from "react";
import { Link, useLoaderData } from "react-router";
import { formatPrice, type Offer, type OfferId } from "#shared/content/content-schemas";
import type { HomeSections } from "#shared/content/page-home";
import { contactAbout, homeAnchors, homeSection, paths } from "#shared/routes";
import type { HomeSectionsData } from "~/components/home/welcome";
import { ButtonLink } from "~/components/ui/button";
import { Section } from "~/components/ui/section";
import { czech } from "~/lib/typography";

type Icon = ComponentType<SVGProps<SVGSVGElement>>;

/**
 * What the home route's loader gives this section: her offers shown on the site, in her order,
 * and which of them a visitor can book online.
 */
export type ServicesSectionData = { offers: Offer[]; bookable: OfferId[] };

type CardLook = { icon: Icon; link: string; ordered?: boolean; featured?: boolean };

/**
 * How each seeded offer's card looks and where its button leads: the design's, not her content.
 * An offer she adds gets a leaf and leads to the contact form with it chosen (`lookOf`).
 */
const cardLooks: Record<string, CardLook> = {
  products: { icon: Flower2, link: contactAbout("products") },
  // Its points are the session's three parts, in order.
  consultation: { icon: HeartHandshake, link: paths.harmonisation, ordered: true, featured: true },
  course: { icon: Laptop, link: contactAbout("course") },
  // Her dated workshops and meetings, each with its sign-up.
  workshop: { icon: Users, link: paths.events },
};

function lookOf(id: OfferId): CardLook {
  return cardLooks[id] ?? { icon: Sprout, link: contactAbout(id) };
}

/**
 * The grid's columns by how many offers she shows, so that no card is left alone in a row
 * looking broken: three a row where three divide them better than four, and a short last row
 * centred.
 */
function cardWidth(count: number): string {
  const wide = count <= 2 || count === 4 || count === 7 || count === 8 ? "4" : "3";
  return clsx(
    "w-full",
    count > 1 && "sm:w-[calc((100%-1.5rem)/2)]",
    count > 2 && (wide === "4" ? "xl:w-[calc((100%-4.5rem)/4)]" : "xl:w-[calc((100%-3rem)/3)]"),
    count === 1 && "sm:max-w-md",
  );
}

/** The three benefits' texts (her content) with their icons (the design's). */
function benefitsOf(texts: HomeSections["services"]) {
  return [
    { key: "first", title: texts.firstBenefitTitle, icon: Sprout, text: texts.firstBenefitText },
    {
      key: "second",
      title: texts.secondBenefitTitle,
      icon: SunMedium,
      text: texts.secondBenefitText,
    },
    { key: "third", title: texts.thirdBenefitTitle, icon: HandHeart, text: texts.thirdBenefitText },
  ];
}

/** Her offers, then what they have in common and a way to book. */
export function ServicesSection() {
  const { offers, bookable, sections } = useLoaderData<ServicesSectionData & HomeSectionsData>();
  const texts = sections.services;
  return (
    <Section
      id={homeAnchors.services}
      eyebrow="Nabízím"
      title={czech(texts.heading)}
      intro={czech(texts.intro)}
      tone="sand"
    >
      <ul className="flex flex-wrap justify-center gap-6">
        {offers.map((offer) => (
          <li key={offer.id} className={clsx("flex", cardWidth(offers.length))}>
            <ServiceCard offer={offer} bookable={bookable.includes(offer.id)} />
          </li>
        ))}
      </ul>

      <div className="mt-20 sm:mt-24">
        <h3 className="text-center text-2xl font-semibold text-bark sm:text-3xl">
          {czech(texts.benefitsHeading)}
        </h3>
        <ul className="mt-10 grid gap-10 md:grid-cols-3 md:gap-8">
          {benefitsOf(texts).map((benefit) => (
            <li key={benefit.key} className="text-center">
              <span className="mx-auto flex size-16 items-center justify-center rounded-full bg-cream text-moss-dark shadow-soft ring-1 ring-bark/5">
                <benefit.icon aria-hidden="true" className="size-7" />
              </span>
              <h4 className="mt-5 font-serif text-xl font-semibold text-bark">
                {czech(benefit.title)}
              </h4>
              <p className="mx-auto mt-3 max-w-xs leading-relaxed text-pretty text-bark-soft">
                {czech(benefit.text)}
              </p>
            </li>
          ))}
        </ul>
        <div className="mt-12 flex flex-col items-center gap-4 text-center">
          <p className="max-w-md text-lg text-pretty text-bark-soft">{czech(texts.closing)}</p>
          <ButtonLink to={homeSection(homeAnchors.contact)} className="px-8 py-3 text-lg">
            <CalendarHeart aria-hidden="true" className="size-5" />
            Objednat konzultaci
          </ButtonLink>
        </div>
      </div>
    </Section>
  );
}

function ServiceCard({ offer, bookable }: { offer: Offer; bookable: boolean }) {
  const look = lookOf(offer.id);
  const { featured } = look;
  const List = look.ordered ? "ol" : "ul";
  return (
    <article
      className={clsx(
        "flex w-full flex-col rounded-[2rem] p-6 shadow-soft sm:p-7 ring-1 transition duration-300 hover:-translate-y-1 hover:shadow-lifted",
        featured
          ? "bg-moss-dark text-cream ring-moss-dark [&_:focus-visible]:outline-sand"
          : "bg-cream text-bark ring-bark/5",
      )}
    >
      <div className="flex items-start justify-between gap-3">
        <span
          className={clsx(
            "flex size-14 items-center justify-center rounded-2xl",
            featured ? "bg-cream/10 text-sand" : "bg-sage-light text-moss-dark",
          )}
        >
          <look.icon aria-hidden="true" className="size-7" />
        </span>
        {offer.status && (
          <p className="rounded-full bg-sand px-3 py-1 text-sm font-semibold text-bark">
            {czech(offer.status)}
          </p>
        )}
      </div>
      <h3 className="mt-6 text-2xl font-semibold">{offer.name}</h3>
      <p className={clsx("mt-3 leading-relaxed", featured ? "text-cream" : "text-bark-soft")}>
        {czech(offer.summary)}
      </p>
      <List className="mt-5 mb-8 space-y-2.5">
        {offer.points.map((part, index) => (
          <li key={part} className="flex gap-3 leading-snug">
            <span
              aria-hidden="true"
              className={clsx(
                "mt-0.5 flex size-6 shrink-0 items-center justify-center rounded-full text-xs font-bold",
                featured ? "bg-sand text-bark" : "bg-sage-light text-moss-dark",
              )}
            >
              {look.ordered ? index + 1 : "✿"}
            </span>
            <span>{czech(part)}</span>
          </li>
        ))}
      </List>
      {/* Only a price she set: „cena dohodou“ is what the card said all along by saying nothing. */}
      {offer.priceCzk !== null && (
        <p className={clsx("-mt-3 mb-6 font-semibold", featured ? "text-sand" : "text-moss-dark")}>
          {`Cena: ${formatPrice(offer.priceCzk)}`}
        </p>
      )}
      <ButtonLink
        to={look.link}
        aria-label={`Zjistit více – ${offer.name}`}
        variant={featured ? "light" : "secondary"}
        className="mt-auto self-start"
      >
        Zjistit více
        <ArrowRight aria-hidden="true" className="size-5" />
      </ButtonLink>
      {bookable && (
        <Link
          to={paths.booking}
          aria-label={`Rezervovat termín – ${offer.name}`}
          className={clsx(
            "mt-3 inline-flex min-h-11 items-center gap-2 self-start rounded-full font-semibold underline underline-offset-4 hover:decoration-2",
            featured ? "text-sand" : "text-moss-dark",
          )}
        >
          <CalendarHeart aria-hidden="true" className="size-5" />
          Rezervovat termín
        </Link>
      )}
    </article>
  );
}
