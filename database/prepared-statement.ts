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
import { PGlite, protocol, types } from "@electric-sql/pglite";
import { fillPlaceholders, getTableColumns, type SQL, sql } from "drizzle-orm";
import { type PgColumn, PgDialect, type PgTable } from "drizzle-orm/pg-core";
import type { Database } from "./open-database";

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
  if (client instanceof PGlite) {
    const statement = pgliteStatement(client, name, query.sql);
    return (values) => statement(fillPlaceholders(query.params, values));
  }
  const statement = db._.session.prepareQuery(query, undefined, name, false);
  return async (values) => ((await statement.execute(values)) as { rows: unknown[] }).rows;
}

/**
 * A named statement of the embedded database's session, through its wire
 * protocol: parsed once, then each call binds its values and executes it in
 * one exchange, under the same locks as `PGlite.query`.
 */
function pgliteStatement(client: PGlite, name: string, text: string) {
  const { serialize } = protocol;
  const exclusive = <T>(work: () => Promise<T>) =>
    client._runExclusiveTransaction(() =>
      client.runExclusive(async () => {
        // As PGlite's own query() does: a closed database says so.
        await client._checkReady();
        return work();
      }),
    );
  type Field = { name: string; dataTypeID: number };
  // Parsed once, with the columns its rows will have (a statement's Describe).
  let parsed: Promise<Field[]> | undefined;
  return async (params: unknown[]) => {
    parsed ??= exclusive(() =>
      client.execProtocol(
        joined([
          serialize.parse({ name, text }),
          serialize.describe({ type: "S", name }),
          serialize.sync(),
        ]),
      ),
    ).then(
      ({ messages }) =>
        messages.find(
          (message): message is InstanceType<typeof protocol.messages.RowDescriptionMessage> =>
            message instanceof protocol.messages.RowDescriptionMessage,
        )?.fields ?? [],
      (error: unknown) => {
        parsed = undefined;
        throw error;
      },
    );
    const fields = await parsed;
    const { messages } = await exclusive(() =>
      client.execProtocol(
        joined([
          serialize.bind({ statement: name, values: params.map(asText) }),
          serialize.execute({}),
          serialize.sync(),
        ]),
      ),
    );
    const rows: Record<string, unknown>[] = [];
    for (const message of messages) {
      if (!(message instanceof protocol.messages.DataRowMessage)) continue;
      const row: Record<string, unknown> = {};
      message.fields.forEach((value, index) => {
        const field = fields[index] as Field;
        row[field.name] = types.parseType(value, field.dataTypeID);
      });
      rows.push(row);
    }
    return rows;
  };
}

/** A parameter in the protocol's text format (the statement casts each to its type). */
function asText(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value === "string") return value;
  if (typeof value === "number" || typeof value === "bigint") return String(value);
  if (typeof value === "boolean") return value ? "t" : "f";
  throw new TypeError(`A prepared statement's value must be text, a number or a boolean`);
}

function joined(parts: Uint8Array[]): Uint8Array {
  const whole = new Uint8Array(parts.reduce((length, part) => length + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    whole.set(part, offset);
    offset += part.length;
  }
  return whole;
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
