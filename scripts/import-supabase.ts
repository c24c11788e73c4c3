/**
 * Moves the original site's data in: the CSV exports of its hosted Supabase
 * project (docs/import-from-supabase.md says how to take them). Every row is
 * checked first and every bad one named by file and line; then all of it is
 * written in one transaction, or nothing. Rows already here (by id) are left
 * as they are, so a second run adds nothing. No e-mail is sent: the rows go
 * straight into their tables, never through the outbox.
 */
import { basename } from "node:path";
import { parse } from "csv-parse/sync";
import { inArray, type SQL, sql } from "drizzle-orm";
import type { Database } from "#database/open-database";
import { formSubmissions, roles, userRoles, users } from "#database/schema";
import { isBcryptHash } from "#server/auth/passwords";
import { limits, toFormType } from "#shared/form-schemas";

export type ExportFile = { path: string; text: string };
export type ExportFiles = { submissions?: ExportFile; users?: ExportFile; roles?: ExportFile };
export type Problem = { file: string; line: number; message: string };
export type TableCount = { added: number; alreadyHere: number };

export type ImportOutcome =
  | { ok: false; problems: Problem[] }
  | {
      ok: true;
      submissions: TableCount;
      accounts: TableCount;
      roles: TableCount;
      /** Roles the original had that mean nothing here (such as `user`), with their count. */
      skippedRoles: Record<string, number>;
    };

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** PostgreSQL's text form of a timestamptz (`2024-05-01 10:00:00.123456+00`), or ISO 8601. */
const timestamp =
  /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2}):(\d{2})(\.\d{1,6})?(Z|[+-]\d{2}(?::?\d{2})?)$/;
const emailShape = /^.+@.+$/s;
const knownRoles: readonly string[] = roles;

class RowProblem extends Error {}

const count = (text: string) => Array.from(text).length;

type Row = { line: number; get(column: string): string };

/** The records of one CSV export with the line each starts on; a header row names the columns. */
function readCsv(file: ExportFile, required: string[], problems: Problem[]): Row[] {
  const name = basename(file.path);
  // Records end at LF; a CR before it (an export saved on Windows) goes too.
  const text = file.text.replace(/\r\n/g, "\n");
  let records: { record: string[]; raw: string; info: { lines: number } }[];
  try {
    records = parse(text, {
      bom: true,
      info: true,
      raw: true,
      skip_empty_lines: true,
    }) as unknown as typeof records;
  } catch (error) {
    const { lines, message } = error as { lines?: number; message: string };
    problems.push({ file: name, line: lines ?? 1, message: `not a readable CSV file: ${message}` });
    return [];
  }
  const [header, ...body] = records;
  if (!header) {
    problems.push({ file: name, line: 1, message: "the file is empty (a header row is needed)" });
    return [];
  }
  const columns = header.record.map((column) => column.trim());
  const missing = required.filter((column) => !columns.includes(column));
  if (missing.length > 0) {
    problems.push({
      file: name,
      line: 1,
      message: `the header lacks ${missing.join(", ")} (it has ${columns.join(", ")})`,
    });
    return [];
  }
  return body.map(({ record, raw, info }) => {
    // csv-parse counts the line a record ends on; a quoted value may span several.
    const spanned = raw.replace(/^\n+/, "").replace(/\n$/, "").split("\n").length - 1;
    return {
      line: info.lines - spanned,
      get: (column: string) => record[columns.indexOf(column)] ?? "",
    };
  });
}

/** Empty, or `NULL` as the SQL editor writes it, means no value. */
function optional(value: string): string | null {
  return value === "" || value === "NULL" ? null : value;
}

function required(row: Row, column: string): string {
  const value = optional(row.get(column));
  if (value === null) throw new RowProblem(`${column} is empty`);
  return value;
}

function checkUuid(value: string, column: string): string {
  if (!uuid.test(value)) throw new RowProblem(`${column} „${value}“ is not a UUID`);
  return value.toLowerCase();
}

/** Checked here, cast by the database: its microseconds stay exactly as they were. */
function checkTimestamp(value: string, column: string): SQL {
  const match = timestamp.exec(value);
  const date = match
    ? new Date(`${match.slice(1, 4).join("-")}T${match.slice(4, 7).join(":")}Z`)
    : null;
  if (!match || !date || Number.isNaN(date.getTime()) || date.getUTCDate() !== Number(match[3])) {
    throw new RowProblem(
      `${column} „${value}“ is not a date and time such as 2024-05-01 10:00:00+00`,
    );
  }
  return sql`${value}::timestamptz`;
}

function checkText(value: string | null, column: string, max: number): string | null {
  if (value === null) return null;
  if (value.includes("\u0000")) throw new RowProblem(`${column} holds a null character`);
  if (count(value) > max) throw new RowProblem(`${column} is longer than ${max} characters`);
  return value;
}

