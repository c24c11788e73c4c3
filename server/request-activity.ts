import type { Server } from "node:http";

/**
 * Whether the server is answering requests, so that background work gives way to them. The
 * mail worker renders and sends on the same thread as the requests; during a burst of form
 * submissions it waits for a moment without a request in flight (or `maxWaitMs`, so that mail
 * keeps flowing under a load that never pauses) before each batch. Visitors get their answer
 * first; their e-mails, already stored, go out a little later.
 */
export type RequestActivity = {
  /** Counts the requests of this HTTP server (the one `serve` returned). */
  watch(server: Pick<Server, "on">): void;
  /** Resolves when no request is in flight, at once if none is, or after `maxWaitMs` (or `waitAtMostMs`). */
  whenIdle(waitAtMostMs?: number): Promise<void>;
  /** Requests being answered now. */
  inFlight(): number;
};

export function createRequestActivity({ maxWaitMs = 500 } = {}): RequestActivity {
  let inFlight = 0;
  let waiters: (() => void)[] = [];
  const wakeWaiters = () => {
    const waiting = waiters;
    waiters = [];
    for (const wake of waiting) wake();
  };
  return {
    watch(server) {
      server.on("request", (_request, response) => {
        inFlight++;
        response.once("close", () => {
          inFlight--;
          if (inFlight === 0) wakeWaiters();
        });
      });
    },
    whenIdle(waitAtMostMs = maxWaitMs) {
      if (inFlight === 0) return Promise.resolve();
      return new Promise<void>((resolve) => {
        const timer = setTimeout(done, waitAtMostMs);
        function done() {
          clearTimeout(timer);
          waiters = waiters.filter((waiter) => waiter !== done);
          resolve();
        }
        waiters.push(done);
      });
    },
    inFlight: () => inFlight,
  };
}
