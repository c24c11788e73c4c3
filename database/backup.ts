/**
 * One-file backups that restore into either database (PGlite or PostgreSQL).
 *
 * The file is gzip-compressed JSON lines: a header (format, when, the schema
 * version, each table's row count), then one line per row as PostgreSQL's
 * `row_to_json` writes it, then an end line. Every table of `schema.ts` is in
 * it, so a table added there is backed up without a change here. All rows
 * come from one REPEATABLE READ, read-only transaction: one consistent
 * snapshot while the server keeps writing. The embedded database's material
 * files (kept in its data folder) are carried as `material_chunks` rows, the
 * form PostgreSQL keeps them in (`MaterialFiles`). A restore writes everything in one
 * transaction, so a damaged or cut-off file leaves the database as it was.
 */
import { once } from "node:events";
import { readFileSync } from "node:fs";
import { createInterface } from "node:readline";
import type { Readable, Writable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { createGunzip, createGzip } from "node:zlib";
import { getTableName, is, sql } from "drizzle-orm";
import { getTableConfig, PgTable } from "drizzle-orm/pg-core";
import { type Database, type DatabaseHandle, rowsOf } from "./open-database";
import * as schema from "./schema";

export const backupFormat = "harmonie-prirody-backup";
const formatVersion = 1;
const pageSize = 1_000;

export type BackupHeader = {
  format: typeof backupFormat;
  version: number;
  takenAt: string;
  from: DatabaseHandle["kind"];
  /** When the newest migration applied to the source was made (drizzle's `folderMillis`). */
  schemaVersion: number;
  /** Every table and its number of rows, in an order a restore can insert them in. */
  tables: Record<string, number>;
};

export class BackupError extends Error {}

/**
 * Material files kept outside the database: the embedded database's, in its data folder
 * (decision 0012). A backup carries them as `material_chunks` rows, the form PostgreSQL keeps
 * them in, so that one backup file restores into either database with its files.
 */
export type MaterialFiles = {
  chunkCount(size: number): number;
  /** The file's bytes in the chunks a `material_chunks` row holds, in order. */
  chunks(materialId: string, version: number, size: number): AsyncIterable<Buffer>;
};

/**
 * Photo files kept outside the database: the embedded database's variants, in its data folder
 * (server/photos/photo-store.ts). A backup carries each in its `photo_variants` row's `data`,
 * where PostgreSQL keeps it, so that one backup file restores into either database with them.
 */
export type PhotoFiles = {
  read(photoId: string, width: number, format: string): Promise<Buffer>;
};

/** Rows read or restored at a time; a material's chunk is 256 KiB, so its table goes a few at a time. */
const pageSizes: Record<string, number> = { material_chunks: 8, photo_variants: 20 };

type TableInfo = {
  name: string;
  columns: string[];
  /** What the rows are ordered by, so that a backup reads the same twice. */
  orderBy: string[];
  identityColumns: string[];
};

/**
 * The page store (server/pages/): rendered from the code and the content, not kept. A restore
 * empties it, and the next start renders every page from what was restored.
 * The visit counts' salt and hashes (server/stats/): left out and emptied too, as they live a
 * day, so that no backup can link a visitor's views again (decision 0039); the first view after
 * a restore makes today's salt. The day counts themselves are backed up.
 */
const derivedTables: PgTable[] = [
  schema.storedPages,
  schema.pageStoreState,
  schema.visitSalts,
  schema.visitHashes,
];
/** The derived tables' names: a backup leaves them out, and a restore empties them. */
export const derivedTableNames = derivedTables.map((table) => getTableName(table));

/**
 * The tables of `schema.ts` but the derived ones, each after the tables its foreign keys point to.
 * Read from the schema, never listed by hand: a new table is in every backup.
 */
export function listSchemaTables(): TableInfo[] {
  const tables = (Object.values(schema) as unknown[]).filter(
    (value): value is PgTable => is(value, PgTable) && !derivedTables.includes(value),
  );
  const configs = new Map(tables.map((table) => [getTableName(table), getTableConfig(table)]));
  const ordered: TableInfo[] = [];
  const visiting = new Set<string>();
  const visit = (name: string) => {
    if (ordered.some((table) => table.name === name) || visiting.has(name)) return;
    visiting.add(name);
    const config = configs.get(name);
    if (!config) throw new Error(`The schema refers to a table it does not define: ${name}`);
    for (const key of config.foreignKeys) visit(getTableName(key.reference().foreignTable));
    const primary = config.columns.filter((column) => column.primary).map((column) => column.name);
    ordered.push({
      name,
      columns: config.columns.map((column) => column.name),
      orderBy:
        primary.length > 0
          ? primary
          : (config.primaryKeys[0]?.columns ?? config.columns).map((column) => column.name),
      identityColumns: config.columns
        .filter((column) => "generatedIdentity" in column && column.generatedIdentity)
        .map((column) => column.name),
    });
  };
  for (const name of [...configs.keys()].sort()) visit(name);
  return ordered;
}

const identifiers = (names: string[]) =>
  sql.join(
    names.map((name) => sql.identifier(name)),
    sql`, `,
  );

type Executor = Pick<Database, "execute">;

/** When the newest migration applied here was made. */
async function readSchemaVersion(db: Executor): Promise<number> {
  const [row] = await rowsOf<{ version: string | number | null }>(
    db,
    sql`select max(created_at) as version from drizzle.__drizzle_migrations`,
  );
  return Number(row?.version ?? 0);
}

/** Writes a backup of the whole database to `output` (gzip-compressed), from one snapshot. */
export async function writeBackup(
  database: DatabaseHandle,
  output: Writable,
  { materialFiles, photoFiles }: { materialFiles?: MaterialFiles; photoFiles?: PhotoFiles } = {},
): Promise<BackupHeader> {
  const tables = listSchemaTables();
  const gzip = createGzip();
  const written = pipeline(gzip, output);
  const write = async (value: unknown) => {
    if (!gzip.write(`${typeof value === "string" ? value : JSON.stringify(value)}\n`)) {
      await once(gzip, "drain");
    }
  };
  try {
    const header = await database.db.transaction(
      async (tx) => {
        const counts: Record<string, number> = {};
        for (const table of tables) {
          const [row] = await rowsOf<{ count: string | number }>(
            tx,
            sql`select count(*) as count from ${sql.identifier(table.name)}`,
          );
          counts[table.name] = Number(row?.count ?? 0);
        }
        // The files of the materials in this snapshot, read after their table's own rows.
        const files = materialFiles
          ? await rowsOf<{ id: string; version: number; size: string | number }>(
              tx,
              sql`select id, file_version as version, size from materials
                  where size is not null and size > 0 order by id`,
            )
          : [];
        // What the database holds, and what the header promises: with the files' chunks.
        const stored = { ...counts };
        for (const file of files) {
          counts.material_chunks =
            (counts.material_chunks ?? 0) + (materialFiles?.chunkCount(Number(file.size)) ?? 0);
        }
        const header: BackupHeader = {
          format: backupFormat,
          version: formatVersion,
          takenAt: new Date().toISOString(),
          from: database.kind,
          schemaVersion: await readSchemaVersion(tx),
          tables: counts,
        };
        await write(header);
        for (const table of tables) {
          const size = pageSizes[table.name] ?? pageSize;
          for (let offset = 0; offset < (stored[table.name] ?? 0); offset += size) {
            const page = await rowsOf<{ row: string }>(
              tx,
              sql`select row_to_json(t)::text as row from ${sql.identifier(table.name)} t
                  order by ${identifiers(table.orderBy)} limit ${size} offset ${offset}`,
            );
            for (const { row } of page) {
              if (table.name === "photo_variants" && photoFiles) {
                await write({ table: table.name, row: await withPhotoFile(row, photoFiles) });
                continue;
              }
              await write(`{"table":${JSON.stringify(table.name)},"row":${row}}`);
            }
          }
          if (table.name !== "material_chunks" || !materialFiles) continue;
          for (const file of files) {
            let seq = 0;
            for await (const chunk of materialFiles.chunks(
              file.id,
              file.version,
              Number(file.size),
            )) {
              const row = {
                material_id: file.id,
                version: file.version,
                seq: seq++,
                data: `\\x${chunk.toString("hex")}`,
              };
              await write({ table: "material_chunks", row });
            }
            if (seq !== materialFiles.chunkCount(Number(file.size))) {
              throw new BackupError(`The file of material ${file.id} changed during the backup.`);
            }
          }
        }
        await write({ end: true, rows: Object.values(counts).reduce((sum, n) => sum + n, 0) });
        return header;
      },
      { isolationLevel: "repeatable read", accessMode: "read only" },
    );
    gzip.end();
    await written;
    return header;
  } catch (error) {
    gzip.destroy(error as Error);
    await written.catch(() => {});
    throw error;
  }
}

/** A `photo_variants` row with its file's bytes in `data`, as PostgreSQL keeps them. */
async function withPhotoFile(json: string, photoFiles: PhotoFiles) {
  const row = JSON.parse(json) as {
    photo_id: string;
    width: number;
    format: string;
    data: unknown;
  };
  if (row.data !== null) return row;
  const data = await photoFiles.read(row.photo_id, row.width, row.format);
  return { ...row, data: `\\x${data.toString("hex")}` };
}

type BackupLine =
  | { kind: "header"; header: BackupHeader }
  | { kind: "row"; table: string; row: Record<string, unknown> }
  | { kind: "end"; rows: number };

/** The lines of a backup file, checked: a header first, an end line last, counts that match. */
async function* readBackupLines(input: Readable): AsyncGenerator<BackupLine> {
  const gunzip = createGunzip();
  input.once("error", (error) => gunzip.destroy(error));
  input.pipe(gunzip);
  try {
    yield* parseBackupLines(
      createInterface({ input: gunzip, crlfDelay: Number.POSITIVE_INFINITY }),
    );
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "Z_DATA_ERROR")
      throw new BackupError("This file is not a backup of this site (not gzip).");
    if (code === "Z_BUF_ERROR") throw new BackupError("The backup is cut off: take it again.");
    throw error;
  } finally {
    input.unpipe(gunzip);
    gunzip.destroy();
  }
}

