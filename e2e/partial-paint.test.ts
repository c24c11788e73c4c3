import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import type { Page } from "@playwright/test";
import { publicRoutePaths } from "#shared/routes";
import { firstScreenEndId } from "../web/components/first-screen-end";
import { listArticlePaths } from "../web/lib/article-files";
import { expect, test } from "./fixtures";

/**
 * A browser may paint a page before all of it has arrived or been parsed: a slow connection's
 * first packets, or a busy phone whose parser yields to a paint. What is on the screen then must
 * not move when the rest arrives (a layout shift; Lighthouse measured 0.32 on `/` once, on a busy
 * machine, when the home hero's text was painted before its picture and centred alone on the
 * screen). Chromium paints nothing before the parser has passed the end of the page's opening
 * (web/components/first-screen-end.tsx), which the last test shows. From there on, each page's
 * HTML is cut before each element of its first screen, in turn, and every element the cut page
 * shows on that screen must be where the whole page has it.
 */

/** Lighthouse's phone and a laptop. */
const screens = [
  { width: 412, height: 823 },
  { width: 1280, height: 800 },
];

/** Where a cut is made: before each of these elements (not inside icons' drawings). */
const cutBefore =
  /<(?:div|section|figure|figcaption|p|h1|h2|h3|ul|ol|li|img|picture|a|blockquote|aside|form|nav|footer|article|header|dl|details)\b/g;

/** At most this many cuts a page and screen: the first screen of every page has fewer. */
const maxCuts = 40;

type Placed = { path: string; label: string; left: number; top: number };

/**
 * Every visible element in the first screen (its top above the screen's bottom), keyed by its
 * path of child positions from `<body>`, which a cut page shares with the whole page.
 */
function placesOnFirstScreen(page: Page): Promise<{ placed: Placed[]; lastTop: number }> {
  return page.evaluate(async () => {
    await document.fonts.ready;
    // Where the layout puts each element: the entrance animations' offsets aside.
    for (const animation of document.getAnimations()) animation.cancel();
    const placed: Placed[] = [];
    let lastTop = 0;
    const visit = (element: Element, path: string) => {
      const box = element.getBoundingClientRect();
      lastTop = Math.max(lastTop, box.top + window.scrollY);
      if (box.width > 0 && box.height > 0 && box.top < window.innerHeight) {
        const classes = (element.getAttribute("class") ?? "").slice(0, 60);
        const text = (element.textContent ?? "").trim().slice(0, 40);
        const label = `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ""} (${classes}) „${text}“`;
        placed.push({ path, label, left: Math.round(box.left), top: Math.round(box.top) });
      }
      // An icon's drawing moves with its icon.
      if (element instanceof SVGElement) return;
      Array.from(element.children).forEach((child, index) => {
        visit(child, `${path}/${index}`);
      });
    };
    visit(document.body, "body");
    return { placed, lastTop };
  }) as Promise<{ placed: Placed[]; lastTop: number }>;
}

