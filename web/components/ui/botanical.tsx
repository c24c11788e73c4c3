import type { ComponentProps } from "react";

/**
 * Hand-drawn style botanical line art, used where photographs will go later.
 * Decorative: hidden from assistive technology.
 */
export function LeafSprig(props: ComponentProps<"svg">) {
  return (
    <svg viewBox="0 0 120 160" fill="none" aria-hidden="true" focusable="false" {...props}>
      <path
        d="M60 156C60 110 58 70 62 8"
        stroke="currentColor"
        strokeWidth="2.5"
        strokeLinecap="round"
      />
      {[
        "M61 120C40 116 24 100 20 80c20 2 36 16 41 40Z",
        "M61 120c21-4 37-20 41-40-20 2-36 16-41 40Z",
        "M61 84C44 80 32 66 30 50c16 2 28 14 31 34Z",
        "M61 84c17-4 29-18 31-34-16 2-28 14-31 34Z",
        "M62 50c-12-4-20-14-21-26 12 2 20 11 21 26Z",
        "M62 50c12-4 20-14 21-26-12 2-20 11-21 26Z",
      ].map((d) => (
        <path
          key={d}
          d={d}
          fill="currentColor"
          fillOpacity="0.18"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinejoin="round"
        />
      ))}
    </svg>
  );
}

/** A simple blossom, for accents next to headings and quotes. */
export function Blossom(props: ComponentProps<"svg">) {
  return (
    <svg viewBox="0 0 64 64" fill="none" aria-hidden="true" focusable="false" {...props}>
      {[0, 72, 144, 216, 288].map((angle) => (
        <ellipse
          key={angle}
          cx="32"
          cy="17"
          rx="9"
          ry="14"
          transform={`rotate(${angle} 32 32)`}
          fill="currentColor"
          fillOpacity="0.22"
          stroke="currentColor"
          strokeWidth="2"
        />
      ))}
      <circle cx="32" cy="32" r="6" fill="currentColor" />
    </svg>
  );
}
