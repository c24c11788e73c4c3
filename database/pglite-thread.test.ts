import { spawn } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTimeoutMs } from "#testing/test-databases";
import { type DatabaseHandle, openDatabase, rowsOf } from "./open-database";
import { PGliteThread } from "./pglite-thread";

const root = fileURLToPath(new URL("..", import.meta.url));

describe("the embedded database on its own thread", () => {
  let database: DatabaseHandle;
  let thread: PGliteThread;
  beforeAll(async () => {
    database = await openDatabase({ dataDir: "memory" });
    thread = (database.db as unknown as { $client: PGliteThread }).$client;
    await thread.exec(
      "create table thread_test (id int primary key, secret text not null unique, note text)",
    );
  }, openTimeoutMs);
  afterAll(async () => {
    await database?.close();
  }, openTimeoutMs);

  it("is where drizzle's statements go", () => {
    expect(thread).toBeInstanceOf(PGliteThread);
  });

  it("keeps the server's thread free while a statement works", async () => {
    // About a second of the database's work; in the server's thread no timer could fire meanwhile.
    let ticks = 0;
    const timer = setInterval(() => ticks++, 10);
    const started = performance.now();
    const [row] = await rowsOf<{ count: string }>(
      database.db,
      sql`select count(*) from generate_series(1, 3000000) as n where n % 7 = 3`,
    );
    const elapsed = performance.now() - started;
    clearInterval(timer);
    expect(Number(row?.count)).toBe(428_572);
    // Half the 10 ms ticks the statement lasted: a blocked loop gets one at most.
    expect(ticks).toBeGreaterThan(elapsed / 20);
  });

  it("answers PostgreSQL's error fields, never the statement's parameters", async () => {
    await thread.query("insert into thread_test (id, secret) values ($1, $2)", [1, "heslo-123"]);
    const error = await thread
      .query("insert into thread_test (id, secret) values ($1, $2)", [2, "heslo-123"])
      .then(
        () => undefined,
        (caught: unknown) => caught,
      );
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({
      code: "23505",
      constraint: "thread_test_secret_key",
      table: "thread_test",
    });
    // PGlite puts them on its error; what the thread answers has none (PostgreSQL's own detail aside).
    expect(error).not.toHaveProperty("params");
    const { detail, ...rest } = error as Error & { detail: string };
    expect(detail).toContain("already exists");
    expect(JSON.stringify(rest)).not.toContain("heslo-123");
    expect((error as Error).message).not.toContain("heslo-123");
  });

  it("commits a transaction's statements together, and others wait for it", async () => {
    const order: string[] = [];
    let outside: Promise<unknown> | undefined;
    await thread.transaction(async (tx) => {
      await tx.query("insert into thread_test (id, secret) values (10, 'a')");
      // A statement from outside the transaction waits until it has committed.
      outside = thread
        .query<{ count: number }>("select count(*)::int as count from thread_test where id >= 10")
        .then(({ rows }) => order.push(`outside saw ${rows[0]?.count}`));
      await new Promise((resolve) => setTimeout(resolve, 50));
      await tx.query("insert into thread_test (id, secret) values (11, 'b')");
      order.push("transaction done");
    });
    await outside;
    expect(order).toEqual(["transaction done", "outside saw 2"]);
  });

  it("rolls back everything when the callback throws, and reports the callback's error", async () => {
    const failure = new Error("the callback failed");
    await expect(
      thread.transaction(async (tx) => {
        await tx.query("insert into thread_test (id, secret) values (20, 'c')");
        throw failure;
      }),
    ).rejects.toBe(failure);
    const { rows } = await thread.query("select id from thread_test where id = 20");
    expect(rows).toEqual([]);
  });

  it("rolls back when a statement in it fails, and the database goes on", async () => {
    await expect(
      database.db.transaction(async (tx) => {
        await tx.execute(sql`insert into thread_test (id, secret) values (30, 'd')`);
        await tx.execute(sql`insert into thread_test (id, secret) values (31, 'd')`);
      }),
    ).rejects.toThrow();
    const { rows } = await thread.query("select id from thread_test where id in (30, 31)");
    expect(rows).toEqual([]);
    const { rows: after } = await thread.query<{ one: number }>("select 1 as one");
    expect(after).toEqual([{ one: 1 }]);
  });

  it("keeps the text of the types drizzle asks for, and refuses a parser it cannot carry", async () => {
    const { rows } = await thread.query<[string]>(
      "select '2026-05-04 08:10:00.123+00'::timestamptz::text as kept, '2026-05-04 08:10:00.123+00'::timestamptz as at",
      [],
      { rowMode: "object", parsers: { 1184: (value: string) => value } },
    );
    expect(rows[0]).toEqual({
      kept: "2026-05-04 08:10:00.123+00",
      at: "2026-05-04 08:10:00.123+00",
    });
    await expect(
      thread.query("select now()", [], { parsers: { 1184: (value: string) => new Date(value) } }),
    ).rejects.toThrow(/type 1184 asked for another parser/);
  });

  it("fails a call whose parameter cannot cross to the thread, and goes on", async () => {
    await expect(thread.query("select $1::text as x", [() => "a function"])).rejects.toThrow();
    const { rows } = await thread.query<{ x: string }>("select $1::text as x", ["text"]);
    expect(rows).toEqual([{ x: "text" }]);
  });

  it(
    "refuses every call once closed",
    async () => {
      const other = await openDatabase({ dataDir: "memory" });
      const client = (other.db as unknown as { $client: PGliteThread }).$client;
      await other.close();
      await expect(client.query("select 1")).rejects.toThrow(/closed/);
    },
    openTimeoutMs,
  );
});

