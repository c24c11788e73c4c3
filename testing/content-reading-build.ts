/**
 * The real server build (`npm run build`) with two routes whose loaders read the load context
 * as the content's loaders do: robots.txt says `testContent.robots`, and the about page's loader
 * fails while `testContent.failAbout` is set (her content, `context.content`, is left to the
 * seed's defaults). For the page store's tests and benchmark.
 */
import { loadPageBuild, type PageBuild } from "#server/pages/page-build";

/**
 * What the test's loaders read: the text of robots.txt, and whether the about page's loader
 * fails: with its own message (`true`), or with what a query it runs throws (a function).
 */
export type TestContent = { robots: string; failAbout: boolean | (() => Promise<unknown>) };

/** The build, with a build id of its own (the store holds one build's pages). */
export async function contentReadingBuild(serverBuildFile: string): Promise<PageBuild> {
  const { build, id } = await loadPageBuild(serverBuildFile);
  const route = (routeId: string) => {
    const found = build.routes[routeId];
    if (!found) throw new Error(`the build has no route ${routeId}`);
    return found;
  };
  const robots = route("routes/robots-txt");
  const about = route("routes/about");
  const content = (context: unknown) => (context as { testContent: TestContent }).testContent;
  return {
    id: `${id}-content`,
    build: {
      ...build,
      routes: {
        ...build.routes,
        [robots.id]: {
          ...robots,
          module: {
            ...robots.module,
            loader: ({ context }) =>
              new Response(content(context).robots, { headers: { "Content-Type": "text/plain" } }),
          },
        },
        [about.id]: {
          ...about,
          module: {
            ...about.module,
            loader: async (args) => {
              const { failAbout } = content(args.context);
              if (typeof failAbout === "function") await failAbout();
              else if (failAbout) throw new Error("Text sekce „O mně“ chybí");
              // The page's own loader: its photos (the illustrations, with no photo reader).
              return about.module.loader?.(args) ?? null;
            },
          },
        },
      },
    },
  };
}
