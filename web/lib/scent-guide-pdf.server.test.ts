import { getDocument } from "pdfjs-dist/legacy/build/pdf.mjs";
import { beforeAll, describe, expect, it } from "vitest";
import { scentGuide } from "~/lib/scent-guide";
import { renderScentGuidePdf } from "~/lib/scent-guide-pdf.server";

/** The text of each page as a reader's PDF viewer extracts it (pdf.js), lines joined by spaces. */
async function extractPages(pdf: Buffer): Promise<{ pages: string[]; title: unknown }> {
  const document = await getDocument({ data: new Uint8Array(pdf) }).promise;
  const pages: string[] = [];
  for (let number = 1; number <= document.numPages; number++) {
    const content = await (await document.getPage(number)).getTextContent();
    pages.push(
      content.items
        .map((item) => ("str" in item ? item.str + (item.hasEOL ? " " : "") : ""))
        .join("")
        .replace(/[\s\u00a0]+/g, " "),
    );
  }
  const { info } = await document.getMetadata();
  return { pages, title: (info as { Title?: unknown }).Title };
}

/** A text of the guide as it reads once its non-breaking spaces are plain ones. */
const plain = (text: string) => text.replace(/[\s\u00a0]+/g, " ");

describe("the scent guide's PDF", () => {
  let pdf: Buffer;
  let pages: string[];
  let title: unknown;

  beforeAll(async () => {
    pdf = await renderScentGuidePdf();
    ({ pages, title } = await extractPages(pdf));
  }, 60_000);

  it("is a valid PDF of six A4 pages with the guide's title", () => {
    expect(pdf.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    expect(pages).toHaveLength(6);
    expect(title).toBe("Průvodce osobní vůní – Harmonie přírody");
    expect(pages.at(-1)).toContain("strana 6 z 6");
  });

  it("keeps Czech letters intact, in the text a reader copies or searches", () => {
    const all = pages.join(" ");
    for (const phrase of [
      "Průvodce osobní vůní",
      "Zkouška snášenlivosti",
      "Ředění a bezpečnost",
      "Hlava, srdce a základ",
      "Pelargonie (geránie)",
      "Pelargonie (geránie, Pelargonium graveolens) – růžová",
      "Pozor: fototoxický",
      "Levandule lékařská",
      "„vonné“",
      "DÁREK PRO TEBE",
    ]) {
      expect(all).toContain(phrase);
    }
    // „Ř“ and „Á“ stand for the capitals („čistý“ is lower-case after its dash in the list of oils).
    for (const letter of "ěščřžýáíéůúňťďŘÁ") {
      expect(all, `letter ${letter}`).toContain(letter);
    }
  });

  it("has every section and every recipe, with its drops", () => {
    const all = pages.join(" ");
    for (const section of scentGuide.sections) expect(all).toContain(plain(section.title));
    for (const recipe of scentGuide.recipes) {
      expect(all).toContain(plain(recipe.title));
      expect(all).toContain(plain(recipe.use));
    }
    expect(all).toContain("Mandarinka 2 kapky");
    expect(all).toContain("Celkem 6 kapek (3 %)");
  });

  it("keeps each recipe on one page", () => {
    for (const recipe of scentGuide.recipes) {
      const page = pages.find((text) => text.includes(plain(recipe.title)));
      expect(page, recipe.title).toBeDefined();
      expect(page).toContain(plain(recipe.use));
    }
  });

  it("gives the same bytes each time (no clock in the file)", async () => {
    expect((await renderScentGuidePdf()).equals(pdf)).toBe(true);
  }, 60_000);
});
