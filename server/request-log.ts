import { randomUUID } from "node:crypto";
import type { IncomingMessage } from "node:http";
import type { Context, MiddlewareHandler } from "hono";
import { routePath } from "hono/route";
import { wasClosedAsSlow } from "./connection-limits";
import { log } from "./logger";

/** A request id a proxy may have set (Caddy, nginx): kept when it is a plain token. */
const acceptableRequestId = /^[A-Za-z0-9._-]{1,64}$/;

export type RequestObserver = (request: {
  method: string;
  route: string;
  status: number;
  seconds: number;
}) => void;

/** The context variable an error handler sets to the code of the error it answered. */
const errorCodeKey = "errorCode";

/** Notes the code of the error a request was answered with (`rate_limited`): its log line shows it. */
export function noteErrorCode(c: Context, code: string) {
  c.set(errorCodeKey as never, code as never);
}

/**
 * One log line per request: its id (also sent back as `X-Request-Id`), the
 * method, the route pattern (never the query, which can hold a token), the
 * status, the error's code when it was answered with one (a constant such as
 * `validation_failed`, never its message) and the duration; and the same to
 * `observe` (the metrics).
 */
export function logRequests(observe?: RequestObserver): MiddlewareHandler {
  return async (c, next) => {
    const started = performance.now();
    const given = c.req.header("X-Request-Id");
    const requestId = given && acceptableRequestId.test(given) ? given : randomUUID();
    c.set("requestId" as never, requestId as never);
    c.header("X-Request-Id", requestId);
    try {
      await next();
    } finally {
      const seconds = (performance.now() - started) / 1000;
      // After `next`, the route index points at the handler that answered.
      const route = routePath(c) || "unmatched";
      const status = c.res.status;
      const code = c.get(errorCodeKey as never) as string | undefined;
      observe?.({ method: c.req.method, route, status, seconds });
      // A slow client's request: its address's report line counts it (server/connection-limits.ts).
      const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
      if (!wasClosedAsSlow(incoming)) {
        log.info(
          {
            requestId,
            method: c.req.method,
            route,
            status,
            ...(code && { code }),
            durationMs: Math.round(seconds * 10_000) / 10,
          },
          "request",
        );
      }
    }
  };
}
