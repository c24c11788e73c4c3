import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { sendFailedMessage } from "#shared/form-schemas";

/** An answer the API gives on purpose: a status, a code, a Czech message and, for forms, field messages. */
export class ApiError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: string,
    message: string,
    readonly fields?: Record<string, string>,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }
}

export type ApiErrorBody = {
  error: { code: string; message: string; fields?: Record<string, string> };
};

/** The app's one error handler: every failure becomes `{ error: { code, message, fields? } }`. */
export function handleError(error: Error, c: Context) {
  if (error instanceof ApiError) {
    const body: ApiErrorBody = {
      error: {
        code: error.code,
        message: error.message,
        ...(error.fields && { fields: error.fields }),
      },
    };
    return c.json(body, error.status, error.headers);
  }
  console.error(`Unhandled error on ${c.req.method} ${c.req.path}: ${describeError(error)}`);
  const body: ApiErrorBody = { error: { code: "internal_error", message: sendFailedMessage } };
  return c.json(body, 500);
}

/**
 * An error as a log line may show it: its class, PostgreSQL's code and the
 * database's own short message. Never the error itself: drizzle's message
 * holds the query and its parameters (e-mails, password hashes, tokens), and
 * a stack or `detail` can quote the values too.
 */
export function describeError(error: unknown): string {
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
  // The first line only, without quoted values: "params: …" or a value in quotes after "=".
  const firstLine = message.split("\n")[0] ?? "";
  const withoutParams = firstLine.split(/params:/i)[0] ?? "";
  // PostgreSQL quotes the refused value after a colon ('… for type uuid: "…"').
  return withoutParams.replace(/: ".*$/, ': "…"').slice(0, 160);
}
