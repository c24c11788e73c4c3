/**
 * The materials' HTTP routes, relative to /api: the administration's (in the
 * administration's sub-app), the members' list (in the members' sub-app, for a
 * member or an administrator), the files themselves (a signed URL, with range
 * requests) and the gift page's data (its unguessable token).
 */
import type { IncomingMessage } from "node:http";
import { Hono } from "hono";
import { stream } from "hono/streaming";
import type { Accounts } from "#server/auth/accounts";
import type { AdminEnv } from "#server/auth/require-admin";
import { isMember, type SignedInEnv } from "#server/auth/require-signed-in";
import type { ScentGuide } from "#shared/content/scent-guide-schema";
import { formatDearGreeting } from "#shared/greeting-name";
import {
  type AdminMaterialsJson,
  type GiftJson,
  giftLinkRevokeSchema,
  type MemberMaterialsJson,
  materialChangeSchema,
  materialMessages,
  materialOrderSchema,
  maxMaterialBytes,
  newMaterialSchema,
} from "#shared/materials";
import { personalGuidePdfPath } from "#shared/routes";
import { ApiError } from "../api-error";
import { allowLongUpload } from "../connection-limits";
import { beforeTheGuard } from "../guarded-app";
import { isUnstorableText, jsonBody, limitBody } from "../json-route";
import type { GiftLinks } from "./gift-links";
import type { MaterialStore } from "./material-store";
import type { GiftPlace, Materials } from "./materials";
import { mediaTypeOf, refuseUnacceptedType } from "./upload-checks";

const jsonLimit = { maxBytes: 16 * 1024 };

/**
 * The materials' administration, relative to /api; part of the administration's one sub-app
 * (`createAdminApp`), whose guard stands before every route.
 */
export function createMaterialsAdminApi({
  materials,
  giftLinks,
}: {
  materials: Materials;
  giftLinks: GiftLinks;
}) {
  return (
    new Hono<AdminEnv>()
      .get("/admin/materials", async (c) => {
        const body: AdminMaterialsJson = {
          materials: await materials.listForAdmin(),
          waiting: await materials.waitingCounts(),
        };
        return c.json(body);
      })
      .post("/admin/materials", jsonBody(newMaterialSchema, jsonLimit), async (c) => {
        return c.json({ material: await materials.create(c.req.valid("json")) }, 201);
      })
      .patch("/admin/materials/:id", jsonBody(materialChangeSchema, jsonLimit), async (c) => {
        return c.json({
          material: await materials.update(c.req.param("id"), c.req.valid("json")),
        });
      })
      .delete("/admin/materials/:id", beforeTheGuard(limitBody(1024)), async (c) => {
        await materials.remove(c.req.param("id"));
        return c.body(null, 204);
      })
      .put("/admin/material-order", jsonBody(materialOrderSchema, jsonLimit), async (c) => {
        const { place, ids } = c.req.valid("json");
        await materials.setOrder(place, ids);
        return c.body(null, 204);
      })
      .post("/admin/gift-links/revoke", jsonBody(giftLinkRevokeSchema, jsonLimit), async (c) => {
        const revoked = await giftLinks.revoke(c.req.valid("json").link);
        if (!revoked) throw new ApiError(404, "not_found", materialMessages.giftLinkInvalid);
        return c.body(null, 204);
      })
      // The upload: the body is the file itself, streamed to storage as it arrives.
      // A 2 GB video from home takes long: past the guard, a minimum rate instead of a deadline.
      .put("/admin/materials/:id/file", allowLongUpload, async (c) => {
        c.header("Connection", "close");
        const declared = Number(c.req.header("Content-Length") ?? Number.NaN);
        if (declared > maxMaterialBytes) {
          throw new ApiError(413, "file_too_large", materialMessages.tooLarge, undefined, {
            Connection: "close",
          });
        }
        const mediaType = mediaTypeOf(c.req.header("Content-Type"));
        refuseUnacceptedType(mediaType);
        // On the Node server, the socket's own stream: it stops reading while the store is busy.
        const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
        const body = incoming ?? c.req.raw.body;
        if (!body) throw new ApiError(422, "empty_file", materialMessages.empty);
        const material = await materials.upload(c.req.param("id"), {
          mediaType,
          fileName: fileNameOf(c.req.header("X-File-Name")),
          body: body as unknown as AsyncIterable<Uint8Array>,
        });
        c.res.headers.delete("Connection");
        return c.json({ material });
      })
  );
}

