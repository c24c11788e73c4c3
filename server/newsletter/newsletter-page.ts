import { html } from "hono/html";
import { paths } from "#shared/routes";
import { site } from "#shared/site";

type Html = ReturnType<typeof html>;

/**
 * The frame of the newsletter's pages answered per request (a confirmation, an unsubscribe, a
 * refused sign-up): the site's colours, readable at 360 px, no scripts, never indexed.
 */
export function newsletterPage(heading: string, body: Html) {
  return html`<!doctype html>
<html lang="cs">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <meta name="robots" content="noindex" />
    <title>${heading} – ${site.title}</title>
    <style>
      body { margin: 0; background: #faf6ef; color: #3e3328; font: 17px/1.6 system-ui, sans-serif; }
      main { max-width: 36rem; margin: 0 auto; padding: 2.5rem 1.25rem 3rem; }
      .brand { margin: 0 0 1.5rem; font-size: 0.85rem; letter-spacing: 0.08em; text-transform: uppercase; color: #4f6b4a; }
      h1 { font-family: Georgia, serif; font-weight: 500; font-size: 1.9rem; line-height: 1.25; margin: 0 0 1rem; }
      .card { background: #fff; border-radius: 1.25rem; padding: 1.25rem 1.5rem; box-shadow: 0 1px 3px #3e33281a; }
      form { margin: 1.5rem 0; }
      label { display: block; font-weight: 600; margin-bottom: 0.25rem; }
      input[type="email"] { box-sizing: border-box; width: 100%; min-height: 44px; padding: 0.5rem 0.75rem; border: 1px solid #8a7f73; border-radius: 0.75rem; font: inherit; background: #fff; color: inherit; margin-bottom: 1rem; }
      .error { color: #9b2c1f; font-weight: 600; }
      .honeypot { position: absolute; left: -10000px; }
      button { min-height: 44px; border: 0; border-radius: 999px; padding: 0.7rem 1.6rem; background: #4f6b4a; color: #fff; font: inherit; cursor: pointer; }
      input:focus-visible, button:focus-visible, a:focus-visible { outline: 3px solid #c0784f; outline-offset: 2px; }
      a { color: #4f6b4a; }
      .small { font-size: 0.95rem; color: #5c5046; }
    </style>
  </head>
  <body>
    <main>
      <p class="brand">${site.title}</p>
      <h1>${heading}</h1>
      ${body}
      <p><a href="${paths.home}">Zpět na hlavní stránku</a></p>
    </main>
  </body>
</html>`;
}
