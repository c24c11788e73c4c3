import { Hono, type MiddlewareHandler } from "hono";
import { ApiError } from "#server/api-error";
import type { AuditActor } from "#server/audit-log";
import type { AdminEnv } from "#server/auth/require-admin";
import { limitBody } from "#server/json-route";
import type { Submission } from "#shared/submission";

/** What the guard leaves for the routes: the signed-in administrator and her session. */
export type { AdminEnv };

export type AdminApiDependencies = {
  /**
   * Lets only an administrator through (`requireAdmin`, built by `app.ts`):
   * the administration does not know how accounts work.
   */
  guard: MiddlewareHandler<AdminEnv>;
  /** Every submission, newest first. */
  listSubmissions: () => Promise<Submission[]>;
  /** Deletes one submission for the administrator `by`; false when there was none with that id. */
  deleteSubmission: (id: string, by: AuditActor) => Promise<boolean>;
};

/** Every administration route, relative to /api; each is behind `requireAdmin`. */
export const adminRoutes = [
  { method: "GET", path: "/admin/access" },
  { method: "GET", path: "/form-submissions" },
  { method: "DELETE", path: "/form-submissions/:id" },
] as const;

/**
 * The administration API, mounted at /api. Each route names the guard as
 * its first handler (not a path-wide `use`, which would also catch the
 * public POST /api/form-submissions); the authorization matrix test walks
 * `adminRoutes`.
 */
export function createAdminApi({ guard, listSubmissions, deleteSubmission }: AdminApiDependencies) {
  const api = new Hono<AdminEnv>();

  api.get("/admin/access", guard, (c) => {
    const { user } = c.get("admin");
    return c.json({ admin: true, email: user.email });
  });

  api.get("/form-submissions", guard, async (c) => {
    return c.json({ submissions: await listSubmissions() });
  });

  // No administration route takes a body: anything sizeable is refused unread.
  api.delete("/form-submissions/:id", limitBody(1024), guard, async (c) => {
    const { user } = c.get("admin");
    const deleted = await deleteSubmission(c.req.param("id"), {
      kind: "account",
      userId: user.id,
      email: user.email,
    });
    if (!deleted) {
      throw new ApiError(404, "not_found", "Záznam nebyl nalezen");
    }
    return c.body(null, 204);
  });

  return api;
}
