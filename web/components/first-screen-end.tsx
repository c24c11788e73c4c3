/**
 * The end of a page's opening (its hero). The head's `<link rel="expect" blocking="render">`
 * (web/root.tsx) keeps Chromium from painting the page before the parser has passed this
 * element: a busy phone's parser may yield to a paint anywhere, and an opening painted half
 * parsed moves when the rest arrives (its text centred without the picture beside it, a
 * decoration at the bottom of a box still growing). Lighthouse measured a layout shift of 0.32
 * on `/` that way on a busy machine. A page without this element is painted once it is parsed
 * whole. Browsers without `rel=expect` paint as before.
 */
export const firstScreenEndId = "first-screen-end";

export function FirstScreenEnd() {
  return <div id={firstScreenEndId} hidden />;
}