/**
 * The members' list of materials, relative to /api; part of the members' sub-app
 * (`createMembersApp`), whose guard lets any signed-in account through: the list is for
 * members and administrators.
 */
export function createMemberMaterialsApi({
  accounts,
  materials,
}: {
  accounts: Accounts;
  materials: Materials;
}) {
  return new Hono<SignedInEnv>().get("/members/materials", async (c) => {
    if (!(await isMember(accounts, c.get("account").user.id))) {
      throw new ApiError(403, "not_a_member", materialMessages.notAMember, undefined, {
        "Cache-Control": "no-store",
      });
    }
    const body: MemberMaterialsJson = { materials: await materials.listForMembers() };
    return c.json(body);
  });
}

/** The gift page's data and the files themselves, relative to /api: a token or a signature is the key. */
export function createMaterialsApi({
  materials,
  store,
  giftLinks,
  readGuide,
  hasFixedLink = () => false,
}: {
  materials: Materials;
  store: MaterialStore;
  giftLinks: GiftLinks;
  /** Her published scent guide („Obsah“), shown on the scent gift's page. */
  readGuide: () => Promise<ScentGuide>;
  /** A gift whose e-mail links to `GIFT_*_URL`: ready at once, its length unknown here. */
  hasFixedLink?: (gift: GiftPlace) => boolean;
}) {
  const api = new Hono();

  // --- What the public gift page may say: whether each gift is ready, how long it plays ---
  api.get("/gifts", async (c) => {
    c.header("Cache-Control", "no-cache");
    const status = await materials.giftStatus();
    for (const gift of ["gift_ritual", "gift_fragrance"] as const) {
      if (hasFixedLink(gift)) status[gift] = { ready: true, durationSeconds: null };
    }
    return c.json(status);
  });

  // --- The gift page's data: the token is the key ---
  api.get("/gifts/:token", async (c) => {
    c.header("Cache-Control", "no-store");
    c.header("X-Robots-Tag", "noindex, nofollow");
    const token = c.req.param("token");
    const gift = await giftLinks.check(token);
    if (gift.state === "revoked") {
      throw new ApiError(410, "gift_link_revoked", materialMessages.giftLinkRevoked);
    }
    if (gift.state !== "valid") {
      throw new ApiError(404, "gift_link_invalid", materialMessages.giftLinkInvalid);
    }
    const row = await materials.firstOffered(gift.gift);
    const body: GiftJson = {
      gift: gift.gift,
      greeting: formatDearGreeting(gift.name),
      ...(row?.kind === "guide" && {
        guide: { content: await readGuide(), pdfUrl: personalGuidePdfPath(token) },
      }),
      material: row
        ? {
            kind: row.kind ?? "video",
            title: row.title,
            description: row.description,
            url:
              row.kind === "link"
                ? (row.linkUrl ?? "")
                : row.kind === "guide"
                  ? personalGuidePdfPath(token)
                  : materials.signedFileUrl(row),
            ...(row.embedUrl && { embedUrl: row.embedUrl }),
            ...(row.contentType && { contentType: row.contentType }),
          }
        : null,
    };
    return c.json(body);
  });

  // --- The files ---
  api.on(["GET", "HEAD"], "/materials/:id/file", async (c) => {
    const id = c.req.param("id");
    const { v = "", exp = "", sig = "" } = c.req.query();
    if (!sig) {
      throw new ApiError(401, "not_signed_in", materialMessages.notSignedIn);
    }
    if (!materials.verifyFileUrl(id, v, exp, sig)) {
      throw new ApiError(403, "file_link_invalid", materialMessages.fileLinkInvalid);
    }
    const row = await materials.find(id);
    if (row.size === null || row.contentType === null || String(row.fileVersion) !== v) {
      throw new ApiError(404, "not_found", materialMessages.notFound);
    }
    const size = row.size;
    const etag = `"${row.id}-${row.fileVersion}"`;
    const maxAge = Math.max(0, Number(exp) - Math.floor(Date.now() / 1000));
    c.header("Accept-Ranges", "bytes");
    c.header("ETag", etag);
    c.header("Last-Modified", row.updatedAt.toUTCString());
    c.header("Cache-Control", `private, max-age=${Math.min(maxAge, 6 * 3600)}`);
    c.header("Cross-Origin-Resource-Policy", "same-origin");
    c.header("Content-Type", row.contentType);
    if (row.fileName) {
      c.header(
        "Content-Disposition",
        `inline; filename*=UTF-8''${encodeURIComponent(row.fileName)}`,
      );
    }
    if (c.req.header("If-None-Match") === etag) return c.body(null, 304);

    const range = parseRange(c.req.header("Range"), size, c.req.header("If-Range"), etag);
    if (range === "unsatisfiable") {
      throw new ApiError(416, "range_not_satisfiable", materialMessages.rangeInvalid, undefined, {
        "Content-Range": `bytes */${size}`,
      });
    }
    const [start, end] = range ?? [0, size - 1];
    c.header("Content-Length", String(end - start + 1));
    if (range) c.header("Content-Range", `bytes ${start}-${end}/${size}`);
    c.status(range ? 206 : 200);
    if (c.req.method === "HEAD") return c.body(null);
    const source = store.read(row.id, row.fileVersion, start, end);
    return stream(c, async (out) => {
      out.onAbort(() => {
        source.destroy();
      });
      try {
        for await (const piece of source as AsyncIterable<Uint8Array>) await out.write(piece);
      } finally {
        source.destroy();
      }
    });
  });

  return api;
}

