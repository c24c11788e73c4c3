import type { ComponentProps } from "react";
import { useId } from "react";

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
      {petalAngles.map((angle) => (
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

const petalAngles = [0, 72, 144, 216, 288];

/** A leaf pointing along the x axis from the origin, `length` long. */
function leafPath(length: number): string {
  const l = length;
  return `M0 0C${l * 0.3} ${-l * 0.34} ${l * 0.72} ${-l * 0.3} ${l} 0C${l * 0.72} ${l * 0.3} ${l * 0.3} ${l * 0.34} 0 0Z`;
}

type Leaf = { x: number; y: number; angle: number; length: number };

const stems = [
  "M150 520C148 440 140 360 116 252",
  "M206 520C208 462 214 404 234 334",
  "M84 520C86 482 82 446 66 404",
  "M300 520C300 474 306 436 322 398",
];

const leaves: Leaf[] = [
  { x: 148, y: 468, angle: -150, length: 46 },
  { x: 148, y: 446, angle: -28, length: 42 },
  { x: 143, y: 394, angle: -158, length: 40 },
  { x: 141, y: 372, angle: -22, length: 38 },
  { x: 131, y: 318, angle: -150, length: 32 },
  { x: 128, y: 300, angle: -36, length: 30 },
  { x: 208, y: 478, angle: -20, length: 40 },
  { x: 209, y: 452, angle: -160, length: 36 },
  { x: 216, y: 404, angle: -28, length: 32 },
  { x: 220, y: 384, angle: -152, length: 28 },
  { x: 85, y: 470, angle: -140, length: 28 },
  { x: 84, y: 450, angle: -40, length: 26 },
  { x: 77, y: 428, angle: -145, length: 22 },
  { x: 301, y: 470, angle: -30, length: 30 },
  { x: 302, y: 448, angle: -150, length: 26 },
  { x: 309, y: 422, angle: -35, length: 22 },
];

const blossoms = [
  { x: 116, y: 244, scale: 1.15, tone: "text-terracotta" },
  { x: 234, y: 326, scale: 0.9, tone: "text-cream" },
  { x: 322, y: 392, scale: 0.6, tone: "text-terracotta" },
  { x: 66, y: 398, scale: 0.55, tone: "text-cream" },
];

const grasses = [
  "M30 520C32 498 28 482 20 466",
  "M44 520C44 500 50 486 58 474",
  "M250 520C250 502 246 490 238 480",
  "M262 520C264 498 272 486 282 478",
  "M350 520C352 494 360 478 372 466",
  "M366 520C364 500 358 488 348 478",
];

/**
 * A meadow under a warm sun: the stand-in for a photograph in arch frames.
 * It fills its box (use it inside `PhotoFrame`).
 */
export function MeadowIllustration(props: ComponentProps<"svg">) {
  const id = useId();
  const skyId = `${id}-sky`;
  return (
    <svg
      viewBox="0 0 400 520"
      preserveAspectRatio="xMidYMax slice"
      aria-hidden="true"
      focusable="false"
      {...props}
    >
      <defs>
        <linearGradient id={skyId} x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" style={{ stopColor: "var(--color-cream)" }} />
          <stop offset="0.6" style={{ stopColor: "var(--color-sand)" }} />
          <stop offset="1" style={{ stopColor: "var(--color-sage-light)" }} />
        </linearGradient>
      </defs>
      <rect width="400" height="520" fill={`url(#${skyId})`} />
      <g className="text-terracotta">
        <circle cx="282" cy="168" r="92" fill="currentColor" fillOpacity="0.1" />
        <circle cx="282" cy="168" r="62" fill="currentColor" fillOpacity="0.18" />
        <circle cx="282" cy="168" r="42" fill="currentColor" fillOpacity="0.8" />
      </g>
      <path
        d="M0 372C70 340 150 344 226 366S350 398 400 380V520H0Z"
        className="fill-sage"
        fillOpacity="0.55"
      />
      <path
        d="M0 430C86 404 190 410 276 432S378 452 400 444V520H0Z"
        className="fill-moss"
        fillOpacity="0.35"
      />
      <g className="origin-bottom animate-sway text-moss-dark" style={{ transformBox: "view-box" }}>
        {stems.map((d) => (
          <path
            key={d}
            d={d}
            fill="none"
            stroke="currentColor"
            strokeWidth="3"
            strokeLinecap="round"
          />
        ))}
        {grasses.map((d) => (
          <path
            key={d}
            d={d}
            fill="none"
            stroke="currentColor"
            strokeOpacity="0.7"
            strokeWidth="2.5"
            strokeLinecap="round"
          />
        ))}
        {leaves.map((leaf) => (
          <path
            key={`${leaf.x}-${leaf.y}`}
            d={leafPath(leaf.length)}
            transform={`translate(${leaf.x} ${leaf.y}) rotate(${leaf.angle})`}
            className="fill-moss"
            fillOpacity="0.75"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinejoin="round"
          />
        ))}
        {blossoms.map((blossom) => (
          <g
            key={`${blossom.x}-${blossom.y}`}
            transform={`translate(${blossom.x} ${blossom.y}) scale(${blossom.scale})`}
          >
            {petalAngles.map((angle) => (
              <ellipse
                key={angle}
                cx="0"
                cy="-15"
                rx="9"
                ry="14"
                transform={`rotate(${angle})`}
                className={blossom.tone}
                fill="currentColor"
                stroke="var(--color-terracotta-dark)"
                strokeWidth="2"
              />
            ))}
            <circle r="6" className="fill-moss-dark" />
          </g>
        ))}
      </g>
      <g className="fill-cream" fillOpacity="0.9">
        <circle cx="70" cy="200" r="3" />
        <circle cx="180" cy="150" r="2" />
        <circle cx="340" cy="300" r="2.5" />
        <circle cx="40" cy="300" r="2" />
      </g>
    </svg>
  );
}
