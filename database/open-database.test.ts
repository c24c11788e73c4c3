import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { count } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  createEmptyPostgresDatabase,
  emptyTables,
  openTimeoutMs,
  postgresUrl,
  type TestDatabaseHandle,
  testDatabases,
  testTimeoutMs,
} from "#testing/test-databases";
import { FolderLockedError } from "./folder-lock";
import { openDatabase } from "./open-database";
import { formSubmissions, type NewFormSubmission } from "./schema";

const valid: NewFormSubmission = {
  formType: "contact",
  name: "Jana Nováková",
  email: "jana@example.cz",
  phone: "+420 777 123 456",
  serviceType: "consultation",
  message: "Dobrý den, ráda bych se objednala.",
  privacyConsent: true,
};
const gift: NewFormSubmission = {
  formType: "gift_ritual",
  name: "Šárka",
  email: "sarka@example.cz",
  privacyConsent: true,
};

/** Rows the forms would refuse: the database refuses them too, whatever code writes them. */
const refusedRows: [string, NewFormSubmission][] = [
  ["an unknown form type", { ...valid, formType: "kontakt" }],
  ["a name of 1 character", { ...valid, name: "J" }],
  ["a name of 101 characters", { ...valid, name: "ř".repeat(101) }],
  ["an e-mail of 256 characters", { ...valid, email: `${"a".repeat(245)}@example.cz` }],
  ["an e-mail without @", { ...valid, email: "jana.example.cz" }],
  ["a phone of 21 characters", { ...valid, phone: "1".repeat(21) }],
  ["a service of 101 characters", { ...valid, serviceType: "ř".repeat(101) }],
  ["a contact message of 9 characters", { ...valid, message: "Dobrý den" }],
  ["a contact form without a message", { ...valid, message: null }],
  ["a message of 1001 characters", { ...gift, message: "ř".repeat(1001) }],
  ["a gift request with a phone", { ...gift, phone: "777123456" }],
  ["a gift request with a service", { ...gift, serviceType: "consultation" }],
  ["no consent", { ...valid, privacyConsent: false }],
];

describe.each(testDatabases)(
  "the database schema on $name",
  { timeout: testTimeoutMs },
  (testDatabase) => {
    let database: TestDatabaseHandle;

    beforeAll(async () => {
      database = await testDatabase.open();
    }, openTimeoutMs);
    afterAll(async () => {
      await database?.close();
    }, openTimeoutMs);
    beforeEach(async () => {
      await emptyTables(database);
    });

    it("stores a valid contact message and a gift request with its timestamps in UTC", async () => {
      const rows = await database.db.insert(formSubmissions).values([valid, gift]).returning();

      expect(rows).toHaveLength(2);
      expect(rows[0]?.id).toMatch(/^[0-9a-f-]{36}$/);
      expect(rows[0]?.createdAt).toBeInstanceOf(Date);
      expect(Math.abs(Date.now() - (rows[0]?.createdAt.getTime() ?? 0))).toBeLessThan(60_000);
    });

    it.each(refusedRows)("refuses %s with a check constraint", async (_case, row) => {
      await expect(database.db.insert(formSubmissions).values(row)).rejects.toMatchObject({
        cause: expect.objectContaining({ code: "23514" }),
      });
      const [stored] = await database.db.select({ n: count() }).from(formSubmissions);
      expect(stored?.n).toBe(0);
    });

    it("reports itself healthy", async () => {
      expect(await database.isHealthy()).toBe(true);
    });
  },
);

describe("embedded databases in memory, copies of one migrated template", () => {
  it(
    "each starts migrated and empty, and what one stores the others never see",
    async () => {
      const first = await openDatabase({ dataDir: "memory" });
      const second = await openDatabase({ dataDir: "memory" });
      try {
        await first.db.insert(formSubmissions).values([valid, gift]);
        await second.db.insert(formSubmissions).values(valid);
        const third = await openDatabase({ dataDir: "memory" });
        try {
          const rows = async (handle: typeof first) =>
            (await handle.db.select({ n: count() }).from(formSubmissions))[0]?.n;
          expect([await rows(first), await rows(second), await rows(third)]).toEqual([2, 1, 0]);
          // Migrated: the tables' constraints hold in the copy too.
          await expect(
            third.db.insert(formSubmissions).values({ ...valid, formType: "kontakt" }),
          ).rejects.toThrow();
        } finally {
          await third.close();
        }
      } finally {
        await first.close();
        await second.close();
      }
    },
    openTimeoutMs,
  );
});

describe("the embedded database in a folder", () => {
  let dataDir: string;

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), "pglite-folder-"));
  });
  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  it(
    "keeps its rows across a restart, applies migrations once, and refuses a second opener",
    async () => {
      const first = await openDatabase({ dataDir });
      await first.db.insert(formSubmissions).values(valid);
      await expect(openDatabase({ dataDir })).rejects.toThrow(FolderLockedError);
      await first.close();
      expect(await first.isHealthy()).toBe(false);

      const second = await openDatabase({ dataDir });
      const [stored] = await second.db.select({ n: count() }).from(formSubmissions);
      expect(stored?.n).toBe(1);
      await second.close();
    },
    openTimeoutMs,
  );
});

describe.skipIf(!postgresUrl)("several servers starting at once on one PostgreSQL", () => {
  it(
    "migrate it once, one after the other, and all start",
    async () => {
      const empty = await createEmptyPostgresDatabase(postgresUrl as string);
      try {
        const handles = await Promise.all(
          [1, 2, 3].map(() => openDatabase({ databaseUrl: empty.url })),
        );
        const [first] = handles;
        await first?.db.insert(formSubmissions).values(valid);
        for (const handle of handles) {
          const [stored] = await handle.db.select({ n: count() }).from(formSubmissions);
          expect(stored?.n).toBe(1);
          await handle.close();
        }
      } finally {
        await empty.drop();
      }
    },
    openTimeoutMs,
  );

  it(
    "refuses a database whose encoding is not UTF-8, naming DATABASE_URL",
    async () => {
      const url = new URL(postgresUrl as string);
      const name = `test_latin2_${Date.now()}`;
      const admin = new pg.Client({ connectionString: url.href });
      await admin.connect();
      try {
        await admin.query(
          `create database ${name} template template0 encoding 'LATIN2' lc_collate 'C' lc_ctype 'C'`,
        );
        url.pathname = `/${name}`;
        await expect(openDatabase({ databaseUrl: url.href })).rejects.toThrow(
          /DATABASE_URL.*LATIN2.*UTF8/,
        );
      } finally {
        await admin.query(`drop database if exists ${name} with (force)`);
        await admin.end();
      }
    },
    openTimeoutMs,
  );
});
