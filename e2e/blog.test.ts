import { readFileSync } from "node:fs";
import type { Page } from "@playwright/test";
import { XMLParser, XMLValidator } from "fast-xml-parser";
import { parse as parseYaml } from "yaml";
import { homeAnchors, paths, publicRoutePaths } from "#shared/routes";
import { operatorDefaults, site } from "#shared/site";
import { listArticleSlugs } from "../web/lib/article-files";
import { expect, fetchHtml, test, waitForHydration } from "./fixtures";

/** An article as its file says it, read here independently of the site's own loader. */
type ArticleFile = {
  slug: string;
  path: string;
  title: string;
  description: string;
  date: string;
  topic: string;
  /** Sentences that only the article's body contains. */
  firstParagraph: string;
  /** Site paths the body links to, as written in the Markdown. */
  internalLinks: string[];
};

const feedPath = "/blog/feed.xml";

function readArticleFile(slug: string): ArticleFile {
  const source = readFileSync(new URL(`../content/blog/${slug}.md`, import.meta.url), "utf8");
  const [, frontMatter = "", body = ""] = /^---\n([\s\S]*?)\n---\n([\s\S]*)$/.exec(source) ?? [];
  const facts = parseYaml(frontMatter) as Record<string, string>;
  return {
    slug,
    path: `/blog/${slug}`,
    title: String(facts.title),
    description: String(facts.description),
    date: String(facts.date),
    topic: String(facts.topic),
    firstParagraph: body.trim().split("\n")[0] ?? "",
    internalLinks: [...body.matchAll(/\]\((\/[^)]*)\)/g)].map((match) => match[1] ?? ""),
  };
}

const articles = listArticleSlugs()
  .map(readArticleFile)
  .sort((a, b) => b.date.localeCompare(a.date));

const absoluteUrl = (path: string) => new URL(path, site.url).href;
/** Non-breaking spaces read as spaces, for comparing texts. */
const plain = (text: string) => text.replaceAll("\u00a0", " ");
/** Month names in the genitive, as a Czech date says them: „9. listopadu 2026“. */
const czechMonths = [
  "ledna",
  "února",
  "března",
  "dubna",
  "května",
  "června",
  "července",
  "srpna",
  "září",
  "října",
  "listopadu",
  "prosince",
];
const czechPlural = (minutes: number) =>
  minutes === 1 ? "minuta" : minutes >= 2 && minutes <= 4 ? "minuty" : "minut";

/** What a page's pre-rendered HTML says, read in the browser's parser without running its scripts. */
function readPage(page: Page, html: string) {
  return page.evaluate((source) => {
    const doc = new DOMParser().parseFromString(source, "text/html");
    const body = doc.querySelector("[data-article-body]");
    return {
      title: doc.title,
      h1: doc.querySelector("h1")?.textContent ?? "",
      times: [...doc.querySelectorAll("main time")].map((time) => ({
        datetime: time.getAttribute("datetime"),
        text: time.textContent ?? "",
      })),
      mainText: doc.querySelector("main")?.textContent ?? "",
      bodyText: body?.textContent ?? "",
      bodyLinks: [...(body?.querySelectorAll("a") ?? [])].map((a) => a.getAttribute("href")),
      mainLinks: [...doc.querySelectorAll("main a")].map((a) => a.getAttribute("href")),
      headingLinks: [...doc.querySelectorAll("main article h2 a, main article h3 a")].map((a) =>
        a.getAttribute("href"),
      ),
      // #products is the home page's Blog section (the specification's anchor).
      blogSectionLinks: [...doc.querySelectorAll("#products article h3 a")].map((a) =>
        a.getAttribute("href"),
      ),
      jsonLd: [...doc.querySelectorAll('script[type="application/ld+json"]')].map(
        (script) => script.textContent ?? "",
      ),
      feedLinks: [
        ...doc.querySelectorAll('head link[rel="alternate"][type="application/rss+xml"]'),
      ].map((link) => link.getAttribute("href")),
    };
  }, html);
}

