/**
 * What a booking and an event sign-up keep alike: the visitor's contact from her form, and the
 * cancel link's token, of which the row stores only the hash.
 */
import { createHash, randomBytes } from "node:crypto";

export function digestCancelToken(token: string): string {
  return createHash("sha256").update(token).digest("base64url");
}

export function newCancelToken(): { token: string; tokenHash: string } {
  const token = randomBytes(32).toString("base64url");
  return { token, tokenHash: digestCancelToken(token) };
}

/** The row's columns of the visitor's form and of the cancel link (`tokenHash`). */
export function visitorColumns(
  request: {
    name: string;
    email: string;
    phone?: string | null;
    note?: string | null;
    privacyConsent: boolean;
  },
  tokenHash: string,
) {
  return {
    name: request.name,
    email: request.email,
    phone: request.phone ?? null,
    note: request.note ?? null,
    privacyConsent: request.privacyConsent,
    cancelTokenHash: tokenHash,
  };
}
