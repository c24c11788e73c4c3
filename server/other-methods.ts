import type { MiddlewareHandler } from "hono";
import { TrieRouter } from "hono/router/trie-router";
import type { RouterRoute } from "hono/types";
import { refuseOtherMethods } from "./json-route";

/**
 * Middleware: a request to an address some route serves, with a method none of its routes
 * takes, answers 405 with `Allow` (HEAD goes with GET), JSON with a code as any refusal. The
 * methods are read from the router's own table (`app.routes`, given once every route is
 * mounted), so a new route cannot be left out; and it runs before any guard, since the method
 * is wrong whoever asks. OPTIONS is refused like any other method: the site serves no other
 * origin, so there is no preflight to answer.
 *
 * `answeredElsewhere`: addresses (and those below them) whose routes answer other methods
 * themselves, in a shape of their own.
 */
export function answerOtherMethods(
  routes: () => readonly RouterRoute[],
  answeredElsewhere: readonly string[] = [],
): MiddlewareHandler {
  let table: TrieRouter<string> | undefined;
  const buildTable = () => {
    const router = new TrieRouter<string>();
    for (const { method, path } of routes()) {
      // `use` and `all` take every method: they say nothing about which ones the address serves.
      if (method === "ALL" || isBelowAny(path, answeredElsewhere)) continue;
      // Filed under every method, so one look-up finds all the routes of a path.
      router.add("ALL", path, method);
    }
    return router;
  };
  return async (c, next) => {
    table ??= buildTable();
    const [matched] = table.match(c.req.method, c.req.path);
    const served = [...new Set(matched.map(([method]) => method as string))];
    const asked = c.req.method === "HEAD" ? "GET" : c.req.method;
    if (served.length === 0 || served.includes(asked)) return next();
    return refuseOtherMethods(...served)(c, next);
  };
}

function isBelowAny(path: string, prefixes: readonly string[]) {
  return prefixes.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));
}
