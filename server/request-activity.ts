import type { Server } from "node:http";

/**
 * Whether the server is answering requests, so that background work gives way to them. The
 * mail worker renders and sends on the same thread as the requests; during a burst of form
 * submissions it waits for a pause (or `maxWaitMs`, so that mail keeps flowing under a load
 * that never pauses) before each batch. Visitors get their answer first; their e-mails, already
 * stored, go out a little later.
 *
 * A pause is `quietMs` without a request in flight, not the moment the count touches zero: under
 * a steady load the server often finishes every request in hand before it reads the next ones
 * waiting on their sockets. Taken for a pause, that moment let the embedded database's
 * maintenance analyse three tables in the middle of a load (a 400–580 ms stall of every request).
 */
export type RequestActivity = {
  /** Counts the requests of this HTTP server (the one `serve` returned). */
  watch(server: Pick<Server, "on">): void;
  /**
   * Resolves once no request has been in flight for `quietMs` (at once if none has been for that
   * long), or after `maxWaitMs` (or `waitAtMostMs`).
   */
  whenIdle(waitAtMostMs?: number): Promise<void>;
  /** Requests being answered now. */
  inFlight(): number;
};

export function createRequestActivity({ maxWaitMs = 500, quietMs = 50 } = {}): RequestActivity {
  let inFlight = 0;
  /** When the last request in flight ended (`performance.now()`). */
  let lastEndedAt = Number.NEGATIVE_INFINITY;
  let waiters: (() => void)[] = [];
  let quietTimer: NodeJS.Timeout | undefined;
  const wakeWaiters = () => {
    const waiting = waiters;
    waiters = [];
    for (const wake of waiting) wake();
  };
  /** Wakes the waiters once the server has been without a request for `quietMs`. */
  const watchForQuiet = () => {
    clearTimeout(quietTimer);
    quietTimer = undefined;
    if (inFlight > 0 || waiters.length === 0) return;
    const quietFor = performance.now() - lastEndedAt;
    if (quietFor >= quietMs) wakeWaiters();
    else quietTimer = setTimeout(watchForQuiet, quietMs - quietFor);
  };
  return {
    watch(server) {
      server.on("request", (_request, response) => {
        inFlight++;
        clearTimeout(quietTimer);
        quietTimer = undefined;
        response.once("close", () => {
          inFlight--;
          if (inFlight === 0) {
            lastEndedAt = performance.now();
            watchForQuiet();
          }
        });
      });
    },
    whenIdle(waitAtMostMs = maxWaitMs) {
      if (inFlight === 0 && performance.now() - lastEndedAt >= quietMs) return Promise.resolve();
      return new Promise<void>((resolve) => {
        const timer = setTimeout(done, waitAtMostMs);
        function done() {
          clearTimeout(timer);
          waiters = waiters.filter((waiter) => waiter !== done);
          resolve();
        }
        waiters.push(done);
        watchForQuiet();
      });
    },
    inFlight: () => inFlight,
  };
}
