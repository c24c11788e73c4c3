/**
 * The scent guide as an A4 PDF, from the same content as its page (her
 * published guide, typeset by `typesetGuide`), rendered into the page store by
 * server/pages/pages.ts at each full render and each publish of the guide, and
 * handed out only under a valid gift link (decision 0028). No browser is needed:
 * pdfkit draws it with the site's own fonts (Fontsource's Lora and Public
 * Sans), cut by harfbuzz (`subset-font`) to the guide's letters and pinned to
 * the weights used, since pdfkit embeds a variable font's default outlines only.
 *
 * Fontsource splits each family into a latin file and a latin-ext file (with
 * ě š č ř ž ů…), and no tool here merges fonts, so every line is laid out
 * here, word by word, and each piece of a word is drawn in the file that has
 * its letters. That also lets a heading stay with its text and a recipe on
 * one page.
 */

import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import PDFDocument from "pdfkit";
import subsetFont from "subset-font";
import { type OperatorFacts, operatorDefaults, site } from "#shared/site";
import {
  dropsLabel,
  type GuideBlock,
  type GuideRecipe,
  guideLabels,
  layerNames,
  type ScentGuide,
  scentGuide,
  totalDrops,
} from "./scent-guide";

const require = createRequire(import.meta.url);

type Face = "serif" | "sans" | "sansBold" | "italic";

/** Each face: its Fontsource family prefix, style and the weight it is pinned to. */
const faces: Record<Face, { family: string; style: "normal" | "italic"; weight: number }> = {
  serif: { family: "@fontsource-variable/lora/files/lora", style: "normal", weight: 600 },
  sans: {
    family: "@fontsource-variable/public-sans/files/public-sans",
    style: "normal",
    weight: 400,
  },
  sansBold: {
    family: "@fontsource-variable/public-sans/files/public-sans",
    style: "normal",
    weight: 650,
  },
  italic: {
    family: "@fontsource-variable/public-sans/files/public-sans",
    style: "italic",
    weight: 400,
  },
};

/**
 * What Fontsource's latin files hold (their `unicode-range`); everything
 * else is drawn from the latin-ext file.
 */
function inLatinFile(codePoint: number): boolean {
  return (
    codePoint <= 0xff ||
    [0x131, 0x152, 0x153, 0x2bb, 0x2bc, 0x2c6, 0x2da, 0x2dc, 0x304, 0x308, 0x329].includes(
      codePoint,
    ) ||
    (codePoint >= 0x2000 && codePoint <= 0x206f) ||
    [0x20ac, 0x2122, 0x2191, 0x2193, 0x2212, 0x2215, 0xfeff, 0xfffd].includes(codePoint)
  );
}

const colours = {
  bark: "#3e3328",
  barkSoft: "#5c4f42",
  moss: "#3b5237",
  terracotta: "#9a5533",
  sand: "#f1e8db",
  sage: "#e8ecdf",
  rule: "#d9ccb8",
} as const;

const page = { width: 595.28, height: 841.89, left: 62, right: 62, top: 64, bottom: 76 };
const contentWidth = page.width - page.left - page.right;
const bottomLimit = page.height - page.bottom;

type Piece = { text: string; font: string };
type Word = { pieces: Piece[]; width: number; face: Face };
type Span = { text: string; face: Face };
type TextStyle = { size: number; colour: string; lineHeight: number };

const body: TextStyle = { size: 10.5, colour: colours.bark, lineHeight: 15.5 };

/** Letters the footer and labels add to the guide's own text. */
function charactersOf(guide: ScentGuide, signer: Signer): string {
  const extra = `${site.title} ${signer.ownerName} ${signer.email} · strana 0123456789 z • – „“ %`;
  const text = JSON.stringify(guide) + extra + JSON.stringify(guideLabels.dilutionColumns);
  // Upper case too: the eyebrow is set in capitals.
  return [...new Set(text + text.toUpperCase())].filter((character) => character >= " ").join("");
}

