import { asc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTimeoutMs, type TestDatabaseHandle, testDatabases } from "#testing/test-databases";
import { insertedValues, insertRowsWhere, preparedStatement } from "./prepared-statement";
import { formSubmissions, mailOutbox } from "./schema";

const submission = (id: string, name: string) => ({
  id,
  createdAt: new Date("2026-05-04T08:10:00.123Z"),
  formType: "contact",
  name,
  email: "jana@example.cz",
  phone: null,
  serviceType: null,
  message: "Dobrý den.",
  privacyConsent: true,
});
const submissionKeys = Object.keys(submission("", ""));
const mailKeys = ["submissionId", "kind", "to", "subject", "data", "nextAttemptAt"];
const mail = (submissionId: string, kind: string) => ({
  submissionId,
  kind,
  to: `${kind}@example.cz`,
  subject: `Předmět ${kind}`,
  data: { kind, nested: { čeština: "ř" } },
  nextAttemptAt: new Date("2026-05-04T08:10:00.000Z"),
});

/** The SQLSTATE of an error or of its cause. */
function sqlState(error: unknown): unknown {
  for (let cause = error; cause instanceof Error; cause = cause.cause) {
    if ("code" in cause) return cause.code;
  }
  return undefined;
}

/** A record and two e-mails, each stored when its placeholder says so. */
const storeWhen = preparedStatement<{ stored: number | string }>(
  () =>
    sql`with record as (${insertRowsWhere(formSubmissions, "record", submissionKeys, [
      sql`${sql.placeholder("store_record")}::boolean`,
    ])}), mails as (${insertRowsWhere(mailOutbox, "mail", mailKeys, [
      sql`${sql.placeholder("store_first")}::boolean`,
      sql`${sql.placeholder("store_second")}::boolean`,
    ])}) select ${sql.placeholder("answer")}::int as stored`,
);

describe.each(testDatabases)("a prepared statement on $name", ({ open }) => {
  let database: TestDatabaseHandle;
  beforeAll(async () => {
    database = await open();
  }, openTimeoutMs);
  afterAll(async () => {
    await database?.close();
  }, openTimeoutMs);

  const run = (
    id: string,
    name: string,
    flags: [boolean, boolean, boolean],
    answer: number,
    formType = "contact",
  ) =>
    storeWhen(database.db, {
      store_record: flags[0],
      store_first: flags[1],
      store_second: flags[2],
      answer,
      ...insertedValues(formSubmissions, "record", submissionKeys, [
        { ...submission(id, name), formType },
      ]),
      ...insertedValues(mailOutbox, "mail", mailKeys, [mail(id, "prvni"), mail(id, "druhy")]),
    });
  const mailsOf = (id: string) =>
    database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.submissionId, id))
      .orderBy(asc(mailOutbox.id));

  it("runs with each call's own values, not the first call's", async () => {
    const first = "00000000-0000-4000-8000-000000000001";
    const second = "00000000-0000-4000-8000-000000000002";
    expect(await run(first, "Jana Nováková", [true, true, true], 1)).toEqual([{ stored: 1 }]);
    expect(await run(second, "Šárka Dvořáková", [true, true, true], 2)).toEqual([{ stored: 2 }]);

    const rows = await database.db.select().from(formSubmissions);
    expect(
      rows.filter((row) => [first, second].includes(row.id)).map((row) => [row.id, row.name]),
    ).toEqual(
      expect.arrayContaining([
        [first, "Jana Nováková"],
        [second, "Šárka Dvořáková"],
      ]),
    );
    // Each value as its column stores it: the instant, SQL NULL, the JSON document.
    const [stored] = rows.filter((row) => row.id === second);
    expect(stored?.createdAt.toISOString()).toBe("2026-05-04T08:10:00.123Z");
    expect(stored?.phone).toBeNull();
    const [firstMail] = await mailsOf(second);
    expect(firstMail?.data).toEqual({ kind: "prvni", nested: { čeština: "ř" } });
    expect(firstMail?.nextAttemptAt.toISOString()).toBe("2026-05-04T08:10:00.000Z");
  });

  it("stores a row only when its condition holds, and the rows in their order", async () => {
    const both = "00000000-0000-4000-8000-000000000003";
    const firstOnly = "00000000-0000-4000-8000-000000000004";
    const none = "00000000-0000-4000-8000-000000000005";
    await run(both, "Obě", [true, true, true], 0);
    await run(firstOnly, "Jen první", [true, true, false], 0);
    await run(none, "Nic", [false, false, false], 0);

    // The identity numbers them in their order: the first row gets the lower id.
    expect((await mailsOf(both)).map((row) => row.kind)).toEqual(["prvni", "druhy"]);
    expect((await mailsOf(firstOnly)).map((row) => row.kind)).toEqual(["prvni"]);
    expect(await mailsOf(none)).toEqual([]);
    const names = (await database.db.select().from(formSubmissions)).map((row) => row.name);
    expect(names).toEqual(expect.arrayContaining(["Obě", "Jen první"]));
    expect(names).not.toContain("Nic");
  });

  it("fails with the database's error code, and the next call runs as before", async () => {
    const refused = "00000000-0000-4000-8000-000000000006";
    const after = "00000000-0000-4000-8000-000000000007";
    const error = await run(refused, "Odmítnutá", [true, true, true], 0, "kontakt").catch(
      (thrown: unknown) => thrown,
    );
    // drizzle wraps PostgreSQL's error, the embedded database's comes as it is.
    expect(sqlState(error)).toBe("23514");
    expect(await mailsOf(refused)).toEqual([]);
    expect(await run(after, "Potom", [true, true, true], 7)).toEqual([{ stored: 7 }]);
    expect(await mailsOf(after)).toHaveLength(2);
  });

  it("is parsed once: the embedded database's session keeps it as a prepared statement", async () => {
    // PostgreSQL keeps it per pooled connection, which another query may not reach.
    if (database.kind !== "pglite") return;
    await run("00000000-0000-4000-8000-000000000008", "Připravená", [true, true, true], 8);
    const prepared = (await database.db.execute(
      sql`select statement from pg_prepared_statements where name like 'prepared_%'`,
    )) as unknown as { rows: { statement: string }[] };
    expect(prepared.rows.some((row) => row.statement.includes('insert into "mail_outbox"'))).toBe(
      true,
    );
  });
});
