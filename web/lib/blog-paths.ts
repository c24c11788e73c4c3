import { paths } from "#shared/routes";

/** The addresses of the blog: its index and each article (its feed is in site-files.ts). */
export const blogPath = paths.blog;

export function articlePath(slug: string): string {
  return `${paths.blog}/${slug}`;
}
