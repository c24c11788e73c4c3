import { readdirSync } from "node:fs";
import { join } from "node:path";
import { html, raw } from "hono/html";
import { logoMark } from "#shared/logo-mark";
import { homeAnchors, homeSection, paths } from "#shared/routes";
import { site } from "#shared/site";
import { czech } from "#shared/typography";

type Html = ReturnType<typeof html>;

/** The build's (hashed) addresses of the site's first-visit font files, where there is a build. */
export type FrameFonts = { lora?: string; publicSans?: string };

/**
 * Finds the first-visit files of Lora (600) and Public Sans (400) that the build put among its
 * assets under Vite's names (`lora-first-visit-600-<hash>.woff2`; web/fonts/, web/root.tsx
 * preloads the same files): none without a build, and the frame is set in the local fallbacks.
 */
export function findFrameFonts(clientDir: string): FrameFonts {
  let files: string[];
  try {
    files = readdirSync(join(clientDir, "assets"));
  } catch {
    return {};
  }
  const find = (name: string) => {
    const file = files.find((candidate) => new RegExp(`^${name}-[\\w-]+\\.woff2$`).test(candidate));
    return file && `/assets/${file}`;
  };
  return { lora: find("lora-first-visit-600"), publicSans: find("public-sans-first-visit-400") };
}

// A build does not change under a running server: the app finds its files once at its start
// (`setFrameFonts` in createApp), and the frame's many callers need not carry them.
let frameFonts: FrameFonts = {};

/** The font files the frame asks for from now on (createApp, from the build it serves). */
export function setFrameFonts(fonts: FrameFonts) {
  frameFonts = fonts;
}

/**
 * The site's faces (web/app.css, decision 0023): the headings in Lora 600 and the text in Public
 * Sans 400 from the build's two small files, swapped in when they arrive (they are preloaded);
 * before that, and without a build, the metric-matched local fonts the site declares, so nothing
 * moves. Bold text (labels, buttons) is the local bold from the start, as on the site.
 */
function fontFaces({ lora, publicSans }: FrameFonts) {
  const file = (family: string, weight: string, url: string) =>
    raw(
      `@font-face { font-family: "${family}"; font-weight: ${weight}; font-display: swap; src: url("${url}") format("woff2"); }`,
    );
  // A family's faces are all from one list: without the file, "Public Sans First Visit" must
  // have no bold face either, or the browser would draw the text in the nearest weight it has.
  const publicSansBold = (family: string) =>
    raw(
      `@font-face { font-family: "${family}"; font-weight: 600 700; src: local("Arial Bold"), local("Arial-BoldMT"), local("Liberation Sans Bold"), local("LiberationSans-Bold"); size-adjust: 98.4%; ascent-override: 96.54%; descent-override: 23.98%; line-gap-override: 0%; }`,
    );
  return html`
      ${lora ? file("Lora First Visit", "600 700", lora) : ""}
      @font-face { font-family: "Lora Fallback"; font-weight: 600 700; src: local("Times New Roman Bold"), local("TimesNewRomanPS-BoldMT"), local("Liberation Serif Bold"), local("LiberationSerif-Bold"); size-adjust: 110.5%; ascent-override: 91.04%; descent-override: 24.8%; line-gap-override: 0%; }
      ${
        publicSans
          ? html`${file("Public Sans First Visit", "400 500", publicSans)}
      ${publicSansBold("Public Sans First Visit")}`
          : ""
      }
      @font-face { font-family: "Public Sans Fallback"; font-weight: 400 500; src: local("Arial"), local("ArialMT"), local("Liberation Sans"), local("LiberationSans"); size-adjust: 102.6%; ascent-override: 92.59%; descent-override: 23%; line-gap-override: 0%; }
      ${publicSansBold("Public Sans Fallback")}`;
}

const serif = `"Lora First Visit", "Lora Fallback", Georgia, "Times New Roman", serif`;
const sans = `"Public Sans First Visit", "Public Sans Fallback", system-ui, -apple-system, "Segoe UI", Roboto, sans-serif`;

/**
 * The site's look for a page answered per request: cream, moss and bark, its typefaces, its
 * header; readable from 360 px on; every link and button a target of at least 44 px with a
 * visible focus: an action is a pill as the site's buttons (`class="button"`), a link inside a
 * sentence keeps its line and is padded to that height. A feature's own rules follow
 * (`pageFrame`'s `style`).
 */
