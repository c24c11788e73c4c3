/**
 * Her pages' texts through the administration's API, over HTTP against the real app: each
 * item described field by field (shared/content/page-*.ts) starts as today's texts, takes a
 * draft, refuses bad input field by field in Czech and stores nothing of it, and publishes to
 * exactly its own pages. „Náhled“ answers only for the item's pages and is never cached.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contentEntries } from "#database/schema";
import type { ContentEntryJson, ContentPublishJson } from "#shared/content/content-admin";
import { contentSeed } from "#shared/content/content-seed";
import { requestAs, startServerSignedInAsAdmin } from "#testing/test-accounts";
import type { TestServer } from "#testing/test-app";
import { openTimeoutMs, testDatabases } from "#testing/test-databases";
import { createContentReader } from "./content-store";

describe.each(testDatabases)("her pages' texts through the API on $name", ({ open }) => {
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
    requestAs(server, token, method, `/api/admin/content${path}`, body);

  async function rowOf(key: string) {
    const [row] = await server.db.select().from(contentEntries).where(eq(contentEntries.key, key));
    return row;
  }

  async function refusal(key: string, version: number, data: unknown) {
    const response = await call("PUT", `/${key}/draft`, { version, data });
    expect(response.status).toBe(422);
    const { error } = (await response.json()) as {
      error: { code: string; fields: Record<string, string> };
    };
    expect(error.code).toBe("validation_failed");
    return error.fields;
  }

  it("starts each page's texts as a fresh install's, the site's texts of today", async () => {
    for (const key of ["home-sections", "harmonisation-page", "about-page", "blog-page"] as const) {
      const response = await call("GET", `/${key}`);
      expect(response.status).toBe(200);
      const entry = (await response.json()) as ContentEntryJson;
      expect(entry).toMatchObject({ version: 1, draft: null });
      expect(entry.published).toEqual(contentSeed[key]);
    }
  });

  it("refuses the harmonisation page's bad texts field by field, in Czech, and stores nothing", async () => {
    const before = await rowOf("harmonisation-page");
    const page = structuredClone(contentSeed["harmonisation-page"]);
    const data = {
      ...page,
      hero: { ...page.hero, heading: "  ", stepsButton: "a".repeat(61) },
      story: { ...page.story, paragraphs: [], quote: "Řádek\nsvůj" },
      parts: { ...page.parts, touchTitle: 7, colour: "red" },
      practical: { ...page.practical, lengthText: "Tři\u200bhodiny" },
    };
    expect(await refusal("harmonisation-page", 1, data)).toEqual({
      "hero.heading": "Vyplňte prosím nadpis.",
      "hero.stepsButton": "Tlačítko k průběhu setkání může mít nejvýše 60 znaků.",
      "story.paragraphs": "Vyplňte prosím aspoň jeden odstavec.",
      "story.quote":
        "Citát se musí vejít na jeden řádek (bez Enteru) a nesmí obsahovat neviditelné znaky.",
      "parts.touchTitle": "Vyplňte prosím název (Vědomý dotek).",
      "parts.colour": "Toto pole sem nepatří.",
      "practical.lengthText":
        "Délka: text se musí vejít na jeden řádek (bez Enteru) a nesmí obsahovat neviditelné znaky.",
    });
    // A section left out is refused as a whole, by its name.
    const { closing: _, ...withoutClosing } = page;
    expect(await refusal("harmonisation-page", 1, withoutClosing)).toEqual({
      closing: "Tento údaj je povinný.",
    });
    expect(await rowOf("harmonisation-page")).toEqual(before);
  });

  it("refuses the home page's bad questions, paragraphs and button field by field", async () => {
    const before = await rowOf("home-sections");
    const home = structuredClone(contentSeed["home-sections"]);
    const data = {
      ...home,
      welcome: {
        ...home.welcome,
        paragraphs: ["Jeden", "", ...Array.from({ length: 7 }, () => "Další")],
        storyLink: { label: "Můj příběh", target: "javascript:alert(1)" },
      },
      contact: {
        ...home.contact,
        faq: [{ question: "", answer: "a".repeat(1201) }, { question: "Proč?" }],
      },
    };
    expect(await refusal("home-sections", 1, data)).toEqual({
      "welcome.paragraphs": "Odstavce může mít nejvýše 8 odstavců.",
      "welcome.paragraphs.1": "Vyplňte prosím aspoň jeden odstavec.",
      "welcome.storyLink.target": "Vyberte z nabídky, kam tlačítko vede.",
      "contact.faq.0.question": "Vyplňte prosím otázku.",
      "contact.faq.0.answer": "Odpověď může mít nejvýše 1200 znaků.",
      "contact.faq.1.answer": "Vyplňte prosím odpověď.",
    });
    expect(await rowOf("home-sections")).toEqual(before);
  });

  it("refuses the about page's bad texts field by field, and a button leading off the site", async () => {
    const before = await rowOf("about-page");
    const about = structuredClone(contentSeed["about-page"]);
    const data = {
      ...about,
      hero: { ...about.hero, heading: "" },
      approach: { ...about.approach, secondText: "b".repeat(601) },
      creations: {
        ...about.creations,
        fourthTitle: "",
        action: { label: " ", target: "https://example.com/" },
      },
      meet: { heading: "Ráda vás poznám" },
    };
    expect(await refusal("about-page", 1, data)).toEqual({
      "hero.heading": "Vyplňte prosím nadpis.",
      "approach.secondText": "2. karta: text může mít nejvýše 600 znaků.",
      "creations.fourthTitle": "Vyplňte prosím název (4. karta).",
      "creations.action.label": "Vyplňte prosím text tlačítka.",
      "creations.action.target": "Vyberte z nabídky, kam tlačítko vede.",
      "meet.intro": "Vyplňte prosím odstavec.",
    });
    expect(await rowOf("about-page")).toEqual(before);
  });

  it("refuses the blog page's opening with a missing heading and an unknown field", async () => {
    const before = await rowOf("blog-page");
    const { intro } = contentSeed["blog-page"];
    expect(
      await refusal("blog-page", 1, {
        intro: { ...intro, heading: "\t", intro: "<script>alert(1)</script>\nDruhý řádek" },
        outro: {},
      }),
    ).toEqual({
      "intro.heading": "Vyplňte prosím nadpis.",
      "intro.intro":
        "Úvodní odstavec se musí vejít na jeden řádek (bez Enteru) a nesmí obsahovat neviditelné znaky.",
      outro: "Toto pole sem nepatří.",
    });
    expect(await rowOf("blog-page")).toEqual(before);
  });

  it("stores a draft trimmed, publishes it to exactly its page, and the pages read it", async () => {
    const page = structuredClone(contentSeed["harmonisation-page"]);
    page.story.paragraphs = ["  Nový první odstavec. ", "Druhý."];
    page.parts.touchTitle = "Jemný dotek";
    const saved = await call("PUT", "/harmonisation-page/draft", { version: 1, data: page });
    expect(saved.status).toBe(200);
    const entry = (await saved.json()) as ContentEntryJson<"harmonisation-page">;
    expect(entry.draft?.story.paragraphs).toEqual(["Nový první odstavec.", "Druhý."]);
    expect(await createContentReader(server.db).read("harmonisation-page")).toEqual(
      contentSeed["harmonisation-page"],
    );

    const response = await call("POST", "/harmonisation-page/publish", { version: 2 });
    expect(response.status).toBe(200);
    const { pages } = (await response.json()) as ContentPublishJson;
    expect(pages).toEqual({ paths: ["/harmonizacni"], outcome: "updated" });
    expect(published).toEqual([["/harmonizacni"]]);
    const live = await createContentReader(server.db).read("harmonisation-page");
    expect(live.parts.touchTitle).toBe("Jemný dotek");
  });

  it("answers „Náhled“ only for the item's own pages, never cached, and a failed render in Czech", async () => {
    const other = await call("GET", "/harmonisation-page/preview?stranka=%2Fabout");
    expect(other.status).toBe(404);
    expect(((await other.json()) as { error: { code: string } }).error.code).toBe(
      "preview_not_found",
    );
    expect((await call("GET", "/cenik/preview")).status).toBe(404);
    // This test server has no build to render with: the preview is refused, not a 5xx.
    const failed = await call("GET", "/harmonisation-page/preview");
    expect(failed.status).toBe(422);
    expect(failed.headers.get("Cache-Control")).toBe("no-store");
    expect(failed.headers.get("X-Robots-Tag")).toBe("noindex, nofollow");
    const { error } = (await failed.json()) as { error: { code: string; message: string } };
    expect(error).toMatchObject({
      code: "preview_failed",
      message: expect.stringContaining("Náhled se nepodařilo připravit."),
    });
    const unsigned = await fetch(`${server.origin}/api/admin/content/home-sections/preview`);
    expect(unsigned.status).toBe(401);
  });
});
