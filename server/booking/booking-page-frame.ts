import { html } from "hono/html";
import { paths } from "#shared/routes";
import { site } from "#shared/site";

type Html = ReturnType<typeof html>;

/**
 * The frame of the booking's pages rendered per request (the times are fresh, the cancel link
 * personal): the site's colours, readable at 360 px, no scripts, never indexed.
 */
export function bookingPage(heading: string, body: Html) {
  return html`<!doctype html>
<html lang="cs">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <meta name="robots" content="noindex" />
    <title>${heading} – ${site.title}</title>
    <style>
      body { margin: 0; background: #faf6ef; color: #3e3328; font: 17px/1.6 system-ui, sans-serif; }
      main { max-width: 40rem; margin: 0 auto; padding: 2rem 1.25rem 3rem; }
      h1, h2 { font-family: Georgia, serif; font-weight: 500; line-height: 1.25; }
      h1 { font-size: 1.9rem; }
      h2 { font-size: 1.3rem; margin-top: 2rem; }
      .card { background: #fff; border-radius: 1.25rem; padding: 1.25rem 1.5rem; box-shadow: 0 1px 3px #3e33281a; }
      fieldset { border: 0; margin: 0 0 1rem; padding: 0; }
      legend { font-weight: 600; padding: 0; margin-bottom: 0.4rem; }
      .times { display: flex; flex-wrap: wrap; gap: 0.5rem; }
      .times label { display: inline-flex; align-items: center; gap: 0.4rem; min-height: 44px; padding: 0 0.9rem; border: 1px solid #a3b18a; border-radius: 999px; background: #fff; }
      .field { margin: 0 0 1rem; }
      .field label { display: block; font-weight: 600; margin-bottom: 0.25rem; }
      input[type="text"], input[type="email"], input[type="tel"], textarea { box-sizing: border-box; width: 100%; min-height: 44px; padding: 0.5rem 0.75rem; border: 1px solid #8a7f73; border-radius: 0.75rem; font: inherit; background: #fff; color: inherit; }
      .consent { display: flex; gap: 0.6rem; align-items: flex-start; }
      .consent input { width: 22px; height: 22px; margin-top: 0.2rem; }
      .error { color: #9b2c1f; font-weight: 600; }
      .notice { border-left: 4px solid #c0784f; padding: 0.5rem 1rem; background: #fff; }
      .honeypot { position: absolute; left: -10000px; }
      button { min-height: 44px; border: 0; border-radius: 999px; padding: 0.7rem 1.6rem; background: #4f6b4a; color: #fff; font: inherit; cursor: pointer; }
      input:focus-visible, textarea:focus-visible, button:focus-visible, a:focus-visible { outline: 3px solid #c0784f; outline-offset: 2px; }
      a { color: #4f6b4a; }
    </style>
  </head>
  <body>
    <main>
      <h1>${heading}</h1>
      ${body}
      <p><a href="${paths.home}">Zpět na hlavní stránku</a></p>
    </main>
  </body>
</html>`;
}

// The cancel page reads it from here; the booking page's parts from shared/ (one definition).
export { wholeDate } from "#shared/booking-words";
