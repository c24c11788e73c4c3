/**
 * The pages render her content from the loader: through React Router's data
 * router on the server (`createStaticHandler`, the route modules as the build
 * has them), with no reader in the load context (the build: today's texts) and
 * with one that gives changed published content (the page renderer).
 */
import { prerenderToNodeStream } from "react-dom/static";
import {
  createStaticHandler,
  createStaticRouter,
  StaticRouterProvider,
  useLoaderData,
} from "react-router";
import { describe, expect, it } from "vitest";
import type { ContentData, ContentKey, ContentReader } from "#shared/content/content-items";
import { contentSeed } from "#shared/content/content-seed";
import { testTimeoutMs } from "#testing/test-databases";
import * as harmonisation from "~/routes/harmonisation";
import * as home from "~/routes/home";

/** A reader that gives `changes` over the defaults, as the database's would once she published them. */
function readerOf(changes: Partial<{ [K in ContentKey]: ContentData<K> }>): ContentReader {
  return {
    read: async (key) => (changes[key] ?? contentSeed[key]) as never,
  };
}

type PageModule = {
  loader: (args: never) => unknown;
  default: (props: { loaderData: never }) => React.ReactNode;
};

/** The route module's component with its loader's data, as React Router's build passes it. */
function Page({ page }: { page: PageModule }) {
  return <page.default loaderData={useLoaderData() as never} />;
}

/** The page at `path` as HTML, rendered with `content` in the load context (none: as the build). */
async function render(path: string, page: PageModule, content?: ContentReader): Promise<string> {
  const routes = [
    { id: "page", path, loader: page.loader as never, element: <Page page={page} /> },
  ];
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(`http://localhost${path}`), {
    requestContext: content ? { content } : undefined,
  });
  if (context instanceof Response) throw new Error(`answered ${context.status}`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const { prelude } = await prerenderToNodeStream(
    <StaticRouterProvider router={router} context={context} hydrate={false} />,
  );
  let html = "";
  for await (const chunk of prelude) html += chunk;
  return html;
}

const text = (html: string) => html.replace(/<[^>]+>/g, " ").replaceAll("\u00a0", " ");

describe("pages rendered from her content", () => {
  it(
    "render today's texts when nothing is passed, as the build does",
    async () => {
      const page = text(await render("/", home as unknown as PageModule));
      expect(page).toContain("V rytmu přírody");
      expect(page).toContain("Vraťte se k sobě");
      expect(page).toContain("s péčí Matky Země");
      expect(page).toContain("„Příroda nikam nespěchá, a přesto je všechno vykonáno.“");
      expect(page).toContain("– Lao-c’");
      expect(page).toContain("Získat dárek zdarma");
      for (const offer of contentSeed.offers.offers) expect(page).toContain(offer.name);
      expect(page).toContain("V přípravě...");
      // No price was ever shown: „cena dohodou“ says nothing on the cards.
      expect(page).not.toContain("Cena:");
    },
    testTimeoutMs,
  );

  it(
    "render what the reader in the load context gives: a heading, a price, a hidden offer",
    async () => {
      const offers = structuredClone(contentSeed.offers);
      for (const offer of offers.offers) {
        if (offer.id === "consultation") offer.priceCzk = 1500;
        if (offer.id === "course") offer.shown = false;
      }
      const content = readerOf({
        "home-hero": { ...contentSeed["home-hero"], heading: "Najděte cestu zpátky k sobě" },
        offers,
      });
      const page = text(await render("/", home as unknown as PageModule, content));
      expect(page).toContain("Najděte cestu zpátky k sobě");
      expect(page).not.toContain("Vraťte se k sobě");
      expect(page).toContain("Cena: 1 500 Kč");
      expect(page).toContain("Harmonizační setkání");
      expect(page).not.toContain("Online kurzy");

      const session = text(
        await render("/harmonizacni", harmonisation as unknown as PageModule, content),
      );
      expect(session).toContain("Setkání stojí 1 500 Kč.");
      const today = text(await render("/harmonizacni", harmonisation as unknown as PageModule));
      expect(today).toContain(
        "Domluvíme je spolu při konzultaci, aby setkání sedlo vám i vašemu kalendáři.",
      );
      expect(today).not.toContain("Setkání stojí");
    },
    testTimeoutMs,
  );
});
