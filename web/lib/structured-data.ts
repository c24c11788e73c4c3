import type { MetaDescriptor } from "react-router";
import type { Operator } from "#shared/content/operator-content";
import { paths } from "#shared/routes";
import { site } from "#shared/site";
import type { ArticleSummary } from "~/lib/article-summary";
import { shareImagePath } from "~/lib/seo";
import { iconPaths } from "~/lib/site-files";

const absolute = (path: string) => new URL(path, site.url).href;

/** The four offers of the home page, as search engines should understand them. */
const services = [
  {
    name: "Harmonizační setkání",
    description:
      "Kakaový rituál, individuální část (zvuková lázeň, vědomý dotek, intuitivní masáž nebo řízená meditace) a vytvoření osobní vůně.",
    url: absolute(paths.harmonisation),
  },
  {
    name: "Dary přírody",
    description:
      "Ručně vyráběné květinové a bylinné oleje, bylinná vykuřovadla, květiny a dekorace.",
  },
  {
    name: "Online kurzy",
    description: "Online kurzy o rituálech a péči o sebe – v přípravě.",
  },
  {
    name: "Živá setkání",
    description: "Živá skupinová setkání a workshopy pro ženy.",
  },
];

/**
 * The practitioner's business and the person behind it (schema.org): her
 * published „Údaje o provozovateli“ (name, e-mail, phone, profile), the rest
 * from `site.ts`.
 */
const localBusinessStructuredData = (operator: BusinessFacts) => ({
  "@context": "https://schema.org",
  "@type": "HealthAndBeautyBusiness",
  "@id": `${absolute(paths.home)}#business`,
  name: site.title,
  description: site.tagline,
  url: absolute(paths.home),
  email: operator.email,
  ...(operator.phone && { telephone: operator.phone }),
  image: absolute(shareImagePath),
  logo: absolute(iconPaths.app512),
  address: {
    "@type": "PostalAddress",
    addressLocality: site.location.locality,
    postalCode: site.location.postalCode,
    addressRegion: site.location.region,
    addressCountry: site.location.countryCode,
  },
  areaServed: { "@type": "Place", name: site.location.serviceArea },
  knowsLanguage: "cs",
  sameAs: [operator.socialUrl],
  founder: {
    "@type": "Person",
    "@id": `${absolute(paths.home)}#owner`,
    name: operator.ownerName,
    email: operator.email,
    url: absolute(paths.about),
    sameAs: [operator.socialUrl],
  },
  makesOffer: services.map((service) => ({
    "@type": "Offer",
    itemOffered: {
      "@type": "Service",
      provider: { "@id": `${absolute(paths.home)}#business` },
      ...service,
    },
  })),
});

/** What of her published operator's facts the structured data states. */
export type BusinessFacts = Pick<Operator, "ownerName" | "email" | "phone" | "socialUrl">;

/**
 * The business as a `meta` entry: React Router renders it as an escaped
 * `<script type="application/ld+json">` in the head of the page that returns it.
 */
export function businessStructuredData(operator: BusinessFacts): MetaDescriptor {
  return { "script:ld+json": localBusinessStructuredData(operator) };
}

/** An article of the blog as a schema.org `BlogPosting`, by the practitioner, for her business. */
export function articleStructuredData(article: ArticleSummary, ownerName: string): MetaDescriptor {
  const url = absolute(article.path);
  return {
    "script:ld+json": {
      "@context": "https://schema.org",
      "@type": "BlogPosting",
      "@id": `${url}#article`,
      mainEntityOfPage: url,
      url,
      headline: article.title,
      description: article.description,
      datePublished: article.date,
      inLanguage: "cs",
      articleSection: article.topic,
      timeRequired: `PT${article.readingMinutes}M`,
      image: absolute(shareImagePath),
      author: {
        "@type": "Person",
        "@id": `${absolute(paths.home)}#owner`,
        name: ownerName,
        url: absolute(paths.about),
      },
      publisher: {
        "@type": "Organization",
        "@id": `${absolute(paths.home)}#business`,
        name: site.title,
        logo: { "@type": "ImageObject", url: absolute(iconPaths.app512) },
      },
      isPartOf: { "@type": "Blog", name: `${site.title} – blog`, url: absolute(paths.blog) },
    },
  };
}
