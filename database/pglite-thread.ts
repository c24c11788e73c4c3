/**
 * The embedded database on a thread of its own. PGlite is PostgreSQL compiled
 * to WebAssembly: in the server's thread, every statement and every request's
 * JavaScript took turns on one core, so the form endpoint's rate was bounded
 * by their sum. Here the database works on a second thread
 * (`pglite-worker.js`) and this object stands in for its `PGlite`: the calls
 * drizzle and the server make (`query`, `exec`, `transaction`) and a named
 * statement (`runPrepared`) go to it as messages, in the order made, and
 * answer what PGlite answers there. PostgreSQL's error fields (`code`,
 * `constraint`…) come back on the error; its parameters never do.
 */
import { type ResourceLimits, Worker } from "node:worker_threads";
import type { QueryOptions, Results, Transaction } from "@electric-sql/pglite";
import { embeddedClosedMessage } from "./database-errors";

/** What the thread opens: a data folder, a copy of a dumped one (`dumpDataDir`), or a new cluster in memory. */
export type ThreadStart = { dataDir: string } | { template: ArrayBuffer } | { fresh: true };

export type ThreadRequest = { id: number } & (
  | {
      op: "query";
      text: string;
      params: unknown[];
      rowMode: "array" | "object";
      /** Types whose columns stay text (drizzle keeps timestamps and dates as PostgreSQL writes them). */
      textTypes: number[];
      tx?: number;
    }
  | { op: "exec"; text: string; tx?: number }
  | { op: "begin" }
  | { op: "end"; tx: number; commit: boolean }
  | { op: "prepared"; name: string; text: string; params: (string | null)[] }
  | { op: "dump" }
  | { op: "close" }
);

/** An error as it crosses threads: PostgreSQL's fields by name (`code`, `constraint`, `detail`…). */
export type ThreadError = {
  name: string;
  message: string;
  fields: Record<string, string | number>;
};

/** Id 0 answers the start: the database is open, or why not. */
export type ThreadReply =
  | { id: number; ok: true; value: unknown }
  | { id: number; ok: false; error: ThreadError };

type Request = ThreadRequest extends infer R ? (R extends unknown ? Omit<R, "id"> : never) : never;

type Pending = { resolve(value: unknown): void; reject(error: Error): void };

const workerUrl = new URL("./pglite-worker.js", import.meta.url);

export class PGliteThread {
  readonly #worker: Worker;
  readonly #pending = new Map<number, Pending>();
  #requests = 0;
  /** Set once the thread is gone: every call then fails with it. */
  #stopped: Error | undefined;
  /** Told when the thread stops other than by `close()`. */
  readonly #whenLost = new Set<(reason: Error) => void>();
  #closing = false;

  private constructor(worker: Worker) {
    this.#worker = worker;
    worker.on("message", (reply: ThreadReply) => {
      const pending = this.#pending.get(reply.id);
      if (!pending) return;
      this.#pending.delete(reply.id);
      // An idle database thread does not keep the process alive (an in-process PGlite did not).
      if (this.#pending.size === 0) worker.unref();
      if (reply.ok) pending.resolve(reply.value);
      else pending.reject(rebuilt(reply.error));
    });
    worker.on("error", (error) =>
      this.#stop(
        new Error(`The embedded database's thread stopped: ${error.message}`, { cause: error }),
      ),
    );
    worker.on("exit", (code) =>
      this.#stop(new Error(`The embedded database's thread stopped (exit code ${code})`)),
    );
  }

