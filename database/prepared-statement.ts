/**
 * Statements built once and run many times with new values. A request's
 * statement written with drizzle's `sql` and builders is otherwise built
 * again on every call (a quarter of the server's processor time under the
 * bench's form load on PostgreSQL). Built once with placeholders, each call
 * only fills in its values, and the database parses and plans it once: on
 * PostgreSQL as a named prepared statement of each connection, on the
 * embedded database as one of its session (its own `query()` parses and
 * plans every time: a submission's statement took 1.5 ms that way, 0.8 ms
 * prepared).
 */
import { fillPlaceholders, getTableColumns, type SQL, sql } from "drizzle-orm";
import { type PgColumn, PgDialect, type PgTable } from "drizzle-orm/pg-core";
import type { Database } from "./open-database";
import { PGliteThread } from "./pglite-thread";

const dialect = new PgDialect();

/** Values for a statement's placeholders, by name (`sql.placeholder(name)`). */
export type StatementValues = Record<string, unknown>;

let statementsNamed = 0;

/**
 * A statement of `build()`'s SQL, prepared on first use for each database,
 * that answers the rows it returns. Every value in it must be a placeholder:
 * a value written into the SQL would be the first call's for every call.
 */
export function preparedStatement<Row>(build: () => SQL) {
  // One name per statement text and process: a connection knows each name once.
  const name = `prepared_${++statementsNamed}`;
  let query: ReturnType<PgDialect["sqlToQuery"]> | undefined;
  // By the connection it lives in: the embedded database's client, or the drizzle instance.
  const prepared = new WeakMap<object, (values: StatementValues) => Promise<unknown[]>>();
  return async (db: Database, values: StatementValues): Promise<Row[]> => {
    query ??= dialect.sqlToQuery(build());
    const client = (db as { $client?: object }).$client;
    let run = prepared.get(client ?? db);
    if (!run) {
      run = prepare(db, client, name, query);
      prepared.set(client ?? db, run);
    }
    return (await run(values)) as Row[];
  };
}

function prepare(
  db: Database,
  client: object | undefined,
  name: string,
  query: ReturnType<PgDialect["sqlToQuery"]>,
): (values: StatementValues) => Promise<unknown[]> {
  if (client instanceof PGliteThread) {
    return (values) =>
      client.runPrepared(name, query.sql, fillPlaceholders(query.params, values).map(asText));
  }
  const statement = db._.session.prepareQuery(query, undefined, name, false);
  return async (values) => ((await statement.execute(values)) as { rows: unknown[] }).rows;
}

/** A parameter in the protocol's text format (the statement casts each to its type). */
function asText(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value === "string") return value;
  if (typeof value === "number" || typeof value === "bigint") return String(value);
  if (typeof value === "boolean") return value ? "t" : "f";
  throw new TypeError(`A prepared statement's value must be text, a number or a boolean`);
}

/**
 * `insert into table (columns) select … from (values …) where …` with
 * placeholders `<name>_<row>_<key>`: each row is stored only when its
 * condition holds within the statement, and rows are inserted in their order
 * (so an identity column numbers them in that order). `insertedValues` gives
 * the values of the same rows.
 */
export function insertRowsWhere(
  table: PgTable,
  name: string,
  keys: readonly string[],
  conditions: readonly SQL[],
): SQL {
  const { columns, placeholders } = layoutOf(table, name, keys);
  const names = sql.join(
    columns.map((column) => sql.identifier(column.name)),
    sql`, `,
  );
  const rows = conditions.map((condition, position) => {
    const cells = placeholders(position).map(
      (placeholder, index) =>
        sql`${sql.placeholder(placeholder)}::${sql.raw((columns[index] as PgColumn).getSQLType())}`,
    );
    // The position as a literal: a parameter would be text here, and sort "10" before "2".
    return sql`(${sql.join(cells, sql`, `)}, ${sql.raw(String(position))}, ${condition})`;
  });
  return sql`insert into ${table} (${names})
    select ${names} from (values ${sql.join(rows, sql`, `)}) as rows (${names}, "position", "wanted")
    where "wanted" order by "position"`;
}

/** The placeholders' values of `insertRowsWhere`'s rows, each as its column stores it. */
export function insertedValues(
  table: PgTable,
  name: string,
  keys: readonly string[],
  rows: readonly object[],
): StatementValues {
  const { columns, placeholders } = layoutOf(table, name, keys);
  const values: StatementValues = {};
  for (let position = 0; position < rows.length; position++) {
    const row = rows[position] as Record<string, unknown>;
    const names = placeholders(position);
    for (let index = 0; index < keys.length; index++) {
      const value = row[keys[index] as string] ?? null;
      values[names[index] as string] =
        value === null ? null : (columns[index] as PgColumn).mapToDriverValue(value);
    }
  }
  return values;
}

/** The columns of `keys` and the placeholders' names of each row, worked out once per request shape. */
const layouts = new WeakMap<
  PgTable,
  Map<string, { columns: PgColumn[]; placeholders(position: number): string[] }>
>();

function layoutOf(table: PgTable, name: string, keys: readonly string[]) {
  let ofTable = layouts.get(table);
  if (!ofTable) {
    ofTable = new Map();
    layouts.set(table, ofTable);
  }
  const id = `${name}\n${keys.join("\n")}`;
  let layout = ofTable.get(id);
  if (!layout) {
    const byPosition: string[][] = [];
    layout = {
      columns: columnsOf(table, keys),
      placeholders(position) {
        byPosition[position] ??= keys.map((key) => `${name}_${position}_${key}`);
        return byPosition[position];
      },
    };
    ofTable.set(id, layout);
  }
  return layout;
}

function columnsOf(table: PgTable, keys: readonly string[]): PgColumn[] {
  const columns = getTableColumns(table);
  return keys.map((key) => {
    const column = columns[key];
    if (!column) throw new Error(`${key} is not a column of this table`);
    return column;
  });
}
