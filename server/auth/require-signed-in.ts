import { createMiddleware } from "hono/factory";
import { memberAccessMessages } from "#shared/member-access";
import { ApiError } from "../api-error";
import { type Accounts, type Authenticated, adminRole } from "./accounts";
import { AuthError } from "./auth-errors";

export const memberRole = "member";

/** What the guard leaves for the routes: the signed-in account. */
export type SignedInEnv = { Variables: { account: Authenticated } };

/**
 * The guard of the members' routes: any signed-in account passes (the routes
 * decide by role); no token, or one of an expired or signed-out session: 401.
 */
export function requireSignedIn(accounts: Accounts) {
  return createMiddleware<SignedInEnv>(async (c, next) => {
    try {
      c.set("account", await accounts.authenticate(c.req.header("Authorization")));
    } catch (error) {
      if (error instanceof AuthError) {
        throw new ApiError(401, "not_signed_in", memberAccessMessages.notSignedIn, undefined, {
          "Cache-Control": "no-store",
          "WWW-Authenticate": 'Bearer realm="members"',
        });
      }
      throw error;
    }
    await next();
    c.header("Cache-Control", "no-store");
  });
}

/** Members and administrators see the members' materials. */
export async function isMember(accounts: Accounts, userId: string): Promise<boolean> {
  return (await accounts.hasRole(userId, memberRole)) || accounts.hasRole(userId, adminRole);
}
