/**
 * Her photo library over HTTP on each test database: a phone's JPEG made into upright
 * variants without any of its metadata (GPS included), served at their public addresses;
 * bad uploads refused with a Czech message and nothing stored; a change of alt text
 * re-rendering the pages that show the photo; a photo in a slot not deleted.
 */

import { eq, inArray } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, newsletterLetters, photos, photoVariants } from "#database/schema";
import { type PhotoJson, photoMessages, photoVariantUrl } from "#shared/content/photo-library";
import { paths } from "#shared/routes";
import { hasGpsExif, phoneJpeg, pixelBombPng } from "#testing/sample-photos";
import { createSignedInAccount } from "#testing/test-accounts";
import { startTestServer, type TestServer } from "#testing/test-app";
import { openTimeoutMs, testDatabases } from "#testing/test-databases";

const photoTimeoutMs = 120_000;

describe.each(testDatabases)("the photo library on $name", ({ open }) => {
  let server: TestServer;
  let admin: string;
  const published: string[][] = [];

  const api = (path: string, init: RequestInit = {}) =>
    fetch(`${server.origin}/api${path}`, {
      ...init,
      headers: {
        Authorization: `Bearer ${admin}`,
        ...(typeof init.body === "string" && { "Content-Type": "application/json" }),
        ...(init.headers as Record<string, string>),
      },
    });

  const upload = (
    bytes: Buffer,
    { alt = "Levandule v poledním slunci", type = "image/jpeg", query = "" } = {},
  ) =>
    api(`/admin/photos?alt=${encodeURIComponent(alt)}&name=levandule.jpg${query}`, {
      method: "POST",
      headers: { "Content-Type": type },
      body: new Uint8Array(bytes),
    });

  const storedCounts = async () => ({
    photos: (await server.db.select().from(photos)).length,
    variants: (await server.db.select().from(photoVariants)).length,
  });

  beforeAll(async () => {
    server = await startTestServer({
      open,
      settings: { ADMIN_REQUIRE_2FA: "false" },
      publishPages: async (paths) => {
        published.push([...paths]);
      },
    });
    admin = await createSignedInAccount(server, "spravkyne@example.cz", "admin");
  }, openTimeoutMs);

  afterAll(async () => {
    await server?.close();
  });

  it(
    "makes a phone's JPEG into upright AVIF, WebP and JPEG variants with no metadata left, served for a year",
    async () => {
      const original = await phoneJpeg({ width: 1600, height: 1200, orientation: 6 });
      const before = await sharp(original).metadata();
      expect(before.orientation).toBe(6);
      expect(hasGpsExif(before.exif)).toBe(true);

      const response = await upload(original, { query: "&focusX=0.25&focusY=0.75" });
      expect(response.status).toBe(201);
      const { photo } = (await response.json()) as { photo: PhotoJson };
      // Held upright: 1200 wide, 1600 tall; no variant wider than the photo.
      expect(photo).toMatchObject({
        alt: "Levandule v poledním slunci",
        originalName: "levandule.jpg",
        width: 1200,
        height: 1600,
        focusX: 0.25,
        focusY: 0.75,
        widths: [480, 800, 1200],
      });

      for (const width of photo.widths) {
        for (const format of ["avif", "webp", "jpeg"] as const) {
          const served = await fetch(`${server.origin}${photoVariantUrl(photo.id, width, format)}`);
          expect(served.status).toBe(200);
          expect(served.headers.get("Content-Type")).toBe(`image/${format}`);
          expect(served.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
          const metadata = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
          expect(metadata.format).toBe(format === "avif" ? "heif" : format);
          expect(metadata.width).toBe(width);
          expect(metadata.height).toBe(Math.round((width * 1600) / 1200));
          // No EXIF at all (where and when it was taken, the phone), no orientation to apply.
          expect(metadata.exif).toBeUndefined();
          expect(hasGpsExif(metadata.exif)).toBe(false);
          expect(metadata.orientation).toBeUndefined();
        }
      }
      // Turned the right way: the green third that was on the left is now at the top.
      const jpeg = await fetch(`${server.origin}${photoVariantUrl(photo.id, 480, "jpeg")}`);
      const { data, info } = await sharp(Buffer.from(await jpeg.arrayBuffer()))
        .raw()
        .toBuffer({ resolveWithObject: true });
      const pixel = (x: number, y: number) => data[(y * info.width + x) * info.channels + 1];
      expect(pixel(240, 20)).toBeLessThan(130);
      expect(pixel(240, 600)).toBeGreaterThan(190);

      expect(await storedCounts()).toEqual({ photos: 1, variants: 9 });
      const list = (await (await api("/admin/photos")).json()) as { photos: PhotoJson[] };
      expect(list.photos.map((each) => each.id)).toEqual([photo.id]);

      const missing = await fetch(`${server.origin}/media/photos/${photo.id}-1600.jpg`);
      expect(missing.status).toBe(404);
      await api(`/admin/photos/${photo.id}`, { method: "DELETE" });
    },
    photoTimeoutMs,
  );

  it(
    "refuses what is no photo it can use with a Czech message and a code, storing nothing",
    async () => {
      const jpeg = await phoneJpeg({ width: 800, height: 600, orientation: 1 });
      const refusals: [Response, number, string, string][] = [
        [
          await upload(Buffer.from("Tohle je text, ne fotka.")),
          415,
          "not_an_image",
          photoMessages.notAnImage,
        ],
        [
          await upload(jpeg.subarray(0, jpeg.length / 2)),
          422,
          "unreadable_image",
          photoMessages.unreadable,
        ],
        [
          await upload(pixelBombPng(), { type: "image/png" }),
          413,
          "too_many_pixels",
          photoMessages.tooManyPixels,
        ],
        [await upload(jpeg, { type: "image/heic" }), 415, "heic_not_supported", photoMessages.heic],
        [await upload(jpeg, { alt: "  " }), 422, "validation_failed", photoMessages.altMissing],
        [
          await upload(jpeg, { query: "&focusX=1.5" }),
          422,
          "validation_failed",
          photoMessages.focus,
        ],
        [await upload(Buffer.alloc(0)), 422, "empty_file", photoMessages.empty],
        [
          await upload(Buffer.alloc(26 * 1024 * 1024, 0xff)),
          413,
          "file_too_large",
          photoMessages.tooLarge,
        ],
      ];
      for (const [response, status, code, message] of refusals) {
        expect(response.status).toBe(status);
        const body = (await response.json()) as { error: { code: string; message: string } };
        expect(body.error.message).toBe(message);
        expect(body.error.code).toBe(code);
      }
      expect(await storedCounts()).toEqual({ photos: 0, variants: 0 });
    },
    photoTimeoutMs,
  );

  it(
    "re-renders the page that shows a photo when its alt text changes, and will not delete it while a slot holds it",
    async () => {
      const created = await upload(await phoneJpeg({ width: 600, height: 400, orientation: 1 }));
      const { photo } = (await created.json()) as { photo: PhotoJson };
      expect(photo.widths).toEqual([480]);

      const entry = (await (await api("/admin/content/photos")).json()) as { version: number };
      const slots = {
        aboutLandscape: null,
        aboutHerbs: photo.id,
        aboutCreations: null,
        harmonisationRitual: null,
      };
      const draft = await api("/admin/content/photos/draft", {
        method: "PUT",
        body: JSON.stringify({ version: entry.version, data: slots }),
      });
      expect(draft.status).toBe(200);
      const { version } = (await draft.json()) as { version: number };

      // In her draft only: not deleted, and where it is is said.
      const refused = await api(`/admin/photos/${photo.id}`, { method: "DELETE" });
      expect(refused.status).toBe(409);
      expect(((await refused.json()) as { error: { message: string } }).error).toMatchObject({
        code: "photo_in_use",
        message: photoMessages.inUse(["O mně – byliny"]),
      });

      published.length = 0;
      const publish = await api("/admin/content/photos/publish", {
        method: "POST",
        body: JSON.stringify({ version }),
      });
      expect(publish.status).toBe(200);
      expect(published).toEqual([[paths.about, paths.harmonisation]]);

      published.length = 0;
      const changed = await api(`/admin/photos/${photo.id}`, {
        method: "PATCH",
        body: JSON.stringify({ alt: "Sušené byliny pod trámem", focusX: 0.5, focusY: 0.2 }),
      });
      expect(changed.status).toBe(200);
      expect(((await changed.json()) as { photo: PhotoJson }).photo).toMatchObject({
        alt: "Sušené byliny pod trámem",
        focusY: 0.2,
      });
      expect(published).toEqual([[paths.about]]);

      const badChange = await api(`/admin/photos/${photo.id}`, {
        method: "PATCH",
        body: JSON.stringify({ alt: "", focusX: 0.5, focusY: 0.2 }),
      });
      expect(badChange.status).toBe(422);
      expect(await api("/admin/photos/not-a-photo", { method: "DELETE" })).toHaveProperty(
        "status",
        404,
      );
      expect(await storedCounts()).toEqual({ photos: 1, variants: 3 });
    },
    photoTimeoutMs,
  );

  it(
    "will not delete a photo a letter not yet gone shows; once it went, the photo may go",
    async () => {
      const created = await upload(await phoneJpeg({ width: 900, height: 600, orientation: 1 }), {
        alt: "Kytice levandule",
      });
      const { photo } = (await created.json()) as { photo: PhotoJson };
      const letter = await api("/admin/newsletter/letters", {
        method: "POST",
        body: JSON.stringify({
          subject: "Levandulové novinky",
          body: `<p>Kvete.</p><img src="${photoVariantUrl(photo.id, 800, "jpeg")}" alt="Levandule">`,
        }),
      });
      expect(letter.status).toBe(201);
      const { id } = (await letter.json()) as { id: string };

      const refused = await api(`/admin/photos/${photo.id}`, { method: "DELETE" });
      expect(refused.status).toBe(409);
      expect(((await refused.json()) as { error: { message: string } }).error).toMatchObject({
        code: "photo_in_use",
        message: photoMessages.inUse(["dopis „Levandulové novinky“"]),
      });
      expect((await server.db.select().from(photos).where(eq(photos.id, photo.id))).length).toBe(1);

      await server.db
        .update(newsletterLetters)
        .set({ state: "sent", sentAt: new Date() })
        .where(eq(newsletterLetters.id, id));
      const deleted = await api(`/admin/photos/${photo.id}`, { method: "DELETE" });
      expect(deleted.status).toBe(204);
    },
    photoTimeoutMs,
  );

  it(
    "records an upload and a deletion in the audit log with the alt text, and will not delete a photo an article shows",
    async () => {
      const created = await upload(await phoneJpeg({ width: 900, height: 600, orientation: 1 }), {
        alt: "Šálek meduňkového čaje",
      });
      const { photo } = (await created.json()) as { photo: PhotoJson };
      const article = ({ slug, ...fields }: Record<string, unknown>) =>
        api("/admin/articles", {
          method: "POST",
          body: JSON.stringify({
            article: {
              title: "Večerní čaj",
              slug: `vecerni-caj-${slug}`,
              perex: "Šálek meduňky na dobrou noc.",
              topic: "Byliny",
              body: "<p>Meduňka uklidní.</p>",
              coverPhotoId: null,
              state: "draft",
              publishAt: null,
              ...fields,
            },
          }),
        });
      const inText = await article({
        slug: "v-textu",
        title: "Čaj v textu",
        body: `<p>Meduňka.</p><img src="${photoVariantUrl(photo.id, 800, "jpeg")}" alt="Čaj">`,
      });
      expect(inText.status).toBe(201);
      const asCover = await article({
        slug: "titulni",
        title: "Čaj na titulu",
        coverPhotoId: photo.id,
        state: "published",
      });
      expect(asCover.status).toBe(201);

      // In a draft's text and on a live article's cover: not deleted, both named.
      const refused = await api(`/admin/photos/${photo.id}`, { method: "DELETE" });
      expect(refused.status).toBe(409);
      expect(((await refused.json()) as { error: { message: string } }).error).toMatchObject({
        code: "photo_in_use",
        message: photoMessages.inUse(["článek „Čaj v textu“", "článek „Čaj na titulu“"]),
      });

      // Its alt text changed: the live article's page, the blog and the home page (its card) again.
      published.length = 0;
      const changed = await api(`/admin/photos/${photo.id}`, {
        method: "PATCH",
        body: JSON.stringify({ alt: "Šálek meduňky", focusX: 0.5, focusY: 0.5 }),
      });
      expect(changed.status).toBe(200);
      expect(published.map((each) => [...each].sort())).toEqual([
        ["/", "/blog", "/blog/vecerni-caj-titulni"],
      ]);

      const { articles: saved } = (await (await api("/admin/articles")).json()) as {
        articles: { id: string; slug: string; version: number }[];
      };
      for (const each of saved.filter((one) => one.slug.startsWith("vecerni-caj-"))) {
        const full = (await (await api(`/admin/articles/${each.id}`)).json()) as Record<
          string,
          unknown
        >;
        const cleared = await api(`/admin/articles/${each.id}`, {
          method: "PUT",
          body: JSON.stringify({
            version: each.version,
            article: {
              title: full.title,
              slug: full.slug,
              perex: full.perex,
              topic: full.topic,
              body: "<p>Bez fotky.</p>",
              coverPhotoId: null,
              state: "draft",
              publishAt: null,
            },
          }),
        });
        expect(cleared.status, await cleared.clone().text()).toBe(200);
      }
      expect((await api(`/admin/photos/${photo.id}`, { method: "DELETE" })).status).toBe(204);

      const entries = await server.db
        .select()
        .from(auditLog)
        .where(inArray(auditLog.action, ["photo_uploaded", "photo_deleted"]));
      const mine = entries.filter((entry) => entry.subject?.includes("meduň"));
      expect(mine.map((entry) => [entry.action, entry.subject, entry.actorEmail])).toEqual([
        ["photo_uploaded", "Šálek meduňkového čaje", "spravkyne@example.cz"],
        ["photo_deleted", "Šálek meduňky", "spravkyne@example.cz"],
      ]);
      expect(await server.db.select().from(photos).where(eq(photos.id, photo.id))).toEqual([]);
    },
    photoTimeoutMs,
  );
});