function checkEmail(value: string, column = "email"): string {
  if (!emailShape.test(value) || count(value) > limits.emailMax) {
    throw new RowProblem(`${column} „${value}“ is not an e-mail address`);
  }
  return checkText(value, column, limits.emailMax) as string;
}

function readSubmission(row: Row) {
  const rawType = required(row, "form_type");
  const formType = toFormType(rawType);
  if (!formType) throw new RowProblem(`form_type „${rawType}“ is not a known form type`);
  const name = checkText(required(row, "name"), "name", limits.nameMax) as string;
  if (count(name) < limits.nameMin) throw new RowProblem("name is shorter than 2 characters");
  const phone = checkText(optional(row.get("phone")), "phone", limits.phoneMax);
  const serviceType = checkText(
    optional(row.get("service_type")),
    "service_type",
    limits.serviceTypeMax,
  );
  const message = checkText(optional(row.get("message")), "message", limits.messageMax);
  if (formType === "contact" && count(message ?? "") < limits.contactMessageMin) {
    throw new RowProblem(`a contact message needs at least ${limits.contactMessageMin} characters`);
  }
  if (formType !== "contact" && (phone !== null || serviceType !== null)) {
    throw new RowProblem("a gift request has no phone or service_type");
  }
  const consent = required(row, "privacy_consent");
  if (!["true", "t"].includes(consent)) {
    throw new RowProblem(`privacy_consent is „${consent}“: only records with consent are kept`);
  }
  return {
    id: checkUuid(required(row, "id"), "id"),
    createdAt: checkTimestamp(required(row, "created_at"), "created_at"),
    formType,
    name,
    email: checkEmail(required(row, "email")),
    phone,
    serviceType,
    message,
    privacyConsent: true,
  };
}

function readAccount(row: Row) {
  const passwordHash = optional(row.get("encrypted_password")) ?? "";
  if (passwordHash !== "" && !isBcryptHash(passwordHash)) {
    throw new RowProblem("encrypted_password is not a bcrypt hash ($2a$… or $2b$…)");
  }
  const metadataText = optional(row.get("raw_user_meta_data"));
  let userMetadata: Record<string, unknown> = {};
  if (metadataText !== null && metadataText !== "null") {
    try {
      userMetadata = JSON.parse(metadataText);
    } catch {
      throw new RowProblem("raw_user_meta_data is not JSON");
    }
    if (typeof userMetadata !== "object" || userMetadata === null || Array.isArray(userMetadata)) {
      throw new RowProblem("raw_user_meta_data is not a JSON object");
    }
  }
  const confirmed = optional(row.get("email_confirmed_at"));
  const lastSignIn = optional(row.get("last_sign_in_at"));
  const createdAt = checkTimestamp(required(row, "created_at"), "created_at");
  return {
    id: checkUuid(required(row, "id"), "id"),
    email: checkEmail(required(row, "email").trim().toLowerCase()),
    passwordHash,
    userMetadata,
    emailConfirmedAt: confirmed === null ? null : checkTimestamp(confirmed, "email_confirmed_at"),
    createdAt,
    updatedAt: createdAt,
    lastSignInAt: lastSignIn === null ? null : checkTimestamp(lastSignIn, "last_sign_in_at"),
  };
}

function readRole(row: Row) {
  const id = optional(row.get("id"));
  const createdAt = optional(row.get("created_at"));
  return {
    ...(id === null ? {} : { id: checkUuid(id, "id") }),
    userId: checkUuid(required(row, "user_id"), "user_id"),
    role: required(row, "role"),
    ...(createdAt === null ? {} : { createdAt: checkTimestamp(createdAt, "created_at") }),
  };
}

/** Reads every row of one file; a bad row becomes a problem, and a repeated key too. */
function readRows<T>(
  file: ExportFile | undefined,
  columns: string[],
  read: (row: Row) => T,
  keys: (value: T) => string[],
  problems: Problem[],
): { value: T; line: number }[] {
  if (!file) return [];
  const name = basename(file.path);
  const seen = new Map<string, number>();
  const values: { value: T; line: number }[] = [];
  for (const row of readCsv(file, columns, problems)) {
    try {
      const value = read(row);
      for (const key of keys(value)) {
        const earlier = seen.get(key);
        if (earlier !== undefined) throw new RowProblem(`${key} is already on line ${earlier}`);
        seen.set(key, row.line);
      }
      values.push({ value, line: row.line });
    } catch (error) {
      if (!(error instanceof RowProblem)) throw error;
      problems.push({ file: name, line: row.line, message: error.message });
    }
  }
  return values;
}

/** Thrown inside the transaction to undo it when a row conflicts with what is stored. */
class ConflictsFound extends Error {
  constructor(readonly problems: Problem[]) {
    super("conflicts with stored rows");
  }
}

const batchSize = 500;

async function insertInBatches<T>(
  values: T[],
  insert: (batch: T[]) => Promise<unknown[]>,
): Promise<TableCount> {
  let added = 0;
  for (let start = 0; start < values.length; start += batchSize) {
    added += (await insert(values.slice(start, start + batchSize))).length;
  }
  return { added, alreadyHere: values.length - added };
}

