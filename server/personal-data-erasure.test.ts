/**
 * What the registry says an address's erasure covers, it covers: one person with a row in every
 * table of every registration with an address part, and another person with the same; erasing
 * the first leaves none of hers in any of those tables, and every row of the other.
 */
import { createHash, randomUUID } from "node:crypto";
import { count } from "drizzle-orm";
import { getTableConfig, type PgTable } from "drizzle-orm/pg-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "#database/open-database";
import * as schema from "#database/schema";
import {
  emptyTables,
  openTimeoutMs,
  type TestDatabaseHandle,
  testDatabases,
} from "#testing/test-databases";
import { eraseAddress, exportAddress, summarizeAddress } from "./admin/gdpr";
import { personalDataRegistry } from "./personal-data";

const at = new Date("2026-11-23T10:00:00Z");
const digest = (text: string) => createHash("sha256").update(text).digest("base64url");

/**
 * One person's rows in every table an address part covers, made the way the site makes them
 * (a submission with its e-mails and gift link; an account with all it keeps). A table added to
 * such a registration needs a row here: the test says which one is missing.
 */
async function storePerson(db: Database, email: string) {
  const userId = randomUUID();
  const submissionId = randomUUID();
  const sessionId = randomUUID();
  const factorId = randomUUID();
  const bookingId = randomUUID();
  const subscriberId = randomUUID();
  const rows: [PgTable, Record<string, unknown>[]][] = [
    [schema.users, [{ id: userId, email, passwordHash: "", userMetadata: { full_name: email } }]],
    [schema.userRoles, [{ userId, role: "member" }]],
    [schema.authSessions, [{ id: sessionId, userId, ipAddress: "198.51.100.7" }]],
    [schema.refreshTokens, [{ sessionId, tokenHash: digest(`refresh ${email}`) }]],
    [schema.signInAddresses, [{ userId, addressBlock: "198.51.100.7", lastSignInAt: at }]],
    [schema.signInDevices, [{ userId, tokenHash: digest(`device ${email}`), lastSignInAt: at }]],
    [schema.recoveryTokens, [{ userId, tokenHash: digest(`recovery ${email}`), expiresAt: at }]],
    [
      schema.emailConfirmationTokens,
      [{ userId, tokenHash: digest(`confirm ${email}`), expiresAt: at }],
    ],
    [schema.mfaFactors, [{ id: factorId, userId, friendlyName: "Telefon", secret: "JBSWY3DP" }]],
    [schema.mfaChallenges, [{ factorId, ipAddress: "198.51.100.7" }]],
    [schema.mfaRecoveryCodes, [{ factorId, codeHash: digest(`code ${email}`) }]],
    [schema.memberAccessRequests, [{ userId, requestedAt: at }]],
    [
      schema.formSubmissions,
      [
        {
          id: submissionId,
          formType: "gift_ritual",
          name: "Eva Nová",
          email,
          privacyConsent: true,
        },
      ],
    ],
    [schema.giftLinks, [{ tokenHash: digest(`gift ${email}`), submissionId, gift: "gift_ritual" }]],
    [
      schema.bookings,
      [
        {
          id: bookingId,
          offerId: "consultation",
          startsAt: at,
          endsAt: new Date(at.getTime() + 3_600_000),
          blockedUntil: new Date(at.getTime() + 3_600_000),
          // Cancelled: the two people's bookings may share a time.
          state: "cancelled",
          name: "Eva Nová",
          email,
          privacyConsent: true,
          cancelTokenHash: digest(`cancel ${email}`),
        },
      ],
    ],
    [
      schema.newsletterSubscribers,
      [
        {
          id: subscriberId,
          email,
          state: "subscribed",
          source: "blog",
          consentText: "Přihlásit se k odběru novinek e-mailem.",
          consentVersion: "0123456789ab",
          consentedAt: at,
          consentAddressBlock: "198.51.100.0/24",
          confirmTokenHash: digest(`newsletter ${email}`),
        },
      ],
    ],
    [
      schema.mailOutbox,
      [
        // The owner's notification of her submission, and an e-mail to her of no submission.
        {
          submissionId,
          kind: "owner_notification",
          to: "majitelka@example.cz",
          subject: "Nový záznam",
          nextAttemptAt: at,
        },
        { kind: "password_changed", to: email, subject: "Heslo změněno", nextAttemptAt: at },
        // Her newsletter confirmation.
        {
          ownerType: "newsletter_subscriber",
          ownerId: subscriberId,
          kind: "newsletter_confirmation",
          to: email,
          subject: "Potvrďte prosím odběr novinek",
          nextAttemptAt: at,
        },
        // The owner's notice of her booking.
        {
          ownerType: "booking",
          ownerId: bookingId,
          kind: "booking_owner_notification",
          to: "majitelka@example.cz",
          subject: "Nová rezervace",
          nextAttemptAt: at,
        },
      ],
    ],
  ];
  // Her sign-up for an event (the event itself is no one's personal data: made first, not listed).
  const [event] = await db
    .insert(schema.events)
    .values({
      slug: `kruh-${randomUUID()}`,
      title: "Kruh žen",
      description: "<p>Večer sdílení.</p>",
      startsAt: at,
      endsAt: new Date(at.getTime() + 3_600_000),
      signupDeadline: at,
      placeKind: "online",
      capacity: 10,
      state: "published",
    })
    .returning();
  rows.push([
    schema.eventSignups,
    [
      {
        eventId: event?.id,
        // Cancelled: it holds no place, so the event's count stays as it is.
        state: "cancelled",
        name: "Eva Nová",
        email,
        privacyConsent: true,
        cancelTokenHash: digest(`event ${email}`),
      },
    ],
  ]);
  // Her delivery of a letter (the letter itself is hers, the owner's: made first, not listed).
  const [letter] = await db
    .insert(schema.newsletterLetters)
    .values({ subject: "Jarní novinky", body: "<p>Jaro je tady.</p>" })
    .returning();
  rows.push([schema.newsletterDeliveries, [{ letterId: letter?.id, subscriberId }]]);
  for (const [table, values] of rows) await db.insert(table).values(values);
  return rows.map(([table]) => table);
}

