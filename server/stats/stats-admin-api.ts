/**
 * „Přehled“'s API, relative to /api; part of the administration's one sub-app
 * (`createAdminApp`), whose guard stands before every route: the overview of a period
 * (`GET /admin/stats?range=7d|30d|12m`) and her counting settings (GET, and PUT of the fields
 * it changes).
 */
import { Hono } from "hono";
import * as z from "zod/mini";
import type { Database } from "#database/open-database";
import type { AdminEnv } from "#server/auth/require-admin";
import { statsMessages, statsRangeSchema, statsSettingsChangeSchema } from "#shared/stats";
import { ApiError } from "../api-error";
import type { Clock } from "../clock";
import { jsonBody, queryParams } from "../json-route";
import { readStatsOverview } from "./stats-overview";
import { readStatsSettings, writeStatsSettings } from "./stats-settings";

export type StatsAdminApiDependencies = { db: Database; clock: Clock };

const overviewQuerySchema = /* @__PURE__ */ z.object({
  range: z.optional(statsRangeSchema),
});

export function createStatsAdminApi({ db, clock }: StatsAdminApiDependencies) {
  return new Hono<AdminEnv>()
    .get(
      "/admin/stats",
      queryParams(
        overviewQuerySchema,
        () => new ApiError(400, "invalid_range", statsMessages.range),
      ),
      async (c) => {
        const { range = "7d" } = c.req.valid("query");
        return c.json(await readStatsOverview(db, range, clock.now()));
      },
    )
    .get("/admin/stats/settings", async (c) => {
      return c.json(await readStatsSettings(db, c.get("admin").user.id));
    })
    .put(
      "/admin/stats/settings",
      jsonBody(statsSettingsChangeSchema, { maxBytes: 1024 }),
      async (c) => {
        const settings = c.req.valid("json");
        return c.json(await writeStatsSettings(db, c.get("admin").user.id, settings));
      },
    );
}
