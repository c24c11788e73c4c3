// @ts-check
/**
 * The embedded database's own thread (started by `pglite-thread.ts`): it
 * holds the PGlite instance and answers that file's requests, so that the
 * database's work runs beside the server's instead of in turns with it.
 *
 * Plain JavaScript, checked by TypeScript through its JSDoc: a thread loads
 * TypeScript only through tsx's loader, which added 330 ms to every start of a
 * thread (the test suite opens dozens of databases).
 */
import { parentPort, workerData } from "node:worker_threads";
import { PGlite, protocol, types } from "@electric-sql/pglite";

/**
 * @typedef {import("./pglite-thread").ThreadRequest} ThreadRequest
 * @typedef {import("./pglite-thread").ThreadReply} ThreadReply
 * @typedef {import("./pglite-thread").ThreadStart} ThreadStart
 * @typedef {import("./pglite-thread").ThreadError} ThreadError
 * @typedef {import("@electric-sql/pglite").Transaction} Transaction
 */

const port = /** @type {import("node:worker_threads").MessagePort} */ (parentPort);
const start = /** @type {ThreadStart} */ (workerData);

/** A parser that keeps a column's text, for the types the caller asked so. */
const keepText = (/** @type {string} */ value) => value;

/** Transactions the other thread has open, by number, and how to end each. */
/** @type {Map<number, { tx: Transaction; end(commit: boolean): Promise<void> }>} */
const transactions = new Map();
let transactionsStarted = 0;

/** What a held transaction's callback throws to roll back when asked to (not an error to report). */
const rolledBack = new Error("rolled back as asked");

/** The columns of each named statement, parsed once (`prepared`). */
/** @type {Map<string, Promise<{ name: string; dataTypeID: number }[]>>} */
const statements = new Map();

const opened = await PGlite.create(
  "dataDir" in start
    ? { dataDir: start.dataDir }
    : "template" in start
      ? { loadDataDir: new Blob([start.template]) }
      : {},
).catch((error) => {
  // Said once; with nothing more to answer, the thread then ends.
  port.postMessage(/** @type {ThreadReply} */ ({ id: 0, ok: false, error: crossing(error) }));
  return undefined;
});
/** The database this thread holds (the functions below run only once it is open). */
const database = /** @type {PGlite} */ (opened);
if (opened) {
  port.postMessage(/** @type {ThreadReply} */ ({ id: 0, ok: true, value: undefined }));
  port.on("message", (/** @type {ThreadRequest} */ request) => {
    answer(request)
      .then(({ value, transfer }) =>
        port.postMessage(
          /** @type {ThreadReply} */ ({ id: request.id, ok: true, value }),
          transfer,
        ),
      )
      // A failed statement, or an answer that cannot cross: the call fails, the thread goes on.
      .catch((error) =>
        port.postMessage(
          /** @type {ThreadReply} */ ({ id: request.id, ok: false, error: crossing(error) }),
        ),
      );
  });
}

/**
 * @param {ThreadRequest} request
 * @returns {Promise<{ value: unknown; transfer?: ArrayBuffer[] }>}
 */
async function answer(request) {
  switch (request.op) {
    case "query": {
      const options = {
        rowMode: request.rowMode,
        parsers: Object.fromEntries(request.textTypes.map((type) => [type, keepText])),
      };
      const on = request.tx === undefined ? database : openTransaction(request.tx).tx;
      const { rows, fields, affectedRows } = await on.query(request.text, request.params, options);
      return { value: { rows, fields, affectedRows } };
    }
    case "exec": {
      const on = request.tx === undefined ? database : openTransaction(request.tx).tx;
      const results = await on.exec(request.text);
      return {
        value: results.map(({ rows, fields, affectedRows }) => ({ rows, fields, affectedRows })),
      };
    }
    case "begin":
      return { value: await begin() };
    case "end":
      return { value: await openTransaction(request.tx).end(request.commit) };
    case "prepared":
      return { value: await runPrepared(request.name, request.text, request.params) };
    case "dump": {
      const buffer = await (await database.dumpDataDir("none")).arrayBuffer();
      return { value: buffer, transfer: [buffer] };
    }
    case "close":
      await database.close();
      return { value: undefined };
  }
}