async function loadFonts(text: string): Promise<Record<string, Buffer>> {
  const fonts: Record<string, Buffer> = {};
  await Promise.all(
    (Object.keys(faces) as Face[]).flatMap((face) => {
      const { family, style, weight } = faces[face];
      return (["latin", "latin-ext"] as const).map(async (subset) => {
        const source = readFileSync(require.resolve(`${family}-${subset}-wght-${style}.woff2`));
        fonts[fontName(face, subset === "latin")] = await subsetFont(source, text, {
          targetFormat: "sfnt",
          variationAxes: { wght: weight },
        });
      });
    }),
  );
  return fonts;
}

function fontName(face: Face, latin: boolean): string {
  return `${face}-${latin ? "latin" : "ext"}`;
}

/** Who signs the guide's last page: her published „Údaje o provozovateli“. */
type Signer = Pick<OperatorFacts, "ownerName" | "email">;

/** Renders the guide to a PDF file's bytes. */
export async function renderScentGuidePdf(
  guide: ScentGuide = scentGuide,
  signer: Signer = operatorDefaults,
): Promise<Buffer> {
  const fonts = await loadFonts(charactersOf(guide, signer));
  const doc = new PDFDocument({
    size: "A4",
    margins: { top: page.top, bottom: 0, left: page.left, right: page.right },
    bufferPages: true,
    autoFirstPage: true,
    lang: "cs-CZ",
    displayTitle: true,
    info: {
      Title: `${guide.title} – ${site.title}`,
      Author: signer.ownerName,
      Subject: guide.subtitle,
      // A fixed date: the same guide gives the same file (and its tests the same bytes).
      CreationDate: new Date("2026-01-01T00:00:00Z"),
    },
  });
  for (const [name, bytes] of Object.entries(fonts)) doc.registerFont(name, bytes);
  const chunks: Buffer[] = [];
  doc.on("data", (chunk: Buffer) => chunks.push(chunk));
  const finished = new Promise<Buffer>((resolve, reject) => {
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });

  const layout = new Layout(doc, signer);
  layout.drawGuide(guide);
  layout.drawFooters(guide.title);
  doc.end();
  return finished;
}

class Layout {
  private y = page.top;

  constructor(
    private readonly doc: PDFKit.PDFDocument,
    private readonly signer: Signer,
  ) {}

  drawGuide(guide: ScentGuide) {
    this.text([{ text: guideLabels.eyebrow.toUpperCase(), face: "sansBold" }], {
      size: 9,
      colour: colours.terracotta,
      lineHeight: 14,
    });
    this.y += 6;
    this.text([{ text: guide.title, face: "serif" }], {
      size: 30,
      colour: colours.moss,
      lineHeight: 36,
    });
    this.y += 4;
    this.text([{ text: guide.subtitle, face: "sans" }], {
      size: 13,
      colour: colours.barkSoft,
      lineHeight: 18,
    });
    this.y += 10;
    this.rule();
    for (const paragraph of guide.intro) this.paragraph(paragraph);
    for (const section of guide.sections) {
      this.heading(section.title);
      for (const block of section.blocks) this.block(block);
    }
    // The heading stays on the page of its introduction and first recipe.
    const [firstRecipe] = guide.recipes;
    this.heading(
      guide.recipesSection.title,
      this.measure(() => {
        this.heading(guide.recipesSection.title);
        this.paragraph(guide.recipesSection.intro);
        if (firstRecipe) this.recipe(firstRecipe);
      }),
    );
    this.paragraph(guide.recipesSection.intro);
    for (const recipe of guide.recipes) this.recipe(recipe);
    const closing = () => {
      this.heading(guide.closing.title);
      for (const paragraph of guide.closing.paragraphs) this.paragraph(paragraph);
      this.y += 8;
      this.text(
        [
          {
            text: `${this.signer.ownerName} · ${site.title} · ${this.signer.email}`,
            face: "italic",
          },
        ],
        {
          ...body,
          colour: colours.barkSoft,
        },
      );
    };
    // The last words stay together.
    this.ensureRoom(this.measure(closing));
    closing();
  }

