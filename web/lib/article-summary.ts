import type { PhotoJson } from "#shared/content/photo-library";

/** What a card, the index and the feed show of an article (loader data, so plain values). */
export type ArticleSummary = {
  slug: string;
  path: string;
  title: string;
  description: string;
  /** The publication date as written in the file: YYYY-MM-DD. */
  date: string;
  /** The same date for Czech readers, e.g. „9. listopadu 2026“. */
  dateLabel: string;
  topic: string;
  readingMinutes: number;
  /** Her cover photo, or null: the card's drawing, and no picture above the article. */
  cover: PhotoJson | null;
};

/** An article with its body, rendered to HTML at build time. */
export type Article = ArticleSummary & { html: string };

/** „1 minuta“, „3 minuty“, „5 minut“ čtení: the Czech plural of the reading time. */
export function formatReadingTime(minutes: number): string {
  const unit = minutes === 1 ? "minuta" : minutes >= 2 && minutes <= 4 ? "minuty" : "minut";
  return `${minutes}\u00a0${unit} čtení`;
}
