import { paths } from "#shared/routes";

/** The addresses of the blog: its index, its feed and each article. */
export const blogPath = paths.blog;
export const feedPath = `${paths.blog}/feed.xml`;

export function articlePath(slug: string): string {
  return `${paths.blog}/${slug}`;
}
