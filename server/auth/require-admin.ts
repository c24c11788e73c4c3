import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import type { Accounts, Authenticated } from "./accounts";
import { adminRole } from "./accounts";
import { AuthError } from "./auth-errors";

/** What the guard leaves for the routes: the administrator and her session. */
export type AdminEnv = { Variables: { admin: Authenticated } };

function refuse(c: Context, status: 401 | 403, code: string, message: string) {
  c.header("Cache-Control", "no-store");
  if (status === 401) c.header("WWW-Authenticate", 'Bearer realm="admin"');
  return c.json({ error: { code, message } }, status);
}

/**
 * The one guard of every administration route. No token, or a token that
 * is malformed, expired, signed with another key or of a signed-out session:
 * 401. A valid session without the admin role: 403. The role is read from
 * the database on every request, so revoking it takes effect at once.
 */
export function requireAdmin(accounts: Accounts) {
  return createMiddleware<AdminEnv>(async (c, next) => {
    let who: Authenticated;
    try {
      who = await accounts.authenticate(c.req.header("Authorization"));
    } catch (error) {
      if (error instanceof AuthError) {
        return refuse(c, 401, "unauthorized", "Musíte být přihlášeni");
      }
      throw error;
    }
    if (!(await accounts.hasRole(who.user.id, adminRole))) {
      return refuse(c, 403, "forbidden", "Nemáte oprávnění administrátora");
    }
    c.set("admin", who);
    await next();
    c.header("Cache-Control", "no-store");
  });
}
