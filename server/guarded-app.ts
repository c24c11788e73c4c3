import { type Context, type Env, Hono, type MiddlewareHandler } from "hono";
import { matchedRoutes } from "hono/route";
import type { H } from "hono/types";
import { COMPOSED_HANDLER } from "hono/utils/constants";

/** Each marked middleware (as the route holds it) with the middleware it stands for. */
const runBeforeTheGuard = new WeakMap<H, MiddlewareHandler>();
/** The marked middleware each request has already run before the guard. */
const ranBeforeTheGuard = new WeakMap<Context, Set<MiddlewareHandler>>();

/**
 * Marks a route's first middleware to run before its sub-app's guard: a route that takes no
 * body counts one as it comes and refuses it unread, before anyone is asked who she is.
 */
export function beforeTheGuard(middleware: MiddlewareHandler): MiddlewareHandler {
  const once: MiddlewareHandler = (c, next) =>
    ranBeforeTheGuard.get(c)?.has(middleware) ? next() : middleware(c, next);
  runBeforeTheGuard.set(once, middleware);
  return once;
}

/** A mounted route's handler: the sub-app's own, or one that wraps it in the sub-app's error handler. */
function unwrap(handler: H): H {
  return (handler as H & { [COMPOSED_HANDLER]?: H })[COMPOSED_HANDLER] ?? handler;
}

/**
 * A sub-app with one guard in front of every route it has, named once. Hono mounts a
 * sub-app's middleware under the whole mount path (`/api/*` for a sub-app at /api), where it
 * would also stand before the public routes beside it and before addresses no route serves
 * (401 instead of 404). So the guard runs when the request reached one of the sub-app's own
 * routes, read from its route table at the first request: a route added to the sub-app is
 * guarded without naming the guard, and one outside it is not.
 */
export function createGuardedApp<E extends Env>(guard: MiddlewareHandler<E>) {
  const app = new Hono<E>();
  let own: Set<H> | undefined;
  const guardOwnRoutes: MiddlewareHandler<E> = (c, next) => {
    own ??= new Set(app.routes.map(({ handler }) => handler).filter((h) => h !== guardOwnRoutes));
    const matched = matchedRoutes(c).map(({ handler }) => handler);
    const ownIndex = matched.findIndex((handler) => own?.has(unwrap(handler)));
    if (ownIndex === -1) return next();
    // A refusal's log line names the route the guard stands before, not the sub-app's `/*`.
    c.req.routeIndex = ownIndex;
    const first: MiddlewareHandler[] = [];
    for (const handler of matched.slice(ownIndex)) {
      const middleware = runBeforeTheGuard.get(unwrap(handler));
      if (!middleware) break;
      first.push(middleware);
    }
    ranBeforeTheGuard.set(c, new Set(first));
    const run = (i: number): ReturnType<MiddlewareHandler> => {
      const middleware = first[i];
      return middleware ? middleware(c, () => run(i + 1) as Promise<void>) : guard(c, next);
    };
    return run(0);
  };
  return app.use(guardOwnRoutes);
}
