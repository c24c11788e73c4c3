import type { Palette } from "./palette";

/**
 * The site's mark, as in the header logo (`web/components/ui/logo-mark.tsx`):
 * an arch like an open door to a garden, a warm sun and a sprig growing
 * towards it. Drawn bolder for small sizes, on a 64 × 64 grid centred on
 * (32, 32), to sit on a moss background.
 */
export function brandMark(palette: Palette): string {
  return `
  <path d="M12 56V29a20 20 0 0 1 40 0v27Z" fill="${palette.sageLight}"/>
  <circle cx="41.5" cy="19.5" r="6" fill="${palette.terracotta}"/>
  <path d="M29 56c0-10 0-18 4-28" fill="none" stroke="${palette.mossDark}" stroke-width="3.5" stroke-linecap="round"/>
  <path d="M29.5 46c-7-.6-12-5-13-11.5 6.5.4 11.8 4.5 13 11.5Z" fill="${palette.moss}"/>
  <path d="M30.8 38c6-1.4 10-5.4 10.4-11-6 1-9.8 5-10.4 11Z" fill="${palette.moss}"/>`;
}
