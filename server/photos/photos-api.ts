/**
 * The photo library's HTTP routes: the administration's (relative to /api, in its guarded
 * sub-app) and the public variants at `/media/photos/<id>-<width>.<ext>`, the same address on
 * every server, cached for a year (a variant never changes: a new photo is a new id).
 */
import type { IncomingMessage } from "node:http";
import { Hono } from "hono";
import type { AuditActor } from "#server/audit-log";
import type { AdminEnv } from "#server/auth/require-admin";
import {
  maxPhotoBytes,
  type PhotoFormat,
  type PhotoListJson,
  photoChangeSchema,
  photoExtensions,
  photoFormats,
  photoMediaTypes,
  photoMessages,
  photoUploadQuerySchema,
} from "#shared/content/photo-library";
import { ApiError } from "../api-error";
import { allowLongUpload } from "../connection-limits";
import { beforeTheGuard } from "../guarded-app";
import { isUnstorableText, jsonBody, limitBody, queryParams } from "../json-route";
import type { Photos } from "./photos";

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const notFound = () => new ApiError(404, "not_found", photoMessages.notFound);
const tooLarge = () =>
  new ApiError(413, "file_too_large", photoMessages.tooLarge, undefined, { Connection: "close" });

function photoId(id: string): string {
  if (!uuid.test(id)) throw notFound();
  return id.toLowerCase();
}

/** The signed-in administrator as the audit log names her. */
const adminActor = (user: { id: string; email: string }): AuditActor => ({
  kind: "account",
  userId: user.id,
  email: user.email,
});

/** The library's administration, relative to /api; part of `createAdminApp`, behind its guard. */
export function createPhotosAdminApi({ photos }: { photos: Photos }) {
  return (
    new Hono<AdminEnv>()
      .get("/admin/photos", async (c) => {
        const body: PhotoListJson = { photos: await photos.list() };
        return c.json(body);
      })
      // The upload: the body is the photo itself; its alt text and focal point in the query, so
      // that a photo is never stored without them. A phone on a weak signal sends 25 MB slowly:
      // past the guard, a minimum rate instead of a deadline (as a material's upload).
      .post(
        "/admin/photos",
        allowLongUpload,
        // A refusal may come before the body is read: the connection is not reused after it.
        async (c, next) => {
          c.header("Connection", "close");
          await next();
        },
        queryParams(photoUploadQuerySchema),
        async (c) => {
          const declared = Number(c.req.header("Content-Length") ?? Number.NaN);
          if (declared > maxPhotoBytes) throw tooLarge();
          if (/^image\/hei[cf]/i.test(c.req.header("Content-Type") ?? "")) {
            throw new ApiError(415, "heic_not_supported", photoMessages.heic);
          }
          const query = c.req.valid("query");
          // On the Node server, the socket's own stream.
          const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
          const body = incoming ?? c.req.raw.body;
          if (!body) throw new ApiError(422, "empty_file", photoMessages.empty);
          const input = await readWhole(body as unknown as AsyncIterable<Uint8Array>);
          const photo = await photos.create(
            input,
            {
              alt: query.alt,
              focusX: query.focusX ?? 0.5,
              focusY: query.focusY ?? 0.5,
              originalName: fileNameOf(query.name),
              createdBy: c.get("admin").user.id,
            },
            adminActor(c.get("admin").user),
          );
          c.res.headers.delete("Connection");
          return c.json({ photo }, 201);
        },
      )
      .patch(
        "/admin/photos/:id",
        jsonBody(photoChangeSchema, { maxBytes: 4 * 1024 }),
        async (c) => {
          return c.json({
            photo: await photos.update(photoId(c.req.param("id")), c.req.valid("json")),
          });
        },
      )
      .delete("/admin/photos/:id", beforeTheGuard(limitBody(1024)), async (c) => {
        await photos.remove(photoId(c.req.param("id")), adminActor(c.get("admin").user));
        return c.body(null, 204);
      })
  );
}

const variantName = new RegExp(
  `^([0-9a-f-]{36})-(\\d{1,5})\\.(${photoFormats.map((format) => photoExtensions[format]).join("|")})$`,
);
const formatOfExtension = Object.fromEntries(
  photoFormats.map((format) => [photoExtensions[format], format]),
) as Record<string, PhotoFormat>;

/** The public variants, at `/media/photos/<id>-<width>.<ext>` (mounted at `photoMediaPath`). */
export function createPhotoMediaRoute({ photos }: { photos: Photos }) {
  return new Hono().on(["GET", "HEAD"], "/:file", async (c) => {
    const match = variantName.exec(c.req.param("file"));
    if (!match || !uuid.test(match[1] ?? "")) throw notFound();
    const [, id = "", width = "", extension = ""] = match;
    const format = formatOfExtension[extension] as PhotoFormat;
    const data = await photos.readVariant(id, Number(width), format);
    if (!data) throw notFound();
    c.header("Content-Type", photoMediaTypes[format]);
    c.header("Cache-Control", "public, max-age=31536000, immutable");
    c.header("Content-Length", String(data.length));
    if (c.req.method === "HEAD") return c.body(null);
    return c.body(
      new Uint8Array(data.buffer, data.byteOffset, data.byteLength) as Uint8Array<ArrayBuffer>,
    );
  });
}

/** The whole body, refused (413) as soon as it is over `maxPhotoBytes`: sharp reads a photo whole. */
async function readWhole(body: AsyncIterable<Uint8Array>): Promise<Buffer> {
  const parts: Uint8Array[] = [];
  let size = 0;
  for await (const piece of body) {
    size += piece.byteLength;
    if (size > maxPhotoBytes) throw tooLarge();
    parts.push(piece);
  }
  if (size === 0) throw new ApiError(422, "empty_file", photoMessages.empty);
  return Buffer.concat(parts, size);
}

/** The file's name as her phone gave it, without path or hidden characters; null when none is left. */
function fileNameOf(name: string | undefined): string | null {
  const clean = (name ?? "")
    .replace(/[\\/\p{Cc}\p{Cf}]+/gu, "")
    .trim()
    .slice(0, 200);
  return clean && !isUnstorableText(clean) ? clean : null;
}
