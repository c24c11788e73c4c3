import { html } from "hono/html";
import { homeAnchors, homeSection, paths } from "#shared/routes";
import { site } from "#shared/site";

type Html = ReturnType<typeof html>;

/**
 * The site's colours for a page answered per request: readable at 360 px, inputs and buttons of
 * 44 px, a visible focus. A feature's own rules follow it (`pageFrame`'s `style`).
 */
const frameStyle = html`
      body { margin: 0; background: #faf6ef; color: #3e3328; font: 17px/1.6 system-ui, sans-serif; }
      main { max-width: 40rem; margin: 0 auto; padding: 2rem 1.25rem 3rem; }
      h1, h2 { font-family: Georgia, serif; font-weight: 500; line-height: 1.25; }
      h1 { font-size: 1.9rem; }
      .card { background: #fff; border-radius: 1.25rem; padding: 1.25rem 1.5rem; box-shadow: 0 1px 3px #3e33281a; }
      input[type="text"], input[type="email"], input[type="tel"], textarea { box-sizing: border-box; width: 100%; min-height: 44px; padding: 0.5rem 0.75rem; border: 1px solid #8a7f73; border-radius: 0.75rem; font: inherit; background: #fff; color: inherit; }
      .error { color: #9b2c1f; font-weight: 600; }
      .honeypot { position: absolute; left: -10000px; }
      button { min-height: 44px; border: 0; border-radius: 999px; padding: 0.7rem 1.6rem; background: #4f6b4a; color: #fff; font: inherit; cursor: pointer; }
      input:focus-visible, textarea:focus-visible, button:focus-visible, a:focus-visible { outline: 3px solid #c0784f; outline-offset: 2px; }
      a { color: #4f6b4a; }`;

/**
 * The one frame of the pages answered per request (the booking's and the events' no-script
 * answers and cancel links, the newsletter's links, a refused form post): a heading, the body,
 * the way home; no scripts, never indexed. `brand` puts the site's name above the heading.
 */
export function pageFrame(
  heading: string,
  body: Html,
  { style, brand = false }: { style?: Html; brand?: boolean } = {},
) {
  return html`<!doctype html>
<html lang="cs">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <meta name="robots" content="noindex" />
    <title>${heading} – ${site.title}</title>
    <style>${frameStyle}${style ?? ""}
    </style>
  </head>
  <body>
    <main>
      ${brand ? html`<p class="brand">${site.title}</p>` : ""}
      <h1>${heading}</h1>
      ${body}
      <p><a href="${paths.home}">Zpět na hlavní stránku</a></p>
    </main>
  </body>
</html>`;
}

/**
 * A short Czech page for an answer no screen of the site shows (a form post
 * refused before its page could be rendered, a method a page does not take):
 * a heading and one message (escaped) in the frame.
 */
export function plainPage(heading: string, message: string) {
  return pageFrame(heading, html`<p>${message}</p>`);
}

/**
 * The way to write to her, after a text of these pages that asks to („Napište mi prosím…“): the
 * home page's contact form, as the site's pages link it after her texts.
 */
export function writeToMeLink() {
  return html`<p><a href="${homeSection(homeAnchors.contact)}">Napsat zprávu</a></p>`;
}
