import { getConnInfo } from "@hono/node-server/conninfo";
import type { Context } from "hono";
import { incomingHeaders } from "./incoming-headers";

/**
 * The address a request came from, for rate limits. Behind a reverse proxy
 * (trustProxy) it is the last address the proxy appended to
 * X-Forwarded-For; otherwise the socket's peer, which a client cannot forge.
 */
export function createClientAddress(trustProxy: boolean) {
  return (c: Context): string => {
    if (trustProxy) {
      const incoming = incomingHeaders(c);
      const header = incoming ? incoming["x-forwarded-for"] : c.req.header("X-Forwarded-For");
      const forwarded = (Array.isArray(header) ? header.join(",") : header)
        ?.split(",")
        .at(-1)
        ?.trim();
      if (forwarded) return forwarded;
    }
    try {
      return getConnInfo(c).remote.address ?? "unknown";
    } catch {
      // Requests made in tests through app.request() have no socket.
      return "unknown";
    }
  };
}
