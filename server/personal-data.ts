/**
 * Where the site keeps personal data, each part declared by the module that keeps it, in one
 * shape: the tables that hold it, what an address's export shows and its erasure deletes
 * (`server/admin/gdpr.ts`), what the owner's retention rule ages out (`server/admin/retention.ts`)
 * and what housekeeping forgets on time (`server/housekeeping.ts`). Those three read this
 * registry and list no table themselves.
 *
 * `personal-data.test.ts` checks the schema against it: a table with an e-mail address, a name,
 * an address or a phone number (or rows about such a table's rows) must be in a registration
 * here, or on the test's short list of exemptions, with why. A new table cannot be forgotten.
 */
import type { PgTable } from "drizzle-orm/pg-core";
import type { Database } from "#database/open-database";
import type { ContentKey } from "#shared/content/content-items";
import type { AddressSummary, RetentionPreview } from "#shared/inbox-schemas";
import { submissionPersonalData } from "./admin/submission-personal-data";
import { accountPersonalData } from "./auth/account-personal-data";
import { bookingPersonalData } from "./booking/booking-personal-data";
import { reviewPersonalData } from "./content/review-personal-data";
import { eventPersonalData } from "./events/event-personal-data";
import type { EventSignups } from "./events/event-signups";
import { mailPersonalData } from "./mail/mail-personal-data";
import { subscriberPersonalData } from "./newsletter/subscriber-personal-data";
import { rateLimitPersonalData } from "./rate-limit";

/** Who erases an address (an administrator), and when. */
export type Erasure = {
  by: { userId: string; email: string };
  at?: Date;
  /**
   * The events core that moves a waiting list when an erased sign-up frees its places (with
   * its e-mails); without it (scripts, some tests) one made on the transaction, without e-mails.
   */
  eventSignups?: Pick<EventSignups, "releaseErased">;
};

/**
 * One part of what is stored about an e-mail address. `find` runs first for every part (in the
 * erasure's transaction); the export and the erasure then get what it found. Methods, so that a
 * part declared with its own `Found` (see `declareAddressPart`) fits the registry's list.
 */
export type AddressPart<Found = unknown> = {
  find(db: Database, email: string): Promise<Found>;
  /** Its counts in the summary the owner sees before she erases. */
  summarize(found: Found): Partial<Omit<AddressSummary, "email">>;
  /** Its keys in the export's JSON document (never a password hash, a secret or a token). */
  export(db: Database, found: Found): Promise<Record<string, unknown>>;
  /** Deletes what it found, in the erasure's transaction, in the registry's order. */
  erase(tx: Database, found: Found, erasure: Erasure): Promise<void>;
};

/** An address part whose `find`, `export` and `erase` are checked to agree on what is found. */
export function declareAddressPart<Found>(part: AddressPart<Found>): AddressPart {
  return part;
}

/** What the owner's rule („mazat záznamy starší než N měsíců“) deletes of one part. */
export type RetentionPart = {
  /** Its count in the preview the administration shows before she saves a rule. */
  key: keyof RetentionPreview;
  /** How many rows were stored before `cutoff`. */
  count(db: Database, cutoff: Date): Promise<number>;
  /** Deletes them, in the rule's transaction; returns how many went. */
  delete(tx: Database, cutoff: Date, now: Date): Promise<number>;
};

/** One step of housekeeping: rows past their time, deleted in one statement. */
export type HousekeepingStep = {
  /** Deletes what is past its time at `now`; returns how many rows went. */
  forget(db: Database, now: Date): Promise<number>;
  /** Forgotten every minute on a site with visitors: not worth a line in the log. */
  routine?: boolean;
};

export type PersonalDataRegistration = {
  /** The module that keeps the data (for messages). */
  module: string;
  /**
   * Every table the data is in, whether a part below reads it or it goes with another table's
   * rows (a foreign key's cascade). The schema test reads this list.
   */
  tables: readonly PgTable[];
  address?: AddressPart;
  retention?: RetentionPart;
  /** Named steps, run in order (a step may count on an earlier one's deletions). */
  housekeeping?: Record<string, HousekeepingStep>;
  /**
   * Items of her content (`shared/content/content-items.ts`) that hold what people wrote, tied
   * to no e-mail address (so no address part finds them), with how a person's request is met.
   * The schema test needs every content item either here or exempted.
   */
  content?: { keys: readonly ContentKey[]; requests: string };
};

/**
 * Every registration. The order is the export's and the erasure's: submissions first (their
 * e-mails and gift links go with them, audited as erased), then the e-mails left, then the account.
 */
export const personalDataRegistry: readonly PersonalDataRegistration[] = [
  submissionPersonalData,
  // Before the e-mails: a booking's erasure takes the owner's notices of it too.
  bookingPersonalData,
  // Before the e-mails: a subscriber's erasure takes its confirmation e-mails too.
  subscriberPersonalData,
  // Before the e-mails too: a sign-up's erasure takes the owner's notices of it.
  eventPersonalData,
  mailPersonalData,
  accountPersonalData,
  rateLimitPersonalData,
  reviewPersonalData,
];
