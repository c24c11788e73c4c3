/**
 * The pages render her content from the loader: through React Router's data
 * router on the server (`createStaticHandler`, the route modules as the build
 * has them), with no reader in the load context (the build: today's texts) and
 * with one that gives changed published content (the page renderer).
 */
import { prerenderToNodeStream } from "react-dom/static";
import {
  type AppLoadContext,
  createStaticHandler,
  createStaticRouter,
  StaticRouterProvider,
  useLoaderData,
} from "react-router";
import { describe, expect, it } from "vitest";
import { bookingMessages, bookingRateLimitedMessage } from "#shared/booking-schemas";
import type { ContentData, ContentKey, ContentReader } from "#shared/content/content-items";
import { contentSeed } from "#shared/content/content-seed";
import type { PhotoJson, PhotoReader } from "#shared/content/photo-library";
import type { PublicEvent } from "#shared/events";
import { homeAnchors, homeSection } from "#shared/routes";
import { testTimeoutMs } from "#testing/test-databases";
import * as about from "~/routes/about";
import * as booking from "~/routes/booking";
import * as events from "~/routes/events";
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
async function render(
  path: string,
  page: PageModule,
  content?: ContentReader,
  photos?: PhotoReader,
  more?: Partial<AppLoadContext>,
): Promise<string> {
  const routes = [
    { id: "page", path, loader: page.loader as never, element: <Page page={page} /> },
  ];
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(`http://localhost${path}`), {
    requestContext: content ? { content, photos, ...more } : undefined,
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

  it(
    "render her photo in its place, in AVIF, WebP and JPEG widths around its focal point, the other places their illustrations",
    async () => {
      const photo: PhotoJson = {
        id: "0b7e8f52-8d1c-4d55-9a43-5f0d6c1e2a10",
        originalName: "IMG_2041.jpg",
        alt: "Louka za domem při západu slunce",
        focusX: 0.25,
        focusY: 0.6,
        width: 1600,
        height: 1200,
        widths: [480, 800, 1200, 1600],
        createdAt: "2026-11-29T07:00:00.000Z",
      };
      const content = readerOf({
        photos: {
          ...contentSeed.photos,
          aboutLandscape: photo.id,
          aboutHerbs: crypto.randomUUID(),
        },
      });
      const html = await render("/about", about as unknown as PageModule, content, {
        find: async (ids) => (ids.includes(photo.id) ? [photo] : []),
      });
      const media = `/media/photos/${photo.id}`;
      expect(html).toContain(
        `<source type="image/avif" srcSet="${media}-480.avif 480w, ${media}-800.avif 800w, ${media}-1200.avif 1200w, ${media}-1600.avif 1600w"`,
      );
      expect(html).toContain(`<source type="image/webp" srcSet="${media}-480.webp 480w,`);
      const img = /<img[^>]*alt="Louka za domem při západu slunce"[^>]*>/.exec(html)?.[0] ?? "";
      expect(img).toContain(`src="${media}-800.jpg"`);
      expect(img).toContain(`srcSet="${media}-480.jpg 480w,`);
      expect(img).toContain('width="1600" height="1200"');
      // The first screen's picture is the page's LCP: never lazy.
      expect(img).toContain('loading="eager" fetchPriority="high"');
      expect(img).toContain("aspect-ratio:800 / 1000;object-position:25% 60%");
      // A place without a photo, or with one that is gone, keeps its illustration, loaded lazily.
      const herbs = /<img[^>]*src="\/images\/o-mne-byliny.svg"[^>]*>/.exec(html)?.[0] ?? "";
      expect(herbs).toContain('loading="lazy"');
      expect(html).toContain('src="/images/o-mne-tvorba.svg"');
      // As the build renders it: every place its illustration.
      const built = await render("/about", about as unknown as PageModule);
      expect(built).not.toContain("<picture>");
      expect(built).toContain('src="/images/o-mne-krajina.svg"');
    },
    testTimeoutMs,
  );

  it(
    "render her text of an empty events page, then a link to the contact form that works without scripts",
    async () => {
      const content = readerOf({
        "events-page": {
          ...contentSeed["events-page"],
          list: { ...contentSeed["events-page"].list, emptyText: "Ozvěte se mi, co byste rádi." },
        },
      });
      // No events in the load context: the empty list.
      const html = await render("/akce", events as unknown as PageModule, content);
      const card = html.slice(html.indexOf("Ozvěte se mi, co byste rádi."));
      const link = /<a [^>]*>([\s\S]*?)<\/a>/.exec(card);
      expect(link?.[0]).toContain(`href="${homeSection(homeAnchors.contact)}"`);
      expect(text(link?.[1] ?? "").trim()).toBe("Napsat zprávu");
    },
    testTimeoutMs,
  );

  it(
    "open the empty events page with her heading for no events, not the one inviting to sign up",
    async () => {
      const { list } = contentSeed["events-page"];
      const h1 = (html: string) => text(/<h1[^>]*>([\s\S]*?)<\/h1>/.exec(html)?.[1] ?? "").trim();
      const empty = await render("/akce", events as unknown as PageModule, readerOf({}));
      expect(h1(empty)).toBe(list.emptyHeading);
      expect(text(empty)).not.toContain(list.heading);
      expect(text(empty)).not.toContain("Vyberte si termín");
      expect(text(empty)).toContain(text(list.emptyText));

      const startsAt = new Date(Date.now() + 7 * 86_400_000).toISOString();
      const event: PublicEvent = {
        id: "00000000-0000-4000-8000-000000000001",
        slug: "kruh-zen",
        title: "Kruh žen",
        description: "<p>Sdílení u ohně.</p>",
        photoId: null,
        startsAt,
        endsAt: startsAt,
        placeKind: "address",
        address: "Jinačovice 12",
        onlineNote: null,
        priceCzk: 450,
        capacity: 10,
        freePlaces: 4,
        maxPlacesPerSignup: 1,
        signupDeadline: startsAt,
        waitingList: false,
        state: "published",
      };
      const listed = await render(
        "/akce",
        events as unknown as PageModule,
        readerOf({}),
        undefined,
        {
          events: { upcoming: async () => [event], find: async () => event },
        },
      );
      expect(h1(listed)).toBe(list.heading);
      expect(text(listed)).toContain("Kruh žen");
      expect(text(listed)).not.toContain(list.emptyHeading);
    },
    testTimeoutMs,
  );

  it(
    "render her text of the booking page with no free time, then a link to the contact form that works without scripts",
    async () => {
      const empty = "Teď nic volného nemám, ozvěte se mi.";
      const offers = structuredClone(contentSeed.offers);
      for (const offer of offers.offers) offer.bookable = false;
      const texts = contentSeed["booking-page"];
      const content = readerOf({
        "booking-page": { ...texts, steps: { ...texts.steps, empty } },
        offers,
      });
      const contactLink = (html: string) => {
        const after = html.slice(html.indexOf(empty));
        const link = /<a [^>]*>([\s\S]*?)<\/a>/.exec(after);
        expect(html).toContain(empty);
        expect(link?.[0]).toContain(`href="${homeSection(homeAnchors.contact)}"`);
        expect(text(link?.[1] ?? "").trim()).toBe("Napsat zprávu");
      };
      // No offer she lets visitors book.
      contactLink(await render("/rezervace", booking as unknown as PageModule, content));

      // An offer chosen without scripts, and no free time for it.
      const bookable = readerOf({ "booking-page": { ...texts, steps: { ...texts.steps, empty } } });
      const offerId = (await bookable.read("offers")).offers.find((offer) => offer.bookable)?.id;
      expect(offerId).toBeDefined();
      contactLink(
        await render("/rezervace", booking as unknown as PageModule, bookable, undefined, {
          bookingAnswer: { step: "times", offerId: offerId ?? "", days: [] },
        }),
      );
    },
    testTimeoutMs,
  );

  it(
    "render a booking refusal that asks to write to her with the link to the contact form after it, and another without",
    async () => {
      const content = readerOf({});
      const offerId = (await content.read("offers")).offers.find((offer) => offer.bookable)?.id;
      expect(offerId).toBeDefined();
      const day = new Date(Date.now() + 3 * 86_400_000);
      day.setUTCHours(8, 0, 0, 0);
      const refusedWith = (notice: string) =>
        render("/rezervace", booking as unknown as PageModule, content, undefined, {
          bookingAnswer: {
            step: "times",
            offerId: offerId ?? "",
            days: [{ day: day.toISOString().slice(0, 10), starts: [day.toISOString()] }],
            notice,
          },
        });
      const afterNotice = (html: string) =>
        /role="alert"[\s\S]*?<\/p>\s*(<a [^>]*>[\s\S]*?<\/a>)?/.exec(html)?.[1];
      for (const notice of [bookingMessages.offerNotBookable, bookingRateLimitedMessage]) {
        const link = afterNotice(await refusedWith(notice));
        expect(link, notice).toContain(`href="${homeSection(homeAnchors.contact)}"`);
        expect(text(link ?? "")).toContain("Napsat zprávu");
      }
      expect(afterNotice(await refusedWith(bookingMessages.taken))).toBeUndefined();
    },
    testTimeoutMs,
  );
});