  /** „Harmonie přírody · Průvodce osobní vůní“ and „strana 2 z 7“ at the foot of every page. */
  drawFooters(title: string) {
    const { start, count } = this.doc.bufferedPageRange();
    const style: TextStyle = { size: 8.5, colour: colours.barkSoft, lineHeight: 12 };
    for (let index = start; index < start + count; index++) {
      this.doc.switchToPage(index);
      const y = page.height - 48;
      this.doc
        .moveTo(page.left, y - 8)
        .lineTo(page.width - page.right, y - 8)
        .lineWidth(0.5)
        .strokeColor(colours.rule)
        .stroke();
      this.drawLine(
        this.words([{ text: `${site.title} · ${title}`, face: "sans" }], style),
        page.left,
        y,
        style,
      );
      const number = this.words([{ text: `strana ${index + 1} z ${count}`, face: "sans" }], style);
      const width = this.lineWidth(number, style);
      this.drawLine(number, page.width - page.right - width, y, style);
    }
  }

  /** A thin line across the page under the title. */
  private rule() {
    this.doc
      .moveTo(page.left, this.y)
      .lineTo(page.width - page.right, this.y)
      .lineWidth(0.75)
      .strokeColor(colours.rule)
      .stroke();
    this.y += 14;
  }

  private block(block: GuideBlock) {
    switch (block.kind) {
      case "paragraph":
        this.paragraph(block.text);
        break;
      case "list":
        for (const item of block.items) this.item("•", item);
        this.y += 4;
        break;
      case "steps":
        block.items.forEach((item, index) => {
          this.item(`${index + 1}.`, item);
        });
        this.y += 4;
        break;
      case "oils":
        for (const oil of block.oils) {
          // One line of running text: „Pelargonie (geránie, Pelargonium graveolens) – vlídný…“,
          // so a name with its own brackets takes the Latin one inside them.
          const otherName = /^(.*) \((.*)\)$/.exec(oil.name);
          const spans: Span[] = otherName
            ? [
                { text: `${otherName[1]} (${otherName[2]}, `, face: "sansBold" },
                { text: oil.latin, face: "italic" },
                { text: ") ", face: "sansBold" },
              ]
            : [
                { text: oil.name, face: "sansBold" },
                { text: ` (${oil.latin}) `, face: "italic" },
              ];
          spans.push({ text: `– ${lowerFirst(oil.character)}`, face: "sans" });
          if (oil.caution) {
            spans.push({ text: ` ${guideLabels.caution} `, face: "sansBold" });
            spans.push({ text: lowerFirst(oil.caution), face: "sans" });
          }
          this.item("•", spans);
        }
        this.y += 4;
        break;
      case "dilution":
        this.dilutionTable(block.rows);
        break;
      case "note":
        this.box(colours.sage, () => {
          this.text([{ text: block.title, face: "sansBold" }], { ...body, colour: colours.moss });
          this.y += 2;
          this.text([{ text: block.text, face: "sans" }], body);
        });
        break;
    }
  }

  private heading(title: string, keepWith = 90) {
    this.y += 14;
    this.ensureRoom(keepWith);
    this.text([{ text: title, face: "serif" }], { size: 17, colour: colours.moss, lineHeight: 22 });
    this.y += 6;
  }

  private paragraph(text: string) {
    this.text([{ text, face: "sans" }], body);
    this.y += 7;
  }

  /** A bullet or a number hanging left of its text. */
  private item(marker: string, content: string | Span[]) {
    const spans = typeof content === "string" ? [{ text: content, face: "sans" as Face }] : content;
    const indent = 18;
    this.ensureRoom(body.lineHeight);
    if (!this.dryRun)
      this.drawLine(this.words([{ text: marker, face: "sansBold" }], body), page.left + 2, this.y, {
        ...body,
        colour: colours.terracotta,
      });
    this.text(spans, body, { left: page.left + indent, width: contentWidth - indent });
    this.y += 3;
  }

