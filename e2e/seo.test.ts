import type { APIResponse, Page } from "@playwright/test";
import { paths, publicRoutePaths } from "#shared/routes";
import { operatorDefaults, site } from "#shared/site";
import { listArticlePaths } from "../web/lib/article-files";
import { siteFilePaths } from "../web/lib/site-files";
import { expect, fetchHtml, test } from "./fixtures";

/** The public pages and the blog's articles: everything search engines should list. */
const indexedPaths = [...publicRoutePaths, ...listArticlePaths()];

/** What search engines and link previews read from a page's head. */
type HeadFacts = {
  lang: string | null;
  title: string;
  description: string | null;
  canonical: string | null;
  robots: string | null;
  og: Record<string, string>;
  iconHrefs: string[];
  appleTouchIconHref: string | null;
  manifestHref: string | null;
  jsonLd: string[];
};

/** Parses HTML as the server sent it, without running any of its scripts. */
function readHead(page: Page, html: string): Promise<HeadFacts> {
  return page.evaluate((source) => {
    const doc = new DOMParser().parseFromString(source, "text/html");
    const attribute = (selector: string, name: string) =>
      doc.querySelector(selector)?.getAttribute(name) ?? null;
    const og: Record<string, string> = {};
    for (const meta of doc.querySelectorAll('meta[property^="og:"]')) {
      og[meta.getAttribute("property") ?? ""] = meta.getAttribute("content") ?? "";
    }
    return {
      lang: doc.documentElement.getAttribute("lang"),
      title: doc.title,
      description: attribute('meta[name="description"]', "content"),
      canonical: attribute('link[rel="canonical"]', "href"),
      robots: attribute('meta[name="robots"]', "content"),
      og,
      iconHrefs: [...doc.querySelectorAll('link[rel="icon"], link[rel="apple-touch-icon"]')].map(
        (link) => link.getAttribute("href") ?? "",
      ),
      appleTouchIconHref: attribute('link[rel="apple-touch-icon"]', "href"),
      manifestHref: attribute('link[rel="manifest"]', "href"),
      jsonLd: [...doc.querySelectorAll('script[type="application/ld+json"]')].map(
        (script) => script.textContent ?? "",
      ),
    };
  }, html);
}

const absoluteUrl = (path: string) => new URL(path, site.url).href;
/** The site's own absolute URLs point at production; tests ask the local server. */
const localPath = (url: string) => new URL(url, site.url).pathname;
const placeholder = /todo|lorem|ipsum|placeholder|untitled|text zde/i;

