/**
 * The newsletter's list: subscribing with double opt-in, confirming, unsubscribing (the letters'
 * one-click link), and her view of the list. Only this module touches `newsletter_subscribers`.
 *
 * No enumeration: a sign-up answers the same whatever the address's state, and what it changes
 * tells nobody anything: a subscribed address is left as it is, and a pending (or unsubscribed)
 * one gets a new confirmation e-mail only when the last went out a while ago.
 */
import { createHash, createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { and, asc, count, desc, eq, inArray, isNull, lt, sql } from "drizzle-orm";
import type { Database } from "#database/open-database";
import { type NewsletterSubscriber, newsletterSubscribers } from "#database/schema";
import { consentWording, type NewsletterSource, type NewsletterState } from "#shared/newsletter";
import type { NewsletterSubscriberJson } from "#shared/newsletter-schemas";
import { paths } from "#shared/routes";
import type { AuditActor } from "../audit-log";
import { recordAuditEvent } from "../audit-log";
import type { Clock } from "../clock";
import { type ComposedMail, deleteOwnedMail, writeToOutbox } from "../mail/outbox";
import { consentAddressBlock } from "../rate-limit";

/** How long a confirmation link works. */
export const confirmationLinkMs = 7 * 24 * 60 * 60_000;
/** A second confirmation e-mail to one address waits this long after the first. */
export const confirmationResendMs = 15 * 60_000;
/** A sign-up never confirmed is forgotten after this long (housekeeping). */
export const unconfirmedRetentionMs = 30 * 24 * 60 * 60_000;

/** The outbox's owner of a subscriber's e-mails (deleted with the subscriber). */
export function subscriberMailOwner(subscriber: { id: string }) {
  return { type: "newsletter_subscriber", id: subscriber.id };
}

export type SubscribersDependencies = {
  db: Database;
  clock: Clock;
  /** Signs the letters' unsubscribe links (the server's secret, shared by every server). */
  secret: string;
  /** Her line of what she sends and how often, as published now (the consent's words). */
  readOffer: () => Promise<string>;
  /** The confirmation e-mail of a sign-up, with its link. */
  composeConfirmation: (
    subscriber: Pick<NewsletterSubscriber, "email" | "name" | "source">,
    link: string,
  ) => ComposedMail;
  siteUrl: string;
  /** Called once mail is in the outbox (wakes the mail worker). */
  onMailQueued?: () => void;
};

export type SignUp = {
  email: string;
  name?: string | null;
  source: NewsletterSource;
  clientAddress: string;
};

export type ConfirmationState = "valid" | "confirmed" | "used" | "expired" | "invalid";

export function createSubscribers(deps: SubscribersDependencies) {
  const { db, clock, secret } = deps;

  async function consent(source: NewsletterSource, clientAddress: string, now: Date) {
    const text = consentWording(source, await deps.readOffer());
    return {
      consentText: text,
      consentVersion: createHash("sha256").update(text).digest("hex").slice(0, 12),
      consentedAt: now,
      consentAddressBlock: consentAddressBlock(clientAddress),
    };
  }

  return {
    /**
     * A sign-up, from a gift form or the blog's form. Stores the address as pending with its
     * consent and queues the confirmation e-mail, in one transaction; an address already on the
     * list changes only as the module's comment says. Answers nothing: every sign-up looks alike.
     */
    async signUp({ email, name = null, source, clientAddress }: SignUp): Promise<void> {
      const now = clock.now();
      const proof = await consent(source, clientAddress, now);
      const queued = await db.transaction(async (tx) => {
        const token = randomBytes(32).toString("base64url");
        const link = {
          confirmTokenHash: digestToken(token),
          confirmExpiresAt: new Date(now.getTime() + confirmationLinkMs),
          confirmationSentAt: now,
        };
        const [inserted] = await tx
          .insert(newsletterSubscribers)
          .values({ email, name, source, state: "pending", createdAt: now, ...proof, ...link })
          .onConflictDoNothing()
          .returning();
        let subscriber = inserted;
        if (!subscriber) {
          const [existing] = await tx
            .select()
            .from(newsletterSubscribers)
            .where(eq(sql`lower(${newsletterSubscribers.email})`, email.toLowerCase()))
            .for("update");
          if (!existing || !mayAskAgain(existing, now)) return false;
          [subscriber] = await tx
            .update(newsletterSubscribers)
            .set({
              state: "pending",
              name: name ?? existing.name,
              source,
              ...proof,
              ...link,
              confirmedAt: null,
              unsubscribedAt: null,
            })
            .where(eq(newsletterSubscribers.id, existing.id))
            .returning();
        }
        if (!subscriber) return false;
        const mail = deps.composeConfirmation(subscriber, confirmLink(deps.siteUrl, token));
        await writeToOutbox(tx, [mail], { dueAt: now, owner: subscriberMailOwner(subscriber) });
        return true;
      });
      if (queued) deps.onMailQueued?.();
    },

    /** What the confirmation page says of a link, before anything is changed. */
    async checkConfirmation(token: string): Promise<ConfirmationState> {
      const subscriber = await findByConfirmToken(db, token);
      return confirmationState(subscriber, clock.now());
    },

    /** Confirms a pending sign-up: one guarded statement, so a link works once, on any server. */
    async confirm(token: string): Promise<Exclude<ConfirmationState, "valid">> {
      const now = clock.now();
      const confirmed = await db
        .update(newsletterSubscribers)
        .set({ state: "subscribed", confirmedAt: now })
        .where(
          and(
            eq(newsletterSubscribers.confirmTokenHash, digestToken(token)),
            eq(newsletterSubscribers.state, "pending"),
            sql`${newsletterSubscribers.confirmExpiresAt} > ${now}`,
          ),
        )
        .returning({ id: newsletterSubscribers.id });
      if (confirmed.length > 0) return "confirmed";
      const state = confirmationState(await findByConfirmToken(db, token), now);
      // Someone else's click won the race: it is confirmed all the same.
      return state === "valid" ? "used" : state;
    },

    /**
     * The letters' unsubscribe link (and the one-click POST of RFC 8058): unsubscribes at once.
     * „forged“ changes nothing; „gone“ is a real link of an address no longer on the list.
     */
    async unsubscribe(token: string): Promise<"unsubscribed" | "gone" | "forged"> {
      const id = readUnsubscribeToken(secret, token);
      if (!id) return "forged";
      const [row] = await db
        .select({ state: newsletterSubscribers.state })
        .from(newsletterSubscribers)
        .where(eq(newsletterSubscribers.id, id));
      if (!row) return "gone";
      await db
        .update(newsletterSubscribers)
        .set({ state: "unsubscribed", unsubscribedAt: clock.now() })
        .where(
          and(
            eq(newsletterSubscribers.id, id),
            inArray(newsletterSubscribers.state, ["pending", "subscribed"]),
          ),
        );
      return "unsubscribed";
    },

    /**
     * „Přihlásit se znovu“ on the unsubscribe page: the link came to the address's own inbox,
     * so it proves the address as a confirmation would. A new consent is kept as its proof.
     */
    async subscribeAgain(token: string, clientAddress: string): Promise<"subscribed" | "forged"> {
      const id = readUnsubscribeToken(secret, token);
      if (!id) return "forged";
      const [row] = await db
        .select()
        .from(newsletterSubscribers)
        .where(eq(newsletterSubscribers.id, id));
      if (!row) return "forged";
      if (row.state !== "unsubscribed") return "subscribed";
      const now = clock.now();
      await db
        .update(newsletterSubscribers)
        .set({
          state: "subscribed",
          ...(await consent(row.source, clientAddress, now)),
          confirmedAt: now,
          unsubscribedAt: null,
        })
        .where(
          and(eq(newsletterSubscribers.id, id), eq(newsletterSubscribers.state, "unsubscribed")),
        );
      return "subscribed";
    },

    /** A letter's `List-Unsubscribe` fields for one subscriber (the letters use them). */
    letterHeaders(subscriber: { id: string }, mailto: string) {
      return newsletterLetterHeaders({
        siteUrl: deps.siteUrl,
        mailto,
        token: unsubscribeToken(secret, subscriber.id),
      });
    },

    /** The visible unsubscribe link of a letter to one subscriber. */
    unsubscribeLink(subscriber: { id: string }) {
      return unsubscribeLink(deps.siteUrl, unsubscribeToken(secret, subscriber.id));
    },

    list: () => listSubscribers(db),

    /** Her „Odebrat“: the address and its e-mails go, the audit log says one was removed. */
    async remove(id: string, actor: AuditActor): Promise<boolean> {
      return db.transaction(async (tx) => {
        const removed = await tx
          .delete(newsletterSubscribers)
          .where(eq(newsletterSubscribers.id, id))
          .returning({ id: newsletterSubscribers.id });
        if (removed.length === 0) return false;
        await deleteOwnedMail(tx, subscriberMailOwner({ id }));
        await recordAuditEvent(tx, { action: "newsletter_subscriber_removed", actor }, clock.now());
        return true;
      });
    },

    /** Her CSV export: the list as it is now, with its audit entry. */
    async export(actor: AuditActor): Promise<NewsletterSubscriberJson[]> {
      return db.transaction(async (tx) => {
        const list = await listSubscribers(tx);
        await recordAuditEvent(
          tx,
          { action: "newsletter_subscribers_exported", actor },
          clock.now(),
        );
        return list;
      });
    },
  };
}

export type Subscribers = ReturnType<typeof createSubscribers>;

/** Whether a sign-up of an address already on the list may send it a confirmation again. */
function mayAskAgain(subscriber: NewsletterSubscriber, now: Date): boolean {
  if (subscriber.state === "subscribed") return false;
  const last = subscriber.confirmationSentAt?.getTime() ?? 0;
  return now.getTime() - last >= confirmationResendMs;
}

function confirmationState(
  subscriber: NewsletterSubscriber | undefined,
  now: Date,
): ConfirmationState {
  if (!subscriber) return "invalid";
  if (subscriber.state !== "pending") {
    return subscriber.state === "subscribed" ? "confirmed" : "used";
  }
  if (!subscriber.confirmExpiresAt || subscriber.confirmExpiresAt <= now) return "expired";
  return "valid";
}

async function findByConfirmToken(db: Database, token: string) {
  const [row] = await db
    .select()
    .from(newsletterSubscribers)
    .where(eq(newsletterSubscribers.confirmTokenHash, digestToken(token)));
  return row;
}

/** Only a token's digest is stored. */
function digestToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

export function confirmLink(siteUrl: string, token: string): string {
  return `${siteUrl}${paths.newsletterConfirm}/${token}`;
}

/**
 * The unsubscribe token of her test letter and preview: she is not a subscriber, so it
 * unsubscribes nobody, and its page says it was a test (newsletter-routes.ts).
 */
export const testLetterToken = "zkouska";

export function unsubscribeLink(siteUrl: string, token: string): string {
  return `${siteUrl}${paths.newsletterUnsubscribe}/${token}`;
}

/**
 * A subscriber's unsubscribe token: the id and its HMAC with the server's secret, so a letter can
 * carry it without anything stored, and nobody can make one for another id.
 */
export function unsubscribeToken(secret: string, id: string): string {
  return `${id}.${unsubscribeMac(secret, id)}`;
}

function unsubscribeMac(secret: string, id: string): string {
  return createHmac("sha256", secret)
    .update(`newsletter-unsubscribe:${id}`)
    .digest("base64url")
    .slice(0, 32);
}

const uuidShape = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The subscriber's id of a genuine token, or null. */
export function readUnsubscribeToken(secret: string, token: string): string | null {
  const [id = "", mac = "", ...rest] = token.split(".");
  if (rest.length > 0 || !uuidShape.test(id)) return null;
  const expected = Buffer.from(unsubscribeMac(secret, id));
  const given = Buffer.from(mac);
  return given.length === expected.length && timingSafeEqual(given, expected) ? id : null;
}

/**
 * The header fields every letter carries (RFC 2369 and RFC 8058): a mailto and the HTTPS link,
 * and the one-click POST a mail client makes with no cookie and no sign-in.
 */
export function newsletterLetterHeaders({
  siteUrl,
  mailto,
  token,
}: {
  siteUrl: string;
  mailto: string;
  token: string;
}): Record<string, string> {
  const subject = encodeURIComponent("Odhlásit odběr novinek");
  return {
    "List-Unsubscribe": `<mailto:${mailto}?subject=${subject}>, <${unsubscribeLink(siteUrl, token)}>`,
    "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
  };
}

/** The list as she sees it, newest first. */
async function listSubscribers(db: Database): Promise<NewsletterSubscriberJson[]> {
  const rows = await db
    .select()
    .from(newsletterSubscribers)
    .orderBy(desc(newsletterSubscribers.createdAt), asc(newsletterSubscribers.email));
  return rows.map(toJson);
}

export function toJson(row: NewsletterSubscriber): NewsletterSubscriberJson {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    state: row.state,
    source: row.source,
    created_at: row.createdAt.toISOString(),
    consented_at: row.consentedAt.toISOString(),
    confirmed_at: row.confirmedAt?.toISOString() ?? null,
    unsubscribed_at: row.unsubscribedAt?.toISOString() ?? null,
  };
}

/** How many subscribers are in each state. */
export async function countByState(db: Database): Promise<Record<NewsletterState, number>> {
  const rows = await db
    .select({ state: newsletterSubscribers.state, n: count() })
    .from(newsletterSubscribers)
    .groupBy(newsletterSubscribers.state);
  const counts = { pending: 0, subscribed: 0, unsubscribed: 0, undeliverable: 0 };
  for (const row of rows) counts[row.state] = Number(row.n);
  return counts;
}

/** Sign-ups never confirmed within `unconfirmedRetentionMs`, with their e-mails (housekeeping). */
export async function forgetUnconfirmed(db: Database, now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - unconfirmedRetentionMs);
  const stale = await db
    .select({ id: newsletterSubscribers.id })
    .from(newsletterSubscribers)
    .where(
      and(
        eq(newsletterSubscribers.state, "pending"),
        isNull(newsletterSubscribers.confirmedAt),
        lt(newsletterSubscribers.consentedAt, cutoff),
      ),
    );
  for (const { id } of stale) {
    await db.transaction(async (tx) => {
      await deleteOwnedMail(tx, subscriberMailOwner({ id }));
      await tx.delete(newsletterSubscribers).where(eq(newsletterSubscribers.id, id));
    });
  }
  return stale.length;
}
