/**
 * Files that browsers, search engines and app launchers ask for by name. They
 * are generated from `site.ts` and `routes.ts` by resource routes and
 * pre-rendered into the build, so they never go stale.
 */
export const siteFilePaths = {
  robots: "/robots.txt",
  sitemap: "/sitemap.xml",
  manifest: "/site.webmanifest",
  /** The blog's RSS feed, for news readers. */
  feed: "/blog/feed.xml",
} as const;

/** Browser chrome and splash screen colours: moss and cream of the palette. */
export const themeColour = "#4f6b4a";
export const backgroundColour = "#faf6ef";

/** The icons written by `scripts/generate-icons.ts`. */
export const iconPaths = {
  svg: "/favicon.svg",
  ico: "/favicon.ico",
  appleTouch: "/apple-touch-icon.png",
  app192: "/icon-192.png",
  app512: "/icon-512.png",
  maskable512: "/icon-maskable-512.png",
} as const;
