/**
 * Draws the card that social networks and messengers show when someone shares
 * a link to the site (`public/og-image.png`, 1200 × 630), from the site's
 * title, tagline and palette and its self-hosted fonts.
 *
 * Run after changing those, then look at the image and commit it:
 *   npx tsx scripts/generate-share-image.ts
 */
import { writeFileSync } from "node:fs";
import { operatorDefaults, site } from "#shared/site";
import { czech } from "../web/lib/typography";
import { brandMark } from "./brand-mark";
import { readPalette } from "./palette";
import { fontDataUrl, launchChromium, renderPng } from "./render-png";

const width = 1200;
const height = 630;
const palette = readPalette();
const escapeHtml = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
const domain = new URL(site.url).hostname.replace(/^www\./, "");

/** A leafy branch growing from the bottom edge, on a 300 × 560 grid. */
const branch = `
  <path d="M150 560C150 430 140 300 168 40" fill="none" stroke="${palette.moss}" stroke-width="5" stroke-linecap="round"/>
  ${[
    "M151 470C100 462 58 424 46 370c52 4 92 40 105 100Z",
    "M151 470c52-10 92-48 104-100-52 6-92 42-104 100Z",
    "M150 370C108 360 76 328 68 284c44 4 76 34 82 86Z",
    "M150 370c44-10 76-40 86-84-44 4-78 32-86 84Z",
    "M154 270c-36-10-62-38-68-76 38 4 64 30 68 76Z",
    "M154 270c38-10 62-38 70-76-38 4-64 30-70 76Z",
    "M160 176c-30-10-50-32-54-62 30 4 52 26 54 62Z",
    "M160 176c30-10 50-32 56-62-30 4-52 26-56 62Z",
    "M166 92c-20-8-34-24-36-46 22 4 36 20 36 46Z",
    "M166 92c20-8 34-24 36-46-22 4-36 20-36 46Z",
  ]
    .map(
      (d) =>
        `<path d="${d}" fill="${palette.sage}" fill-opacity="0.55" stroke="${palette.moss}" stroke-width="3" stroke-linejoin="round"/>`,
    )
    .join("")}`;

/** A five-petalled blossom on a 64 × 64 grid. */
const blossom = (colour: string) => `
  ${[0, 72, 144, 216, 288]
    .map(
      (angle) =>
        `<ellipse cx="32" cy="17" rx="9" ry="14" transform="rotate(${angle} 32 32)" fill="${colour}" fill-opacity="0.3" stroke="${colour}" stroke-width="2"/>`,
    )
    .join("")}
  <circle cx="32" cy="32" r="6" fill="${colour}"/>`;

/** The mark of the favicon and the header logo. */
const logo = `<rect width="64" height="64" rx="14" fill="${palette.moss}"/>${brandMark(palette)}`;

const html = `<!doctype html>
<html lang="cs"><head><meta charset="utf-8"><style>
  @font-face {
    font-family: "Lora Variable";
    font-weight: 400 700;
    src: url(${fontDataUrl("@fontsource-variable/lora/files/lora-latin-ext-wght-normal.woff2")}) format("woff2");
  }
  @font-face {
    font-family: "Lora Variable";
    font-weight: 400 700;
    src: url(${fontDataUrl("@fontsource-variable/lora/files/lora-latin-wght-normal.woff2")}) format("woff2");
    unicode-range: U+0000-00FF;
  }
  @font-face {
    font-family: "Public Sans Variable";
    font-weight: 100 900;
    src: url(${fontDataUrl("@fontsource-variable/public-sans/files/public-sans-latin-ext-wght-normal.woff2")}) format("woff2");
  }
  @font-face {
    font-family: "Public Sans Variable";
    font-weight: 100 900;
    src: url(${fontDataUrl("@fontsource-variable/public-sans/files/public-sans-latin-wght-normal.woff2")}) format("woff2");
    unicode-range: U+0000-00FF;
  }
  * { box-sizing: border-box; margin: 0; }
  body {
    width: ${width}px; height: ${height}px; overflow: hidden; position: relative;
    /* Flat colour only: gradients are dithered and would make the PNG too heavy
       for messengers that skip previews over about 300 kB. */
    background: ${palette.cream};
    color: ${palette.bark};
    font-family: "Public Sans Variable", sans-serif;
  }
  .glow { position: absolute; border-radius: 50%; }
  .glow.sand { width: 640px; height: 640px; right: -220px; top: -300px; background: ${palette.sand}; opacity: 0.6; }
  .glow.sage { width: 420px; height: 420px; left: -210px; bottom: -250px; background: ${palette.sageLight}; opacity: 0.7; }
  .frame {
    position: absolute; inset: 28px; border: 2px solid ${palette.sage};
    border-radius: 36px; opacity: 0.7;
  }
  .art { position: absolute; right: 40px; top: 0; width: 460px; height: 630px; }
  .text { position: absolute; left: 92px; top: 76px; width: 660px; }
  .brand { display: flex; align-items: center; gap: 18px; }
  .brand svg { width: 56px; height: 56px; }
  .eyebrow {
    font-size: 22px; font-weight: 600; letter-spacing: 0.14em; text-transform: uppercase;
    color: ${palette.mossDark};
  }
  h1 {
    margin-top: 30px; font-family: "Lora Variable", serif; font-weight: 600;
    font-size: 98px; line-height: 1.02; letter-spacing: -0.01em; color: ${palette.bark};
  }
  .rule { margin: 30px 0 24px; width: 120px; height: 4px; border-radius: 2px; background: ${palette.terracotta}; }
  .tagline { font-size: 31px; line-height: 1.35; color: ${palette.barkSoft}; max-width: 600px; }
  .domain {
    position: absolute; left: 92px; bottom: 58px; font-size: 23px; font-weight: 600;
    letter-spacing: 0.02em; color: ${palette.moss};
  }
</style></head>
<body>
  <div class="glow sand"></div>
  <div class="glow sage"></div>
  <div class="frame"></div>
  <svg class="art" viewBox="0 0 460 630" aria-hidden="true">
    <circle cx="250" cy="300" r="200" fill="${palette.sageLight}"/>
    <circle cx="360" cy="150" r="46" fill="${palette.terracotta}" fill-opacity="0.85"/>
    <g transform="translate(90 70)">${branch}</g>
    <g transform="translate(300 400) scale(1.6)">${blossom(palette.terracotta)}</g>
    <g transform="translate(40 250) scale(1.1) rotate(-12 32 32)">${blossom(palette.terracotta)}</g>
  </svg>
  <div class="text">
    <div class="brand">
      <svg viewBox="0 0 64 64" aria-hidden="true">${logo}</svg>
      <span class="eyebrow">${escapeHtml(`${operatorDefaults.ownerName} · ${site.location.serviceArea}`)}</span>
    </div>
    <h1>${escapeHtml(czech(site.title))}</h1>
    <div class="rule"></div>
    <p class="tagline">${escapeHtml(czech(site.tagline))}</p>
  </div>
  <p class="domain">${escapeHtml(domain)}</p>
</body></html>`;

const browser = await launchChromium();
try {
  const png = await renderPng(browser, html, { width, height });
  writeFileSync(new URL("../public/og-image.png", import.meta.url), png);
  console.log("wrote public/og-image.png");
} finally {
  await browser.close();
}
