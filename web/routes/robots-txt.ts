import { site } from "#shared/site";
import { siteFilePaths } from "~/lib/site-files";

/**
 * Crawlers may fetch everything: sign-in and administration say themselves
 * that they are not to be indexed (the server's X-Robots-Tag header and
 * their robots meta tag), which a crawler kept out by robots.txt would
 * never read.
 */
export function loader() {
  const lines = [
    "User-agent: *",
    "Allow: /",
    "",
    `Sitemap: ${new URL(siteFilePaths.sitemap, site.url).href}`,
  ];
  return new Response(`${lines.join("\n")}\n`, {
    headers: { "Content-Type": "text/plain; charset=utf-8" },
  });
}