  /**
   * Starts the thread and opens the database in it; fails as PGlite's own opening would.
   * `resourceLimits` caps the thread's own JavaScript heap (a runaway answer then stops the
   * thread alone, with `ERR_WORKER_OUT_OF_MEMORY`); by default the thread has Node's limits.
   */
  static async start(
    start: ThreadStart,
    { resourceLimits }: { resourceLimits?: ResourceLimits } = {},
  ): Promise<PGliteThread> {
    const thread = new PGliteThread(new Worker(workerUrl, { workerData: start, resourceLimits }));
    const opened = new Promise((resolve, reject) => thread.#pending.set(0, { resolve, reject }));
    try {
      await opened;
    } catch (error) {
      await thread.#worker.terminate();
      throw error;
    }
    return thread;
  }

  query<T>(text: string, params: unknown[] = [], options?: QueryOptions): Promise<Results<T>> {
    return this.#query<T>(undefined, text, params, options);
  }

  exec(text: string): Promise<Results[]> {
    return this.#call({ op: "exec", text }) as Promise<Results[]>;
  }

  /**
   * PGlite's transaction: `callback`'s statements run in it, and no other
   * statement runs until it commits (when `callback` returns) or rolls back
   * (when it throws, or calls `rollback()`).
   */
  async transaction<T>(callback: (tx: Transaction) => Promise<T>): Promise<T> {
    const id = (await this.#call({ op: "begin" })) as number;
    let closed = false;
    const end = async (commit: boolean) => {
      if (closed) return;
      closed = true;
      await this.#call({ op: "end", tx: id, commit });
    };
    const tx = {
      query: <R>(text: string, params: unknown[] = [], options?: QueryOptions) =>
        this.#query<R>(id, text, params, options),
      exec: (text: string) => this.#call({ op: "exec", text, tx: id }) as Promise<Results[]>,
      rollback: () => end(false),
      get closed() {
        return closed;
      },
    } as unknown as Transaction;
    let result: T;
    try {
      result = await callback(tx);
    } catch (error) {
      // The callback's error is the one to report, whatever rolling back says.
      await end(false).catch(() => {});
      throw error;
    }
    await end(true);
    return result;
  }

  /**
   * Runs the session's statement `name` (parsed from `text` on its first
   * call) with `params` in PostgreSQL's text format; answers its rows by
   * column name, each value parsed by its type.
   */
  runPrepared(
    name: string,
    text: string,
    params: (string | null)[],
  ): Promise<Record<string, unknown>[]> {
    return this.#call({ op: "prepared", name, text, params }) as Promise<Record<string, unknown>[]>;
  }

  /** The whole data folder as an uncompressed tar file (PGlite's `dumpDataDir`). */
  dumpDataDir(): Promise<ArrayBuffer> {
    return this.#call({ op: "dump" }) as Promise<ArrayBuffer>;
  }

  /**
   * Calls `listener` if the thread stops other than by `close()` (an uncaught error, its
   * memory limit): from then on every call fails, and nothing the database holds is reachable.
   */
  onLost(listener: (reason: Error) => void): void {
    this.#whenLost.add(listener);
  }

  /** Closes the database (writing what it holds) and ends the thread. */
  async close(): Promise<void> {
    if (this.#stopped) return;
    this.#closing = true;
    try {
      await this.#call({ op: "close" });
    } finally {
      this.#stop(new Error(embeddedClosedMessage));
      await this.#worker.terminate();
    }
  }

  async #query<T>(
    tx: number | undefined,
    text: string,
    params: unknown[],
    options: QueryOptions = {},
  ): Promise<Results<T>> {
    const { rowMode = "object", parsers, ...others } = options;
    const unsupported = Object.keys(others);
    if (unsupported.length > 0) {
      throw new TypeError(`The embedded database's thread does not take ${unsupported.join(", ")}`);
    }
    return (await this.#call({
      op: "query",
      text,
      params,
      rowMode,
      textTypes: textTypesOf(parsers),
      tx,
    })) as Results<T>;
  }

  #call(request: Request): Promise<unknown> {
    if (this.#stopped) return Promise.reject(this.#stopped);
    const id = ++this.#requests;
    return new Promise((resolve, reject) => {
      // Throws for a value that cannot cross (a function as a parameter): this call fails alone.
      this.#worker.postMessage({ ...request, id });
      if (this.#pending.size === 0) this.#worker.ref();
      this.#pending.set(id, { resolve, reject });
    });
  }

  #stop(reason: Error) {
    if (this.#stopped) return;
    this.#stopped = reason;
    for (const pending of this.#pending.values()) pending.reject(reason);
    this.#pending.clear();
    if (!this.#closing) for (const listener of this.#whenLost) listener(reason);
  }
}

/**
 * The types whose parser keeps the column's text. A parser is a function and
 * cannot cross threads; drizzle's only keep the text, and any other is refused.
 */
const textTypesByParsers = new WeakMap<object, number[]>();

function textTypesOf(parsers: QueryOptions["parsers"]): number[] {
  if (!parsers) return [];
  let types = textTypesByParsers.get(parsers);
  if (!types) {
    const probe = "2024-05-01 10:00:00+00";
    types = Object.entries(parsers).map(([type, parser]) => {
      if (parser(probe, Number(type)) !== probe) {
        throw new TypeError(
          `The embedded database's thread keeps a type's text or parses it as PGlite does; type ${type} asked for another parser`,
        );
      }
      return Number(type);
    });
    textTypesByParsers.set(parsers, types);
  }
  return types;
}

function rebuilt({ name, message, fields }: ThreadError): Error {
  const error = Object.assign(new Error(message), fields);
  error.name = name;
  return error;
}
