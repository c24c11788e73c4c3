import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "#database/schema";
import { openTimeoutMs, type TestDatabaseHandle, testDatabases } from "#testing/test-databases";
import { summarizeError } from "./error-summary";

const hash = "$argon2id$v=19$m=19456,t=2,p=1$c2VjcmV0LXNhbHQ$tajny-otisk-hesla";
const email = "jana.tajna@example.cz";

/** The error a failing query throws, as the app would catch it. */
async function failureOf(query: Promise<unknown>): Promise<unknown> {
  try {
    await query;
  } catch (error) {
    return error;
  }
  throw new Error("the query did not fail");
}

describe.each(testDatabases)("summarizeError on $name", ({ open }) => {
  let database: TestDatabaseHandle;

  beforeAll(async () => {
    database = await open();
    await database.db.insert(users).values({ email, passwordHash: hash, userMetadata: {} });
  }, openTimeoutMs);

  afterAll(async () => {
    await database?.close();
  });

  it("names a failed insert by class and PostgreSQL code, without its parameters", async () => {
    const error = await failureOf(
      database.db.insert(users).values({ email, passwordHash: hash, userMetadata: {} }),
    );
    // The raw error does quote them: this is what must not reach a log.
    expect(String((error as Error).message)).toContain(hash);

    const line = summarizeError(error);
    expect(line).toContain("23505");
    expect(line).not.toContain(hash);
    expect(line).not.toContain("argon2");
    expect(line).not.toContain(email);
    expect(line).not.toMatch(/params|insert into/i);
  });

  it("hides the value PostgreSQL quotes in its own message", async () => {
    const error = await failureOf(database.db.execute(sql`select ${hash}::uuid`));

    const line = summarizeError(error);
    expect(line).toContain("22P02");
    expect(line).not.toContain("argon2");
    expect(line).not.toMatch(/params|select/i);
  });
});

describe("summarizeError", () => {
  it("describes something that is not an Error by its type only", () => {
    expect(summarizeError({ password: "heslo" })).toBe("object");
  });
});
