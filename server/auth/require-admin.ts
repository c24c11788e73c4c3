import { createMiddleware } from "hono/factory";
import { ApiError } from "../api-error";
import type { Accounts, Authenticated } from "./accounts";
import { adminRole } from "./accounts";
import { AuthError } from "./auth-errors";

/** What the guard leaves for the routes: the administrator and her session. */
export type AdminEnv = { Variables: { admin: Authenticated } };

/** A refusal through the app's error handler, which answers it and puts its code in the log line. */
function refuse(status: 401 | 403, code: string, message: string): never {
  throw new ApiError(status, code, message, undefined, {
    "Cache-Control": "no-store",
    ...(status === 401 && { "WWW-Authenticate": 'Bearer realm="admin"' }),
  });
}

/** Why an administrator is refused until she proves herself with her app (the page reads these). */
export const twoFactorRefusals = {
  aal2_required: "Ověřte se prosím kódem z aplikace.",
  two_factor_setup_required: "Nejdřív si prosím nastavte ověření kódem z aplikace.",
} as const;

/**
 * The one guard of every administration route. No token, or a token that
 * is malformed, expired, signed with another key or of a signed-out session:
 * 401. A valid session without the admin role: 403. An administrator with a
 * verified TOTP factor whose session has not verified it (aal1): 403
 * `aal2_required`; one without a factor while `requireTwoFactor` holds: 403
 * `two_factor_setup_required`. The role and the factors are read from the
 * database on every request, so a change takes effect at once; the level is
 * the lower of the token's claim and the session's (`authenticate`), so a
 * token issued before the code was verified stays aal1.
 */
export function requireAdmin(
  accounts: Accounts,
  { requireTwoFactor }: { requireTwoFactor: boolean },
) {
  return createMiddleware<AdminEnv>(async (c, next) => {
    let who: Authenticated;
    try {
      who = await accounts.authenticate(c.req.header("Authorization"));
    } catch (error) {
      if (error instanceof AuthError) {
        refuse(401, "unauthorized", "Musíte být přihlášeni");
      }
      throw error;
    }
    if (!(await accounts.hasRole(who.user.id, adminRole))) {
      refuse(403, "forbidden", "Nemáte oprávnění administrátora");
    }
    const factors = await accounts.listFactors(who.user.id);
    const hasVerifiedFactor = factors.some((factor) => factor.status === "verified");
    if (hasVerifiedFactor && who.aal !== "aal2") {
      refuse(403, "aal2_required", twoFactorRefusals.aal2_required);
    }
    if (!hasVerifiedFactor && requireTwoFactor) {
      refuse(403, "two_factor_setup_required", twoFactorRefusals.two_factor_setup_required);
    }
    c.set("admin", who);
    await next();
    c.header("Cache-Control", "no-store");
  });
}
