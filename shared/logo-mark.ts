/**
 * The brand mark's shapes (a 48 × 48 view): the seedling and sun of the site icon, inside the
 * arch that frames the site's pictures. Drawn by the site's header (web/components/ui/logo-mark.tsx)
 * and by the pages the server answers per request (server/plain-page.ts), each in its own colours.
 */
export const logoMark = {
  viewBox: "0 0 48 48",
  arch: "M4 46V22a20 20 0 0 1 40 0v24a2 2 0 0 1-2 2H6a2 2 0 0 1-2-2Z",
  /** The seedling and sun, drawn in a 55-unit sketch, placed inside the arch. */
  inner: "translate(4.8 6.8) scale(0.6)",
  sun: { cx: 17, cy: 16, r: 6 },
  stem: { d: "M32 55C31 46 31 38 33 29", strokeWidth: 4 },
  leaves: [
    "M33 31C35 19 43 12 55 11C55 24 47 31 33 31Z",
    "M31.5 41C29 33 22 27 10 27C11 37 19 43 31.5 41Z",
  ],
} as const;
