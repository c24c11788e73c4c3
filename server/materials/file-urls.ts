/**
 * Signed, short-lived URLs of material files: whoever holds one may fetch the
 * file for a few hours (the gift page, the members' section, the owner's list).
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import type { MaterialRow } from "#database/schema";
import type { Clock } from "../clock";

/** How long a signed file URL works, rounded up to the hour so that it stays the same (cacheable) for a while. */
const signedUrlLifetimeMs = 6 * 60 * 60_000;
const hourMs = 60 * 60_000;

export function createFileUrls({
  clock,
  signingKey,
}: {
  clock: Clock;
  /** Signs file URLs (derived from the auth secret, so every server agrees). */
  signingKey: string;
}) {
  const key = createHmac("sha256", signingKey).update("material-file-urls").digest();

  function sign(id: string, version: number, expires: number) {
    return createHmac("sha256", key).update(`${id}.${version}.${expires}`).digest("base64url");
  }

  return {
    /** A same-origin URL of the file that works for six hours, for whoever holds it. */
    signedFileUrl(row: Pick<MaterialRow, "id" | "fileVersion">): string {
      const expires =
        Math.ceil((clock.now().getTime() + signedUrlLifetimeMs) / hourMs) * (hourMs / 1000);
      const signature = sign(row.id, row.fileVersion, expires);
      return `/api/materials/${row.id}/file?v=${row.fileVersion}&exp=${expires}&sig=${signature}`;
    },

    /** Whether a file URL's signature is ours and still valid. */
    verifyFileUrl(id: string, version: string, expires: string, signature: string) {
      const expiresAt = Number(expires);
      if (!/^\d{1,12}$/.test(expires) || !/^\d{1,9}$/.test(version)) return false;
      if (expiresAt * 1000 < clock.now().getTime()) return false;
      const expected = Buffer.from(sign(id, Number(version), expiresAt));
      const given = Buffer.from(signature);
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
  };
}
