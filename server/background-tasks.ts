/**
 * Work a request starts but does not wait for: the answer goes out first,
 * so its timing tells nothing about what the work found (`/recover` answers
 * as fast for an unknown address as for an account). A failure is logged as
 * a summary, like every error of the server.
 */
import type { ServerResponse } from "node:http";
import type { Context } from "hono";
import { summarizeError } from "./error-summary";
import { log } from "./logger";

export type BackgroundTasks = {
  /** Starts `task` without waiting for it: once `after` settles (the answer is sent), or on a later turn. */
  run(name: string, task: () => Promise<unknown>, after?: Promise<void>): void;
  /** Resolves once every task started so far has finished (tests, shutdown). */
  idle(): Promise<void>;
};

export function createBackgroundTasks(): BackgroundTasks {
  const running = new Set<Promise<unknown>>();
  return {
    run(name, task, after) {
      // Started once the answer is written: the embedded database runs queries on
      // this thread and would hold the answer back.
      const done: Promise<unknown> = (after ?? new Promise((resolve) => setTimeout(resolve, 0)))
        .then(task)
        .catch((error: unknown) => {
          log.error({ task: name, error: summarizeError(error) }, "Background task failed");
        })
        .finally(() => running.delete(done));
      running.add(done);
    },
    async idle() {
      while (running.size > 0) await Promise.all([...running]);
    },
  };
}

/**
 * Settles once the answer to this request has been handed to the network
 * (Node's response `finish`, or `close` when the client went away); at once
 * outside a Node server (`app.request` in tests).
 */
export function answerSent(c: Context): Promise<void> {
  const outgoing = (c.env as { outgoing?: ServerResponse } | undefined)?.outgoing;
  if (!outgoing || outgoing.writableFinished) return Promise.resolve();
  return new Promise((resolve) => {
    outgoing.once("finish", () => resolve());
    outgoing.once("close", () => resolve());
  });
}