async function* parseBackupLines(lines: AsyncIterable<string>): AsyncGenerator<BackupLine> {
  let header: BackupHeader | undefined;
  let ended = false;
  const seen: Record<string, number> = {};
  for await (const text of lines) {
    if (text === "") continue;
    if (ended) throw new BackupError("The backup goes on after its end line: it is damaged.");
    let line: Record<string, unknown>;
    try {
      line = JSON.parse(text);
    } catch {
      throw new BackupError("The backup holds a line that is not JSON: it is damaged.");
    }
    if (!header) {
      if (line.format !== backupFormat)
        throw new BackupError("This file is not a backup of this site.");
      if (line.version !== formatVersion) {
        throw new BackupError(
          `This backup's format (version ${line.version}) is not one this version reads.`,
        );
      }
      header = line as unknown as BackupHeader;
      yield { kind: "header", header };
    } else if (line.end === true) {
      const expected = Object.values(header.tables).reduce((sum, n) => sum + n, 0);
      for (const [table, rows] of Object.entries(header.tables)) {
        if ((seen[table] ?? 0) !== rows) {
          throw new BackupError(
            `The backup holds ${seen[table] ?? 0} rows of ${table}, not ${rows}: it is damaged.`,
          );
        }
      }
      if (line.rows !== expected)
        throw new BackupError("The backup's end line does not match its header.");
      ended = true;
      yield { kind: "end", rows: expected };
    } else if (typeof line.table === "string" && line.row && typeof line.row === "object") {
      if (!(line.table in header.tables))
        throw new BackupError(`The backup holds rows of an unlisted table ${line.table}.`);
      seen[line.table] = (seen[line.table] ?? 0) + 1;
      yield { kind: "row", table: line.table, row: line.row as Record<string, unknown> };
    } else {
      throw new BackupError("The backup holds a line it should not: it is damaged.");
    }
  }
  if (!header) throw new BackupError("The file is empty: it is not a backup.");
  if (!ended)
    throw new BackupError("The backup is cut off (its end line is missing): take it again.");
}

