/**
 * Where her letters show a photo of her library: inside a letter's text (an `<img>` of one of the
 * photo's variants, as the articles' editor writes it). A letter not yet gone (a draft, a
 * scheduled or called-off one) or going out now needs the photo: the worker renders each e-mail
 * as it sends it, and a reader's mail client loads the picture from the site. The photo library
 * refuses to delete a photo while one of them shows it. A letter that went has no page to render
 * again.
 */
import { and, inArray, like } from "drizzle-orm";
import { newsletterLetters } from "#database/schema";
import { photoMediaPath } from "#shared/content/photo-urls";
import type { PhotoUsage } from "../photos/photos";

/** A LIKE pattern's own characters, taken literally. */
const literal = (text: string) => text.replace(/[\\%_]/g, (character) => `\\${character}`);

export const letterPhotoUsage: PhotoUsage = async (db, id) => {
  const rows = await db
    .select({ subject: newsletterLetters.subject })
    .from(newsletterLetters)
    .where(
      and(
        inArray(newsletterLetters.state, ["draft", "scheduled", "cancelled", "sending"]),
        like(newsletterLetters.body, `%src="${literal(`${photoMediaPath}/${id}-`)}%`),
      ),
    );
  return { labels: rows.map((row) => `dopis „${row.subject}“`), publishedPaths: [] };
};
