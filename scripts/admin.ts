/**
 * Makes accounts administrators, or not:
 *
 *   npm run admin -- grant <email>
 *   npm run admin -- revoke <email>
 *   npm run admin -- list
 *   npm run admin -- reset-2fa <email>
 *
 * Uses the same database as the server (DATA_DIR or DATABASE_URL).
 */
import { pathToFileURL } from "node:url";
import { FolderLockedError } from "#database/folder-lock";
import { type Database, openDatabase } from "#database/open-database";
import { resetTwoFactor } from "#server/auth/factors";
import { grantAdmin, listAdmins, revokeAdmin } from "#server/auth/roles";
import { ConfigError, loadConfig } from "#server/config";
import { paths } from "#shared/routes";

export const exitCodes = {
  done: 0,
  /** The command was understood but could not be carried out (an unknown e-mail). */
  refused: 1,
  /** The database could not be opened. */
  unavailable: 2,
  /** The command line was wrong. */
  usage: 64,
} as const;

export const usage = `Usage:
  npm run admin -- grant <email>    make the account with this e-mail an administrator
  npm run admin -- revoke <email>   take the administrator role away
  npm run admin -- list             list the administrators
  npm run admin -- reset-2fa <email> remove the account's authenticator apps (a lost phone)`;

export type CommandResult = { exitCode: number; lines: string[] };

export type AdminCommand =
  | { name: "list" }
  | { name: "grant" | "revoke" | "reset-2fa"; email: string }
  | { name: "invalid"; problem: string };

/** Reads the command line; a wrong one needs no database to be refused. */
export function parseAdminCommand(args: readonly string[]): AdminCommand {
  const [name, email, ...rest] = args;
  if (name === "list" && email === undefined) return { name };
  if (
    (name === "grant" || name === "revoke" || name === "reset-2fa") &&
    email &&
    rest.length === 0
  ) {
    return { name, email };
  }
  const problem =
    name === undefined
      ? "No command given."
      : ["grant", "revoke", "list", "reset-2fa"].includes(name)
        ? `Wrong arguments for "${name}".`
        : `Unknown command "${name}".`;
  return { name: "invalid", problem };
}

/** Runs one command against an open database and says what happened. */
export async function runAdminCommand(
  command: AdminCommand,
  { db, siteUrl }: { db: Database; siteUrl: string },
): Promise<CommandResult> {
  const signInUrl = `${siteUrl}${paths.signIn}`;
  switch (command.name) {
    case "invalid":
      return { exitCode: exitCodes.usage, lines: [command.problem, usage] };

    case "list": {
      const admins = await listAdmins(db);
      if (admins.length === 0) {
        return {
          exitCode: exitCodes.done,
          lines: ["There are no administrators yet. Make one with: npm run admin -- grant <email>"],
        };
      }
      return {
        exitCode: exitCodes.done,
        lines: [
          `${admins.length === 1 ? "1 administrator" : `${admins.length} administrators`}:`,
          ...admins.map((admin) => `  ${admin.email}  (since ${admin.since.toISOString()})`),
        ],
      };
    }

    case "grant": {
      const outcome = await grantAdmin(db, command.email);
      if (outcome === "unknown_email") {
        return {
          exitCode: exitCodes.refused,
          lines: [
            `No account has the e-mail ${command.email}; nothing changed.`,
            `Register it first on ${signInUrl} ("Registrace"), then run this command again.`,
          ],
        };
      }
      if (outcome === "unconfirmed_email") {
        return {
          exitCode: exitCodes.refused,
          lines: [
            `${command.email} has not confirmed its address yet (the link in the e-mail sent at registration); nothing changed.`,
          ],
        };
      }
      return {
        exitCode: exitCodes.done,
        lines: [
          outcome === "granted"
            ? `${command.email} is now an administrator: signing in on ${signInUrl} leads to the administration.`
            : `${command.email} is already an administrator; nothing changed.`,
        ],
      };
    }

    case "reset-2fa": {
      const removed = await resetTwoFactor(db, command.email);
      if (removed === null) {
        return {
          exitCode: exitCodes.refused,
          lines: [`No account has the e-mail ${command.email}; nothing changed.`],
        };
      }
      return {
        exitCode: exitCodes.done,
        lines: [
          removed === 0
            ? `${command.email} had no authenticator app; nothing changed.`
            : `${command.email} has no authenticator app now (${removed} removed, with their recovery codes): she sets up a new one at her next visit to the administration.`,
        ],
      };
    }

    case "revoke": {
      const outcome = await revokeAdmin(db, command.email);
      if (outcome === "unknown_email") {
        return {
          exitCode: exitCodes.refused,
          lines: [`No account has the e-mail ${command.email}; nothing changed.`],
        };
      }
      return {
        exitCode: exitCodes.done,
        lines: [
          outcome === "revoked"
            ? `${command.email} is no longer an administrator; the administration refuses her from her next request.`
            : `${command.email} was not an administrator; nothing changed.`,
        ],
      };
    }
  }
}

async function main(args: string[]): Promise<number> {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      return exitCodes.unavailable;
    }
    throw error;
  }
  const command = parseAdminCommand(args);
  if (command.name === "invalid") {
    console.error(`${command.problem}\n${usage}`);
    return exitCodes.usage;
  }

  let handle: Awaited<ReturnType<typeof openDatabase>>;
  try {
    handle = await openDatabase(
      config.databaseUrl ? { databaseUrl: config.databaseUrl } : { dataDir: config.dataDir },
    );
  } catch (error) {
    if (error instanceof FolderLockedError) {
      console.error(
        `The database in ${config.dataDir} is in use by the running server, and the embedded database allows one process at a time.\nStop the server, run this command again, then start the server.`,
      );
      return exitCodes.unavailable;
    }
    console.error(`Could not open the database: ${(error as Error).message}`);
    return exitCodes.unavailable;
  }
  try {
    const result = await runAdminCommand(command, { db: handle.db, siteUrl: config.siteUrl });
    const print = result.exitCode === exitCodes.done ? console.log : console.error;
    print(result.lines.join("\n"));
    return result.exitCode;
  } finally {
    await handle.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  process.exitCode = await main(process.argv.slice(2));
}
