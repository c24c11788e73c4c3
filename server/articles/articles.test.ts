/**
 * Her articles end to end on the server, on each test database, with the real build's pages
 * (`npm run build`): a fresh install holds the three Markdown articles; an article written
 * through the administration's API is on /blog/<slug>, /blog, the home page, the feed and the
 * sitemap as soon as the publish answers; a draft is on none of them; a scheduled one only when
 * its time comes, published by one server; a renamed one's old address
 * redirects; and script in every field comes out inert in the public HTML served.
 */
import { resolve } from "node:path";
import { and, eq } from "drizzle-orm";
import { Parser } from "htmlparser2";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#database/open-database";
import { articles, auditLog } from "#database/schema";
import { publishedContent } from "#server/app";
import { createPages, type Pages } from "#server/pages/pages";
import type { ArticleJson, ArticleSavedJson } from "#shared/content/article-schemas";
import { type PhotoJson, photoVariantUrl } from "#shared/content/photo-library";
import { phoneJpeg } from "#testing/sample-photos";
import { createSignedInAccount, requestAs } from "#testing/test-accounts";
import { startTestServer, type TestServer, testConfig } from "#testing/test-app";
import { openTimeoutMs, testDatabases } from "#testing/test-databases";
import { publishScheduledArticles } from "./article-schedule";
import { readSeedArticles } from "./article-seed";

const buildDir = resolve("build");

/**
 * Whatever in a page could run or load an attacker's code, as a browser's parser reads the page
 * (htmlparser2, the sanitizer's own parser): event handlers (on an SVG too), frames,
 * `javascript:` and `data:` addresses, and a script element of the attacker's.
 */
function activeMarkup(html: string): string[] {
  const found: string[] = [];
  let inScript = false;
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        if (["iframe", "object", "embed"].includes(name)) found.push(`<${name}>`);
        if (name === "script") inScript = true;
        for (const [attribute, value] of Object.entries(attributes)) {
          if (attribute.startsWith("on")) found.push(`${name} ${attribute}`);
          if (
            ["href", "src"].includes(attribute) &&
            /^\s*(javascript|data|vbscript):/i.test(value)
          ) {
            found.push(`${name} ${attribute}=${value}`);
          }
        }
      },
      ontext(text) {
        // The page's own scripts may carry the title as data (escaped); an injected one is the call.
        if (inScript && text.trimStart().startsWith("alert(")) found.push(`script ${text}`);
      },
      onclosetag(name) {
        if (name === "script") inScript = false;
      },
    },
    { decodeEntities: true },
  );
  parser.write(html);
  parser.end();
  return found;
}

