import { Hono } from "hono";
import { ApiError } from "#server/api-error";
import type { AuditActor } from "#server/audit-log";
import type { AdminEnv } from "#server/auth/require-admin";
import { beforeTheGuard } from "#server/guarded-app";
import { limitBody } from "#server/json-route";
import type { Submission } from "#shared/submission";

/** What the guard leaves for the routes: the signed-in administrator and her session. */
export type { AdminEnv };

export type AdminApiDependencies = {
  /** Every submission, newest first. */
  listSubmissions: () => Promise<Submission[]>;
  /** Deletes one submission for the administrator `by`; false when there was none with that id. */
  deleteSubmission: (id: string, by: AuditActor) => Promise<boolean>;
};

/**
 * The administration's door and the list of submissions, relative to /api; part of the
 * administration's one sub-app (`createAdminApp`), whose guard stands before every route.
 */
export function createAdminApi({ listSubmissions, deleteSubmission }: AdminApiDependencies) {
  return (
    new Hono<AdminEnv>()
      .get("/admin/access", (c) => {
        const { user } = c.get("admin");
        return c.json({ admin: true as const, email: user.email });
      })
      .get("/form-submissions", async (c) => {
        return c.json({ submissions: await listSubmissions() });
      })
      // Takes no body: anything sizeable is refused unread, before anyone is asked who she is.
      .delete("/form-submissions/:id", beforeTheGuard(limitBody(1024)), async (c) => {
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
      })
  );
}
