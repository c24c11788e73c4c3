import { Hono, type MiddlewareHandler } from "hono";
import type { Database } from "#database/open-database";
import { ApiError } from "#server/api-error";
import { listAuditEntries } from "#server/audit-log";
import type { AdminEnv } from "#server/auth/require-admin";
import { type GrantOutcome, grantRole, type RevokeOutcome, revokeRole } from "#server/auth/roles";
import type { Clock } from "#server/clock";
import { limitBody, readQuery, refuseOtherMethods } from "#server/json-route";
import {
  auditPageSchema,
  type RoleChangeJson,
  roleSchema,
  userAdminMessages,
  userSearchSchema,
} from "#shared/user-admin";
import { findUserSummary, listOwnSessions, listUsers } from "./users";

export type UsersAdminApiDependencies = {
  db: Database;
  clock: Clock;
  /** Lets only an administrator through (`requireAdmin`, built by `app.ts`). */
  guard: MiddlewareHandler<AdminEnv>;
};

/** The user-management routes, relative to /api; each is behind the admin guard. */
export const userAdminRoutes = [
  { method: "GET", path: "/admin/users" },
  { method: "PUT", path: "/admin/users/:id/roles/:role" },
  { method: "DELETE", path: "/admin/users/:id/roles/:role" },
  { method: "GET", path: "/admin/sessions" },
  { method: "GET", path: "/admin/audit-log" },
] as const;

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function userNotFound() {
  return new ApiError(404, "user_not_found", userAdminMessages.userNotFound);
}

/** The role named in the path, or 422 for any other word. */
function readRole(value: string) {
  const parsed = roleSchema.safeParse(value);
  if (!parsed.success) {
    throw new ApiError(422, "unknown_role", userAdminMessages.unknownRole, {
      role: userAdminMessages.unknownRole,
    });
  }
  return parsed.data;
}

function readUserId(value: string) {
  if (!uuidPattern.test(value)) throw userNotFound();
  return value;
}

const refusals: Partial<Record<GrantOutcome | RevokeOutcome, () => ApiError>> = {
  unknown_account: userNotFound,
  email_not_confirmed: () =>
    new ApiError(409, "email_not_confirmed", userAdminMessages.emailNotConfirmed),
  last_admin: () => new ApiError(409, "last_admin", userAdminMessages.lastAdmin),
};

/**
 * Users, roles, her own sign-ins and the audit log, mounted at /api. Each
 * route names the guard first; the authorization matrix walks `userAdminRoutes`.
 */
export function createUsersAdminApi({ db, clock, guard }: UsersAdminApiDependencies) {
  const api = new Hono<AdminEnv>();

  api.get("/admin/users", guard, async (c) => {
    const { q } = readQuery(c, userSearchSchema);
    return c.json(await listUsers(db, q));
  });

  for (const action of ["grant", "revoke"] as const) {
    const handler = action === "grant" ? api.put.bind(api) : api.delete.bind(api);
    // No body: anything sizeable is refused unread.
    handler("/admin/users/:id/roles/:role", limitBody(1024), guard, async (c) => {
      const role = readRole(c.req.param("role"));
      const userId = readUserId(c.req.param("id"));
      const { user } = c.get("admin");
      const change = {
        account: { userId },
        role,
        actor: { kind: "account", userId: user.id, email: user.email } as const,
        at: clock.now(),
      };
      const outcome =
        action === "grant" ? await grantRole(db, change) : await revokeRole(db, change);
      const refusal = refusals[outcome];
      if (refusal) throw refusal();
      const summary = await findUserSummary(db, userId);
      if (!summary) throw userNotFound();
      const body: RoleChangeJson = {
        outcome: outcome === "granted" || outcome === "revoked" ? "changed" : "unchanged",
        user: summary,
      };
      return c.json(body);
    });
  }

  api.get("/admin/sessions", guard, async (c) => {
    const { user, sessionId } = c.get("admin");
    return c.json({ sessions: await listOwnSessions(db, user.id, sessionId) });
  });

  api.get("/admin/audit-log", guard, async (c) => {
    const { before } = readQuery(c, auditPageSchema);
    return c.json(await listAuditEntries(db, { before }));
  });

  api.all("/admin/users", refuseOtherMethods("GET"));
  api.all("/admin/users/:id/roles/:role", refuseOtherMethods("PUT", "DELETE"));
  api.all("/admin/sessions", refuseOtherMethods("GET"));
  api.all("/admin/audit-log", refuseOtherMethods("GET"));

  return api;
}
