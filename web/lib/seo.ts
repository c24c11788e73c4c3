import type { MetaDescriptor } from "react-router";
import type { PhotoJson } from "#shared/content/photo-library";
import { photoVariantUrl } from "#shared/content/photo-urls";
import { site } from "#shared/site";

/** A page's own share image (an article's cover), instead of the site's. */
export type ShareImage = { path: string; width: number; height: number; alt: string };

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
  image?: ShareImage;
};

export const shareImagePath = "/og-image.png";

/** The title, description, canonical URL and Open Graph tags of one page. */
export function pageMeta({
  title,
  description,
  path,
  noIndex,
  article,
  image: own,
}: PageMeta): MetaDescriptor[] {
  const fullTitle = path === "/" ? `${site.title} – ${title}` : `${title} | ${site.title}`;
  const url = new URL(path, site.url).href;
  const image = new URL(own?.path ?? shareImagePath, site.url).href;
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
    { property: "og:image:width", content: String(own?.width ?? 1200) },
    { property: "og:image:height", content: String(own?.height ?? 630) },
    { property: "og:image:alt", content: own?.alt ?? `${site.title} – ${site.tagline}` },
    { name: "twitter:card", content: "summary_large_image" },
  ];
}

/** Her photo as a share image: its JPEG of 1200 px (or the widest below), which every network reads. */
export function shareImageOf(photo: PhotoJson): ShareImage {
  const width = [...photo.widths].reverse().find((candidate) => candidate <= 1200) ?? photo.width;
  return {
    path: photoVariantUrl(photo.id, width, "jpeg"),
    width,
    height: Math.round((photo.height * width) / photo.width),
    alt: photo.alt,
  };
}
