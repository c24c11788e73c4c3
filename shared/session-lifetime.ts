/**
 * A signed-in browser that has not used its session for this many days is
 * signed out (GoTrue's inactivity timeout): the server forgets the session,
 * with the browser description and address it kept, within a minute
 * (`server/housekeeping.ts`), and a refresh that comes first answers
 * `session_expired`. The privacy notice quotes the number.
 */
export const sessionIdleDays = 30;

export const sessionIdleLifetimeMs = sessionIdleDays * 24 * 60 * 60_000;