export async function importFromSupabase(db: Database, files: ExportFiles): Promise<ImportOutcome> {
  const problems: Problem[] = [];
  const submissionRows = readRows(
    files.submissions,
    [
      "id",
      "created_at",
      "form_type",
      "name",
      "email",
      "phone",
      "service_type",
      "message",
      "privacy_consent",
    ],
    readSubmission,
    (submission) => [`id ${submission.id}`],
    problems,
  );
  const accountRows = readRows(
    files.users,
    [
      "id",
      "email",
      "encrypted_password",
      "email_confirmed_at",
      "raw_user_meta_data",
      "created_at",
      "last_sign_in_at",
    ],
    readAccount,
    (account) => [`id ${account.id}`, `e-mail ${account.email}`],
    problems,
  );
  const roleRows = readRows(
    files.roles,
    ["user_id", "role"],
    readRole,
    (role) => [`role ${role.role} of ${role.userId}`],
    problems,
  );
  if (problems.length > 0) return { ok: false, problems };

  const skippedRoles: Record<string, number> = {};
  const keptRoles = roleRows.filter(({ value }) => {
    if (knownRoles.includes(value.role)) return true;
    skippedRoles[value.role] = (skippedRoles[value.role] ?? 0) + 1;
    return false;
  });

  try {
    return await db.transaction(async (tx) => {
      const conflicts: Problem[] = [];
      const usersName = files.users ? basename(files.users.path) : "";
      const emails = accountRows.map(({ value }) => value.email);
      const stored =
        emails.length === 0
          ? []
          : await tx
              .select({ id: users.id, email: users.email })
              .from(users)
              .where(inArray(users.email, emails));
      const storedIdByEmail = new Map(stored.map((user) => [user.email, user.id]));
      for (const { value, line } of accountRows) {
        const storedId = storedIdByEmail.get(value.email);
        if (storedId !== undefined && storedId !== value.id) {
          conflicts.push({
            file: usersName,
            line,
            message: `an account with the e-mail ${value.email} already exists here under another id`,
          });
        }
      }
      if (conflicts.length > 0) throw new ConflictsFound(conflicts);

      const accounts = await insertInBatches(
        accountRows.map(({ value }) => value),
        (batch) =>
          tx.insert(users).values(batch).onConflictDoNothing({ target: users.id }).returning({
            id: users.id,
          }),
      );

      const userIds = [...new Set(keptRoles.map(({ value }) => value.userId))];
      const known =
        userIds.length === 0
          ? new Set<string>()
          : new Set(
              (await tx.select({ id: users.id }).from(users).where(inArray(users.id, userIds))).map(
                (user) => user.id,
              ),
            );
      for (const { value, line } of keptRoles) {
        if (!known.has(value.userId)) {
          conflicts.push({
            file: files.roles ? basename(files.roles.path) : "",
            line,
            message: `user_id ${value.userId} is no account here or in the accounts' file`,
          });
        }
      }
      if (conflicts.length > 0) throw new ConflictsFound(conflicts);

      const roleCount = await insertInBatches(
        keptRoles.map(({ value }) => value),
        (batch) =>
          tx.insert(userRoles).values(batch).onConflictDoNothing().returning({ id: userRoles.id }),
      );
      const submissions = await insertInBatches(
        submissionRows.map(({ value }) => value),
        (batch) =>
          tx
            .insert(formSubmissions)
            .values(batch)
            .onConflictDoNothing({ target: formSubmissions.id })
            .returning({ id: formSubmissions.id }),
      );
      return { ok: true as const, submissions, accounts, roles: roleCount, skippedRoles };
    });
  } catch (error) {
    if (error instanceof ConflictsFound) return { ok: false, problems: error.problems };
    throw error;
  }
}

/** What the command prints after an import. */
export function describeOutcome(outcome: ImportOutcome): string[] {
  if (!outcome.ok) {
    return [
      `Nothing was imported: ${outcome.problems.length === 1 ? "1 row needs" : `${outcome.problems.length} rows need`} fixing first.`,
      ...outcome.problems.map(
        (problem) => `  ${problem.file} line ${problem.line}: ${problem.message}`,
      ),
    ];
  }
  const tables = [
    ["form submissions", outcome.submissions],
    ["accounts", outcome.accounts],
    ["roles", outcome.roles],
  ] as const;
  const added = tables.reduce((sum, [, table]) => sum + table.added, 0);
  const lines = [
    added === 0
      ? "Nothing new to import: every row is already here."
      : "Imported from the original site (no e-mail was sent):",
    ...tables.map(
      ([name, table]) => `  ${name}: ${table.added} added, ${table.alreadyHere} already here`,
    ),
  ];
  for (const [role, number] of Object.entries(outcome.skippedRoles)) {
    lines.push(`  skipped ${number} × role „${role}“: this site has only ${knownRoles.join(", ")}`);
  }
  return lines;
}
