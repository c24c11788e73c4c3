import type { Palette } from "./palette";

/**
 * The site's mark – a seedling under a warm sun – as SVG shapes on a 64 × 64
 * grid centred on (32, 32), drawn to sit on a moss background.
 */
export function seedlingMark(palette: Palette): string {
  return `
  <circle cx="17" cy="16" r="6" fill="${palette.terracotta}"/>
  <path d="M32 55C31 46 31 38 33 29" fill="none" stroke="${palette.cream}" stroke-width="4" stroke-linecap="round"/>
  <path d="M33 31C35 19 43 12 55 11C55 24 47 31 33 31Z" fill="${palette.cream}"/>
  <path d="M31.5 41C29 33 22 27 10 27C11 37 19 43 31.5 41Z" fill="${palette.cream}"/>`;
}
