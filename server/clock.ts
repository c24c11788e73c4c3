/** The time, as a dependency: tests move it forward instead of waiting. */
export type Clock = { now(): Date };

/** Zero except in a browser test's server (testing/shifted-clock-server.ts). */
let shiftMs = 0;

export const systemClock: Clock = { now: () => new Date(Date.now() + shiftMs) };

/**
 * Test-only: moves the real server's time by `ms` from the system's, so a browser test can see
 * what happens tomorrow (a booking's reminder, due a day before) without waiting for it. Only
 * the test entry file calls it; `npm start` never does, and the time is then the system's.
 */
export function shiftSystemClock(ms: number) {
  shiftMs = ms;
}
