/**
 * Her events on the public pages, on each test database, with the real build's pages
 * (`npm run build`): an event made and published through the administration's API is on /akce,
 * on its own page (with its place's map link, price, free places, the sign-up form and Event
 * structured data) and in the sitemap as soon as the publish answers; a draft is on none; a
 * sign-up renders the pages again with one free place fewer. Without events, /akce says so.
 */
import { resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#database/open-database";
import { publishedContent } from "#server/app";
import { createPages, type Pages } from "#server/pages/pages";
import { articlePhotoSrc } from "#shared/content/article-photos";
import { contentSeed } from "#shared/content/content-seed";
import type { PhotoJson } from "#shared/content/photo-library";
import { photoSrcSet } from "#shared/content/photo-urls";
import { formatPragueLong, formatPragueTime } from "#shared/prague-time";
import { sampleSignup } from "#testing/sample-events";
import { phoneJpeg } from "#testing/sample-photos";
import { createSignedInAccount } from "#testing/test-accounts";
import { startTestServer, type TestServer, testConfig } from "#testing/test-app";
import { openTimeoutMs, testDatabases } from "#testing/test-databases";

const buildDir = resolve("build");
const day = 24 * 3_600_000;

describe.each(testDatabases)("her events' pages on $name", ({ open }) => {
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
    token = await createSignedInAccount(server, "spravkyne-akci@example.cz", "admin");
    await pages.ensureRendered();
  }, openTimeoutMs);
  afterAll(async () => {
    await server?.close();
  });

  const call = (method: string, path: string, body?: unknown) =>
    fetch(`${server.origin}/api/admin/events${path}`, {
      method,
      headers: {
        Authorization: `Bearer ${token}`,
        ...(body !== undefined && { "Content-Type": "application/json" }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  const text = async (path: string) => (await fetch(`${server.origin}${path}`)).text();

  // At 10:00 UTC (11:00 or 12:00 in Prague): the event ends the day it starts, whenever the test runs.
  const startsAt = new Date(Date.now() + 10 * day);
  startsAt.setUTCHours(10, 0, 0, 0);
  const event = {
    title: "Kruh žen u ohně",
    slug: "kruh-zen-u-ohne",
    description:
      '<p>Večer <strong>sdílení</strong> a bylinkový čaj.</p><script>alert("x")</script>',
    photoId: null,
    startsAt: startsAt.toISOString(),
    endsAt: new Date(startsAt.getTime() + 2 * 3_600_000).toISOString(),
    placeKind: "address",
    address: "Květná 12, Brno",
    onlineNote: null,
    priceCzk: 450,
    capacity: 12,
    maxPlacesPerSignup: 2,
    waitingList: true,
  };

  it(
    "shows the empty state while she has no event",
    async () => {
      const html = await text("/akce");
      expect(html).toContain("Teď nemám vypsanou žádnou akci");
    },
    openTimeoutMs,
  );

  it(
    "shows the event's photo from her library on its page, with its alt text",
    async () => {
      const uploaded = await fetch(
        `${server.origin}/api/admin/photos?alt=${encodeURIComponent("Oheň v zahradě za soumraku")}&name=ohen.jpg`,
        {
          method: "POST",
          headers: { Authorization: `Bearer ${token}`, "Content-Type": "image/jpeg" },
          body: new Uint8Array(await phoneJpeg()),
        },
      );
      expect(uploaded.status, await uploaded.clone().text()).toBe(201);
      const { photo } = (await uploaded.json()) as { photo: PhotoJson };
      // The same photo in the description, as the editor inserts it: a plain <img> of a variant.
      const description = `<p>Sejdeme se u ohně.</p><p><img src="${articlePhotoSrc(photo)}" alt="Ohniště v trávě"></p>`;
      const created = await call("POST", "", {
        event: {
          ...event,
          title: "Oheň v zahradě",
          slug: "ohen-v-zahrade",
          photoId: photo.id,
          description,
        },
      });
      const { event: draft } = (await created.json()) as { event: { id: string; version: number } };
      await call("POST", `/${draft.id}/publish`, { version: draft.version });
      const page = await text("/akce/ohen-v-zahrade");
      // Sign-ups until it starts (no deadline of her own): nothing more to say beside the date.
      expect(page).not.toContain("Přihlášky do");
      expect(page).toContain('alt="Oheň v zahradě za soumraku"');
      expect(page).toContain(`/${photo.id}-`);
      // The description's photo is a responsive picture, as an article's, sized for its column.
      const alt = page.indexOf('alt="Ohniště v trávě"');
      expect(alt).toBeGreaterThan(0);
      const inText = page.slice(
        page.lastIndexOf("<picture>", alt),
        page.indexOf("</picture>", alt),
      );
      expect(inText).not.toContain("za soumraku");
      expect(inText).toContain(`srcset="${photoSrcSet(photo, "avif")}"`);
      expect(inText).toContain(`srcset="${photoSrcSet(photo, "jpeg")}"`);
      expect(inText).toContain('sizes="(min-width: 64rem) 34rem, calc(100vw - 2.5rem)"');
      expect(inText).toContain(`width="${photo.width}" height="${photo.height}"`);
    },
    openTimeoutMs,
  );

  it(
    "puts a published event on /akce, its page and the sitemap; a draft on none; a sign-up updates its free places",
    async () => {
      const signupDeadline = new Date(startsAt.getTime() - day);
      const created = await call("POST", "", {
        event: { ...event, signupDeadline: signupDeadline.toISOString() },
      });
      expect(created.status, await created.clone().text()).toBe(201);
      const { event: draft } = (await created.json()) as {
        event: { id: string; version: number; description: string };
      };
      expect(draft.description).not.toContain("<script");
      expect((await fetch(`${server.origin}/akce/kruh-zen-u-ohne`)).status).toBe(404);
      expect(await text("/akce")).not.toContain("Kruh žen u\u00a0ohně");

      const published = await call("POST", `/${draft.id}/publish`, { version: draft.version });
      expect(published.status).toBe(200);
      expect(((await published.json()) as { pages: string }).pages).toBe("updated");

      const list = await text("/akce");
      expect(list).toContain("Kruh žen u\u00a0ohně");
      expect(list).toContain('href="/akce/kruh-zen-u-ohne"');
      expect(list).toContain("Zbývá 12 volných míst");
      // The sign-up deadline beside the date, on the card and the page, in her words' date style.
      const deadlineText = `Přihlášky do ${formatPragueLong(signupDeadline)}`;
      expect(list).toContain(deadlineText);
      const page = await text("/akce/kruh-zen-u-ohne");
      expect(page).toContain(deadlineText);
      // Its times as Czech writes a range: an unspaced en dash.
      expect(page).toContain(`${formatPragueTime(startsAt)}–${formatPragueTime(event.endsAt)}`);
      expect(page).toContain("<strong>sdílení</strong>");
      expect(page).not.toContain('alert("x")');
      expect(page).toContain("https://mapy.cz/zakladni?q=Kv%C4%9Btn%C3%A1%2012%2C%20Brno");
      expect(page).toContain("450\u00a0Kč");
      expect(page).toContain(`action="/akce/prihlaska/${draft.id}"`);
      const data = JSON.parse(
        /<script type="application\/ld\+json">(\{"@context":"https:\/\/schema.org","@type":"Event".*?)<\/script>/.exec(
          page,
        )?.[1] ?? "{}",
      );
      expect(data).toMatchObject({
        "@type": "Event",
        name: "Kruh žen u ohně",
        eventStatus: "https://schema.org/EventScheduled",
        location: { "@type": "Place", address: "Květná 12, Brno" },
        offers: { price: 450, priceCurrency: "CZK" },
        remainingAttendeeCapacity: 12,
      });
      expect(await text("/sitemap.xml")).toContain("/akce/kruh-zen-u-ohne</loc>");

      const signup = await fetch(`${server.origin}/api/events/${draft.id}/signups`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify(sampleSignup("stranka", { places: 2 })),
      });
      expect(signup.status).toBe(201);
      await server.settle();
      expect(await text("/akce/kruh-zen-u-ohne")).toContain("Zbývá 10 volných míst");
      expect(await text("/akce")).toContain("Zbývá 10 volných míst");
    },
    openTimeoutMs,
  );

  it(
    "refuses in her API a taken or reserved address, an old version, a capacity below the places taken and bad input",
    async () => {
      const created = await call("POST", "", { event: { ...event, slug: "jarni-kruh" } });
      const { event: draft } = (await created.json()) as { event: { id: string; version: number } };
      const again = await call("POST", "", { event: { ...event, slug: "jarni-kruh" } });
      expect(again.status).toBe(409);
      expect(((await again.json()) as { error: { code: string } }).error.code).toBe("slug_taken");
      const reserved = await call("POST", "", { event: { ...event, slug: "zruseni" } });
      expect(reserved.status).toBe(409);
      const bad = await call("POST", "", {
        event: { ...event, slug: "spatne", endsAt: event.startsAt, capacity: 0 },
      });
      expect(bad.status).toBe(422);

      await call("POST", `/${draft.id}/publish`, { version: draft.version });
      for (const who of ["k1", "k2", "k3"]) {
        const signup = await fetch(`${server.origin}/api/events/${draft.id}/signups`, {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify(sampleSignup(who)),
        });
        expect(signup.status).toBe(201);
      }
      const stale = await call("PUT", `/${draft.id}`, {
        version: draft.version,
        event: { ...event, slug: "jarni-kruh" },
      });
      expect(stale.status).toBe(409);
      expect(((await stale.json()) as { error: { code: string } }).error.code).toBe(
        "version_conflict",
      );
      const tooSmall = await call("PUT", `/${draft.id}`, {
        version: draft.version + 1,
        event: { ...event, slug: "jarni-kruh", capacity: 2, maxPlacesPerSignup: 1 },
      });
      expect(tooSmall.status).toBe(422);
      expect(((await tooSmall.json()) as { error: { code: string } }).error.code).toBe(
        "capacity_below_taken",
      );
      const fine = await call("PUT", `/${draft.id}`, {
        version: draft.version + 1,
        event: { ...event, slug: "jarni-kruh", capacity: 3, maxPlacesPerSignup: 1 },
      });
      expect(fine.status).toBe(200);
      await server.settle();
      expect(await text("/akce/jarni-kruh")).toContain("Obsazeno");
    },
    openTimeoutMs,
  );

  it(
    "shows her changed texts of the events pages on /akce and on every event's page within 5 s of her publish",
    async () => {
      const content = (method: string, path: string, body?: unknown) =>
        fetch(`${server.origin}/api/admin/content/events-page${path}`, {
          method,
          headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
          body: body === undefined ? undefined : JSON.stringify(body),
        });
      const seed = contentSeed["events-page"];
      const intro =
        "Scházíme se v kruhu nejvýš dvanácti žen, vždy s čajem z bylin, které nasbírám.";
      const heading = "Přihlaste se";
      const saved = await content("PUT", "/draft", {
        version: 1,
        data: {
          list: { ...seed.list, intro },
          event: { ...seed.event, signupHeading: heading },
        },
      });
      expect(saved.status, await saved.clone().text()).toBe(200);
      // „Náhled“ shows the draft; the served pages still show what was published.
      const preview = (await (await content("GET", "/preview")).json()) as { html: string };
      expect(preview.html.replaceAll("\u00a0", " ")).toContain(intro);
      expect((await text("/akce")).replaceAll("\u00a0", " ")).not.toContain(intro);

      const started = Date.now();
      const published = await content("POST", "/publish", { version: 2 });
      expect(published.status, await published.clone().text()).toBe(200);
      const plain = async (path: string) => (await text(path)).replaceAll("\u00a0", " ");
      expect(await plain("/akce")).toContain(intro);
      // Every event's page holds the sign-up's new heading, the ones under way as the others.
      for (const slug of ["kruh-zen-u-ohne", "ohen-v-zahrade", "jarni-kruh"]) {
        const page = await plain(`/akce/${slug}`);
        expect(page).toContain(
          `id="prihlaska" class="text-2xl font-semibold text-bark">${heading}<`,
        );
      }
      expect(Date.now() - started).toBeLessThan(5_000);
    },
    openTimeoutMs,
  );
});
