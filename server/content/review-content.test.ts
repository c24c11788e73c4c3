/**
 * Her reviews through the administration's API, over HTTP against the real app: today's
 * reviews as the seed, a draft refused field by field (in Czech, nothing stored), and a
 * published list read by the home page's loader, which shows only reviews that are shown and
 * agreed to, each about its offer as the offer is named now.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contentEntries } from "#database/schema";
import type { ContentEntryJson, ContentPublishJson } from "#shared/content/content-admin";
import type { ContentReader } from "#shared/content/content-items";
import { contentSeed } from "#shared/content/content-seed";
import { type Reviews, reviewsSeed } from "#shared/content/review-content";
import { requestAs, startServerSignedInAsAdmin } from "#testing/test-accounts";
import type { TestServer } from "#testing/test-app";
import { openTimeoutMs, testDatabases } from "#testing/test-databases";
import { loader as homeLoader } from "~/routes/home";
import { createContentReader } from "./content-store";

/** What the home page's reviews section gets from its loader, read through `content`. */
async function homeReviews(content: ContentReader) {
  const data = await homeLoader({ context: { content } } as never);
  return data.reviews;
}

describe.each(testDatabases)("her reviews on $name", ({ open }) => {
  let server: TestServer;
  let token: string;
  const published: string[][] = [];

  beforeAll(async () => {
    ({ server, token } = await startServerSignedInAsAdmin(open, published));
  }, openTimeoutMs);

  afterAll(async () => {
    await server?.close();
  });

  const call = (method: string, path: string, body?: unknown) =>
    requestAs(server, token, method, `/api/admin/content/reviews${path}`, body);

  async function rowOf() {
    const [row] = await server.db
      .select()
      .from(contentEntries)
      .where(eq(contentEntries.key, "reviews"));
    return row;
  }

  it("starts as today's four reviews, every one shown with its author's consent", async () => {
    const response = await call("GET", "");
    expect(response.status).toBe(200);
    const entry = (await response.json()) as ContentEntryJson<"reviews">;
    expect(entry).toMatchObject({ label: "Recenze", version: 1, draft: null });
    expect(entry.published).toEqual(reviewsSeed);
    expect(await homeReviews(createContentReader(server.db))).toEqual([
      expect.objectContaining({ name: "Lucie", about: "Harmonizační setkání", date: "2024-09-18" }),
      expect.objectContaining({ name: "Markéta", about: "Živá setkání", date: "2024-06-02" }),
      expect.objectContaining({ name: "Jana", about: "Dary přírody", date: "2024-04-23" }),
      expect.objectContaining({ name: "Veronika", about: "Harmonizační setkání" }),
    ]);
  });

  it("refuses a review field by field, in Czech, and stores nothing of it", async () => {
    const before = await rowOf();
    const reviews = structuredClone(reviewsSeed.reviews);
    const [lucie, marketa, jana, veronika] = reviews as [
      Reviews["reviews"][number],
      ...Reviews["reviews"],
    ] &
      Reviews["reviews"][number][];
    if (!marketa || !jana || !veronika) throw new Error("the seed has four reviews");
    Object.assign(lucie, { name: "  ", text: "a".repeat(1201), date: "2024-02-30" });
    Object.assign(marketa, { offerId: "other", channel: "fax", consentDate: "včera" });
    // Shown without her author's consent: refused, not only left off the page.
    Object.assign(jana, { consentDate: null, shown: true, stars: 5 });
    Object.assign(veronika, { id: "Veronika!", shown: "ano" });
    const response = await call("PUT", "/draft", { version: 1, data: { reviews } });
    expect(response.status).toBe(422);
    expect(await response.json()).toEqual({
      error: {
        code: "validation_failed",
        message: "Některé údaje nejsou vyplněné správně. Opravte prosím pole označená červeně.",
        fields: {
          "reviews.0.name": "Vyplňte prosím křestní jméno autorky.",
          "reviews.0.text": "Text recenze může mít nejvýše 1200 znaků.",
          "reviews.0.date": "Zadejte prosím platné datum recenze.",
          "reviews.1.offerId": "Vyberte nabídku, které se recenze týká.",
          "reviews.1.channel": "Vyberte, jak k vám recenze přišla.",
          "reviews.1.consentDate":
            "Zadejte prosím platné datum souhlasu, nebo souhlas nezaškrtávejte.",
          "reviews.2.shown": "Bez souhlasu autorky recenzi na webu ukázat nejde.",
          "reviews.2.stars": "Toto pole sem nepatří.",
          "reviews.3.id": "Recenze nemá platné označení. Načtěte prosím stránku znovu.",
          "reviews.3.shown": "Hodnota musí být ano, nebo ne.",
        },
      },
    });
    const twice = await call("PUT", "/draft", {
      version: 1,
      data: { reviews: [reviewsSeed.reviews[0], reviewsSeed.reviews[0]] },
    });
    expect(((await twice.json()) as { error: { fields: unknown } }).error.fields).toEqual({
      reviews: "Dvě recenze mají stejné označení. Načtěte prosím stránku znovu.",
    });
    const tooMany = Array.from({ length: 41 }, (_, at) => ({
      ...reviewsSeed.reviews[0],
      id: `r-${at}`,
    }));
    const many = await call("PUT", "/draft", { version: 1, data: { reviews: tooMany } });
    expect(((await many.json()) as { error: { fields: unknown } }).error.fields).toEqual({
      reviews: "Recenzí může být nejvýše 40.",
    });
    expect(await rowOf()).toEqual(before);
  });

  it("publishes a hidden, a new unconsented and a reordered review: the home page shows only the agreed and shown, in her order", async () => {
    const [lucie, marketa, jana, veronika] = reviewsSeed.reviews;
    if (!lucie || !marketa || !jana || !veronika) throw new Error("the seed has four reviews");
    const draft: Reviews = {
      reviews: [
        {
          id: "r-new",
          name: "Eva",
          text: "Děkuji za krásné odpoledne.",
          date: "2026-11-20",
          offerId: "workshop",
          channel: "in-person",
          consentDate: null,
          shown: false,
        },
        jana,
        { ...lucie, shown: false },
        marketa,
        veronika,
      ],
    };
    const saved = await call("PUT", "/draft", { version: 1, data: draft });
    expect(saved.status).toBe(200);
    // A draft is not on the site.
    expect(await homeReviews(createContentReader(server.db))).toHaveLength(4);
    const response = await call("POST", "/publish", { version: 2 });
    expect(response.status).toBe(200);
    const { pages } = (await response.json()) as ContentPublishJson;
    expect(pages).toEqual({ paths: ["/"], outcome: "updated" });
    expect(published).toEqual([["/"]]);
    const live = createContentReader(server.db);
    expect((await homeReviews(live)).map((review) => review.name)).toEqual([
      "Jana",
      "Markéta",
      "Veronika",
    ]);
    // The review's „about“ is the offer's name as she renames it.
    const offers = structuredClone(contentSeed.offers);
    const products = offers.offers.find((offer) => offer.id === "products");
    if (!products) throw new Error("no products");
    products.name = "Bylinné dary";
    const renamed: ContentReader = {
      read: async (key) => (key === "offers" ? offers : live.read(key)) as never,
    };
    expect((await homeReviews(renamed))[0]).toMatchObject({ name: "Jana", about: "Bylinné dary" });
  });
});
