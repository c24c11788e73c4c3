import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { Browser } from "@playwright/test";

// Debian's Chromium, as in the browser tests: scripts never download a browser.
export { launchChromium } from "#testing/chromium";

type RenderOptions = {
  width: number;
  height: number;
  /** Keep transparent pixels transparent (icons with rounded corners). */
  transparent?: boolean;
};

/** Renders a whole HTML document to a PNG of exactly the given size. */
export async function renderPng(
  browser: Browser,
  html: string,
  { width, height, transparent = false }: RenderOptions,
): Promise<Buffer> {
  const page = await browser.newPage({ viewport: { width, height }, deviceScaleFactor: 1 });
  try {
    await page.setContent(html, { waitUntil: "load" });
    await page.evaluate(() => document.fonts.ready);
    return await page.screenshot({ type: "png", omitBackground: transparent });
  } finally {
    await page.close();
  }
}

/** An SVG drawn edge to edge on an otherwise empty page. */
export function svgPage(svg: string): string {
  return `<!doctype html><html><head><style>
    html, body { margin: 0; background: transparent; }
    svg { display: block; width: 100vw; height: 100vh; }
  </style></head><body>${svg}</body></html>`;
}

const require = createRequire(import.meta.url);

/**
 * A self-hosted font file as a data URL, so a page set with `setContent`
 * can use it without any network or file access.
 */
export function fontDataUrl(packageFile: string): string {
  const bytes = readFileSync(require.resolve(packageFile));
  return `data:font/woff2;base64,${bytes.toString("base64")}`;
}