/** The file's name from `X-File-Name` (percent-encoded UTF-8), or null. */
function fileNameOf(header: string | undefined): string | null {
  if (!header) return null;
  let name: string;
  try {
    name = decodeURIComponent(header);
  } catch {
    return null;
  }
  name = name
    .replace(/[\\/\p{Cc}\p{Cf}]+/gu, "")
    .trim()
    .slice(0, 200);
  return name && !isUnstorableText(name) ? name : null;
}

/**
 * One byte range of `Range: bytes=…` (start and end, inclusive), null to
 * send the whole file (no range, another unit, several ranges, or an
 * `If-Range` that no longer matches), or "unsatisfiable".
 */
export function parseRange(
  header: string | undefined,
  size: number,
  ifRange?: string,
  etag?: string,
): [number, number] | null | "unsatisfiable" {
  if (!header) return null;
  if (ifRange !== undefined && ifRange !== etag) return null;
  const match = /^bytes=([^,]*)$/i.exec(header.trim());
  if (!match) return null;
  const spec = /^\s*(\d*)\s*-\s*(\d*)\s*$/.exec(match[1] ?? "");
  if (!spec || (spec[1] === "" && spec[2] === "")) return "unsatisfiable";
  if (spec[1] === "") {
    const suffix = Number(spec[2]);
    if (suffix === 0 || size === 0) return "unsatisfiable";
    return [Math.max(0, size - suffix), size - 1];
  }
  const start = Number(spec[1]);
  const end = spec[2] === "" ? size - 1 : Math.min(Number(spec[2]), size - 1);
  if (start >= size || end < start) return "unsatisfiable";
  return [start, end];
}
