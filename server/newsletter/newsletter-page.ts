import { html } from "hono/html";
import { pageFrame } from "../plain-page";

type Html = ReturnType<typeof html>;

/** The one-field form of the blog. */
const newsletterStyle = html`
      form { margin: 1.5rem 0; }
      label { display: block; font-weight: 600; margin-bottom: 0.25rem; }
      input[type="email"] { margin-bottom: 1rem; }
      .small { font-size: 0.95rem; color: #5c5046; }`;

/**
 * The newsletter's pages answered per request (a confirmation, an unsubscribe, a refused
 * sign-up).
 */
export function newsletterPage(heading: string, body: Html) {
  return pageFrame(heading, body, { style: newsletterStyle });
}
