/** How errors reach the log: never with the data of the request that failed. */

/**
 * An error as a log line may show it: its class, PostgreSQL's code and the
 * database's own short message. Never the error itself: drizzle's message
 * holds the query and its parameters (e-mails, password hashes, tokens), and
 * a stack or `detail` can quote the values too.
 */
export function summarizeError(error: unknown): string {
  const parts: string[] = [];
  for (let cause = error, depth = 0; cause instanceof Error && depth < 5; depth += 1) {
    const code = (cause as { code?: unknown }).code;
    const isQueryWrapper = "params" in cause || cause.message.startsWith("Failed query");
    const message = isQueryWrapper ? "" : shorten(cause.message);
    parts.push(
      [cause.name, typeof code === "string" ? code : "", message].filter(Boolean).join(" "),
    );
    cause = cause.cause;
  }
  return parts.length > 0 ? parts.join(" <- ") : typeof error;
}

function shorten(message: string): string {
  // The first line only, and nothing from "params:" on.
  const firstLine = message.split("\n")[0] ?? "";
  const withoutParams = firstLine.split(/params:/i)[0] ?? "";
  // PostgreSQL quotes the refused value after a colon ('… for type uuid: "…"').
  return withoutParams.replace(/: ".*$/, ': "…"').slice(0, 160);
}
