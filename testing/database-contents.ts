import { sql } from "drizzle-orm";
import { listSchemaTables } from "#database/backup";
import type { DatabaseHandle } from "#database/open-database";

/**
 * Every row of every table of the schema, as JSON, in a stable order: what
 * two databases are compared by after a restore. Times become UTC instants,
 * since each database prints them in its own session's zone.
 */
export async function readEveryRow(handle: DatabaseHandle) {
  const everything: Record<string, unknown[]> = {};
  for (const table of listSchemaTables()) {
    const { rows } = (await handle.db.execute(
      sql`select row_to_json(t)::jsonb as row from ${sql.identifier(table.name)} t
          order by ${sql.join(
            table.orderBy.map((column) => sql.identifier(column)),
            sql`, `,
          )}`,
    )) as unknown as { rows: { row: Record<string, unknown> }[] };
    everything[table.name] = rows.map(({ row }) =>
      Object.fromEntries(
        Object.entries(row).map(([key, value]) => [
          key,
          typeof value === "string" && /^\d{4}-\d\d-\d\dT/.test(value)
            ? new Date(value).toISOString()
            : value,
        ]),
      ),
    );
  }
  return everything;
}