/** Width and height from a PNG's header. */
async function pngSize(response: APIResponse) {
  const bytes = await response.body();
  expect(bytes.subarray(1, 4).toString("latin1"), "PNG signature").toBe("PNG");
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

async function expectImage(page: Page, path: string) {
  const response = await page.request.get(path);
  expect(response.status(), `status of ${path}`).toBe(200);
  expect(response.headers()["content-type"], `content type of ${path}`).toMatch(/^image\//);
  return response;
}

for (const path of indexedPaths) {
  test(`${path} is described for search engines and link previews in Czech`, async ({ page }) => {
    const head = await readHead(page, await fetchHtml(page, path));

    expect(head.lang).toBe("cs");
    expect(head.title).toContain(site.title);
    expect(head.title).not.toMatch(placeholder);
    expect(head.title.length, `title "${head.title}"`).toBeLessThanOrEqual(70);

    expect(head.description, "meta description").not.toBeNull();
    const description = head.description ?? "";
    expect(description).not.toMatch(placeholder);
    expect(description.length, `description "${description}"`).toBeGreaterThanOrEqual(50);
    expect(description.length, `description "${description}"`).toBeLessThanOrEqual(170);

    expect(head.robots ?? "", "public pages may be indexed").not.toMatch(/noindex/);
    expect(head.canonical).toBe(absoluteUrl(path));

    expect(head.og["og:title"]).toBe(head.title);
    expect(head.og["og:description"]).toBe(description);
    expect(head.og["og:url"]).toBe(absoluteUrl(path));
    expect(head.og["og:image"]).toMatch(new RegExp(`^${site.url}/`));
    expect(head.og["og:locale"]).toBe("cs_CZ");
  });
}

test("every public page has its own title and description", async ({ page }) => {
  const heads = [];
  for (const path of indexedPaths) heads.push(await readHead(page, await fetchHtml(page, path)));
  const titles = heads.map((head) => head.title);
  const descriptions = heads.map((head) => head.description);
  expect(new Set(titles).size, titles.join("\n")).toBe(indexedPaths.length);
  expect(new Set(descriptions).size, descriptions.join("\n")).toBe(indexedPaths.length);
});

test("articles are shared as articles, with their date and author", async ({ page }) => {
  for (const path of listArticlePaths()) {
    const head = await readHead(page, await fetchHtml(page, path));
    expect(head.og["og:type"], path).toBe("article");
    expect(head.jsonLd, path).toHaveLength(1);
    const data = JSON.parse(head.jsonLd[0] ?? "");
    expect(data["@type"], path).toBe("BlogPosting");
    expect(data.author.name, path).toBe(operatorDefaults.ownerName);
    await expectImage(page, localPath(head.og["og:image"] ?? ""));
  }
});

test("the home page describes the practitioner's business as structured data", async ({ page }) => {
  const head = await readHead(page, await fetchHtml(page, paths.home));
  expect(head.jsonLd).toHaveLength(1);
  const data = JSON.parse(head.jsonLd[0] ?? "");

  expect(data["@context"]).toBe("https://schema.org");
  expect(data["@type"]).toBeTruthy();
  expect(data.name).toBe(site.title);
  expect(data.url).toBe(absoluteUrl(paths.home));
  expect(data.email).toBe(operatorDefaults.email);
  expect(data.address).toMatchObject({
    addressLocality: "Jinačovice",
    addressCountry: "CZ",
  });
  expect(data.areaServed.name).toBe(site.location.serviceArea);
  expect(data.sameAs).toContain(operatorDefaults.socialUrl);
  expect(data.founder).toMatchObject({ "@type": "Person", name: operatorDefaults.ownerName });
  expect(data.makesOffer).toHaveLength(4);
  await expectImage(page, localPath(data.image));
});

test("other pages carry no business structured data", async ({ page }) => {
  for (const path of publicRoutePaths.filter((path) => path !== paths.home)) {
    const head = await readHead(page, await fetchHtml(page, path));
    expect(head.jsonLd, path).toEqual([]);
  }
});

test("robots.txt lets crawlers in everywhere and names the sitemap", async ({ page }) => {
  const response = await page.request.get("/robots.txt");
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toMatch(/^text\/plain/);
  const lines = (await response.text()).split("\n").map((line) => line.trim());

  expect(lines).toContain("User-agent: *");
  // Crawlers must be able to fetch sign-in and administration to read their noindex.
  expect(lines.filter((line) => line.startsWith("Disallow:"))).toEqual([]);
  expect(lines).toContain(`Sitemap: ${site.url}/sitemap.xml`);
});

test("sign-in and administration tell crawlers not to index them; public pages do not", async ({
  page,
}) => {
  for (const path of [
    paths.signIn,
    paths.admin,
    paths.adminUsers,
    paths.adminAuditLog,
    paths.adminAccount,
    paths.adminPrivacy,
  ]) {
    const response = await page.request.get(path);
    expect(response.status(), path).toBe(200);
    expect(response.headers()["x-robots-tag"], path).toBe("noindex, nofollow");
  }
  for (const path of publicRoutePaths) {
    const response = await page.request.get(path);
    expect(response.headers()["x-robots-tag"], path).toBeUndefined();
  }
});

test("files without a fingerprint are cached for an hour, fingerprinted ones for a year, pages revalidated", async ({
  page,
}) => {
  for (const path of ["/robots.txt", "/sitemap.xml", "/site.webmanifest", "/favicon.svg"]) {
    const response = await page.request.get(path);
    expect(response.status(), path).toBe(200);
    expect(response.headers()["cache-control"], path).toBe("public, max-age=3600");
  }
  const html = await fetchHtml(page, paths.home);
  const asset = /\/assets\/[\w.-]+\.js/.exec(html)?.[0];
  expect(asset).toBeDefined();
  const response = await page.request.get(asset ?? "");
  expect(response.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
  const page404 = await page.request.get("/neexistuje");
  expect(page404.headers()["cache-control"]).toBe("no-cache");
  expect((await page.request.get(paths.about)).headers()["cache-control"]).toBe("no-cache");
});

test("the sitemap lists exactly the public pages and articles with absolute URLs", async ({
  page,
}) => {
  const response = await page.request.get("/sitemap.xml");
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toMatch(/^application\/xml/);
  const { parsed, locations } = await page.evaluate(
    (xml) => {
      const doc = new DOMParser().parseFromString(xml, "application/xml");
      return {
        parsed: doc.querySelector("parsererror") === null,
        locations: [...doc.getElementsByTagName("loc")].map((loc) => loc.textContent ?? ""),
      };
    },
    await response.text(),
  );

  expect(parsed, "the sitemap is well-formed XML").toBe(true);
  expect(locations.toSorted()).toEqual(indexedPaths.map(absoluteUrl).toSorted());
});

test("the web app manifest, linked once the page has loaded, is Czech, standalone and lists icons that exist", async ({
  page,
}) => {
  // Not in the head as sent: the page links it a second after its load event (page-starter.ts).
  const head = await readHead(page, await fetchHtml(page, paths.home));
  expect(head.manifestHref).toBeNull();
  await page.goto(paths.home);
  const link = page.locator('link[rel="manifest"]');
  await expect(link).toHaveAttribute("href", siteFilePaths.manifest);
  await expect(link).toHaveAttribute("crossorigin", "use-credentials");
  const response = await page.request.get(siteFilePaths.manifest);
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toMatch(/^application\/manifest\+json/);
  const manifest = JSON.parse(await response.text());

  expect(manifest).toMatchObject({
    name: site.title,
    lang: "cs",
    start_url: "/",
    display: "standalone",
  });
  expect(manifest.short_name).toBeTruthy();
  expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/i);
  expect(manifest.background_color).toMatch(/^#[0-9a-f]{6}$/i);

  const icons: { src: string; sizes: string; purpose?: string }[] = manifest.icons;
  expect(icons.map((icon) => icon.sizes)).toEqual(expect.arrayContaining(["192x192", "512x512"]));
  expect(icons.some((icon) => icon.purpose?.includes("maskable"))).toBe(true);
  for (const icon of icons) {
    const [width, height] = icon.sizes.split("x").map(Number);
    expect(await pngSize(await expectImage(page, icon.src)), icon.src).toEqual({ width, height });
  }
});

test("every icon and the share image a page refers to answer with an image", async ({ page }) => {
  const head = await readHead(page, await fetchHtml(page, paths.home));
  expect(head.iconHrefs.length).toBeGreaterThanOrEqual(3);
  for (const href of head.iconHrefs) await expectImage(page, href);

  const appleTouchIcon = await expectImage(page, head.appleTouchIconHref ?? "");
  expect(await pngSize(appleTouchIcon)).toEqual({ width: 180, height: 180 });

  const shareImage = await expectImage(page, localPath(head.og["og:image"] ?? ""));
  expect(await pngSize(shareImage)).toEqual({ width: 1200, height: 630 });
  // WhatsApp and some other messengers show no preview for heavier images.
  expect((await shareImage.body()).length).toBeLessThan(300 * 1024);
  expect(head.og["og:image:width"]).toBe("1200");
  expect(head.og["og:image:height"]).toBe("630");
});
