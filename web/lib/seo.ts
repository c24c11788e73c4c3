import type { MetaDescriptor } from "react-router";
import { site } from "#shared/site";

type PageMeta = {
  /** The page's own title; the site title is appended. */
  title: string;
  description: string;
  /** The page's path, for the canonical URL. */
  path: string;
  /** Pages that search engines should not list. */
  noIndex?: boolean;
  /** An article's page: Open Graph describes it as an article. */
  article?: { publishedDate: string; author: string; section: string };
};

export const shareImagePath = "/og-image.png";

/** The title, description, canonical URL and Open Graph tags of one page. */
export function pageMeta({
  title,
  description,
  path,
  noIndex,
  article,
}: PageMeta): MetaDescriptor[] {
  const fullTitle = path === "/" ? `${site.title} – ${title}` : `${title} | ${site.title}`;
  const url = new URL(path, site.url).href;
  const image = new URL(shareImagePath, site.url).href;
  return [
    { title: fullTitle },
    { name: "description", content: description },
    ...(noIndex
      ? [{ name: "robots", content: "noindex, nofollow" }]
      : [{ tagName: "link", rel: "canonical", href: url }]),
    { property: "og:type", content: article ? "article" : "website" },
    ...(article
      ? [
          { property: "article:published_time", content: article.publishedDate },
          { property: "article:author", content: article.author },
          { property: "article:section", content: article.section },
        ]
      : []),
    { property: "og:locale", content: "cs_CZ" },
    { property: "og:site_name", content: site.title },
    { property: "og:title", content: fullTitle },
    { property: "og:description", content: description },
    { property: "og:url", content: url },
    { property: "og:image", content: image },
    { property: "og:image:width", content: "1200" },
    { property: "og:image:height", content: "630" },
    { property: "og:image:alt", content: `${site.title} – ${site.tagline}` },
    { name: "twitter:card", content: "summary_large_image" },
  ];
}
