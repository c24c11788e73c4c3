/**
 * What a failed query says about the database, read through what wraps the driver's error
 * (drizzle puts it in `cause`). PostgreSQL's SQLSTATE codes are listed in its manual,
 * appendix A; PGlite raises the same codes.
 */

type DriverError = Error & { code?: unknown };

function* causes(error: unknown): Generator<DriverError> {
  for (let cause = error, depth = 0; cause instanceof Error && depth < 5; depth += 1) {
    yield cause;
    cause = cause.cause;
  }
}

/** Whether PostgreSQL (or PGlite) answered with the SQLSTATE `code`. */
export function hasDatabaseCode(error: unknown, code: string): boolean {
  for (const cause of causes(error)) if (cause.code === code) return true;
  return false;
}

/** A unique index or constraint refused the row (23505). */
export function isUniqueViolation(error: unknown): boolean {
  return hasDatabaseCode(error, "23505");
}

/** pg-pool's words when no connection came free within `connectionTimeoutMillis`. */
const poolTimeoutMessage = "timeout exceeded when trying to connect";
/** The embedded database's thread's answer to a query sent after `close()`. */
export const embeddedClosedMessage = "The embedded database is closed";

/**
 * The drivers' words for a query sent after the database was closed: only while the server
 * stops (a request that came in as it shut down); the next server takes it.
 */
const closedMessages = new Set([
  "Cannot use a pool after calling end on the pool",
  embeddedClosedMessage,
]);
/** The network's refusals of a connection to the database server. */
const connectionErrorCodes = new Set(["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "EPIPE"]);

/**
 * Whether the query failed because the database could not take it now, not because of the
 * query: every pooled connection busy for longer than the pool waits, the server refusing or
 * dropping the connection (SQLSTATE class 08), out of connections (53300), shutting down or
 * starting (57P01–57P03), or closed as this server stops. The request may succeed if tried again
 * in a moment.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (const cause of causes(error)) {
    if (cause.message === poolTimeoutMessage || closedMessages.has(cause.message)) return true;
    const { code } = cause;
    if (typeof code !== "string") continue;
    if (connectionErrorCodes.has(code)) return true;
    if (code.startsWith("08") || code === "53300" || /^57P0[123]$/.test(code)) return true;
  }
  return false;
}
