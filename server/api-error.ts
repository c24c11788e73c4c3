import type { Context } from "hono";
import { routePath } from "hono/route";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { sendFailedMessage } from "#shared/form-schemas";
import { summarizeError } from "./error-summary";
import { log } from "./logger";
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
  noteErrorCode(c, error instanceof ApiError ? error.code : "internal_error");
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
  log.error(
    {
      requestId: c.get("requestId" as never),
      method: c.req.method,
      route: routePath(c),
      error: summarizeError(error),
    },
    "Unhandled error",
  );
  const body: ApiErrorBody = { error: { code: "internal_error", message: sendFailedMessage } };
  return c.json(body, 500);
}
