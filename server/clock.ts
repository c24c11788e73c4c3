/** The time, as a dependency: tests move it forward instead of waiting. */
export type Clock = { now(): Date };

export const systemClock: Clock = { now: () => new Date() };
