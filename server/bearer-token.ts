import { createHash, timingSafeEqual } from "node:crypto";
import type { MiddlewareHandler } from "hono";
import { ApiError } from "./api-error";

const digest = (text: string) => createHash("sha256").update(text).digest();

/**
 * A guard for the operations endpoints (metrics, backup): only a request
 * bearing `token` passes. Compared as digests, in constant time.
 */
export function requireBearerToken(token: string): MiddlewareHandler {
  const expected = digest(token);
  return async (c, next) => {
    const presented = c.req.header("Authorization")?.match(/^Bearer\s+(\S+)\s*$/i)?.[1];
    if (!presented || !timingSafeEqual(digest(presented), expected)) {
      throw new ApiError(401, "unauthorized", "Tato adresa vyžaduje přístupový klíč.", undefined, {
        "WWW-Authenticate": "Bearer",
      });
    }
    await next();
  };
}