  private dilutionTable(rows: { percent: string; drops: string; forWhom: string }[]) {
    const columns = [0, 70, 180];
    const rowHeight = (cells: string[]) =>
      Math.max(
        ...cells.map(
          (cell, index) =>
            this.lines(this.words([{ text: cell, face: "sans" }], body), columnWidth(index), body)
              .length,
        ),
      ) * body.lineHeight;
    const columnWidth = (index: number) =>
      (columns[index + 1] ?? contentWidth) - (columns[index] ?? 0) - 10;
    const header = [...guideLabels.dilutionColumns];
    const all = [header, ...rows.map((row) => [row.percent, row.drops, row.forWhom])];
    this.ensureRoom(all.reduce((sum, cells) => sum + rowHeight(cells) + 10, 0));
    all.forEach((cells, rowIndex) => {
      const height = rowHeight(cells) + 10;
      if (rowIndex === 0) {
        this.doc.rect(page.left, this.y, contentWidth, height).fill(colours.sand);
      }
      const top = this.y;
      cells.forEach((cell, index) => {
        this.y = top + 5;
        this.text(
          [{ text: cell, face: rowIndex === 0 || index === 0 ? "sansBold" : "sans" }],
          body,
          { left: page.left + 6 + (columns[index] ?? 0), width: columnWidth(index) },
        );
      });
      this.y = top + height;
      this.doc
        .moveTo(page.left, this.y)
        .lineTo(page.left + contentWidth, this.y)
        .lineWidth(0.5)
        .strokeColor(colours.rule)
        .stroke();
    });
    this.y += 12;
  }

  private recipe(recipe: GuideRecipe) {
    const draw = () => {
      this.text([{ text: recipe.title, face: "serif" }], {
        size: 15,
        colour: colours.terracotta,
        lineHeight: 20,
      });
      this.text([{ text: recipe.intent, face: "italic" }], body);
      this.y += 6;
      for (const layer of ["head", "heart", "base"] as const) {
        const oils = recipe[layer]
          .map((ingredient) => `${ingredient.oil} ${dropsLabel(ingredient.drops)}`)
          .join(", ");
        this.text(
          [
            { text: `${layerNames[layer]}: `, face: "sansBold" },
            { text: oils, face: "sans" },
          ],
          body,
        );
      }
      this.text([{ text: guideLabels.recipeTotal(totalDrops(recipe)), face: "italic" }], {
        ...body,
        colour: colours.barkSoft,
      });
      this.y += 4;
      this.text(
        [
          { text: `${guideLabels.use} `, face: "sansBold" },
          { text: recipe.use, face: "sans" },
        ],
        body,
      );
    };
    this.y += 4;
    this.box(colours.sand, draw);
    this.y += 6;
  }

  /** Content on a tinted panel, kept on one page: measured once without drawing, then drawn. */
  private box(colour: string, draw: () => void) {
    const padding = 12;
    const drawInside = () => {
      const saved = this.inset;
      this.inset = saved + padding;
      this.y += padding;
      draw();
      this.y += padding;
      this.inset = saved;
    };
    if (this.dryRun) {
      drawInside();
      return;
    }
    const height = this.measure(drawInside);
    this.ensureRoom(height);
    this.doc
      .roundedRect(page.left + this.inset, this.y, contentWidth - 2 * this.inset, height - 4, 10)
      .fill(colour);
    drawInside();
  }

  private inset = 0;
  private dryRun = false;

  /** The height `draw` takes, found by laying it out without drawing. */
  private measure(draw: () => void): number {
    const start = this.y;
    const wasDry = this.dryRun;
    this.dryRun = true;
    draw();
    this.dryRun = wasDry;
    const height = this.y - start;
    this.y = start;
    return height;
  }

