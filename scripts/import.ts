/**
 * Imports the original site's data from its hosted Supabase project:
 *
 *   npm run import -- supabase --submissions form_submissions.csv \
 *     --users users.csv --roles user_roles.csv
 *
 * Any of the three files may be left out. Uses the same database as the
 * server (DATA_DIR or DATABASE_URL); docs/import-from-supabase.md says how to
 * take the exports.
 */
import { readFile } from "node:fs/promises";
import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import { openConfiguredDatabase } from "./cli-database";
import { exitCodes } from "./exit-codes";
import { describeOutcome, type ExportFiles, importFromSupabase } from "./import-supabase";

export const usage = `Usage:
  npm run import -- supabase [--submissions FILE] [--users FILE] [--roles FILE]
    --submissions  the form_submissions table, exported as CSV from the table editor
    --users        the accounts: the CSV of the auth.users query in the SQL editor
    --roles        the user_roles table, exported as CSV`;

export function parseImportCommand(
  args: string[],
): { problem: string } | { paths: Record<keyof ExportFiles, string | undefined> } {
  const [source, ...rest] = args;
  if (source !== "supabase") {
    return { problem: source ? `Unknown source "${source}".` : "No source given." };
  }
  try {
    const { values } = parseArgs({
      args: rest,
      options: {
        submissions: { type: "string" },
        users: { type: "string" },
        roles: { type: "string" },
      },
      strict: true,
    });
    if (!values.submissions && !values.users && !values.roles) {
      return { problem: "Name at least one exported file." };
    }
    return { paths: { submissions: values.submissions, users: values.users, roles: values.roles } };
  } catch (error) {
    return { problem: (error as Error).message };
  }
}

async function main(args: string[]): Promise<number> {
  const command = parseImportCommand(args);
  if ("problem" in command) {
    console.error(`${command.problem}\n${usage}`);
    return exitCodes.usage;
  }
  const files: ExportFiles = {};
  for (const [key, path] of Object.entries(command.paths) as [keyof ExportFiles, string?][]) {
    if (!path) continue;
    try {
      files[key] = { path, text: await readFile(path, "utf8") };
    } catch (error) {
      console.error(`Cannot read ${path}: ${(error as NodeJS.ErrnoException).code ?? error}`);
      return exitCodes.unavailable;
    }
  }
  const opened = await openConfiguredDatabase("import");
  if (!opened.ok) return opened.exitCode;
  try {
    const outcome = await importFromSupabase(opened.handle.db, files);
    (outcome.ok ? console.log : console.error)(describeOutcome(outcome).join("\n"));
    return outcome.ok ? exitCodes.done : exitCodes.refused;
  } finally {
    await opened.handle.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  process.exitCode = await main(process.argv.slice(2));
}