/** @param {number} id */
function openTransaction(id) {
  const open = transactions.get(id);
  if (!open) throw new Error(`Transaction ${id} is not open`);
  return open;
}

/**
 * Opens a transaction and holds it until the other thread ends it: PGlite
 * commits when the callback returns and rolls back when it throws. Answers
 * the transaction's number once it has begun.
 * @returns {Promise<number>}
 */
function begin() {
  return new Promise((started, failed) => {
    const id = ++transactionsStarted;
    /** @type {Promise<void>} */
    let finished = Promise.resolve();
    finished = database
      .transaction(
        (tx) =>
          new Promise((commit, rollBack) => {
            transactions.set(id, {
              tx,
              end(wanted) {
                if (wanted) commit(undefined);
                else rollBack(rolledBack);
                return finished;
              },
            });
            started(id);
          }),
      )
      .then(
        () => {},
        (error) => {
          if (error !== rolledBack) throw error;
        },
      )
      .finally(() => transactions.delete(id));
    // Before it began (BEGIN failed) this answers `begin`; after, `end` answers it.
    finished.catch(failed);
  });
}

/**
 * A named statement of the session, through PGlite's wire protocol: parsed
 * once, then each call binds its values and executes it in one exchange,
 * under the same locks as `PGlite.query`.
 * @param {string} name
 * @param {string} text
 * @param {(string | null)[]} params
 */
async function runPrepared(name, text, params) {
  const { serialize } = protocol;
  let parsed = statements.get(name);
  if (!parsed) {
    parsed = exclusive(() =>
      database.execProtocol(
        joined([
          serialize.parse({ name, text }),
          serialize.describe({ type: "S", name }),
          serialize.sync(),
        ]),
      ),
    ).then(
      ({ messages }) =>
        messages.find((message) => message instanceof protocol.messages.RowDescriptionMessage)
          ?.fields ?? [],
    );
    statements.set(name, parsed);
    parsed.catch(() => statements.delete(name));
  }
  const fields = await parsed;
  const { messages } = await exclusive(() =>
    database.execProtocol(
      joined([
        serialize.bind({ statement: name, values: params }),
        serialize.execute({}),
        serialize.sync(),
      ]),
    ),
  );
  /** @type {Record<string, unknown>[]} */
  const rows = [];
  for (const message of messages) {
    if (!(message instanceof protocol.messages.DataRowMessage)) continue;
    /** @type {Record<string, unknown>} */
    const row = {};
    message.fields.forEach((value, index) => {
      const field = fields[index];
      if (field) row[field.name] = types.parseType(value, field.dataTypeID);
    });
    rows.push(row);
  }
  return rows;
}

/**
 * @template T
 * @param {() => Promise<T>} work
 * @returns {Promise<T>}
 */
function exclusive(work) {
  return database._runExclusiveTransaction(() =>
    database.runExclusive(async () => {
      // As PGlite's own query() does: a closed database says so.
      await database._checkReady();
      return work();
    }),
  );
}

/** @param {Uint8Array[]} parts */
function joined(parts) {
  const whole = new Uint8Array(parts.reduce((length, part) => length + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    whole.set(part, offset);
    offset += part.length;
  }
  return whole;
}

/**
 * An error as the other thread rebuilds it: its message, name and
 * PostgreSQL's fields (code, constraint, detail…), never its parameters.
 * @param {unknown} error
 * @returns {ThreadError}
 */
function crossing(error) {
  if (!(error instanceof Error)) return { name: "Error", message: String(error), fields: {} };
  /** @type {Record<string, string | number>} */
  const fields = {};
  for (const [key, value] of Object.entries(error)) {
    if (key === "params" || key === "queryOptions") continue;
    if (typeof value === "string" || typeof value === "number") fields[key] = value;
  }
  return { name: error.name, message: error.message, fields };
}