test("there are articles to test", () => {
  expect(articles.length).toBeGreaterThanOrEqual(3);
});

test("/blog is pre-rendered with every article, newest first, each with its facts and link", async ({
  page,
}) => {
  const blog = await readPage(page, await fetchHtml(page, paths.blog));
  expect(blog.h1).not.toBe("");
  expect(blog.headingLinks).toEqual(articles.map((article) => article.path));
  expect(blog.times.map((time) => time.datetime)).toEqual(articles.map((article) => article.date));
  const text = plain(blog.mainText);
  for (const article of articles) {
    expect(text).toContain(article.title);
    expect(text).toContain(article.description);
    expect(text).toContain(article.topic);
  }
  expect(text).toMatch(/\d+ minut[ay]? čtení/);
});

for (const article of articles) {
  test(`${article.path} is pre-rendered with its title, date, reading time, author and text`, async ({
    page,
  }) => {
    const html = await fetchHtml(page, article.path);
    const facts = await readPage(page, html);

    expect(plain(facts.h1)).toBe(article.title);
    expect(facts.title).toBe(`${article.title} | ${site.title}`);
    expect(facts.times[0]?.datetime).toBe(article.date);
    const [year, month = 0, day] = article.date.split("-").map(Number);
    expect(plain(facts.times[0]?.text ?? "")).toBe(`${day}. ${czechMonths[month - 1]} ${year}`);

    const body = plain(facts.bodyText);
    expect(body).toContain(plain(article.firstParagraph).slice(0, 60));
    const words = body.split(/\s+/).filter((word) => /[\p{L}\p{N}]/u.test(word)).length;
    expect(words, "600–1,000 words").toBeGreaterThanOrEqual(550);
    const minutes = Math.ceil(words / 200);
    expect(plain(facts.mainText)).toContain(`${minutes} ${czechPlural(minutes)} čtení`);

    expect(plain(facts.mainText)).toContain(operatorDefaults.ownerName);
    expect(plain(facts.mainText)).toContain(article.topic);
    expect(facts.mainLinks).toContain(paths.blog);
    expect(facts.bodyLinks).toEqual(expect.arrayContaining(article.internalLinks));
    // Czech typography: no one-letter word is left at the end of a line.
    expect(facts.bodyText).not.toMatch(/(^|[\s(„])[ksvzouaiKSVZOUAI] /);
    // Markdown is rendered, not shown.
    expect(body).not.toMatch(/^#{1,3} |\*\*|\]\(/m);
  });

  test(`${article.path} describes itself as a BlogPosting`, async ({ page }) => {
    const facts = await readPage(page, await fetchHtml(page, article.path));
    const postings = facts.jsonLd.map((text) => JSON.parse(text));
    const posting = postings.find((data) => data["@type"] === "BlogPosting");
    expect(posting, facts.jsonLd.join("\n")).toBeTruthy();
    expect(posting).toMatchObject({
      "@context": "https://schema.org",
      headline: article.title,
      description: article.description,
      datePublished: article.date,
      url: absoluteUrl(article.path),
      author: { "@type": "Person", name: operatorDefaults.ownerName },
      publisher: { name: site.title },
    });
    expect(posting.image).toMatch(new RegExp(`^${site.url}/`));
  });
}

test("the feed is RSS 2.0 served as XML and lists every article with its link and date", async ({
  page,
}) => {
  const response = await page.request.get(feedPath);
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toMatch(/xml/);
  const xml = await response.text();
  expect(XMLValidator.validate(xml)).toBe(true);
  const feed = new XMLParser({ ignoreAttributes: false, isArray: (name) => name === "item" }).parse(
    xml,
  );
  expect(feed.rss["@_version"]).toBe("2.0");
  const channel = feed.rss.channel;
  expect(channel.language).toBe("cs");
  const items = channel.item as { title: string; link: string; pubDate: string }[];
  expect(items.map((item) => item.link)).toEqual(
    articles.map((article) => absoluteUrl(article.path)),
  );
  for (const [index, article] of articles.entries()) {
    expect(items[index]?.title).toBe(article.title);
    expect(new Date(items[index]?.pubDate ?? "").toISOString().slice(0, 10)).toBe(article.date);
  }
});

test("every public page and article links the feed from its head", async ({ page }) => {
  for (const path of [...publicRoutePaths, ...articles.map((article) => article.path)]) {
    const facts = await readPage(page, await fetchHtml(page, path));
    expect(facts.feedLinks, path).toEqual([feedPath]);
  }
});

test("the sitemap lists the blog and every article", async ({ page }) => {
  const xml = await (await page.request.get("/sitemap.xml")).text();
  const sitemap = new XMLParser({ isArray: (name) => name === "url" }).parse(xml);
  const locations = (sitemap.urlset.url as { loc: string }[]).map((url) => url.loc);
  expect(locations).toContain(absoluteUrl(paths.blog));
  for (const article of articles) expect(locations).toContain(absoluteUrl(article.path));
});

test("the home page's Blog section links to the three newest articles, newest first @phone", async ({
  page,
}) => {
  const home = await readPage(page, await fetchHtml(page, paths.home));
  expect(home.blogSectionLinks).toEqual(articles.slice(0, 3).map((article) => article.path));

  await page.goto(`/#${homeAnchors.blog}`);
  await waitForHydration(page);
  const section = page.locator(`#${homeAnchors.blog}`);
  await expect(section.getByText("Blog", { exact: true })).toBeVisible();
  const newest = articles[0];
  if (!newest) throw new Error("no article");
  await section.getByRole("link", { name: newest.title }).click();
  await expect(page).toHaveURL(new RegExp(`${newest.path}$`));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(newest.title);
});

test("an article leads back to /blog, which shows every article after a client-side navigation @phone", async ({
  page,
  consoleEntries,
}) => {
  const article = articles[articles.length - 1];
  if (!article) throw new Error("no article");
  await page.goto(article.path);
  await waitForHydration(page);
  // A mark on the window: a full page load would lose it.
  await page.evaluate(() => Object.assign(window, { sameDocument: true }));
  await page.getByRole("main").getByRole("link", { name: "Všechny články", exact: true }).click();
  await expect(page).toHaveURL(/\/blog$/);
  await expect(page.getByRole("heading", { level: 2, name: article.title })).toBeVisible();
  await expect(page.getByRole("main").getByRole("article")).toHaveCount(articles.length);
  expect(await page.evaluate(() => "sameDocument" in window)).toBe(true);
  expect(
    consoleEntries.filter((entry) => entry.type === "error" || entry.type === "pageerror"),
  ).toEqual([]);
});

test("neither the Markdown library nor the article files reach the browser", async ({ page }) => {
  const scripts = new Map<string, string>();
  page.on("response", async (response) => {
    if (response.request().resourceType() === "script") {
      scripts.set(response.url(), await response.text());
    }
  });
  const article = articles[0];
  if (!article) throw new Error("no article");
  await page.goto(paths.blog);
  await waitForHydration(page);
  await page.goto(article.path);
  await waitForHydration(page);
  await page.getByRole("main").getByRole("link", { name: "Všechny články", exact: true }).click();
  await expect(page).toHaveURL(/\/blog$/);
  expect(scripts.size).toBeGreaterThan(0);
  for (const [url, code] of scripts) {
    // marked's own error message, and the front matter as written in a file.
    expect(code, url).not.toContain("marked(): input parameter");
    expect(code, url).not.toContain(`topic: "${article.topic}"`);
    expect(code, url).not.toContain(article.firstParagraph.slice(0, 60));
  }
});
