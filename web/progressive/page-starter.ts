/**
 * The two small inline scripts that decide how a pre-rendered public page
 * starts (docs/decisions/0016-scripts-at-first-input-and-first-page-in-local-fonts.md,
 * docs/performance.md "Session 22"):
 *
 * - `fontsScript`, in the head: a page opened from another page of the site
 *   is set in the web fonts (`data-fonts="web"`, web/app.css); the first page
 *   of a visit is set in Lora and Public Sans from two small preloaded files
 *   when they arrive in time, in the local fallbacks otherwise
 *   (docs/decisions/0023-brand-fonts-on-the-first-page.md).
 * - `pageStarterScript`, where React Router's module script was
 *   (page-scripts.server.ts): the page's JavaScript starts at the visitor's
 *   first input – a touch, a click, a key, focus or the wheel –
 *   or, when the page has something to show that only its code can (a stored
 *   session, a notice left by another screen, a confirmation link's answer),
 *   as soon as the page has loaded. Until then the page is its pre-rendered
 *   HTML, which reads, links, opens its menu and sends its forms by itself.
 *   Once the page has loaded, it links its web app manifest, and its scripts
 *   and the web fonts are fetched into the browser's cache at the lowest
 *   priority, so the first input finds them there and the next page has its
 *   fonts. At the first input the page
 *   also gets `data-scripts="started"`, which lays out its sections below the
 *   screen (web/app.css).
 *
 * Both are plain strings: they run before any module and import nothing.
 * The module imports only `#shared/` and relative paths, because the build
 * (react-router.config.ts) loads it before Vite's aliases exist.
 */
import { authStorageKey } from "#shared/auth-storage-key";
import { flashNoticeStorageKey } from "../lib/flash-notice";

/** The web fonts' families (web/app.css), which the first page of a visit does not use. */
export const webFontFamilies = ["Lora Variable", "Public Sans Variable"] as const;

/**
 * The inputs that start a page's scripts; each is a sign that a person is
 * there to use the page. Not `mousemove`: Chromium reports a pointer resting
 * over a page as a movement while it loads, which would start the scripts
 * during the load on every desktop.
 */
export const startingInputs = [
  "pointerdown",
  "touchstart",
  // A click with no pointer before it: assistive technology activating a link or a button.
  "click",
  "keydown",
  "focusin",
  "wheel",
  "submit",
] as const;

/**
 * How long after the load event the cache is warmed: past the page's own
 * first paints, so the prefetches never compete with them. Each file is
 * asked for in a task of its own: thirty at once were one task of 38 ms on
 * the measuring machine, long enough to delay a tap.
 */
export const warmUpDelayMs = 1000;

export const fontsScript = `(function(){try{if(new URL(document.referrer).origin===location.origin)document.documentElement.dataset.fonts="web"}catch(e){}})()`;

/**
 * One file to ask for after the load event: a script or a font into the
 * cache, or the web app manifest, linked then (see page-scripts.server.ts).
 */
export type WarmUpFile = { href: string; as: "script" | "font" | "manifest" };

/**
 * The starter of one page. `atOnce`: the page is nothing without its scripts
 * (the client-only screens' fallback page, with its spinner) or must log at
 * once (the not-found page), so they start as soon as it has loaded.
 */
export function pageStarterScript({
  start,
  warmUp,
  atOnce,
}: {
  start: string;
  warmUp: WarmUpFile[];
  atOnce: boolean;
}) {
  const files = warmUp.map(({ href, as }) => [href, as]);
  return `(function(start,files,inputs,atOnce){var started=false;function go(){if(started)return;started=true;document.documentElement.dataset.scripts="started";inputs.forEach(function(type){removeEventListener(type,go,true)});import(start)}function afterLoad(task){document.readyState==="complete"?task():addEventListener("load",task,{once:true})}function needed(){try{return sessionStorage.getItem(${JSON.stringify(flashNoticeStorageKey)})!==null||localStorage.getItem((${authStorageKey.toString()})(location.hostname))!==null||/(^#|&)(type|error_code)=/.test(location.hash)}catch(e){return false}}function warm(){var queue=files.slice();function next(){var file=queue.shift();if(!file)return;if(!started||file[1]!=="script"){var link=document.createElement("link");if(file[1]==="manifest"){link.rel="manifest";link.crossOrigin="use-credentials"}else{link.rel="prefetch";link.as=file[1];link.crossOrigin="anonymous"}link.href=file[0];document.head.append(link)}setTimeout(next)}setTimeout(next,${warmUpDelayMs})}inputs.forEach(function(type){addEventListener(type,go,{capture:true,passive:true})});afterLoad(function(){if(atOnce||needed())go();warm()})})(${JSON.stringify(start)},${JSON.stringify(files)},${JSON.stringify(startingInputs)},${atOnce})`;
}