const frameStyle = html`
      html { -webkit-text-size-adjust: 100%; }
      body { margin: 0; background: #faf6ef; color: #3e3328; font: 17px/1.6 ${raw(sans)}; overflow-wrap: break-word; }
      .site-header { border-bottom: 1px solid #3e33281a; }
      .site-header div, main { max-width: 40rem; margin: 0 auto; padding-left: 1.25rem; padding-right: 1.25rem; }
      .site-header div { padding-top: 0.5rem; padding-bottom: 0.5rem; }
      .site-header a { display: inline-flex; align-items: center; gap: 0.625rem; min-height: 44px; padding-right: 0.25rem; border-radius: 0.75rem; color: #3b5237; text-decoration: none; font: 600 1.125rem/1.25 ${raw(serif)}; }
      .site-header svg { width: 40px; height: 40px; flex-shrink: 0; }
      main { padding-top: 2rem; padding-bottom: 3rem; }
      h1, h2 { font-family: ${raw(serif)}; font-weight: 600; line-height: 1.25; color: #3b5237; }
      h1 { font-size: 1.9rem; margin: 0 0 1rem; }
      .card { background: #fff; border-radius: 1.25rem; padding: 1.25rem 1.5rem; box-shadow: 0 1px 3px #3e33281a; }
      input[type="text"], input[type="email"], input[type="tel"], textarea { box-sizing: border-box; width: 100%; min-height: 44px; padding: 0.5rem 0.75rem; border: 1px solid #8a7f73; border-radius: 0.75rem; font: inherit; background: #fff; color: inherit; }
      .error { color: #9b2c1f; font-weight: 600; }
      .honeypot { position: absolute; left: -10000px; }
      button, a.button { box-sizing: border-box; display: inline-flex; align-items: center; justify-content: center; max-width: 100%; min-height: 44px; border-radius: 999px; padding: 0.55rem 1.5rem; font: 600 1rem/1.4 ${raw(sans)}; text-align: center; text-decoration: none; cursor: pointer; }
      button { border: 0; background: #4f6b4a; color: #fff; }
      button:hover { background: #3b5237; }
      a.button { border: 1.5px solid #4f6b4a; background: #fff; color: #3b5237; }
      a.button:hover { background: #dfe5d3; }
      a.button.primary { background: #4f6b4a; color: #fff; }
      a.button.primary:hover { background: #3b5237; }
      a { color: #4f6b4a; }
      main a:not(.button) { padding: 0.8em 0; }
      input:focus-visible, textarea:focus-visible, button:focus-visible, a:focus-visible { outline: 3px solid #c0784f; outline-offset: 2px; }
      .home-link { margin-top: 2.5rem; }`;

/** The brand mark as the site's header draws it (shared/logo-mark.ts), in the frame's colours. */
function logoSvg() {
  const { sun, stem, leaves } = logoMark;
  return html`<svg viewBox="${logoMark.viewBox}" fill="none" aria-hidden="true" focusable="false"><path d="${logoMark.arch}" fill="#4f6b4a" /><g transform="${logoMark.inner}"><circle cx="${sun.cx}" cy="${sun.cy}" r="${sun.r}" fill="#c0784f" /><path d="${stem.d}" stroke="#faf6ef" stroke-width="${stem.strokeWidth}" stroke-linecap="round" />${leaves.map((leaf) => html`<path d="${leaf}" fill="#faf6ef" />`)}</g></svg>`;
}

/**
 * The one frame of the pages answered per request (the booking's and the events' no-script
 * answers and cancel links, the newsletter's links, a refused form post): the site's header,
 * a heading (no one-letter word at a line's end, `czech`), the body, the way home; no scripts,
 * never indexed.
 */
export function pageFrame(heading: string, body: Html, { style }: { style?: Html } = {}) {
  const { lora, publicSans } = frameFonts;
  const preload = (url: string | undefined) =>
    url ? html`<link rel="preload" href="${url}" as="font" type="font/woff2" crossorigin />` : "";
  return html`<!doctype html>
<html lang="cs">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <meta name="robots" content="noindex" />
    <title>${heading} – ${site.title}</title>
    ${preload(lora)}${preload(publicSans)}
    <style>${fontFaces(frameFonts)}${frameStyle}${style ?? ""}
    </style>
  </head>
  <body>
    <header class="site-header"><div><a href="${paths.home}">${logoSvg()}<span>${site.title}</span></a></div></header>
    <main>
      <h1>${czech(heading)}</h1>
      ${body}
      <p class="home-link">${actionAnchor(paths.home, "Zpět na hlavní stránku")}</p>
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

type ActionOptions = {
  /** The page's next step: filled, as the site's main buttons; one a page at most. */
  primary?: boolean;
};

function actionAnchor(href: string, label: string | Html, { primary = false }: ActionOptions = {}) {
  return html`<a href="${href}" class="${primary ? "button primary" : "button"}">${label}</a>`;
}

/**
 * A link that is a step to take (back to the event, another offer): a pill of its own line,
 * outlined, or filled as the page's next step (`primary`).
 */
export function actionLink(href: string, label: string | Html, options: ActionOptions = {}) {
  return html`<p>${actionAnchor(href, label, options)}</p>`;
}

/**
 * The way to write to her, after a text of these pages that asks to („Napište mi prosím…“): the
 * home page's contact form, as the site's pages link it after her texts. It is the page's next
 * step unless the page offers another (`primary: false`).
 */
export function writeToMeLink({ primary = true }: ActionOptions = {}) {
  return actionLink(homeSection(homeAnchors.contact), "Napsat zprávu", { primary });
}