const coveredTables = personalDataRegistry
  .filter((registration) => registration.address)
  .flatMap((registration) => registration.tables);

describe.each(testDatabases)("an address's erasure on $name", ({ open }) => {
  let database: TestDatabaseHandle;
  beforeAll(async () => {
    database = await open();
    await emptyTables(database);
  }, openTimeoutMs);
  afterAll(async () => {
    await database?.close();
  });

  const rowsIn = async (table: PgTable) =>
    (await database.db.select({ rows: count() }).from(table))[0]?.rows ?? 0;

  it("leaves none of her rows in any table the registry covers, and every row of another", async () => {
    const stored = await storePerson(database.db, "eva@example.cz");
    await storePerson(database.db, "jina@example.cz");
    const names = (tables: PgTable[]) => tables.map((table) => getTableConfig(table).name).sort();
    expect(names(stored)).toEqual(names(coveredTables));

    expect(await summarizeAddress(database.db, "Eva@example.cz")).toEqual({
      email: "Eva@example.cz",
      submissions: 1,
      // The notification of her submission, the notice to her, her newsletter confirmation.
      mails: 3,
      account: true,
      bookings: 1,
      eventSignups: 1,
      subscribers: 1,
    });
    const exported = JSON.stringify(await exportAddress(database.db, "eva@example.cz", at));
    expect(exported).toContain("198.51.100.7");
    expect(exported).not.toContain("jina@example.cz");
    expect(exported).not.toMatch(/JBSWY3DP|token_hash|tokenHash|code_hash/);

    const before = await Promise.all(coveredTables.map(rowsIn));
    const admin = { userId: randomUUID(), email: "spravkyne@example.cz" };
    expect(await eraseAddress(database.db, "eva@example.cz", admin, at)).toEqual({
      erased: {
        email: "eva@example.cz",
        submissions: 1,
        mails: 3,
        account: true,
        bookings: 1,
        eventSignups: 1,
        subscribers: 1,
      },
    });
    const after = await Promise.all(coveredTables.map(rowsIn));
    // The other person's rows are all there, hers gone: half of each table (the outbox's too).
    expect(after).toEqual(before.map((rows) => rows / 2));
    expect(await summarizeAddress(database.db, "eva@example.cz")).toEqual({
      email: "eva@example.cz",
      submissions: 0,
      mails: 0,
      account: false,
      bookings: 0,
      eventSignups: 0,
      subscribers: 0,
    });
  });
});
