import type { IncomingHttpHeaders, IncomingMessage } from "node:http";
import type { Context } from "hono";

/**
 * The headers Node parsed for a request, as the object it builds for every request anyway (names
 * in lower case; a header sent twice joined with „, “, or its first value kept for those that
 * may come once, as `User-Agent` and `Referer`). Reading one costs nothing, where a read through
 * the Fetch API's `Headers` (`c.req.header`) costs about half a microsecond: what every page
 * served reads goes through here. Undefined for a request without Node's (`app.request` in
 * tests): read it through `c.req.header` then.
 */
export function incomingHeaders(c: Context): IncomingHttpHeaders | undefined {
  const env = c.env as
    | { incoming?: IncomingMessage; server?: { incoming?: IncomingMessage } }
    | undefined;
  return (env?.server ?? env)?.incoming?.headers;
}
