import { summarizeError } from "./error-summary";
import { log } from "./logger";

export type RepeatingTask = {
  /** No further runs; resolves once the run in hand (if any) has ended. */
  stop(): Promise<void>;
};

/**
 * Runs `task` at once and then every `intervalMs`, one run at a time (a tick
 * that finds the last run still going is skipped, so runs never pile up behind
 * a slow one), until stopped. A failed run is logged, and the next one tries
 * again. The timer keeps no process alive.
 */
export function repeatEvery(
  name: string,
  intervalMs: number,
  task: () => Promise<void>,
): RepeatingTask {
  let running: Promise<void> | undefined;
  const run = () => {
    if (running) return;
    running = (async () => {
      try {
        await task();
      } catch (error) {
        log.error(
          { task: name, error: summarizeError(error) },
          `${name} failed; it runs again later`,
        );
      } finally {
        running = undefined;
      }
    })();
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
