import { html } from "hono/html";
import { paths } from "#shared/routes";
import { site } from "#shared/site";

/**
 * A short Czech page for an answer no screen of the site shows (a form post
 * refused before its page could be rendered, a method a page does not take):
 * a heading, one message (escaped) and the way home; never indexed.
 */
export function plainPage(heading: string, message: string) {
  return html`<!doctype html>
<html lang="cs">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <meta name="robots" content="noindex" />
    <title>${heading} – ${site.title}</title>
  </head>
  <body>
    <main>
      <h1>${heading}</h1>
      <p>${message}</p>
      <p><a href="${paths.home}">Zpět na hlavní stránku</a></p>
    </main>
  </body>
</html>`;
}
