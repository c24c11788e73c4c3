import { eventPath } from "#shared/events";
import { publicRoutePaths } from "#shared/routes";
import { site } from "#shared/site";
import { readArticles } from "~/lib/articles.server";
import { readEvents } from "~/lib/events.server";
import type { Route } from "./+types/sitemap-xml";

const escapeXml = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/** Every public page and every article, with the same absolute URL as its canonical link. */
export async function loader({ context }: Route.LoaderArgs) {
  const articlePaths = (await readArticles(context).list()).map((article) => article.path);
  const eventPaths = (await readEvents(context).upcoming()).map((event) => eventPath(event.slug));
  const urls = [...publicRoutePaths, ...articlePaths, ...eventPaths].map(
    (path) => `  <url><loc>${escapeXml(new URL(path, site.url).href)}</loc></url>`,
  );
  const xml = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls,
    "</urlset>",
  ].join("\n");
  return new Response(`${xml}\n`, {
    headers: { "Content-Type": "application/xml; charset=utf-8" },
  });
}