describe("opening the embedded database on its thread", () => {
  let folder: string;
  beforeAll(async () => {
    folder = await mkdtemp(join(tmpdir(), "pglite-thread-"));
  });
  afterAll(async () => {
    await rm(folder, { recursive: true, force: true });
  });

  it(
    "fails with PGlite's reason when the data folder cannot be one",
    async () => {
      const file = join(folder, "a-file");
      await writeFile(file, "not a folder");
      await expect(PGliteThread.start({ dataDir: file })).rejects.toThrow();
    },
    openTimeoutMs,
  );

  it(
    "reports a thread that stopped on its own as lost, and fails every call after; a close is no loss",
    async () => {
      // A real way for the thread to die: an answer larger than its heap may hold.
      const thread = await PGliteThread.start(
        { fresh: true },
        { resourceLimits: { maxOldGenerationSizeMb: 64 } },
      );
      const lost: Error[] = [];
      thread.onLost((reason) => lost.push(reason));
      await expect(
        thread.query("select repeat('x', 1000) as t from generate_series(1, 400000)"),
      ).rejects.toThrow(/thread stopped: .*memory/);
      expect(lost).toHaveLength(1);
      expect(lost[0]?.message).toMatch(/^The embedded database's thread stopped/);
      await expect(thread.query("select 1")).rejects.toBe(lost[0]);

      const closed = await PGliteThread.start({ fresh: true });
      thread.onLost(() => lost.push(new Error("not this one")));
      closed.onLost((reason) => lost.push(reason));
      await closed.close();
      expect(lost).toHaveLength(1);
    },
    openTimeoutMs * 2,
  );

  it("does not keep a process alive that forgot to close it, after a call that could not cross either", async () => {
    const script = join(folder, "forgets.mts");
    await writeFile(
      script,
      `import { openDatabase } from ${JSON.stringify(join(root, "database/open-database.ts"))};
const database = await openDatabase({ dataDir: "memory" });
await database.db.execute("select 1");
const client = (database.db as unknown as { $client: { query(text: string, params: unknown[]): Promise<unknown> } }).$client;
await client.query("select $1::text", [() => "cannot cross"]).catch(() => {});
console.log("queried");
`,
    );
    const child = spawn(process.execPath, ["--import", "tsx", script], {
      cwd: root,
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (chunk) => {
      output += chunk;
    });
    child.stderr.on("data", (chunk) => {
      output += chunk;
    });
    const code = await new Promise<number | null>((resolve) => {
      const timeout = setTimeout(() => {
        child.kill("SIGKILL");
        resolve(null);
      }, 60_000);
      child.on("exit", (exitCode) => {
        clearTimeout(timeout);
        resolve(exitCode);
      });
    });
    expect(output).toContain("queried");
    expect(code).toBe(0);
  }, 90_000);
});
