/**
 * Housekeeping forgets what the privacy notice says is forgotten, each kind
 * of record just past its limit, and keeps what is just within it.
 */
import { isNull } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  authSessions,
  emailConfirmationTokens,
  mailOutbox,
  materials,
  mfaChallenges,
  mfaFactors,
  newsletterDeliveries,
  newsletterLetters,
  newsletterSubscribers,
  rateLimitCounters,
  recoveryTokens,
  refreshTokens,
  signInAddresses,
  signInDevices,
  users,
} from "#database/schema";
import { sessionIdleLifetimeMs } from "#shared/session-lifetime";
import {
  emptyTables,
  openTimeoutMs,
  type TestDatabaseHandle,
  testDatabases,
  testTimeoutMs,
} from "#testing/test-databases";
import { deviceLifetimeMs, knownAddressTrustMs } from "./auth/throttling";
import { forgetExpired, startHousekeeping } from "./housekeeping";
import { captureLog } from "./logger";
import { fileWaitMs } from "./materials/material-housekeeping";
import { sentLetterMailRetentionMs } from "./newsletter/letter-sending";
import { unconfirmedRetentionMs } from "./newsletter/subscribers";
import { longestWindowMs } from "./rate-limit";

const now = new Date("2026-11-27T10:00:00Z");
const minute = 60_000;
const day = 24 * 60 * minute;
/** `ms` before now, give or take a minute: `just(…, "past")` is over its limit, `"within"` not yet. */
const just = (ms: number, side: "past" | "within") =>
  new Date(now.getTime() - ms + (side === "past" ? -minute : minute));

