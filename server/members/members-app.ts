/**
 * The members' section's HTTP surface: one sub-app, mounted at /api, with one
 * guard (`requireSignedIn`) before every route it has; each route decides by role.
 */
import type { Accounts } from "#server/auth/accounts";
import { requireSignedIn } from "#server/auth/require-signed-in";
import { createGuardedApp } from "#server/guarded-app";
import type { Materials } from "#server/materials/materials";
import { createMemberMaterialsApi } from "#server/materials/materials-api";
import { createMemberAccessApi, type MemberAccessDependencies } from "./member-access-api";

export function createMembersApp(
  dependencies: MemberAccessDependencies & { accounts: Accounts; materials: Materials },
) {
  return createGuardedApp(requireSignedIn(dependencies.accounts))
    .route("/", createMemberAccessApi(dependencies))
    .route("/", createMemberMaterialsApi(dependencies));
}

/** The members' routes as the browser's typed client (`hono/client`) reads them. */
export type MembersApp = ReturnType<typeof createMembersApp>;
