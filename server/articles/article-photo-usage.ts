/**
 * Where her articles show a photo of her library: as an article's cover, or inside its text
 * (an `<img>` of one of the photo's variants, shared/content/article-photos.ts). The photo
 * library asks it before a deletion (refused while any article, draft or live, shows the photo)
 * and after a change of the photo's alt text or focal point (the live pages that show it are
 * rendered again).
 */
import { eq, like, or } from "drizzle-orm";
import { articleSlugs, articles } from "#database/schema";
import { photoMediaPath } from "#shared/content/photo-urls";
import { paths } from "#shared/routes";
import type { PhotoUsage } from "../photos/photos";
import { articlePagePath, currentArticleSlug } from "./article-store";

/** A LIKE pattern's own characters, taken literally. */
const literal = (text: string) => text.replace(/[\\%_]/g, (character) => `\\${character}`);

export const articlePhotoUsage: PhotoUsage = async (db, id) => {
  const rows = await db
    .select({
      title: articles.title,
      state: articles.state,
      cover: articles.coverPhotoId,
      slug: articleSlugs.slug,
    })
    .from(articles)
    .innerJoin(articleSlugs, currentArticleSlug)
    .where(
      or(
        eq(articles.coverPhotoId, id),
        like(articles.body, `%src="${literal(`${photoMediaPath}/${id}-`)}%`),
      ),
    );
  const live = rows.filter((row) => row.state === "published");
  return {
    labels: rows.map((row) => `článek „${row.title}“`),
    publishedPaths: [
      ...new Set([
        ...live.map((row) => articlePagePath(row.slug)),
        // A cover is on the blog's list and the home page's newest articles too.
        ...(live.some((row) => row.cover === id) ? [paths.blog, paths.home] : []),
      ]),
    ],
  };
};
