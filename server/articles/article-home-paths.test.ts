/**
 * Which pages an article's change renders again, through the administration's API: the home
 * page only when the article is, or was, among the newest ones it shows; the blog and the
 * article's own page always; nothing for a draft.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type {
  ArticleJson,
  ArticleListJson,
  ArticleSavedJson,
} from "#shared/content/article-schemas";
import { homeArticleCount } from "#shared/content/home-articles";
import { createSignedInAccount } from "#testing/test-accounts";
import { startTestServer, type TestServer } from "#testing/test-app";
import { openTimeoutMs } from "#testing/test-databases";

describe("the pages an article's change renders again", () => {
  let server: TestServer;
  let token: string;
  const published: string[][] = [];

  beforeAll(async () => {
    server = await startTestServer({
      settings: { ADMIN_REQUIRE_2FA: "false" },
      publishPages: async (paths) => {
        published.push([...paths]);
      },
    });
    token = await createSignedInAccount(server, "spravkyne@example.cz", "admin");
  }, openTimeoutMs);

  afterAll(async () => {
    await server?.close();
  });

  function call(method: string, path: string, body?: unknown) {
    return fetch(`${server.origin}/api/admin/articles${path}`, {
      method,
      headers: {
        Authorization: `Bearer ${token}`,
        ...(body !== undefined && { "Content-Type": "application/json" }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  }

  const article = (slug: string, state = "published") => ({
    title: `Článek ${slug}`,
    slug,
    perex: "Krátký úvod k článku.",
    topic: "Rituály",
    body: "<p>Text článku.</p>",
    coverPhotoId: null,
    state,
    publishAt: null,
  });

  async function create(slug: string, state?: string) {
    const response = await call("POST", "", { article: article(slug, state) });
    expect(response.status).toBe(201);
    return ((await response.json()) as ArticleSavedJson).pages.paths;
  }

  async function read(slug: string): Promise<ArticleJson> {
    const { articles } = (await (await call("GET", "")).json()) as ArticleListJson;
    const listed = articles.find((item) => item.slug === slug);
    if (!listed) throw new Error(`no article ${slug}`);
    return (await (await call("GET", `/${listed.id}`)).json()) as ArticleJson;
  }

  async function retitle(slug: string) {
    const saved = await read(slug);
    const response = await call("PUT", `/${saved.id}`, {
      version: saved.version,
      article: { ...article(slug, saved.state), title: `${saved.title} (upraveno)` },
    });
    expect(response.status).toBe(200);
    return ((await response.json()) as ArticleSavedJson).pages.paths;
  }

  it("renders the home page for a new live article, which is the newest", async () => {
    expect(homeArticleCount).toBe(3);
    expect(await create("prvni-novy")).toEqual(expect.arrayContaining(["/", "/blog"]));
    expect(await create("druhy-novy")).toEqual(expect.arrayContaining(["/", "/blog"]));
  });

  it("leaves the home page alone for an article it does not show", async () => {
    // The seed's oldest article: the two new ones and the seed's newest are on the home page.
    const paths = await retitle("pece-o-sebe-neni-sobectvi");
    expect(paths).toEqual(["/blog", "/blog/pece-o-sebe-neni-sobectvi"]);
  });

  it("renders the home page for an article it shows, and for one it showed before a delete", async () => {
    expect(await retitle("prvni-novy")).toContain("/");
    const newest = await read("druhy-novy");
    const deleted = await call("DELETE", `/${newest.id}`, { version: newest.version });
    expect(deleted.status).toBe(204);
    expect(published.at(-1)).toContain("/");
  });

  it("renders nothing for a draft", async () => {
    expect(await create("jen-koncept", "draft")).toEqual([]);
  });
});
