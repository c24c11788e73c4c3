/**
 * Work a request starts but does not wait for: the answer goes out first,
 * so its timing tells nothing about what the work found (`/recover` answers
 * as fast for an unknown address as for an account). A failure is logged as
 * a summary, like every error of the server.
 */
import { summarizeError } from "./error-summary";

export type BackgroundTasks = {
  /** Starts `task` without waiting for it. */
  run(name: string, task: () => Promise<unknown>): void;
  /** Resolves once every task started so far has finished (tests, shutdown). */
  idle(): Promise<void>;
};

export function createBackgroundTasks(): BackgroundTasks {
  const running = new Set<Promise<unknown>>();
  return {
    run(name, task) {
      // Started on a later turn of the event loop, once the answer is written: the
      // embedded database runs queries on this thread and would hold the answer back.
      const done: Promise<unknown> = new Promise((resolve) => setTimeout(resolve, 0))
        .then(task)
        .catch((error: unknown) => {
          console.error(`Background task ${name} failed: ${summarizeError(error)}`);
        })
        .finally(() => running.delete(done));
      running.add(done);
    },
    async idle() {
      while (running.size > 0) await Promise.all([...running]);
    },
  };
}
