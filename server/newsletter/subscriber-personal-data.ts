/**
 * The personal data of the newsletter: a subscriber's address, name and proof of consent. An
 * address's export shows the consent as it was given (words, version, time, address block; never
 * the confirmation link's digest); its erasure removes the subscriber with every e-mail sent to
 * it (the outbox's owner `newsletter_subscriber`). A sign-up never confirmed is forgotten after
 * 30 days by housekeeping.
 */
import { eq, sql } from "drizzle-orm";
import { type NewsletterSubscriber, newsletterSubscribers } from "#database/schema";
import { deleteOwnedMail } from "../mail/outbox";
import { declareAddressPart, type PersonalDataRegistration } from "../personal-data";
import { forgetUnconfirmed, subscriberMailOwner } from "./subscribers";

export const subscriberPersonalData: PersonalDataRegistration = {
  module: "server/newsletter/subscribers.ts",
  tables: [newsletterSubscribers],
  address: declareAddressPart<NewsletterSubscriber[]>({
    find: (db, email) =>
      db
        .select()
        .from(newsletterSubscribers)
        .where(eq(sql`lower(${newsletterSubscribers.email})`, email.toLowerCase())),
    summarize: (found) => ({ subscribers: found.length }),
    export: async (_db, found) => ({
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
    }),
    erase: async (tx, found) => {
      for (const subscriber of found) {
        await deleteOwnedMail(tx, subscriberMailOwner(subscriber));
        await tx.delete(newsletterSubscribers).where(eq(newsletterSubscribers.id, subscriber.id));
      }
    },
  }),
  housekeeping: {
    /** Sign-ups whose confirmation never came, after 30 days, with their e-mail. */
    unconfirmedNewsletterSignUps: { forget: forgetUnconfirmed },
  },
};