/** Reads a whole backup and checks it, without a database: what a download is checked with. */
export async function checkBackup(input: Readable): Promise<BackupHeader> {
  let header: BackupHeader | undefined;
  for await (const line of readBackupLines(input)) {
    if (line.kind === "header") header = line.header;
  }
  return header as BackupHeader;
}

export type RestoreOutcome = { header: BackupHeader; rows: number; replaced: boolean };

/**
 * The three articles migration 0022 seeds (they were files before): untouched, they count as
 * empty too; a backup older than the migration gets them back by its statements.
 */
const seedArticleStatements = readFileSync(
  new URL("./migrations/0022_articles.sql", import.meta.url),
  "utf8",
)
  .split("--> statement-breakpoint")
  .map((statement) => statement.trim())
  .filter((statement) => statement.startsWith("INSERT"));

function seedArticleRows(): Record<string, ReturnType<typeof sql>> {
  const ids = sql.raw(
    [...new Set(seedArticleStatements.map((statement) => /'([0-9a-f-]{36})'/.exec(statement)?.[1]))]
      .map((id) => `'${id}'`)
      .join(", "),
  );
  return {
    articles: sql`where "id" not in (${ids}) or "version" > 1`,
    article_slugs: sql`where "article_id" not in (${ids}) or not "current"`,
    article_revisions: sql`where "article_id" not in (${ids}) or "published_by" is not null`,
  };
}

/**
 * The rows the migrations make: the built-in scent guide (migration 0015). A database that
 * holds nothing else counts as empty; a restore replaces it with the backup's, and a backup
 * taken before it existed gets it back by the migration's own statement.
 */
