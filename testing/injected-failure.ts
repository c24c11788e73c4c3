/**
 * A failure injected by the database itself, for tests of what the app does
 * when a statement fails halfway: a trigger that raises `message`.
 */
import { sql } from "drizzle-orm";
import type { Database } from "#database/open-database";

export type InjectedFailure = {
  /** `name` of the trigger and of its function. */
  name: string;
  table: string;
  event: "insert" | "update" | "delete";
  /**
   * For each row where this SQL condition on `new` holds; without it, the
   * statement itself fails, whatever its rows.
   */
  when?: string;
  message: string;
};

/** Makes the database refuse those writes until the returned function takes the trigger away. */
export async function refuseWrites(
  db: Database,
  { name, table, event, when, message }: InjectedFailure,
): Promise<() => Promise<void>> {
  const quotedMessage = `'${message.replaceAll("'", "''")}'`;
  const body = when
    ? `if ${when} then raise exception ${quotedMessage}; end if; return new;`
    : `raise exception ${quotedMessage};`;
  await db.execute(
    sql.raw(`create function ${name}() returns trigger language plpgsql as $$
      begin ${body} end $$`),
  );
  await db.execute(
    sql.raw(`create trigger ${name} before ${event} on ${table}
      for each ${when ? "row" : "statement"} execute function ${name}()`),
  );
  return async () => {
    await db.execute(sql.raw(`drop trigger ${name} on ${table}`));
    await db.execute(sql.raw(`drop function ${name}()`));
  };
}
