/**
 * A fresh install reads as the site did before its texts became her content: each page,
 * rendered as the build renders it (no content in the load context: the defaults), has the
 * text of `testing/page-texts/<page>.txt`, which was written from the pages before the move.
 * Spaces count as spaces (non-breaking ones are typography, `czech()`), so the only
 * differences a move may make are the deliberate ones, changed in the file with it.
 * `UPDATE_PAGE_TEXTS=1 npx vitest run web/routes/page-texts.test.tsx` writes the files anew.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { ReactNode } from "react";
import { prerenderToNodeStream } from "react-dom/static";
import {
  createStaticHandler,
  createStaticRouter,
  StaticRouterProvider,
  useLoaderData,
} from "react-router";
import { describe, expect, it } from "vitest";
import { testTimeoutMs } from "#testing/test-databases";
import { SiteFooter } from "~/components/site-footer";
import * as about from "~/routes/about";
import * as blog from "~/routes/blog";
import * as events from "~/routes/events";
import * as harmonisation from "~/routes/harmonisation";
import * as home from "~/routes/home";

type PageModule = {
  loader: (args: never) => unknown;
  default: (props: { loaderData: never }) => ReactNode;
};

function Page({ page }: { page: PageModule }) {
  return <page.default loaderData={useLoaderData() as never} />;
}

/** `element` at `path`, its loader run as the build runs it, rendered to HTML. */
async function render(path: string, loader: unknown, element: ReactNode): Promise<string> {
  const handler = createStaticHandler([{ id: "page", path, loader: loader as never, element }]);
  const context = await handler.query(new Request(`http://localhost${path}`));
  if (context instanceof Response) throw new Error(`answered ${context.status}`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const { prelude } = await prerenderToNodeStream(
    <StaticRouterProvider router={router} context={context} hydrate={false} />,
  );
  let html = "";
  for await (const chunk of prelude) html += chunk;
  return html;
}

const entities: Record<string, string> = {
  "&amp;": "&",
  "&quot;": '"',
  "&#x27;": "'",
  "&lt;": "<",
  "&gt;": ">",
  "&nbsp;": " ",
};

/** The text a reader reads, a line for each piece of text between tags. */
function readableText(html: string): string {
  return html
    .replace(/<(script|style)\b[\s\S]*?<\/\1>/g, "\n")
    .replace(/<[^>]+>/g, "\n")
    .replace(/&[#\w]+;/g, (entity) => entities[entity] ?? entity)
    .replaceAll("\u00a0", " ")
    .split("\n")
    .map((line) => line.replace(/\s+/g, " ").trim())
    .filter(Boolean)
    .join("\n")
    .concat("\n");
}

const pages: Record<string, () => Promise<string>> = {
  home: () => render("/", home.loader, <Page page={home as unknown as PageModule} />),
  harmonisation: () =>
    render(
      "/harmonizacni",
      harmonisation.loader,
      <Page page={harmonisation as unknown as PageModule} />,
    ),
  about: () => render("/about", about.loader, <Page page={about as unknown as PageModule} />),
  blog: () => render("/blog", blog.loader, <Page page={blog as unknown as PageModule} />),
  // Without events in the load context: its texts around the empty list.
  events: () => render("/akce", events.loader, <Page page={events as unknown as PageModule} />),
  footer: () => render("/", () => null, <SiteFooter />),
};

const fileOf = (name: string) =>
  join(import.meta.dirname, "../../testing/page-texts", `${name}.txt`);

describe("a fresh install's pages read as before their texts became her content", () => {
  for (const [name, renderPage] of Object.entries(pages)) {
    it(
      `${name}: the text of testing/page-texts/${name}.txt`,
      async () => {
        const text = readableText(await renderPage());
        if (process.env.UPDATE_PAGE_TEXTS) writeFileSync(fileOf(name), text);
        expect(text).toBe(readFileSync(fileOf(name), "utf8"));
      },
      testTimeoutMs,
    );
  }
});
