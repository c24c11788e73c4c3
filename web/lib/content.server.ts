/**
 * The one way a route's loader reads her content: through the `ContentReader`
 * the page renderer passes in React Router's load context (the published
 * content, or a preview's drafts), or, when none is passed (the build's
 * pre-rendering), the defaults of `shared/content/content-seed.ts`, which are
 * today's texts.
 */
import type { ContentReader } from "#shared/content/content-items";
import { seedContentReader } from "#shared/content/content-seed";

declare module "react-router" {
  interface AppLoadContext {
    /** Her content as the page renderer reads it (`createContentReader` in server/content). */
    content?: ContentReader;
  }
}

/** The reader of the load context, or the defaults. */
export function readContent(context: { content?: ContentReader } | undefined): ContentReader {
  return context?.content ?? seedContentReader;
}
