/**
 * The scent guide as a content item („Průvodce osobní vůní“ in „Obsah“): its
 * schema, with limits and Czech messages for each field. A file of its own (the
 * item is large); `content-items.ts` lists it, `scent-guide-seed.ts` holds its
 * defaults. Texts are stored as she writes them; the page and the PDF set them
 * with Czech typography (`typesetGuide` in web/lib/scent-guide.ts).
 */
import * as z from "zod/mini";
import { contentText as text } from "./content-schemas";

export const scentGuideLimits = {
  heading: 120,
  paragraph: 1000,
  short: 300,
  oilName: 80,
  /** Items of one list, paragraphs of the introduction, blocks of a section. */
  items: 20,
  sections: 16,
  recipes: 6,
  ingredients: 5,
  drops: 20,
} as const;

export const scentGuideMessages = {
  tooMany: (what: string, max: number) => `${what} může být nejvýše ${max}.`,
  atLeastOne: (what: string) => `Přidejte prosím aspoň jednu položku: ${what}.`,
  drops: `Počet kapek zadejte celým číslem od 1 do ${scentGuideLimits.drops}.`,
  anchor:
    "Kotva části smí mít jen malá písmena bez diakritiky, číslice a pomlčky (nejvýše 40 znaků).",
  anchorTwice: "Dvě části průvodce nesmějí mít stejnou kotvu.",
  kind: "Neznámý druh bloku.",
} as const;

const { heading, paragraph, short, oilName, items, sections, recipes, ingredients } =
  scentGuideLimits;

function list<T extends z.core.SomeType>(item: T, what: string, max: number = items, min = 1) {
  return z
    .array(item, scentGuideMessages.atLeastOne(what))
    .check(
      z.minLength(min, scentGuideMessages.atLeastOne(what)),
      z.maxLength(max, scentGuideMessages.tooMany(what, max)),
    );
}

/** An anchor of the page (`#pomery`): a section's or a recipe's; kept when she renames it. */
const anchorSchema = z
  .string(scentGuideMessages.anchor)
  .check(z.regex(/^[a-z0-9-]{1,40}$/, scentGuideMessages.anchor));

const paragraphText = (fillIn: string, name: string, optional = false) =>
  text({ fillIn, name }, paragraph, { multiline: true, optional });
const itemText = text({ fillIn: "text položky", name: "Položka" }, paragraph);

export const guideOilSchema = z.strictObject({
  name: text({ fillIn: "název oleje", name: "Název oleje" }, oilName),
  latin: text({ fillIn: "latinský název", name: "Latinský název" }, oilName),
  character: text({ fillIn: "popis vůně", name: "Popis vůně" }, short),
  /** Empty or absent: no caution. */
  caution: z.optional(
    text({ fillIn: "upozornění", name: "Upozornění" }, short, { optional: true }),
  ),
});

export const dilutionRowSchema = z.strictObject({
  percent: text({ fillIn: "ředění", name: "Ředění" }, 20),
  drops: text({ fillIn: "počet kapek", name: "Počet kapek" }, 40),
  forWhom: text({ fillIn: "pro koho", name: "Pro koho" }, short),
});

export const guideBlockSchema = z.discriminatedUnion(
  "kind",
  [
    z.strictObject({ kind: z.literal("paragraph"), text: paragraphText("odstavec", "Odstavec") }),
    z.strictObject({ kind: z.literal("list"), items: list(itemText, "položky seznamu") }),
    z.strictObject({ kind: z.literal("steps"), items: list(itemText, "kroky postupu") }),
    z.strictObject({ kind: z.literal("oils"), oils: list(guideOilSchema, "oleje") }),
    z.strictObject({
      kind: z.literal("dilution"),
      rows: list(dilutionRowSchema, "řádky tabulky", 8),
    }),
    z.strictObject({
      kind: z.literal("note"),
      title: text({ fillIn: "nadpis poznámky", name: "Nadpis poznámky" }, heading),
      text: paragraphText("text poznámky", "Text poznámky"),
    }),
  ],
  scentGuideMessages.kind,
);

export const guideSectionSchema = z.strictObject({
  id: anchorSchema,
  title: text({ fillIn: "nadpis části", name: "Nadpis části" }, heading),
  blocks: list(guideBlockSchema, "bloky části"),
});

export const recipeIngredientSchema = z.strictObject({
  oil: text({ fillIn: "název oleje", name: "Název oleje" }, oilName),
  drops: z.number(scentGuideMessages.drops).check(
    z.int(scentGuideMessages.drops),
    z.refine((drops) => drops >= 1 && drops <= scentGuideLimits.drops, scentGuideMessages.drops),
  ),
});

const layer = (what: string) => list(recipeIngredientSchema, what, ingredients);

export const guideRecipeSchema = z.strictObject({
  id: anchorSchema,
  title: text({ fillIn: "název receptu", name: "Název receptu" }, heading),
  /** One line: what the scent is for. */
  intent: text({ fillIn: "k čemu recept je", name: "K čemu recept je" }, short),
  head: layer("hlavové tóny"),
  heart: layer("srdcové tóny"),
  base: layer("základní tóny"),
  /** When and how to use it. */
  use: paragraphText("jak vůni nosit", "Jak vůni nosit"),
});

const distinctAnchors = (entries: { id: string }[]) =>
  new Set(entries.map((entry) => entry.id)).size === entries.length;

export const scentGuideSchema = z
  .strictObject({
    title: text({ fillIn: "nadpis průvodce", name: "Nadpis průvodce" }, heading),
    subtitle: text({ fillIn: "podnadpis", name: "Podnadpis" }, short),
    intro: list(paragraphText("úvodní odstavec", "Úvodní odstavec"), "úvodní odstavce", 6),
    sections: list(guideSectionSchema, "části průvodce", sections),
    recipesSection: z.strictObject({
      id: anchorSchema,
      title: text({ fillIn: "nadpis receptů", name: "Nadpis receptů" }, heading),
      intro: paragraphText("úvod k receptům", "Úvod k receptům"),
    }),
    recipes: list(guideRecipeSchema, "recepty", recipes),
    closing: z.strictObject({
      title: text({ fillIn: "nadpis závěru", name: "Nadpis závěru" }, heading),
      paragraphs: list(paragraphText("odstavec závěru", "Odstavec závěru"), "odstavce závěru", 6),
    }),
  })
  .check(
    z.refine(
      (guide) => distinctAnchors([...guide.sections, guide.recipesSection, ...guide.recipes]),
      { message: scentGuideMessages.anchorTwice, path: ["sections"] },
    ),
  );

export type ScentGuide = z.output<typeof scentGuideSchema>;
export type GuideSection = ScentGuide["sections"][number];
export type GuideBlock = GuideSection["blocks"][number];
export type GuideOil = z.output<typeof guideOilSchema>;
export type GuideRecipe = z.output<typeof guideRecipeSchema>;
export type RecipeIngredient = z.output<typeof recipeIngredientSchema>;
export type DilutionRow = z.output<typeof dilutionRowSchema>;
