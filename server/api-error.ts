import type { Context } from "hono";
import { routePath } from "hono/route";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { isDatabaseUnavailable } from "#database/database-errors";
import { sendFailedMessage } from "#shared/form-schemas";
import { summarizeError } from "./error-summary";
import { log } from "./logger";
import { plainPage } from "./plain-page";
import { noteErrorCode } from "./request-log";

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

/**
 * The header every 429 carries: the whole seconds until the limit lets the client try again
 * (at least one, as a client may read 0 as „now“).
 */
export function retryAfter(seconds: number): { "Retry-After": string } {
  return { "Retry-After": String(Math.max(1, Math.ceil(seconds))) };
}

export type ApiErrorBody = {
  error: { code: string; message: string; fields?: Record<string, string> };
};

/** The app's one error handler: every failure becomes `{ error: { code, message, fields? } }`. */
export function handleError(error: Error, c: Context) {
  if (error instanceof ApiError) {
    noteErrorCode(c, error.code);
    const body: ApiErrorBody = {
      error: {
        code: error.code,
        message: error.message,
        ...(error.fields && { fields: error.fields }),
      },
    };
    return c.json(body, error.status, error.headers);
  }
  const failure = {
    requestId: c.get("requestId" as never),
    method: c.req.method,
    route: routePath(c),
    error: summarizeError(error),
  };
  if (isDatabaseUnavailable(error)) {
    // Nothing was done, and the same request may well succeed in a moment (a burst that holds
    // every pooled connection, the database restarting): 503 with when to try again, not 500.
    noteErrorCode(c, "unavailable");
    log.warn(failure, "Database unavailable");
    return failureAnswer(c, 503, "unavailable", retryAfter(databaseRetrySeconds));
  }
  noteErrorCode(c, "internal_error");
  log.error(failure, "Unhandled error");
  return failureAnswer(c, 500, "internal_error");
}

/**
 * A failure the request did not cause: JSON for the API, and a page in the site's frame for a
 * browser on the site's own addresses (a form sent without scripts, a link from an e-mail).
 */
function failureAnswer(
  c: Context,
  status: 500 | 503,
  code: string,
  headers?: Record<string, string>,
) {
  if (!c.req.path.startsWith("/api/") && c.req.header("Accept")?.includes("text/html")) {
    return c.html(plainPage("Něco se pokazilo", sendFailedMessage), status, headers);
  }
  const body: ApiErrorBody = { error: { code, message: sendFailedMessage } };
  return c.json(body, status, headers);
}

/** When a client may try again after the database could not take its request. */
export const databaseRetrySeconds = 5;
