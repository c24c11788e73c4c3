import { html } from "hono/html";
import { pageFrame } from "../plain-page";

type Html = ReturnType<typeof html>;

/** A narrower column under the site's name, and the one-field form of the blog. */
const newsletterStyle = html`
      main { max-width: 36rem; padding: 2.5rem 1.25rem 3rem; }
      .brand { margin: 0 0 1.5rem; font-size: 0.85rem; letter-spacing: 0.08em; text-transform: uppercase; color: #4f6b4a; }
      h1 { margin: 0 0 1rem; }
      form { margin: 1.5rem 0; }
      label { display: block; font-weight: 600; margin-bottom: 0.25rem; }
      input[type="email"] { margin-bottom: 1rem; }
      .small { font-size: 0.95rem; color: #5c5046; }`;

/**
 * The newsletter's pages answered per request (a confirmation, an unsubscribe, a refused
 * sign-up).
 */
export function newsletterPage(heading: string, body: Html) {
  return pageFrame(heading, body, { style: newsletterStyle, brand: true });
}
