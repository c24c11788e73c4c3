/**
 * Her content through the administration's API, over HTTP against the real
 * app, on each test database: the list and an item, a draft saved, refused
 * field by field or for an older version, published (a revision, an audit-log
 * entry, the pages asked for again) and an earlier revision restored.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, contentEntries } from "#database/schema";
import type {
  ContentEntryJson,
  ContentListJson,
  ContentPublishJson,
  ContentRevisionsJson,
} from "#shared/content/content-admin";
import { contentSeed } from "#shared/content/content-seed";
import { scentGuidePdfKey } from "#shared/routes";
import { createSignedInAccount, requestAs } from "#testing/test-accounts";
import { startTestServer, type TestServer } from "#testing/test-app";
import { openTimeoutMs, testDatabases } from "#testing/test-databases";
import { createContentReader } from "./content-store";

describe.each(testDatabases)("her content's administration on $name", ({ open }) => {
  let server: TestServer;
  let token: string;
  /** The paths each publish asked to be rendered again; `failRendering` makes the next one fail. */
  const published: string[][] = [];
  let failRendering = false;

  beforeAll(async () => {
    server = await startTestServer({
      open,
      settings: { ADMIN_REQUIRE_2FA: "false" },
      publishPages: async (paths) => {
        if (failRendering) {
          failRendering = false;
          throw new Error("the renderer is down");
        }
        published.push([...paths]);
      },
    });
    token = await createSignedInAccount(server, "spravkyne@example.cz", "admin");
  }, openTimeoutMs);

  afterAll(async () => {
    await server?.close();
  });

  const call = (method: string, path: string, body?: unknown) =>
    requestAs(server, token, method, `/api/admin/content${path}`, body);

  async function read(key: string) {
    const response = await call("GET", `/${key}`);
    expect(response.status).toBe(200);
    return (await response.json()) as ContentEntryJson;
  }

  async function revisions(key: string) {
    const response = await call("GET", `/${key}/revisions`);
    expect(response.status).toBe(200);
    return ((await response.json()) as ContentRevisionsJson).revisions;
  }

  async function rowOf(key: string) {
    const [row] = await server.db.select().from(contentEntries).where(eq(contentEntries.key, key));
    return row;
  }

  const hero = contentSeed["home-hero"];

  it("lists every item, starting as a fresh install's texts, with them as the first revision", async () => {
    const response = await call("GET", "");
    expect(response.status).toBe(200);
    const { items } = (await response.json()) as ContentListJson;
    expect(items.map(({ key, has_draft, version }) => ({ key, has_draft, version }))).toEqual([
      { key: "home-hero", has_draft: false, version: 1 },
      { key: "offers", has_draft: false, version: 1 },
      { key: "scent-guide", has_draft: false, version: 1 },
      { key: "reviews", has_draft: false, version: 1 },
      { key: "operator", has_draft: false, version: 1 },
      { key: "home-sections", has_draft: false, version: 1 },
      { key: "harmonisation-page", has_draft: false, version: 1 },
      { key: "about-page", has_draft: false, version: 1 },
      { key: "blog-page", has_draft: false, version: 1 },
      { key: "booking-page", has_draft: false, version: 1 },
      { key: "events-page", has_draft: false, version: 1 },
      { key: "photos", has_draft: false, version: 1 },
      { key: "newsletter", has_draft: false, version: 1 },
    ]);
    const entry = await read("home-hero");
    expect(entry).toMatchObject({ label: "Úvod domovské stránky", version: 1, draft: null });
    expect(entry.published).toEqual(hero);
    expect(await revisions("home-hero")).toEqual([
      expect.objectContaining({ published_by: null, restored_from: null, current: true }),
    ]);
  });

  it("saves a draft, trimmed, that the site does not show until it is published", async () => {
    const response = await call("PUT", "/home-hero/draft", {
      version: 1,
      data: { ...hero, heading: "  Najděte cestu zpátky k sobě " },
    });
    expect(response.status).toBe(200);
    const entry = (await response.json()) as ContentEntryJson<"home-hero">;
    expect(entry.version).toBe(2);
    expect(entry.draft?.heading).toBe("Najděte cestu zpátky k sobě");
    expect(entry.published).toEqual(hero);
    expect((await createContentReader(server.db).read("home-hero")).heading).toBe(hero.heading);
    // A preview reads her draft.
    const preview = createContentReader(server.db, { drafts: true });
    expect((await preview.read("home-hero")).heading).toBe("Najděte cestu zpátky k sobě");
  });

  it("refuses a draft field by field, in Czech, and stores nothing of it", async () => {
    const before = await rowOf("home-hero");
    const response = await call("PUT", "/home-hero/draft", {
      version: 2,
      data: { ...hero, heading: "   ", lead: "a".repeat(601), quote: 42, colour: "red" },
    });
    expect(response.status).toBe(422);
    expect(await response.json()).toEqual({
      error: {
        code: "validation_failed",
        message: "Některé údaje nejsou vyplněné správně. Opravte prosím pole označená červeně.",
        fields: {
          heading: "Vyplňte prosím nadpis.",
          lead: "Úvodní odstavec může mít nejvýše 600 znaků.",
          quote: "Vyplňte prosím citát.",
          colour: "Toto pole sem nepatří.",
        },
      },
    });
    expect(await rowOf("home-hero")).toEqual(before);
  });

  it("names an offer's field by its place in the list", async () => {
    const offers = structuredClone(contentSeed.offers);
    const consultation = offers.offers[1];
    if (!consultation) throw new Error("no second offer");
    consultation.priceCzk = -5;
    consultation.places = ["online", "mars" as "online"];
    const response = await call("PUT", "/offers/draft", { version: 1, data: offers });
    expect(response.status).toBe(422);
    const { error } = (await response.json()) as { error: { fields: Record<string, string> } };
    expect(error.fields).toEqual({
      "offers.1.priceCzk":
        "Cenu zadejte v celých korunách, od 0 do 100\u00a0000 Kč, nebo zvolte „cena dohodou“.",
      "offers.1.places.1": "Vyberte místo z nabídky: online, Brno a okolí, nebo Jinačovice.",
    });
    expect((await rowOf("offers"))?.version).toBe(1);
  });

  it("refuses a change made from an older version, so two tabs do not overwrite each other", async () => {
    const before = await rowOf("home-hero");
    const response = await call("PUT", "/home-hero/draft", {
      version: 1,
      data: { ...hero, heading: "Z druhého okna" },
    });
    expect(response.status).toBe(409);
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe(
      "version_conflict",
    );
    const publish = await call("POST", "/home-hero/publish", { version: 1 });
    expect(publish.status).toBe(409);
    expect(await rowOf("home-hero")).toEqual(before);
  });

  it("publishes the draft: live for the pages, a revision, an audit-log entry, its pages rendered again", async () => {
    const response = await call("POST", "/home-hero/publish", { version: 2 });
    expect(response.status).toBe(200);
    const { entry, pages } = (await response.json()) as ContentPublishJson;
    expect(entry).toMatchObject({ version: 3, draft: null });
    expect((entry.published as typeof hero).heading).toBe("Najděte cestu zpátky k sobě");
    expect(pages).toEqual({ paths: ["/"], outcome: "updated" });
    expect(published).toEqual([["/"]]);
    expect((await createContentReader(server.db).read("home-hero")).heading).toBe(
      "Najděte cestu zpátky k sobě",
    );
    const list = await revisions("home-hero");
    expect(list).toHaveLength(2);
    expect(list[0]).toMatchObject({ published_by: "spravkyne@example.cz", current: true });
    expect(list[1]).toMatchObject({ published_by: null, current: false });
    const entries = await server.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, "content_published"));
    expect(entries).toEqual([
      expect.objectContaining({ actorEmail: "spravkyne@example.cz", contentKey: "home-hero" }),
    ]);
    // Nothing left to publish.
    const again = await call("POST", "/home-hero/publish", { version: 3 });
    expect(again.status).toBe(409);
    expect(((await again.json()) as { error: { code: string } }).error.code).toBe(
      "nothing_to_publish",
    );
  });

  it("restores an earlier revision: published again as a new revision, with its audit-log entry", async () => {
    const [, first] = await revisions("home-hero");
    if (!first) throw new Error("no first revision");
    const response = await call("POST", `/home-hero/revisions/${first.id}/restore`, {
      version: 3,
    });
    expect(response.status).toBe(200);
    const { entry, pages } = (await response.json()) as ContentPublishJson;
    expect(entry.published).toEqual(hero);
    expect(entry.version).toBe(4);
    expect(pages.outcome).toBe("updated");
    expect(published.at(-1)).toEqual(["/"]);
    expect(await createContentReader(server.db).read("home-hero")).toEqual(hero);
    const list = await revisions("home-hero");
    expect(list).toHaveLength(3);
    expect(list[0]).toMatchObject({ restored_from: first.id, current: true });
    const restores = await server.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, "content_restored"));
    expect(restores).toEqual([expect.objectContaining({ contentKey: "home-hero" })]);
    // An older version's restore is refused like any other change.
    const stale = await call("POST", `/home-hero/revisions/${first.id}/restore`, { version: 3 });
    expect(stale.status).toBe(409);
  });

  it("publishes a price to the pages the offers appear on; a failed render keeps the publish and says so", async () => {
    const offers = structuredClone(contentSeed.offers);
    const consultation = offers.offers.find((offer) => offer.id === "consultation");
    if (!consultation) throw new Error("no consultation");
    consultation.priceCzk = 1200;
    const saved = await call("PUT", "/offers/draft", { version: 1, data: offers });
    expect(saved.status).toBe(200);
    failRendering = true;
    const response = await call("POST", "/offers/publish", { version: 2 });
    expect(response.status).toBe(200);
    const { pages } = (await response.json()) as ContentPublishJson;
    expect(pages).toEqual({ paths: ["/", "/harmonizacni", "/rezervace"], outcome: "failed" });
    const live = await createContentReader(server.db).read("offers");
    expect(live.offers.find((offer) => offer.id === "consultation")?.priceCzk).toBe(1200);
  });

  it("answers 404 for an item or a revision that does not exist", async () => {
    expect((await call("GET", "/cenik")).status).toBe(404);
    expect((await call("GET", "/cenik/revisions")).status).toBe(404);
    const [offersRevision] = await revisions("offers");
    // A revision of another item is no revision of this one.
    const other = await call("POST", `/home-hero/revisions/${offersRevision?.id}/restore`, {
      version: 4,
    });
    expect(other.status).toBe(404);
    expect((await call("POST", "/home-hero/revisions/abc/restore", { version: 4 })).status).toBe(
      404,
    );
    expect((await rowOf("home-hero"))?.version).toBe(4);
  });

  it("takes the scent guide field by field, in Czech, and its publish makes the guide's PDF again", async () => {
    const guide = contentSeed["scent-guide"];
    const [firstSection] = guide.sections;
    const [firstRecipe] = guide.recipes;
    if (!firstSection || !firstRecipe) throw new Error("the seed has no section or recipe");
    const refused = await call("PUT", "/scent-guide/draft", {
      version: 1,
      data: {
        ...guide,
        sections: [{ ...firstSection, title: " " }, ...guide.sections.slice(1)],
        recipes: [
          { ...firstRecipe, head: [{ oil: "Mandarinka", drops: 0 }] },
          ...guide.recipes.slice(1),
        ],
        intro: [],
      },
    });
    expect(refused.status).toBe(422);
    const { error } = (await refused.json()) as { error: { fields: Record<string, string> } };
    expect(error.fields).toEqual({
      intro: "Přidejte prosím aspoň jednu položku: úvodní odstavce.",
      "sections.0.title": "Vyplňte prosím nadpis části.",
      "recipes.0.head.0.drops": "Počet kapek zadejte celým číslem od 1 do 20.",
    });
    expect((await rowOf("scent-guide"))?.draft ?? null).toBeNull();

    const saved = await call("PUT", "/scent-guide/draft", {
      version: 1,
      data: { ...guide, title: "Průvodce Tvou osobní vůní" },
    });
    expect(saved.status).toBe(200);
    const publish = await call("POST", "/scent-guide/publish", { version: 2 });
    expect(publish.status).toBe(200);
    expect(published.at(-1)).toEqual([scentGuidePdfKey]);
    expect((await createContentReader(server.db).read("scent-guide")).title).toBe(
      "Průvodce Tvou osobní vůní",
    );
  });
});