test.describe("a page painted before all of it has arrived", () => {
  // The page as the server sends it, before any script: the first paint of a first visit.
  test.use({ javaScriptEnabled: false });

  for (const path of [...publicRoutePaths, ...listArticlePaths().slice(0, 1)]) {
    test(`${path}: what the first screen shows keeps its place as the rest arrives`, async ({
      page,
    }) => {
      test.setTimeout(120_000);
      const response = await page.request.get(path);
      expect(response.status()).toBe(200);
      const html = await response.text();
      // Chromium paints nothing before the parser has passed the opening's end (FirstScreenEnd):
      // the cuts start there.
      expect(html).toContain(`<link rel="expect" href="#${firstScreenEndId}" blocking="render"/>`);
      const markers = html.split(`id="${firstScreenEndId}"`).length - 1;
      expect(markers, "elements that end the page's opening").toBe(1);
      const openingEnd = html.indexOf(`id="${firstScreenEndId}"`);
      const cuts = [...html.slice(openingEnd).matchAll(cutBefore)].map(
        (match) => openingEnd + match.index,
      );

      // The cut pages are served at the page's own address, so their pictures load as on the page.
      let body = html;
      await page.route(
        (url) => url.pathname === path,
        (route) => route.fulfill({ status: 200, contentType: "text/html", body }),
      );

      // A first visit is painted in the first-visit fonts only when they arrive in time
      // (`font-display: optional`, decision 0023), which may differ from one load to the next,
      // even from the cache on a busy machine: without them every load below is painted in the
      // local fonts, and only the cut can move an element (e2e/fonts.test.ts shows that nothing
      // moves when they arrive).
      await page.route("**/*.woff2", (route) => route.abort());

      for (const screen of screens) {
        await page.setViewportSize(screen);
        body = html;
        await page.goto(path);
        const whole = new Map(
          (await placesOnFirstScreen(page)).placed.map((place) => [place.path, place]),
        );
        let checked = 0;
        for (const cut of cuts.slice(0, maxCuts)) {
          body = html.slice(0, cut);
          await page.goto(path);
          const { placed, lastTop } = await placesOnFirstScreen(page);
          for (const place of placed) {
            const there = whole.get(place.path);
            // An element of the cut page the whole page no longer has there: only the last one,
            // cut short, and what the parser closed around it (their places are checked too).
            if (!there || there.label.split(" ")[0] !== place.label.split(" ")[0]) continue;
            expect
              .soft(
                { left: place.left, top: place.top },
                `${path} at ${screen.width} px, cut at character ${cut}: ${place.label}`,
              )
              .toEqual({ left: there.left, top: there.top });
            checked++;
          }
          // The rest of the page starts below the first screen.
          if (lastTop > screen.height) break;
        }
        expect(checked, `${path} at ${screen.width} px: elements compared`).toBeGreaterThan(5);
      }
    });
  }
});

test.describe("the hold on the first paint", () => {
  /** Serves `html` at `/` in two parts, the second `pauseMs` after the first; nothing else. */
  async function serveInTwoParts(html: string, splitAt: number, pauseMs: number) {
    const server = createServer((request, response) => {
      if (request.url !== "/") {
        response.writeHead(404).end();
        return;
      }
      response.writeHead(200, { "Content-Type": "text/html; charset=utf-8" });
      response.write(html.slice(0, splitAt));
      setTimeout(() => response.end(html.slice(splitAt)), pauseMs);
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;
    return { url: `http://127.0.0.1:${port}/`, close: () => server.close() };
  }

  /** The paints Chromium has made while the home page's opening is half there, and once it is whole. */
  async function paintsWhileHalfThere(page: Page, html: string) {
    // The first part ends in the middle of the opening: its heading is there, its picture not.
    const splitAt = html.indexOf("<h1");
    expect(splitAt).toBeGreaterThan(0);
    expect(splitAt).toBeLessThan(html.indexOf(`id="${firstScreenEndId}"`));
    const served = await serveInTwoParts(html, splitAt, 2000);
    try {
      await page.goto(served.url, { waitUntil: "commit" });
      await page.waitForTimeout(1000);
      const paintNames = () =>
        page.evaluate(() => performance.getEntriesByType("paint").map((entry) => entry.name));
      const halfThere = await paintNames();
      await page.waitForLoadState("load");
      await expect.poll(paintNames).toContain("first-contentful-paint");
      return halfThere;
    } finally {
      served.close();
    }
  }

  test("Chromium paints nothing of a page whose opening has only half arrived", async ({
    page,
  }) => {
    const html = await (await page.request.get("/")).text();
    const hold = `<link rel="expect" href="#${firstScreenEndId}" blocking="render"/>`;
    expect(html).toContain(hold);
    expect(await paintsWhileHalfThere(page, html)).toEqual([]);
    // The same page without the hold: Chromium paints the half it has (the test can tell).
    expect(await paintsWhileHalfThere(page, html.replace(hold, ""))).toContain(
      "first-contentful-paint",
    );
  });
});
