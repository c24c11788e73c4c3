/**
 * The personal data of the newsletter: a subscriber's address, name and proof of consent. An
 * address's export shows the consent as it was given (words, version, time, address block; never
 * the confirmation link's digest); its erasure removes the subscriber with every e-mail sent to
 * it (the outbox's owner `newsletter_subscriber`). A sign-up never confirmed is forgotten after
 * 30 days by housekeeping, and so are the e-mails of a letter 30 days after it went. The
 * deliveries of her letters say which letters went to the address; they go with it.
 */
import { asc, eq, inArray, sql } from "drizzle-orm";
import type { Database } from "#database/open-database";
import {
  type NewsletterSubscriber,
  newsletterDeliveries,
  newsletterLetters,
  newsletterSubscribers,
} from "#database/schema";
import { deleteOwnedMail } from "../mail/outbox";
import { declareAddressPart, type PersonalDataRegistration } from "../personal-data";
import { forgetSentLetterMail } from "./letter-sending";
import { forgetUnconfirmed, subscriberMailOwner } from "./subscribers";

export const subscriberPersonalData: PersonalDataRegistration = {
  module: "server/newsletter/subscribers.ts",
  // Which of her letters went to the subscriber (server/newsletter/letter-sending.ts).
  tables: [newsletterSubscribers, newsletterDeliveries],
  address: declareAddressPart<NewsletterSubscriber[]>({
    find: (db, email) =>
      db
        .select()
        .from(newsletterSubscribers)
        .where(eq(sql`lower(${newsletterSubscribers.email})`, email.toLowerCase())),
    summarize: (found) => ({ subscribers: found.length }),
    export: async (db, found) => ({
      newsletter_subscriptions: found.map((subscriber) => ({
        email: subscriber.email,
        name: subscriber.name,
        state: subscriber.state,
        source: subscriber.source,
        created_at: subscriber.createdAt.toISOString(),
        consent: {
          text: subscriber.consentText,
          version: subscriber.consentVersion,
          given_at: subscriber.consentedAt.toISOString(),
          address_block: subscriber.consentAddressBlock,
        },
        confirmed_at: subscriber.confirmedAt?.toISOString() ?? null,
        unsubscribed_at: subscriber.unsubscribedAt?.toISOString() ?? null,
        bounce_count: subscriber.bounceCount,
      })),
      // Her letters to the address: which, when, and whether they arrived (their text is in the
      // e-mails the address's export lists).
      newsletter_letters_received: await lettersReceived(
        db,
        found.map((subscriber) => subscriber.id),
      ),
    }),
    erase: async (tx, found) => {
      for (const subscriber of found) {
        await deleteOwnedMail(tx, subscriberMailOwner(subscriber));
        await tx
          .delete(newsletterDeliveries)
          .where(eq(newsletterDeliveries.subscriberId, subscriber.id));
        await tx.delete(newsletterSubscribers).where(eq(newsletterSubscribers.id, subscriber.id));
      }
    },
  }),
  housekeeping: {
    /** Sign-ups whose confirmation never came, after 30 days, with their e-mail. */
    unconfirmedNewsletterSignUps: { forget: forgetUnconfirmed },
    /** Her sent letters' e-mails, 30 days after the letter went (its figures stay). */
    sentLetterMail: { forget: forgetSentLetterMail },
  },
};

/** The letters that went (or were to go) to these subscribers, oldest first. */
async function lettersReceived(db: Database, subscriberIds: string[]) {
  if (subscriberIds.length === 0) return [];
  const rows = await db
    .select({
      subject: newsletterLetters.subject,
      state: newsletterDeliveries.state,
      createdAt: newsletterDeliveries.createdAt,
      settledAt: newsletterDeliveries.settledAt,
    })
    .from(newsletterDeliveries)
    .innerJoin(newsletterLetters, eq(newsletterLetters.id, newsletterDeliveries.letterId))
    .where(inArray(newsletterDeliveries.subscriberId, subscriberIds))
    .orderBy(asc(newsletterDeliveries.createdAt));
  return rows.map((row) => ({
    subject: row.subject,
    state: row.state,
    queued_at: row.createdAt.toISOString(),
    settled_at: row.settledAt?.toISOString() ?? null,
  }));
}