const migrationRows: Record<string, ReturnType<typeof sql>> = {
  materials: sql`where "kind" is distinct from 'guide'`,
  ...seedArticleRows(),
};
const builtInGuideStatement = readFileSync(
  new URL("./migrations/0015_built-in-scent-guide.sql", import.meta.url),
  "utf8",
);

/**
 * Restores a backup in one transaction. A database that holds any row is
 * refused unless `replace` is set; then its rows are removed first, in the
 * same transaction.
 */
export async function restoreBackup(
  database: DatabaseHandle,
  input: Readable,
  { replace = false }: { replace?: boolean } = {},
): Promise<RestoreOutcome> {
  const tables = listSchemaTables();
  const byName = new Map(tables.map((table) => [table.name, table]));
  return database.db.transaction(async (tx) => {
    const filled: string[] = [];
    let seeded = false;
    for (const table of tables) {
      const [row] = await rowsOf<{ found: boolean; any: boolean }>(
        tx,
        sql`select exists (select 1 from ${sql.identifier(table.name)} ${migrationRows[table.name] ?? sql``}) as found,
          exists (select 1 from ${sql.identifier(table.name)}) as any`,
      );
      if (row?.found) filled.push(table.name);
      else if (row?.any) seeded = true;
    }
    if (filled.length > 0 && !replace) {
      throw new BackupError(
        `The database is not empty (${filled.join(", ")} hold rows); nothing changed. Restore into an empty database, or add --replace to replace everything in it with the backup.`,
      );
    }
    if (filled.length > 0 || seeded) {
      // The audit log refuses TRUNCATE to the application (migration 0005); replacing the
      // whole database is the operator's act, so its triggers stand aside for this
      // transaction only (a failure rolls the change back with everything else).
      await tx.execute(sql`alter table "audit_log" disable trigger user`);
      await tx.execute(
        sql`truncate table ${identifiers(tables.map((table) => table.name))} restart identity`,
      );
      await tx.execute(sql`alter table "audit_log" enable trigger user`);
    }
    await tx.execute(
      sql`truncate table ${identifiers(derivedTables.map((table) => getTableName(table)))}`,
    );

    let header: BackupHeader | undefined;
    let pending:
      | { table: TableInfo; columns: string[]; rows: Record<string, unknown>[] }
      | undefined;
    const flush = async () => {
      if (!pending || pending.rows.length === 0) return;
      const { table, columns, rows } = pending;
      // Columns the backup lacks (it is older than this schema) take their defaults.
      await tx.execute(sql`insert into ${sql.identifier(table.name)} (${identifiers(columns)}) overriding system value
        select ${identifiers(columns)} from json_populate_recordset(null::${sql.identifier(table.name)}, ${JSON.stringify(rows)}::json)`);
      pending.rows = [];
    };
    let rows = 0;
    for await (const line of readBackupLines(input)) {
      if (line.kind === "header") {
        header = line.header;
        const version = await readSchemaVersion(tx);
        if (header.schemaVersion > version) {
          throw new BackupError(
            "The backup was taken by a newer version of the site than this one: update this copy first, then restore.",
          );
        }
        const unknown = Object.keys(header.tables).filter((name) => !byName.has(name));
        if (unknown.length > 0) {
          throw new BackupError(
            `The backup holds tables this version does not have: ${unknown.join(", ")}.`,
          );
        }
      } else if (line.kind === "row") {
        if (pending?.table.name !== line.table) {
          await flush();
          const table = byName.get(line.table) as TableInfo;
          const columns = Object.keys(line.row);
          const extra = columns.filter((column) => !table.columns.includes(column));
          if (extra.length > 0) {
            throw new BackupError(
              `The backup's ${line.table} has columns this version does not: ${extra.join(", ")}.`,
            );
          }
          pending = { table, columns, rows: [] };
        }
        pending.rows.push(line.row);
        rows += 1;
        if (pending.rows.length >= (pageSizes[line.table] ?? pageSize)) await flush();
      }
    }
    await flush();
    await tx.execute(sql.raw(builtInGuideStatement));
    // A backup from before articles were in the database: the blog's three, as a fresh install.
    if (header && !("articles" in header.tables)) {
      for (const statement of seedArticleStatements) await tx.execute(sql.raw(statement));
    }
    for (const table of tables) {
      for (const column of table.identityColumns) {
        // The next generated id follows the highest restored one.
        await tx.execute(sql`select setval(pg_get_serial_sequence(${table.name}, ${column}),
          coalesce((select max(${sql.identifier(column)}) from ${sql.identifier(table.name)}), 0) + 1, false)`);
      }
    }
    return { header: header as BackupHeader, rows, replaced: filled.length > 0 };
  });
}