  private ensureRoom(height: number) {
    if (this.dryRun) return;
    if (this.y + height > bottomLimit) {
      this.doc.addPage();
      this.y = page.top;
    }
  }

  /** Lays out and draws text, wrapping at spaces (never at a non-breaking one). */
  private text(spans: Span[], style: TextStyle, area: { left?: number; width?: number } = {}) {
    const left = (area.left ?? page.left) + this.inset;
    const width = (area.width ?? contentWidth) - 2 * this.inset;
    for (const line of this.lines(this.words(spans, style), width, style)) {
      this.ensureRoom(style.lineHeight);
      if (!this.dryRun) this.drawLine(line, left, this.y, style);
      this.y += style.lineHeight;
    }
  }

  /** Words (split at ordinary spaces), each in pieces by the font file that has their letters. */
  private words(spans: Span[], style: TextStyle): Word[] {
    const words: Word[] = [];
    let current: Word | null = null;
    for (const span of spans) {
      for (const character of span.text) {
        if (character === " ") {
          current = null;
          continue;
        }
        const font = fontName(span.face, inLatinFile(character.codePointAt(0) ?? 0));
        if (!current) {
          current = { pieces: [], width: 0, face: span.face };
          words.push(current);
        }
        const last = current.pieces.at(-1);
        if (last?.font === font) last.text += character;
        else current.pieces.push({ text: character, font });
      }
      // A span's words join the next span's only when no space lies between them.
      if (span.text.endsWith(" ")) current = null;
    }
    for (const word of words) {
      word.width = word.pieces.reduce((sum, piece) => sum + this.widthOf(piece, style), 0);
    }
    return words;
  }

  private widthOf(piece: Piece, style: TextStyle): number {
    return this.doc.font(piece.font).fontSize(style.size).widthOfString(piece.text);
  }

  private spaceWidth(face: Face, style: TextStyle): number {
    return this.widthOf({ text: " ", font: fontName(face, true) }, style);
  }

  private lines(words: Word[], width: number, style: TextStyle): Word[][] {
    const lines: Word[][] = [];
    let line: Word[] = [];
    let used = 0;
    for (const word of words) {
      const space = line.length > 0 ? this.spaceWidth(word.face, style) : 0;
      if (line.length > 0 && used + space + word.width > width) {
        lines.push(line);
        line = [];
        used = 0;
      }
      used += (line.length > 0 ? space : 0) + word.width;
      line.push(word);
    }
    if (line.length > 0) lines.push(line);
    return lines;
  }

  private lineWidth(line: Word[], style: TextStyle): number {
    return line.reduce(
      (sum, word, index) => sum + word.width + (index > 0 ? this.spaceWidth(word.face, style) : 0),
      0,
    );
  }

  /** Draws one line's pieces side by side; spaces are real characters, so copied text reads whole. */
  private drawLine(line: Word[], left: number, top: number, style: TextStyle) {
    let x = left;
    const offset = (style.lineHeight - style.size * 1.2) / 2;
    line.forEach((word, index) => {
      if (index > 0) {
        const space: Piece = { text: " ", font: fontName(word.face, true) };
        this.drawPiece(space, x, top + offset, style);
        x += this.widthOf(space, style);
      }
      for (const piece of word.pieces) {
        this.drawPiece(piece, x, top + offset, style);
        x += this.widthOf(piece, style);
      }
    });
  }

  private drawPiece(piece: Piece, x: number, y: number, style: TextStyle) {
    this.doc
      .font(piece.font)
      .fontSize(style.size)
      .fillColor(style.colour)
      .text(piece.text, x, y, { lineBreak: false });
  }
}

/** A sentence continued after a dash or a colon: „Vlídný…“ → „vlídný…“. */
function lowerFirst(text: string): string {
  return text.charAt(0).toLocaleLowerCase("cs") + text.slice(1);
}
