import { paths } from "#shared/routes";
import { site } from "#shared/site";
import { siteFilePaths } from "~/lib/site-files";

/** Screens that only make sense to a signed-in person. */
const privatePaths = [paths.signIn, paths.admin];

export function loader() {
  const lines = [
    "User-agent: *",
    "Allow: /",
    ...privatePaths.map((path) => `Disallow: ${path}`),
    "",
    `Sitemap: ${new URL(siteFilePaths.sitemap, site.url).href}`,
  ];
  return new Response(`${lines.join("\n")}\n`, {
    headers: { "Content-Type": "text/plain; charset=utf-8" },
  });
}
