/**
 * The scent guide as the page and the PDF show it: her text from „Obsah“
 * (`shared/content/scent-guide-schema.ts`, defaults in `scent-guide-seed.ts`)
 * with Czech typography set (`typesetGuide`), and the labels and numbers both
 * renderings add around it. The page is her personal gift page
 * (`web/routes/gift-delivery.tsx`, `/dar/<token>`); the PDF is rendered on the
 * server (`web/lib/scent-guide-pdf.server.ts`) when the pages are.
 *
 * Imported relatively (no `~` alias): the server reads it outside Vite.
 */
import type { GuideRecipe, ScentGuide } from "../../shared/content/scent-guide-schema";
import { scentGuideSeed } from "../../shared/content/scent-guide-seed";
import { czech } from "./typography";

export type {
  DilutionRow,
  GuideBlock,
  GuideOil,
  GuideRecipe,
  GuideSection,
  RecipeIngredient,
  ScentGuide,
} from "../../shared/content/scent-guide-schema";

/** A non-breaking space: „10 ml“, „3 %“, „2 kapky“ never split over two lines. */
const nb = "\u00a0";

/** Every text of a guide with Czech typography applied (`czech()`), the same for the page and the PDF. */
export function typesetGuide(guide: ScentGuide): ScentGuide {
  return typesetDeep(guide);
}

/** The defaults (a fresh install's guide), typeset: what tests compare with. */
export const scentGuide: ScentGuide = typesetGuide(scentGuideSeed);

function typesetDeep<T>(value: T): T {
  if (typeof value === "string") return czech(value) as T;
  if (Array.isArray(value)) return value.map(typesetDeep) as T;
  if (value && typeof value === "object") {
    return Object.fromEntries(
      Object.entries(value).map(([key, inner]) => [key, key === "id" ? inner : typesetDeep(inner)]),
    ) as T;
  }
  return value;
}

/** How many drops a recipe uses in all. */
export function totalDrops(recipe: GuideRecipe): number {
  return [...recipe.head, ...recipe.heart, ...recipe.base].reduce(
    (sum, ingredient) => sum + ingredient.drops,
    0,
  );
}

/** „1 kapka“, „2 kapky“, „5 kapek“, with a non-breaking space. */
export function dropsLabel(drops: number): string {
  const word = drops === 1 ? "kapka" : drops >= 2 && drops <= 4 ? "kapky" : "kapek";
  return `${drops}${nb}${word}`;
}

/** The names of the three layers, as the guide uses them. */
export const layerNames = {
  head: "Hlavové tóny",
  heart: "Srdcové tóny",
  base: "Základní tóny",
} as const;

/** The labels both renderings add around the guide's text. */
export const guideLabels = {
  eyebrow: "Dárek pro Tebe",
  caution: "Pozor:",
  use: "Jak ji nosit:",
  dilutionColumns: ["Ředění", `Kapek na 10${nb}ml`, "Pro koho"],
  /** Drops in 10 ml: 20 drops ≈ 1 ml, so each drop is 0.5 %. */
  recipeTotal: (drops: number) =>
    `Celkem ${dropsLabel(drops)} (${String(drops / 2).replace(".", ",")}${nb}%)`,
} as const;
