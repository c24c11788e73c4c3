/**
 * Each gift request's own link (`/dar/<token>`): an unguessable token whose
 * digest is stored with the request; the token itself is only in the e-mail
 * (the outbox keeps it until the e-mail has gone, then `withoutLinkTokens`).
 * It keeps working until the owner revokes it (or deletes the request).
 */
import { createHash, randomBytes } from "node:crypto";
import { and, eq, isNull } from "drizzle-orm";
import type { Database } from "#database/open-database";
import { formSubmissions, giftLinks } from "#database/schema";
import { paths } from "#shared/routes";
import type { Clock } from "../clock";

export type GiftPlace = "gift_ritual" | "gift_fragrance";

/** 192 random bits, URL-safe. */
export function newGiftToken(): { token: string; tokenHash: string } {
  const token = randomBytes(24).toString("base64url");
  return { token, tokenHash: digestToken(token) };
}

export function digestToken(token: string): string {
  return createHash("sha256").update(token).digest("base64url");
}

export function giftPageUrl(siteUrl: string, token: string): string {
  return `${siteUrl}${paths.giftDelivery}/${token}`;
}

/** The token of a pasted gift link (or a bare token), or null. */
export function tokenOfLink(link: string): string | null {
  const trimmed = link.trim();
  const fromPath = /\/dar\/([A-Za-z0-9_-]{20,64})(?:[/?#]|$)/.exec(trimmed)?.[1];
  if (fromPath) return fromPath;
  return /^[A-Za-z0-9_-]{20,64}$/.test(trimmed) ? trimmed : null;
}

/**
 * What a link opens: its gift and the name typed into the form (for the greeting), or why not:
 * `revoked` by the owner, `unknown` when it never existed or its request is gone (deleted, or
 * past the retention rule's months: a link lasts as long as its request).
 */
export type GiftLinkCheck =
  | { state: "valid"; gift: GiftPlace; name: string }
  | { state: "revoked" }
  | { state: "unknown" };

export function createGiftLinks({ db, clock }: { db: Database; clock: Clock }) {
  return {
    async check(token: string): Promise<GiftLinkCheck> {
      if (!/^[A-Za-z0-9_-]{20,64}$/.test(token)) return { state: "unknown" };
      const [row] = await db
        .select({
          gift: giftLinks.gift,
          revokedAt: giftLinks.revokedAt,
          name: formSubmissions.name,
        })
        .from(giftLinks)
        .innerJoin(formSubmissions, eq(formSubmissions.id, giftLinks.submissionId))
        .where(eq(giftLinks.tokenHash, digestToken(token)));
      if (!row) return { state: "unknown" };
      if (row.revokedAt) return { state: "revoked" };
      return { state: "valid", gift: row.gift, name: row.name };
    },
    /** The gift of a valid, unrevoked token, or null. */
    async find(token: string): Promise<{ gift: GiftPlace } | null> {
      if (!/^[A-Za-z0-9_-]{20,64}$/.test(token)) return null;
      const [row] = await db
        .select({ gift: giftLinks.gift })
        .from(giftLinks)
        .where(and(eq(giftLinks.tokenHash, digestToken(token)), isNull(giftLinks.revokedAt)));
      return row ?? null;
    },
    /** Revokes the link; false when there is no such (unrevoked) link. */
    async revoke(link: string): Promise<boolean> {
      const token = tokenOfLink(link);
      if (!token) return false;
      const revoked = await db
        .update(giftLinks)
        .set({ revokedAt: clock.now() })
        .where(and(eq(giftLinks.tokenHash, digestToken(token)), isNull(giftLinks.revokedAt)))
        .returning({ tokenHash: giftLinks.tokenHash });
      return revoked.length > 0;
    },
  };
}

export type GiftLinks = ReturnType<typeof createGiftLinks>;
