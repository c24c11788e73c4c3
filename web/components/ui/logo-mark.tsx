import type { ComponentProps } from "react";

/**
 * The brand mark: the seedling and sun of the site icon, inside the arch
 * that frames the site's pictures. Decorative next to the site title.
 */
export function LogoMark(props: ComponentProps<"svg">) {
  return (
    <svg viewBox="0 0 48 48" fill="none" aria-hidden="true" focusable="false" {...props}>
      <path d="M4 46V22a20 20 0 0 1 40 0v24a2 2 0 0 1-2 2H6a2 2 0 0 1-2-2Z" className="fill-moss" />
      <g transform="translate(4.8 6.8) scale(0.6)">
        <circle cx="17" cy="16" r="6" className="fill-terracotta" />
        <path
          d="M32 55C31 46 31 38 33 29"
          className="stroke-cream"
          strokeWidth="4"
          strokeLinecap="round"
        />
        <path d="M33 31C35 19 43 12 55 11C55 24 47 31 33 31Z" className="fill-cream" />
        <path d="M31.5 41C29 33 22 27 10 27C11 37 19 43 31.5 41Z" className="fill-cream" />
      </g>
    </svg>
  );
}
