import type { ComponentProps } from "react";
import { logoMark } from "#shared/logo-mark";

/**
 * The brand mark: the seedling and sun of the site icon, inside the arch
 * that frames the site's pictures. Decorative next to the site title.
 */
export function LogoMark(props: ComponentProps<"svg">) {
  const { sun, stem, leaves } = logoMark;
  return (
    <svg viewBox={logoMark.viewBox} fill="none" aria-hidden="true" focusable="false" {...props}>
      <path d={logoMark.arch} className="fill-moss" />
      <g transform={logoMark.inner}>
        <circle cx={sun.cx} cy={sun.cy} r={sun.r} className="fill-terracotta" />
        <path
          d={stem.d}
          className="stroke-cream"
          strokeWidth={stem.strokeWidth}
          strokeLinecap="round"
        />
        {leaves.map((leaf) => (
          <path key={leaf} d={leaf} className="fill-cream" />
        ))}
      </g>
    </svg>
  );
}
