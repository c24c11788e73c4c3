/**
 * How many of her newest live articles the home page's blog section shows (web/lib/home.server.ts).
 * An article's change renders the home page again only when the article is, or was, among them
 * (server/articles/article-store.ts). No schema here: the home page's loader reads it.
 */
export const homeArticleCount = 3;