describe.each(testDatabases)("her articles on $name", ({ open }) => {
  let database: DatabaseHandle;
  let pages: Pages;
  let server: TestServer;
  let token: string;

  beforeAll(async () => {
    database = await open();
    pages = createPages({
      database,
      serverBuildFile: testConfig({ BUILD_DIR: buildDir }).serverBuildFile,
      getLoadContext: publishedContent(database),
    });
    server = await startTestServer({
      open: async () => database,
      settings: { ADMIN_REQUIRE_2FA: "false", BUILD_DIR: buildDir },
      pages,
    });
    token = await createSignedInAccount(server, "spravkyne@example.cz", "admin");
    await pages.ensureRendered();
  }, openTimeoutMs);

  afterAll(async () => {
    await server?.close();
  });

  const call = (method: string, path: string, body?: unknown) =>
    requestAs(server, token, method, `/api/admin/articles${path}`, body);

  const page = (path: string) => fetch(`${server.origin}${path}`, { redirect: "manual" });
  const text = async (path: string) => (await page(path)).text();

  const article = (fields: Record<string, unknown> = {}) => ({
    title: "Podzimní koupel s levandulí",
    slug: "podzimni-koupel",
    perex: "Teplá voda, hrst levandule a dvacet minut jen pro vás.",
    topic: "Rituály",
    body: "<h2>Co budete potřebovat</h2><p>Hrst <strong>levandule</strong> a klid.</p><ul><li><p>vanu</p></li></ul>",
    coverPhotoId: null,
    state: "published",
    publishAt: null,
    ...fields,
  });

  async function create(fields: Record<string, unknown> = {}) {
    const response = await call("POST", "", { article: article(fields) });
    expect(response.status, await response.clone().text()).toBe(201);
    return (await response.json()) as ArticleSavedJson;
  }

  async function change(saved: ArticleJson, fields: Record<string, unknown>) {
    return call("PUT", `/${saved.id}`, {
      version: saved.version,
      article: article({
        title: saved.title,
        slug: saved.slug,
        perex: saved.perex,
        topic: saved.topic,
        body: saved.body,
        state: saved.state,
        ...fields,
      }),
    });
  }

  it(
    "starts as a fresh install looked: the three Markdown articles, same slugs, texts and dates",
    async () => {
      const seed = readSeedArticles();
      const rows = await database.db.select().from(articles);
      expect(rows).toHaveLength(seed.length);
      for (const expected of seed) {
        const row = rows.find((candidate) => candidate.id === expected.id);
        expect(row).toMatchObject({
          title: expected.title,
          perex: expected.perex,
          body: expected.body,
          topic: expected.topic,
          state: "published",
          publishAt: expected.publishAt,
        });
        const html = await text(`/blog/${expected.slug}`);
        expect(html).toContain(expected.title.replace(/ ([a-zA-Z]) /g, " $1\u00a0").split(":")[0]);
      }
      const blog = await text("/blog");
      for (const expected of seed) expect(blog).toContain(`href="/blog/${expected.slug}"`);
      expect(blog).toContain('dateTime="2026-11-09"');
    },
    openTimeoutMs,
  );

  it(
    "puts a published article on its page, /blog, the home page, the feed and the sitemap at once; a draft on none",
    async () => {
      const draft = await create({ slug: "jen-koncept", title: "Jen koncept", state: "draft" });
      expect(draft.pages.outcome).toBe("unchanged");
      expect((await page("/blog/jen-koncept")).status).toBe(404);

      const saved = await create();
      expect(saved.pages.outcome).toBe("updated");
      const html = await text("/blog/podzimni-koupel");
      expect(html).toContain("Podzimní koupel s\u00a0levandulí");
      expect(html).toContain("<strong>levandule</strong>");
      for (const path of ["/blog", "/", "/blog/feed.xml", "/sitemap.xml"]) {
        const listing = await text(path);
        expect(listing, path).toContain("/blog/podzimni-koupel");
        expect(listing, path).not.toContain("jen-koncept");
      }
      const [entry] = await database.db
        .select()
        .from(auditLog)
        .where(
          and(
            eq(auditLog.action, "article_published"),
            eq(auditLog.contentKey, "/blog/podzimni-koupel"),
          ),
        );
      expect(entry?.actorEmail).toBe("spravkyne@example.cz");
    },
    openTimeoutMs,
  );

  it(
    "redirects a renamed article's old address for good; one in capitals or an unknown one stays a 404",
    async () => {
      const { article: saved } = await create({ slug: "stara-adresa", title: "Stará adresa" });
      const renamed = await change(saved, { slug: "nova-adresa" });
      expect(renamed.status).toBe(200);
      const { article: after } = (await renamed.json()) as ArticleSavedJson;
      expect(after.old_slugs).toEqual(["stara-adresa"]);

      const old = await page("/blog/stara-adresa");
      expect(old.status).toBe(301);
      expect(old.headers.get("Location")).toBe("/blog/nova-adresa");
      // An address in capitals is not hers: the not-found page, as issue 39 asks.
      expect((await page("/blog/Nova-Adresa")).status).toBe(404);
      expect((await page("/blog/nova-adresa")).status).toBe(200);
      expect((await page("/blog/neexistujici")).status).toBe(404);

      // An old address stays hers: another article cannot take it.
      const taken = await call("POST", "", { article: article({ slug: "stara-adresa" }) });
      expect(taken.status).toBe(409);
      expect(await taken.json()).toMatchObject({
        error: { code: "slug_taken", fields: { slug: expect.stringContaining("jiný článek") } },
      });
    },
    openTimeoutMs,
  );

  it(
    "refuses a change from an older version and bad fields, field by field in Czech",
    async () => {
      const { article: saved } = await create({ slug: "dve-okna", title: "Dvě okna" });
      expect((await change(saved, { title: "První okno" })).status).toBe(200);
      const stale = await change(saved, { title: "Druhé okno" });
      expect(stale.status).toBe(409);
      expect(await stale.json()).toMatchObject({ error: { code: "version_conflict" } });

      const bad = await call("POST", "", {
        article: article({
          title: "",
          slug: "Špatná adresa",
          body: "<p> </p>",
          state: "scheduled",
        }),
      });
      expect(bad.status).toBe(422);
      expect(await bad.json()).toMatchObject({
        error: {
          code: "validation_failed",
          fields: {
            title: "Vyplňte prosím nadpis.",
            slug: expect.stringContaining("jen malá písmena"),
            body: "Napište prosím text článku.",
            publishAt: "Zvolte prosím datum a čas, kdy se má článek zveřejnit.",
          },
        },
      });
    },
    openTimeoutMs,
  );

  it(
    "serves script put into any field as inert text, and a body with only what the editor makes",
    async () => {
      const attack = '"><script>alert(1)</script><img src=x onerror=alert(2)>';
      const slugAttack = await call("POST", "", {
        article: article({ slug: '"><script>alert(1)</script>' }),
      });
      expect(slugAttack.status).toBe(422);

      const { article: saved } = await create({
        slug: "pokus-o-skript",
        title: `Titulek ${attack}`,
        perex: `Perex ${attack}`,
        topic: `Téma<svg onload=alert(3)>`,
        body: [
          "<p>Text<script>alert(4)</script></p>",
          '<p><img src="x" onerror="alert(5)"><img src="data:image/svg+xml;base64,PHN2Zz4=" alt="d"></p>',
          '<p><a href="javascript:alert(6)">a</a><a href="jav&#x09;ascript:alert(7)">b</a>',
          '<a href="&#106;avascript:alert(8)">c</a><a href=" data:text/html,<script>alert(9)</script>">d</a></p>',
          '<svg onload="alert(10)"><circle/></svg><iframe src="https://example.com"></iframe>',
          '<p style="background:url(javascript:alert(11))" onclick="alert(12)">styl</p>',
          '<p><a href="https://example.com/cesta">ven</a> <img src="/media/foto.jpg" alt="Jinde"></p>',
        ].join(""),
      });
      expect(saved.body).not.toMatch(/script|onerror|onload|onclick|style|svg|iframe|data:/i);
      expect(saved.body).toContain('<a href="https://example.com/cesta" rel="noopener">ven</a>');
      // Only her library's photos: another of the site's files is no picture of an article.
      expect(saved.body).not.toContain("/media/foto.jpg");

      for (const path of ["/blog/pokus-o-skript", "/blog", "/"]) {
        const html = await text(path);
        expect(html, path).toContain("pokus-o-skript");
        expect(activeMarkup(html), path).toEqual([]);
      }
      // The feed carries the body as text (CDATA), for news readers to sanitize as they do.
      expect(activeMarkup(await text("/blog/feed.xml"))).toEqual([]);
      const html = await text("/blog/pokus-o-skript");
      expect(html).toContain("Titulek &quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;");
    },
    openTimeoutMs,
  );
  it(
    "shows her photos in an article as responsive pictures, its cover first and eager, on /blog, in the feed and as its share image",
    async () => {
      const uploaded = await fetch(
        `${server.origin}/api/admin/photos?alt=${encodeURIComponent("Levandule ve váze")}`,
        {
          method: "POST",
          headers: { Authorization: `Bearer ${token}`, "Content-Type": "image/jpeg" },
          body: new Uint8Array(await phoneJpeg({ width: 1600, height: 1000, orientation: 1 })),
        },
      );
      expect(uploaded.status).toBe(201);
      const { photo } = (await uploaded.json()) as { photo: PhotoJson };
      expect(photo.widths).toEqual([480, 800, 1200, 1600]);
      const inText = photoVariantUrl(photo.id, 800, "jpeg");
      const { article: withPhoto } = await create({
        slug: "s-fotkou",
        title: "Článek s fotkou",
        coverPhotoId: photo.id,
        body: `<p>Úvod.</p><img src="${inText}" alt="Kytice v kuchyni"><p>Závěr.</p>`,
      });

      const html = await text("/blog/s-fotkou");
      const pictures = [...html.matchAll(/<picture>.*?<\/picture>/gs)].map((match) => match[0]);
      expect(pictures).toHaveLength(2);
      const [cover = "", inBody = ""] = pictures;
      // The cover: the page's LCP, loaded at once.
      expect(cover).toContain('loading="eager"');
      expect(cover).toContain('fetchPriority="high"');
      expect(cover).toContain('alt="Levandule ve váze"');
      // Her photo leads the page: a first visit keeps the local fonts and preloads no font file,
      // which would share the photo's bandwidth (docs/decisions/0023-brand-fonts-on-the-first-page.md).
      expect(html).toContain('<html lang="cs" data-first-page-fonts="local">');
      expect(html).not.toContain('as="font"');
      // In the text: every format and width, lazy, her alt text of the article.
      for (const format of ["avif", "webp", "jpeg"] as const) {
        const srcset = [480, 800, 1200, 1600]
          .map((width) => `${photoVariantUrl(photo.id, width, format)} ${width}w`)
          .join(", ");
        expect(cover).toContain(srcset);
        expect(inBody).toContain(srcset);
      }
      expect(inBody).toContain('loading="lazy"');
      expect(inBody).toContain('alt="Kytice v kuchyni"');
      expect(inBody).toContain('width="1600" height="1000"');
      expect(inBody).toMatch(/sizes="[^"]+"/);
      expect(html).toContain(`<meta property="og:image" content="https://`);
      expect(html).toMatch(
        new RegExp(
          `<meta property="og:image" content="[^"]*${photoVariantUrl(photo.id, 1200, "jpeg")}"`,
        ),
      );

      const list = await text("/blog");
      expect(list).toContain(photoVariantUrl(photo.id, 480, "avif"));
      const feed = await text("/blog/feed.xml");
      expect(feed).toMatch(
        new RegExp(
          `<enclosure length="0" type="image/jpeg" url="https://[^"]*${photoVariantUrl(photo.id, 1200, "jpeg")}"`,
        ),
      );
      expect(feed).toMatch(new RegExp(`src="https://[^"]*${inText}"`));

      // A photo that is not in her library is refused, named by her alt text.
      const unknown = "/media/photos/0b6f6d5e-8a4f-4c3e-9d2a-1f2e3d4c5b6a-800.jpg";
      const refused = await call("POST", "", {
        article: article({ slug: "cizi-fotka", body: `<p>A</p><img src="${unknown}" alt="Cizí">` }),
      });
      expect(refused.status).toBe(422);
      expect(await refused.json()).toMatchObject({
        error: { code: "photo_missing", fields: { body: expect.stringContaining("fotka „Cizí“") } },
      });

      // A revision that names a photo deleted since: „Obnovit“ refused, the photo named.
      const { article: second } = await create({
        slug: "obnova-s-fotkou",
        title: "Obnova s fotkou",
        coverPhotoId: photo.id,
      });
      const without = await change(second, { coverPhotoId: null, body: "<p>Bez fotek.</p>" });
      expect(without.status).toBe(200);
      const { article: current } = (await without.json()) as ArticleSavedJson;
      // Nor is it in the first article any more: the photo can go.
      const first = await change(withPhoto, { coverPhotoId: null, body: "<p>Bez fotek.</p>" });
      expect(first.status).toBe(200);
      const deleted = await fetch(`${server.origin}/api/admin/photos/${photo.id}`, {
        method: "DELETE",
        headers: { Authorization: `Bearer ${token}` },
      });
      expect(deleted.status).toBe(204);
      const revisions = (await (await call("GET", `/${current.id}/revisions`)).json()) as {
        revisions: { id: number; current: boolean }[];
      };
      const older = revisions.revisions.find((revision) => !revision.current);
      const restore = await call("POST", `/${current.id}/revisions/${older?.id}/restore`, {
        version: current.version,
      });
      expect(restore.status).toBe(409);
      expect(await restore.json()).toMatchObject({
        error: {
          code: "photo_missing",
          message: expect.stringMatching(
            /^Tuto verzi nejde obnovit: v knihovně fotek už není titulní fotka\./,
          ),
        },
      });
      const withoutPhoto = await text("/blog/obnova-s-fotkou");
      expect(withoutPhoto.includes(photo.id)).toBe(false);
      // Without a photo its headings come first: the first-visit fonts are preloaded.
      expect(withoutPhoto).toContain('<html lang="cs"><head>');
      expect(withoutPhoto.match(/<link rel="preload" [^>]*as="font"/g)).toHaveLength(2);
    },
    openTimeoutMs,
  );

  it(
    "shows a draft in „Náhled“ only; deletes an article for good: its addresses answer 410 in Czech, it leaves every listing, the audit names it",
    async () => {
      const { article: draft } = await create({
        slug: "koncept-v-nahledu",
        title: "Jen koncept",
        state: "draft",
        body: "<p>Text konceptu, který ještě nikdo nečetl.</p>",
      });
      const preview = await call("GET", `/${draft.id}/preview`);
      expect(preview.status).toBe(200);
      expect(preview.headers.get("cache-control")).toBe("no-store");
      expect(preview.headers.get("x-robots-tag")).toBe("noindex, nofollow");
      const shown = (await preview.json()) as { path: string; html: string };
      expect(shown.path).toBe("/blog/koncept-v-nahledu");
      expect(shown.html).toContain("Text konceptu, který ještě nikdo nečetl.");
      expect((await page("/blog/koncept-v-nahledu")).status).toBe(404);

      const { article: saved } = await create({ slug: "ke-smazani", title: "Ke smazání" });
      const renamed = await change(saved, { slug: "ke-smazani-nove" });
      expect(renamed.status).toBe(200);
      const { article: current } = (await renamed.json()) as ArticleSavedJson;
      for (const path of ["/blog", "/blog/feed.xml", "/sitemap.xml", "/"]) {
        expect(await text(path), path).toContain("/blog/ke-smazani-nove");
      }

      const stale = await call("DELETE", `/${current.id}`, { version: saved.version });
      expect(stale.status).toBe(409);
      const deleted = await call("DELETE", `/${current.id}`, { version: current.version });
      expect(deleted.status).toBe(204);

      for (const slug of ["ke-smazani-nove", "ke-smazani"]) {
        const gone = await page(`/blog/${slug}`);
        expect(gone.status, slug).toBe(410);
        const html = await gone.text();
        expect(html).toContain("Článek už tu není");
        expect(html).toContain('lang="cs"');
      }
      for (const path of ["/blog", "/blog/feed.xml", "/sitemap.xml", "/"]) {
        expect(await text(path), path).not.toContain("/blog/ke-smazani");
      }
      expect((await call("GET", `/${current.id}`)).status).toBe(404);
      const list = (await (await call("GET", "")).json()) as { articles: { id: string }[] };
      expect(list.articles.map((each) => each.id)).not.toContain(current.id);
      expect(
        (await call("DELETE", `/${current.id}`, { version: current.version + 1 })).status,
      ).toBe(404);
      // Its addresses stay its own: no new article takes one.
      const taken = await call("POST", "", { article: article({ slug: "ke-smazani" }) });
      expect(taken.status).toBe(409);

      const entries = await database.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.action, "article_deleted"));
      expect(entries.map((entry) => [entry.subject, entry.actorEmail])).toEqual([
        ["Ke smazání", "spravkyne@example.cz"],
      ]);
    },
    openTimeoutMs,
  );

  it(
    "puts a scheduled article on the site only when its time comes, published by one server",
    async () => {
      const at = new Date(server.now().getTime() + 3_600_000).toISOString();
      const { article: saved } = await create({
        slug: "naplanovany",
        title: "Naplánovaný článek",
        state: "scheduled",
        publishAt: at,
      });
      expect(saved.state).toBe("scheduled");
      const clock = { now: () => server.now() };
      const publishPages = async (paths: readonly string[]) => {
        await pages.publish([...paths]);
      };
      expect(await publishScheduledArticles({ db: database.db, clock, publishPages })).toEqual([]);
      expect((await page("/blog/naplanovany")).status).toBe(404);
      expect(await text("/blog")).not.toContain("naplanovany");

      // Last of the file: the clock moves past the administrator's sign-in.
      server.advance(3_600_001);
      // Two servers' ticks at once: the article is published once.
      const [first, second] = await Promise.all([
        publishScheduledArticles({ db: database.db, clock, publishPages }),
        publishScheduledArticles({ db: database.db, clock, publishPages }),
      ]);
      expect([...first, ...second].filter((path) => path === "/blog/naplanovany")).toHaveLength(1);
      expect((await page("/blog/naplanovany")).status).toBe(200);
      expect(await text("/blog/feed.xml")).toContain("/blog/naplanovany");
      const entries = await database.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.contentKey, "/blog/naplanovany"));
      expect(entries.map((entry) => [entry.action, entry.actorEmail])).toEqual([
        ["article_published", null],
      ]);
    },
    openTimeoutMs,
  );
});