describe.each(testDatabases)(
  "housekeeping on $name",
  { timeout: testTimeoutMs },
  (testDatabase) => {
    let database: TestDatabaseHandle;
    beforeAll(async () => {
      database = await testDatabase.open();
    }, openTimeoutMs);
    afterAll(async () => {
      await database?.close();
    });
    beforeEach(async () => {
      await emptyTables(database);
      // Their sessions, devices, addresses, factors and links go with them.
      await database.db.delete(users);
      await database.db.delete(materials).where(isNull(materials.kind));
      await database.db.delete(newsletterLetters);
      await database.db.delete(newsletterSubscribers);
    });

    /** One of each record, `side` of its limit. */
    async function seed(side: "past" | "within", n: number) {
      const db = database.db;
      const [user] = await db
        .insert(users)
        .values({ email: `uklid-${side}-${n}@example.cz`, passwordHash: "" })
        .returning();
      const userId = user?.id ?? "";
      const idleSince = just(sessionIdleLifetimeMs, side);
      const [session] = await db
        .insert(authSessions)
        .values({
          userId,
          // One never refreshed, one refreshed: either way its last use counts.
          createdAt: n === 1 ? idleSince : new Date(idleSince.getTime() - 90 * day),
          refreshedAt: n === 1 ? null : idleSince,
          userAgent: "Mozilla/5.0 (Android 15)",
          ipAddress: `203.0.113.${n}`,
        })
        .returning();
      await db.insert(refreshTokens).values({
        sessionId: session?.id ?? "",
        tokenHash: `refresh-${side}-${n}`,
        createdAt: idleSince,
      });
      // A session in use: its current token stays; the one it replaced goes a day after its use.
      const [live] = await db
        .insert(authSessions)
        .values({
          userId,
          createdAt: new Date(now.getTime() - 90 * day),
          refreshedAt: now,
          ipAddress: `198.51.100.${n}`,
        })
        .returning();
      const usedAt = just(day, side);
      await db.insert(refreshTokens).values([
        {
          sessionId: live?.id ?? "",
          tokenHash: `used-${side}-${n}`,
          revoked: true,
          revokedAt: usedAt,
          createdAt: usedAt,
        },
        { sessionId: live?.id ?? "", tokenHash: `current-${side}-${n}`, createdAt: usedAt },
      ]);
      await db.insert(signInAddresses).values({
        userId,
        addressBlock: `203.0.113.${n}`,
        lastSignInAt: just(knownAddressTrustMs, side),
      });
      await db.insert(signInDevices).values({
        tokenHash: `device-${side}-${n}`,
        userId,
        lastSignInAt: just(deviceLifetimeMs, side),
      });
      await db.insert(rateLimitCounters).values({
        key: `form-recipient:uklid-${side}-${n}@example.cz`,
        windowStart: just(longestWindowMs, side),
        hits: 1,
      });
      const [verified] = await db
        .insert(mfaFactors)
        .values({
          userId,
          friendlyName: "Telefon",
          status: "verified",
          secret: "JBSWY3DPEHPK3PXP",
          createdAt: new Date(now.getTime() - 400 * day),
        })
        .returning();
      await db.insert(mfaChallenges).values({
        factorId: verified?.id ?? "",
        ipAddress: `203.0.113.${n}`,
        createdAt: just(60 * minute, side),
      });
      await db.insert(mfaFactors).values({
        userId,
        friendlyName: "Nedokončená",
        status: "unverified",
        secret: "KRSXG5CTMVRXEZLU",
        createdAt: just(day, side),
      });
      await db.insert(recoveryTokens).values({
        tokenHash: `recovery-${side}-${n}`,
        userId,
        expiresAt: just(day, side),
      });
      await db.insert(emailConfirmationTokens).values({
        tokenHash: `confirmation-${side}-${n}`,
        userId,
        createdAt: new Date(now.getTime() - 30 * day),
        // Long valid, but used: a used link goes a day after its use.
        expiresAt: new Date(now.getTime() + 30 * day),
        usedAt: just(day, side),
      });
      // A file material whose file never arrived.
      await db.insert(materials).values({
        place: "members",
        title: `Bez souboru ${side} ${n}`,
        createdAt: just(fileWaitMs, side),
      });
      // A newsletter sign-up whose confirmation never came.
      await db.insert(newsletterSubscribers).values({
        email: `novinky-${side}-${n}@example.cz`,
        state: "pending",
        source: "blog",
        consentText: "Chci dostávat novinky e-mailem",
        consentVersion: "test",
        consentedAt: just(unconfirmedRetentionMs, side),
        consentAddressBlock: "203.0.113.0/24",
      });
      // A letter that went to a reader: its e-mail leaves the outbox, its delivery stays.
      const [reader] = await db
        .insert(newsletterSubscribers)
        .values({
          email: `ctenarka-${side}-${n}@example.cz`,
          state: "subscribed",
          source: "blog",
          consentText: "Chci dostávat novinky e-mailem",
          consentVersion: "test",
          consentedAt: new Date(now.getTime() - 400 * day),
          confirmedAt: new Date(now.getTime() - 400 * day),
          consentAddressBlock: "203.0.113.0/24",
        })
        .returning();
      const sentAt = just(sentLetterMailRetentionMs, side);
      const [letter] = await db
        .insert(newsletterLetters)
        .values({
          subject: `Dopis ${side} ${n}`,
          body: "<p>Ahoj</p>",
          state: "sent",
          sendingStartedAt: sentAt,
          fannedOutAt: sentAt,
          sentAt,
        })
        .returning();
      const [mail] = await db
        .insert(mailOutbox)
        .values({
          ownerType: "newsletter_subscriber",
          ownerId: reader?.id ?? "",
          kind: "newsletter_letter",
          status: "sent",
          to: reader?.email ?? "",
          replyTo: "majitelka@example.cz",
          subject: `Dopis ${side} ${n}`,
          html: "<p>Ahoj</p>",
          text: "Ahoj",
          nextAttemptAt: sentAt,
          sentAt,
        })
        .returning();
      await db.insert(newsletterDeliveries).values({
        letterId: letter?.id ?? "",
        subscriberId: reader?.id ?? "",
        state: "sent",
        outboxId: mail?.id ?? 0,
        settledAt: sentAt,
      });
    }

    async function remaining() {
      const db = database.db;
      return {
        sessions: (await db.select().from(authSessions)).map((row) => row.ipAddress).sort(),
        refreshTokens: (await db.select().from(refreshTokens)).map((row) => row.tokenHash).sort(),
        signInAddresses: (await db.select().from(signInAddresses))
          .map((row) => row.addressBlock)
          .sort(),
        signInDevices: (await db.select().from(signInDevices)).map((row) => row.tokenHash).sort(),
        rateLimitWindows: (await db.select().from(rateLimitCounters)).map((row) => row.key).sort(),
        mfaChallenges: (await db.select().from(mfaChallenges)).map((row) => row.ipAddress).sort(),
        factors: (await db.select().from(mfaFactors))
          .map((row) => `${row.status} ${row.friendlyName}`)
          .sort(),
        recoveryTokens: (await db.select().from(recoveryTokens)).map((row) => row.tokenHash).sort(),
        confirmationTokens: (await db.select().from(emailConfirmationTokens))
          .map((row) => row.tokenHash)
          .sort(),
        materialsWithoutFile: (await db.select().from(materials).where(isNull(materials.kind)))
          .map((row) => row.title)
          .sort(),
        newsletterSignUps: (await db.select().from(newsletterSubscribers))
          .map((row) => row.email)
          .filter((email) => email.startsWith("novinky-"))
          .sort(),
        letterMail: (await db.select().from(mailOutbox)).map((row) => row.subject).sort(),
        letterDeliveries: (await db.select().from(newsletterDeliveries))
          .map((row) => `${row.state} ${row.outboxId === null ? "without" : "with"} e-mail`)
          .sort(),
      };
    }

    it("forgets each kind of record just past its limit and keeps it just within", async () => {
      await seed("past", 1);
      await seed("past", 2);
      await seed("within", 3);
      await seed("within", 4);

      expect(await forgetExpired(database.db, now)).toEqual({
        idleSessions: 2,
        usedRefreshTokens: 2,
        signInAddresses: 2,
        signInDevices: 2,
        rateLimitWindows: 2,
        mfaChallenges: 2,
        unverifiedFactors: 2,
        spentLinks: 4,
        materialsWithoutFile: 2,
        unconfirmedNewsletterSignUps: 2,
        sentLetterMail: 2,
        // The visit counts' salts and old counts: server/stats/visit-counting.test.ts.
        visitSalts: 0,
        oldVisitCounts: 0,
      });
      expect(await remaining()).toEqual({
        sessions: [
          "198.51.100.1",
          "198.51.100.2",
          "198.51.100.3",
          "198.51.100.4",
          "203.0.113.3",
          "203.0.113.4",
        ],
        refreshTokens: [
          "current-past-1",
          "current-past-2",
          "current-within-3",
          "current-within-4",
          "refresh-within-3",
          "refresh-within-4",
          "used-within-3",
          "used-within-4",
        ],
        signInAddresses: ["203.0.113.3", "203.0.113.4"],
        signInDevices: ["device-within-3", "device-within-4"],
        rateLimitWindows: [
          "form-recipient:uklid-within-3@example.cz",
          "form-recipient:uklid-within-4@example.cz",
        ],
        mfaChallenges: ["203.0.113.3", "203.0.113.4"],
        factors: [
          "unverified Nedokončená",
          "unverified Nedokončená",
          "verified Telefon",
          "verified Telefon",
          "verified Telefon",
          "verified Telefon",
        ],
        recoveryTokens: ["recovery-within-3", "recovery-within-4"],
        confirmationTokens: ["confirmation-within-3", "confirmation-within-4"],
        materialsWithoutFile: ["Bez souboru within 3", "Bez souboru within 4"],
        newsletterSignUps: ["novinky-within-3@example.cz", "novinky-within-4@example.cz"],
        letterMail: ["Dopis within 3", "Dopis within 4"],
        letterDeliveries: [
          "sent with e-mail",
          "sent with e-mail",
          "sent without e-mail",
          "sent without e-mail",
        ],
      });

      // A second run, on this server or another, finds nothing more.
      expect(Object.values(await forgetExpired(database.db, now))).toEqual([
        0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
      ]);
    });

    it("runs at start and says in the log how many of each went", async () => {
      await seed("past", 1);
      const lines = await captureLog(async () => {
        const housekeeping = startHousekeeping({ db: database.db, clock: { now: () => now } });
        await housekeeping.stop();
      });
      expect(lines).toEqual([
        expect.objectContaining({
          level: "info",
          msg: "Housekeeping: expired records forgotten",
          idleSessions: 1,
          signInAddresses: 1,
          spentLinks: 2,
        }),
      ]);
      expect((await remaining()).sessions).toEqual(["198.51.100.1"]);
    });

    it("logs nothing when only finished rate-limit windows went, which happens every minute", async () => {
      await database.db.insert(rateLimitCounters).values({
        key: "form-address:203.0.113.9",
        windowStart: just(longestWindowMs, "past"),
        hits: 3,
      });
      const lines = await captureLog(async () => {
        const housekeeping = startHousekeeping({ db: database.db, clock: { now: () => now } });
        await housekeeping.stop();
      });
      expect((await remaining()).rateLimitWindows).toEqual([]);
      expect(lines).toEqual([]);
    });
  },
);
