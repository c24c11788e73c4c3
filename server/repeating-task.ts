import { summarizeError } from "./error-summary";
import { log } from "./logger";

export type RepeatingTask = {
  /** No further runs; resolves once the run in hand (if any) has ended. */
  stop(): Promise<void>;
};

/**
 * Runs `task` at once and then every `intervalMs`, one run at a time, until
 * stopped. A failed run is logged, and the next one tries again. The timer
 * keeps no process alive.
 */
export function repeatEvery(
  name: string,
  intervalMs: number,
  task: () => Promise<void>,
): RepeatingTask {
  let running = Promise.resolve();
  const run = () => {
    running = running.then(async () => {
      try {
        await task();
      } catch (error) {
        log.error(
          { task: name, error: summarizeError(error) },
          `${name} failed; it runs again later`,
        );
      }
    });
  };
  run();
  const timer = setInterval(run, intervalMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
