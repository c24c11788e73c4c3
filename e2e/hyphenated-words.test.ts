import type { Page } from "@playwright/test";
import { publicRoutePaths } from "#shared/routes";
import { listArticlePaths } from "../web/lib/article-files";
import { expect, test, waitForHydration } from "./fixtures";

/**
 * „e-mail“ never breaks at its own hyphen („e-“ at a line's end, „mail“ on
 * the next): every hyphenated word the site prints sits in a span that does
 * not wrap (web/lib/typography.ts; the fonts have no non-breaking hyphen).
 */

type Offender = {
  word: string;
  text: string;
  whiteSpace: string;
  lines: number;
  /** Whether the word's span is an item of a flex or grid row rather than part of its sentence. */
  laidOutAlone: boolean;
};

/** Each „e-mail…“ word in the page's text: how its parent wraps and on how many lines it is laid out. */
function readEmailWords(page: Page): Promise<Offender[]> {
  return page.evaluate(() => {
    const found: Offender[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!parent || parent.closest("script, style, textarea, [hidden]")) continue;
      const text = node.textContent ?? "";
      for (const match of text.matchAll(/\p{L}*e-mail\p{L}*/giu)) {
        const range = document.createRange();
        range.setStart(node, match.index);
        range.setEnd(node, match.index + match[0].length);
        const tops = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top)));
        found.push({
          word: match[0],
          text: text.trim().slice(0, 80),
          whiteSpace: getComputedStyle(parent).whiteSpace,
          lines: tops.size,
          laidOutAlone: /flex|grid/.test(getComputedStyle(parent.parentElement ?? parent).display),
        });
      }
    }
    return found;
  });
}

const pages = [...publicRoutePaths, ...listArticlePaths()];

test.describe("„e-mail“ at 360 px", () => {
  test.use({ viewport: { width: 360, height: 800 } });

  test("is kept whole on every public page, the articles included", async ({ browser }) => {
    // The pre-rendered pages as they are before (and without) scripts.
    const context = await browser.newContext({
      javaScriptEnabled: false,
      viewport: { width: 360, height: 800 },
    });
    const page = await context.newPage();
    let words = 0;
    for (const path of pages) {
      await page.goto(path);
      const found = await readEmailWords(page);
      words += found.length;
      // Text that is not laid out (a hidden notice) has no lines.
      const shown = found.filter((word) => word.lines > 0);
      expect(
        found.filter((word) => word.whiteSpace !== "nowrap"),
        `${path}: each „e-mail“ in a span that does not wrap`,
      ).toEqual([]);
      expect(
        shown.filter((word) => word.lines > 1),
        `${path}: on one line`,
      ).toEqual([]);
      expect(
        found.filter((word) => word.laidOutAlone),
        `${path}: in the flow of its sentence`,
      ).toEqual([]);
    }
    // The gift page, the privacy notice and the forms say it many times.
    expect(words).toBeGreaterThan(20);
    await context.close();
  });

  test("is kept whole where it must wrap: squeezed to a few characters", async ({ page }) => {
    await page.goto("/darek");
    await waitForHydration(page);
    await page.evaluate(() => {
      for (const element of document.querySelectorAll("main p")) {
        (element as HTMLElement).style.width = "4ch";
      }
    });
    const found = await readEmailWords(page);
    expect(found.length).toBeGreaterThan(3);
    expect(found.filter((word) => word.lines > 1)).toEqual([]);
  });

  test("in the form's messages and the sign-in screen", async ({ page }) => {
    await page.goto("/darek");
    await waitForHydration(page);
    const form = page.getByRole("form", { name: "Rituál zdarma", exact: true });
    await form.getByLabel("E-mail", { exact: true }).fill("sarka@");
    await form.getByRole("button", { name: "Chci rituál zdarma" }).click();
    await expect(form.getByText("Neplatný e-mail")).toBeVisible();
    expect((await readEmailWords(page)).filter((word) => word.whiteSpace !== "nowrap")).toEqual([]);

    await page.goto("/prihlaseni");
    await waitForHydration(page);
    expect((await readEmailWords(page)).filter((word) => word.whiteSpace !== "nowrap")).toEqual([]);
  });
});
