import { createServer } from "node:net";
import { count, eq, sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isDatabaseUnavailable, isUniqueViolation } from "#database/database-errors";
import { type DatabaseHandle, openDatabase } from "#database/open-database";
import { formSubmissions } from "#database/schema";
import { sendFailedMessage } from "#shared/form-schemas";
import { createTestApp, postForm, testSettings } from "#testing/test-app";
import {
  createEmptyPostgresDatabase,
  openTimeoutMs,
  postgresUrl,
  testDatabases,
  testTimeoutMs,
} from "#testing/test-databases";
import { captureLog, type LogLine } from "./logger";

const submission = (email: string) => ({
  formType: "contact",
  name: "Jana Nováková",
  email,
  message: "Dobrý den, ráda bych se objednala na harmonizaci.",
  privacyConsent: true,
});

/** A loopback port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  if (typeof address !== "object" || address === null) throw new Error("no port");
  return address.port;
}

describe("what a failed query says about the database", () => {
  it("a refused connection is the database being unavailable", async () => {
    const pool = new pg.Pool({
      connectionString: `postgres://nobody:nothing@127.0.0.1:${await closedPort()}/none`,
    });
    const error = await pool.query("select 1").catch((caught: unknown) => caught);
    await pool.end();

    expect(isDatabaseUnavailable(error)).toBe(true);
    expect(isUniqueViolation(error)).toBe(false);
  });

  for (const testDatabase of testDatabases) {
    it(
      `a refused row on ${testDatabase.name} is the query's fault, not the database's`,
      async () => {
        const database = await testDatabase.open();
        try {
          const error = await database.db
            .execute(sql`select 1/0`)
            .then(() => null)
            .catch((caught: unknown) => caught);
          expect(error).toBeInstanceOf(Error);
          expect(isDatabaseUnavailable(error)).toBe(false);
        } finally {
          await database.close();
        }
      },
      openTimeoutMs,
    );
  }
});

describe("a request that comes in as the server stops", () => {
  for (const testDatabase of testDatabases) {
    it(
      `is answered 503 with Retry-After once the database on ${testDatabase.name} is closed`,
      async () => {
        const database = await testDatabase.open();
        const app = createTestApp(database);
        await database.close();
        const email = `jana.konec.${testDatabase.name.toLowerCase()}@example.cz`;
        let answer: Response | undefined;
        const lines = await captureLog(async () => {
          answer = await postForm(app, submission(email));
        });

        expect(answer?.status).toBe(503);
        expect(answer?.headers.get("Retry-After")).toBe("5");
        expect(lines.filter((line) => line.msg === "Unhandled error")).toEqual([]);
        expect(JSON.stringify(lines)).not.toContain(email);
      },
      openTimeoutMs,
    );
  }
});

describe.skipIf(!postgresUrl)("a burst that holds every pooled connection (PostgreSQL)", () => {
  let database: DatabaseHandle;
  let drop: () => Promise<void>;
  let app: ReturnType<typeof createTestApp>;

  beforeAll(async () => {
    const empty = await createEmptyPostgresDatabase(postgresUrl as string);
    drop = empty.drop;
    database = await openDatabase({ databaseUrl: empty.url }, { poolWaitMs: 300 });
    app = createTestApp(database);
  }, openTimeoutMs);

  afterAll(async () => {
    await database?.close();
    await drop?.();
  });

  /** Runs `action` while ten transactions (the pool's size) hold every connection. */
  async function whileEveryConnectionIsHeld(action: () => Promise<void>) {
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const holders = Array.from({ length: 10 }, () =>
      database.db.transaction(async (tx) => {
        await tx.execute(sql`select 1`);
        await held;
      }),
    );
    try {
      await expect
        .poll(() => database.poolStatus().idle === 0 && database.poolStatus().total)
        .toBe(10);
      await action();
    } finally {
      release();
      await Promise.all(holders);
    }
  }

  const stored = async (email: string) =>
    (
      await database.db
        .select({ rows: count() })
        .from(formSubmissions)
        .where(eq(formSubmissions.email, email))
    )[0]?.rows;

  it(
    "answers 503 with Retry-After while no connection comes free, stores nothing, and takes the same form once one does",
    async () => {
      const email = "jana.burst@example.cz";
      let answer: Response | undefined;
      let lines: LogLine[] = [];
      await whileEveryConnectionIsHeld(async () => {
        lines = await captureLog(async () => {
          answer = await postForm(app, submission(email));
        });
      });

      expect(answer?.status).toBe(503);
      expect(answer?.headers.get("Retry-After")).toBe("5");
      expect(await answer?.json()).toEqual({
        error: { code: "unavailable", message: sendFailedMessage },
      });
      // Logged as the database's state, once, without the request's data.
      expect(lines.filter((line) => line.msg === "Database unavailable")).toMatchObject([
        { level: "warn", route: "/api/form-submissions" },
      ]);
      expect(lines.filter((line) => line.msg === "Unhandled error")).toEqual([]);
      expect(JSON.stringify(lines)).not.toContain(email);
      expect(await stored(email)).toBe(0);

      const again = await postForm(app, submission(email));
      expect(again.status).toBe(201);
      expect(await stored(email)).toBe(1);
    },
    testTimeoutMs,
  );

  it(
    "answers the same form sent without scripts with 503 and Retry-After, and stores nothing",
    async () => {
      const email = "jana.bez.skriptu@example.cz";
      let answer: Response | undefined;
      let lines: LogLine[] = [];
      await whileEveryConnectionIsHeld(async () => {
        lines = await captureLog(async () => {
          answer = await app.request("/formular", {
            method: "POST",
            headers: {
              Accept: "text/html,application/xhtml+xml",
              "Content-Type": "application/x-www-form-urlencoded",
              "Sec-Fetch-Site": "same-origin",
              Origin: testSettings.SITE_URL,
            },
            body: new URLSearchParams({
              formType: "contact",
              name: "Jana Nováková",
              email,
              message: "Dobrý den, ráda bych se objednala na harmonizaci.",
              privacyConsent: "on",
              website: "",
            }).toString(),
          });
        });
      });

      expect(answer?.status).toBe(503);
      expect(answer?.headers.get("Retry-After")).toBe("5");
      // A page for the browser that sent it, in the site's words, not the API's JSON.
      expect(answer?.headers.get("Content-Type")).toMatch(/^text\/html/);
      const page = (await answer?.text()) ?? "";
      expect(page).toMatch(/<h1[^>]*>Něco se pokazilo<\/h1>/);
      expect(page).toContain(sendFailedMessage);
      expect(lines.filter((line) => line.level === "error")).toEqual([]);
      expect(JSON.stringify(lines)).not.toContain(email);
      expect(await stored(email)).toBe(0);
    },
    testTimeoutMs,
  );
});
