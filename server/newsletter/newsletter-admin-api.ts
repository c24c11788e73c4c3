/**
 * Her newsletter list in the administration, relative to /api; part of the administration's one
 * sub-app (`createAdminApp`), whose guard stands before every route. The CSV is made in the
 * browser (as the inbox's, for Excel); asking for its rows is what the audit log records.
 */
import { Hono } from "hono";
import type { Database } from "#database/open-database";
import type { AdminEnv } from "#server/auth/require-admin";
import type { NewsletterListJson } from "#shared/newsletter-schemas";
import { ApiError } from "../api-error";
import { beforeTheGuard } from "../guarded-app";
import { limitBody } from "../json-route";
import { countByState, type Subscribers } from "./subscribers";

export type NewsletterAdminApiDependencies = { db: Database; subscribers: Subscribers };

export function createNewsletterAdminApi({ db, subscribers }: NewsletterAdminApiDependencies) {
  return new Hono<AdminEnv>()
    .get("/admin/newsletter/subscribers", async (c) => {
      const [list, counts] = await Promise.all([subscribers.list(), countByState(db)]);
      return c.json({ subscribers: list, counts } satisfies NewsletterListJson);
    })
    .post("/admin/newsletter/export", beforeTheGuard(limitBody(1024)), async (c) => {
      const { user } = c.get("admin");
      const list = await subscribers.export({
        kind: "account",
        userId: user.id,
        email: user.email,
      });
      return c.json({ subscribers: list });
    })
    .delete("/admin/newsletter/subscribers/:id", async (c) => {
      const { user } = c.get("admin");
      const id = c.req.param("id");
      const removed =
        /^[0-9a-f-]{36}$/.test(id) &&
        (await subscribers.remove(id, { kind: "account", userId: user.id, email: user.email }));
      if (!removed) {
        throw new ApiError(404, "not_found", "Tento odběratel už na seznamu není.");
      }
      return c.json({ removed: true as const });
    });
}
