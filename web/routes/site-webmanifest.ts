import { paths } from "#shared/routes";
import { site } from "#shared/site";
import { backgroundColour, iconPaths, themeColour } from "~/lib/site-files";

/** Home screens cut names longer than about 12 characters, so a long title keeps its first word. */
const shortName = site.title.length <= 12 ? site.title : (site.title.split(" ")[0] ?? site.title);

/** The web app manifest: how the site looks when added to a phone's home screen. */
export function loader() {
  const manifest = {
    id: paths.home,
    name: site.title,
    short_name: shortName,
    description: site.tagline,
    lang: "cs",
    dir: "ltr",
    start_url: paths.home,
    scope: paths.home,
    display: "standalone",
    theme_color: themeColour,
    background_color: backgroundColour,
    icons: [
      { src: iconPaths.app192, sizes: "192x192", type: "image/png", purpose: "any" },
      { src: iconPaths.app512, sizes: "512x512", type: "image/png", purpose: "any" },
      { src: iconPaths.maskable512, sizes: "512x512", type: "image/png", purpose: "maskable" },
    ],
  };
  return new Response(`${JSON.stringify(manifest, null, 2)}\n`, {
    headers: { "Content-Type": "application/manifest+json; charset=utf-8" },
  });
}
