/**
 * `PERF_AFTER_EDITS=1 npm run perf`: the pages measured are those rendered after her edits, not
 * the build's first render. Before the server starts, an administrator is seeded into its data
 * folder (e2e/seed-accounts.ts); once it answers, she changes the home page's heading and a
 * price through the content API, uploads a photo through the photo API and publishes an
 * article with it as its cover, exactly as the administration's screens do. The article's
 * address joins the pages measured.
 */
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import sharp from "sharp";
import { seededAdmins } from "../e2e/accounts-server";

/** The server's settings for this run: she signs in with her password (the app is not measured). */
export const afterEditsServerSettings = { ADMIN_REQUIRE_2FA: "false" };

const admin = seededAdmins[0] as (typeof seededAdmins)[number];

/** Seeds the administrators into `dataDir` (before the server opens it). */
export async function seedAdministrator(projectDir: string, dataDir: string, origin: string) {
  await promisify(execFile)(
    process.execPath,
    ["--import", "tsx", "e2e/seed-accounts.ts", dataDir, origin],
    { cwd: projectDir },
  );
}

/**
 * An upcoming event (her „Živá setkání“), made and published through the events API as her
 * screen does, so that /akce lists it and its own page is measured too. Every run does this:
 * the build's pages have no events, and the events pages would otherwise go unmeasured.
 * Returns the event page's address.
 */
export async function publishUpcomingEvent(origin: string): Promise<{ eventPath: string }> {
  const signedIn = await call(origin, "/auth/v1/token?grant_type=password", {
    method: "POST",
    body: { email: admin.email, password: admin.password },
  });
  const token = (signedIn as { access_token: string }).access_token;
  const hour = 3_600_000;
  const startsAt = new Date(Math.ceil((Date.now() + 14 * 24 * hour) / hour) * hour);
  const slug = "kruh-zen-u-ohne";
  const { event } = (await call(origin, "/api/admin/events", {
    method: "POST",
    token,
    body: {
      event: {
        title: "Kruh žen u ohně",
        slug,
        description:
          "<p>Večer pro ženy, které si chtějí na chvíli sednout, zpomalit a být spolu. Uvaříme si bylinkový čaj, zapálíme oheň a podělíme se o to, co nás těší i tíží.</p><ul><li><p>teplé oblečení a deku</p></li><li><p>hrnek na čaj</p></li></ul>",
        photoId: null,
        startsAt: startsAt.toISOString(),
        endsAt: new Date(startsAt.getTime() + 2.5 * hour).toISOString(),
        signupDeadline: new Date(startsAt.getTime() - 24 * hour).toISOString(),
        placeKind: "address",
        address: "Zahrada u Lípy, Jinačovice 12",
        onlineNote: null,
        priceCzk: 450,
        capacity: 12,
        maxPlacesPerSignup: 2,
        waitingList: true,
      },
    },
  })) as { event: { id: string; version: number } };
  await call(origin, `/api/admin/events/${event.id}/publish`, {
    method: "POST",
    token,
    body: { version: event.version },
  });
  return { eventPath: `/akce/${slug}` };
}

/** Her edits, through the same APIs as her screens; returns the new article's address. */
export async function editAsOwner(origin: string): Promise<{ articlePath: string }> {
  const signedIn = await call(origin, "/auth/v1/token?grant_type=password", {
    method: "POST",
    body: { email: admin.email, password: admin.password },
  });
  const token = (signedIn as { access_token: string }).access_token;
  const api = (path: string, init: { method?: string; body?: unknown } = {}) =>
    call(origin, `/api${path}`, { ...init, token });

  await changeContent(api, "home-hero", (hero) => ({
    ...hero,
    heading: "Najděte cestu zpátky k sobě",
  }));
  await changeContent(api, "offers", (data) => {
    const offers = data as { offers: { id: string; priceCzk: number | null }[] };
    return {
      ...offers,
      offers: offers.offers.map((offer) =>
        offer.id === "consultation" ? { ...offer, priceCzk: 1200 } : offer,
      ),
    };
  });

  const uploaded = (await call(
    origin,
    `/api/admin/photos?alt=${encodeURIComponent("Sušené byliny na dřevěném stole")}&name=byliny.jpg`,
    { method: "POST", token, raw: await samplePhoto(), contentType: "image/jpeg" },
  )) as { photo: { id: string } };
  const slug = "vune-po-desti";
  const created = (await api("/admin/articles", {
    method: "POST",
    body: {
      article: {
        title: "Vůně po dešti",
        slug,
        perex: "Když sprchne, vyjdu ven a nechám se vést vůní mokré země a bylin.",
        topic: "Příroda",
        body: `<p>${"Po dešti voní zahrada jinak. Zastavím se, nadechnu a poslouchám kapky. ".repeat(12)}</p><h2>Co si vzít s sebou</h2><ul><li>Hrnek čaje</li><li>Deku</li><li>Chvíli ticha</li></ul>`,
        coverPhotoId: uploaded.photo.id,
        state: "published",
        publishAt: null,
      },
    },
  })) as { pages: { outcome: string } };
  if (created.pages.outcome !== "updated")
    throw new Error(`article: pages ${created.pages.outcome}`);
  return { articlePath: `/blog/${slug}` };
}

type Api = (path: string, init?: { method?: string; body?: unknown }) => Promise<unknown>;

async function changeContent(
  api: Api,
  key: string,
  change: (published: Record<string, unknown>) => unknown,
) {
  const entry = (await api(`/admin/content/${key}`)) as {
    version: number;
    published: Record<string, unknown>;
  };
  const draft = (await api(`/admin/content/${key}/draft`, {
    method: "PUT",
    body: { version: entry.version, data: change(entry.published) },
  })) as { version: number };
  const published = (await api(`/admin/content/${key}/publish`, {
    method: "POST",
    body: { version: draft.version },
  })) as { pages: { outcome: string } };
  if (published.pages.outcome !== "updated")
    throw new Error(`${key}: pages ${published.pages.outcome}`);
}

/** A photo as a phone takes one: 1600 × 1200, with the soft detail of a real picture. */
function samplePhoto(): Promise<Buffer> {
  return sharp({
    create: {
      width: 1600,
      height: 1200,
      channels: 3,
      background: "#a89878",
      noise: { type: "gaussian", mean: 128, sigma: 60 },
    },
  })
    .blur(4)
    .modulate({ saturation: 0.6 })
    .jpeg({ quality: 85 })
    .toBuffer();
}

async function call(
  origin: string,
  path: string,
  {
    method = "GET",
    body,
    raw,
    contentType,
    token,
  }: { method?: string; body?: unknown; raw?: Buffer; contentType?: string; token?: string },
): Promise<unknown> {
  const response = await fetch(`${origin}${path}`, {
    method,
    headers: {
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
      ...(body !== undefined ? { "Content-Type": "application/json" } : {}),
      ...(contentType ? { "Content-Type": contentType } : {}),
    },
    body: raw ? new Uint8Array(raw) : body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok)
    throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return response.json();
}
