import { html } from "hono/html";
import { pageFrame } from "../plain-page";

type Html = ReturnType<typeof html>;

/** The booking form's parts: the times as pills in even columns (three on a phone), the fields, the consent, a notice. */
const bookingStyle = html`
      h2 { font-size: 1.3rem; margin-top: 2rem; }
      fieldset { border: 0; margin: 0 0 1rem; padding: 0; }
      legend { font-weight: 600; padding: 0; margin-bottom: 0.4rem; }
      .times { display: grid; grid-template-columns: repeat(auto-fill, minmax(6rem, 1fr)); gap: 0.5rem; }
      .times label { display: inline-flex; align-items: center; gap: 0.4rem; min-height: 44px; padding: 0 0.8rem; border: 1px solid #a3b18a; border-radius: 999px; background: #fff; }
      .more-days { margin: 0 0 1rem; }
      .more-days summary { padding: 0.6rem 0; cursor: pointer; font-weight: 600; color: #4f6b4a; }
      .more-days summary:focus-visible { outline: 3px solid #c0784f; outline-offset: 2px; }
      .more-days[open] summary { margin-bottom: 0.5rem; }
      .field { margin: 0 0 1rem; }
      .field label { display: block; font-weight: 600; margin-bottom: 0.25rem; }
      .consent { display: flex; gap: 0.6rem; align-items: flex-start; }
      .consent input { width: 22px; height: 22px; margin-top: 0.2rem; }
      .notice { border-left: 4px solid #c0784f; padding: 0.5rem 1rem; background: #fff; }`;

/** The booking's pages rendered per request (the times are fresh, the cancel link personal). */
export function bookingPage(heading: string, body: Html) {
  return pageFrame(heading, body, { style: bookingStyle });
}

// The cancel page reads it from here; the booking page's parts from shared/ (one definition).
export { wholeDate } from "#shared/booking-words";
