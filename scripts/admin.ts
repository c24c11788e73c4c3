/**
 * Gives accounts roles, or takes them away (`admin` by default, or `member`):
 *
 *   npm run admin -- grant <email> [admin|member]
 *   npm run admin -- revoke <email> [admin|member]
 *   npm run admin -- list
 *   npm run admin -- reset-2fa <email>
 *   npm run admin -- sign-out <email>
 *
 * Uses the same database as the server (DATA_DIR or DATABASE_URL), the same
 * roles module as the administration page, and writes the same audit log
 * (its actor: the command line).
 */
import { pathToFileURL } from "node:url";
import { FolderLockedError } from "#database/folder-lock";
import { type Database, openDatabase } from "#database/open-database";
import { resetTwoFactor } from "#server/auth/factors";
import { grantRole, listRoleHolders, revokeRole, signOutEverywhere } from "#server/auth/roles";
import { systemClock } from "#server/clock";
import { ConfigError, loadConfig } from "#server/config";
import { createOutbox, type MailSettings } from "#server/mail/outbox";
import { paths } from "#shared/routes";
import { type AccountRole, accountRoles } from "#shared/user-admin";
import { exitCodes } from "./exit-codes";

export const usage = `Usage:
  npm run admin -- grant <email> [role]    give the account with this e-mail a role
  npm run admin -- revoke <email> [role]   take the role away
  npm run admin -- list                    list who holds each role
  npm run admin -- reset-2fa <email>       remove the account's authenticator apps (a lost phone)
  npm run admin -- sign-out <email>        end every sign-in of the account, on every device
Roles: admin (the administration; the default) and member (the members' materials).`;

export type CommandResult = { exitCode: number; lines: string[] };

export type AdminCommand =
  | { name: "list" }
  | { name: "grant" | "revoke"; email: string; role: AccountRole }
  | { name: "reset-2fa" | "sign-out"; email: string }
  | { name: "invalid"; problem: string };

const isRole = (value: string): value is AccountRole =>
  (accountRoles as readonly string[]).includes(value);

/** Reads the command line; a wrong one needs no database to be refused. */
export function parseAdminCommand(args: readonly string[]): AdminCommand {
  const [name, email, role = "admin", ...rest] = args;
  if (name === "list" && email === undefined) return { name };
  if ((name === "reset-2fa" || name === "sign-out") && email && args.length === 2) {
    return { name, email };
  }
  if ((name === "grant" || name === "revoke") && email && rest.length === 0) {
    if (!isRole(role)) return { name: "invalid", problem: `Unknown role "${role}".` };
    return { name, email, role };
  }
  const problem =
    name === undefined
      ? "No command given."
      : ["grant", "revoke", "list", "reset-2fa", "sign-out"].includes(name)
        ? `Wrong arguments for "${name}".`
        : `Unknown command "${name}".`;
  return { name: "invalid", problem };
}

const holderNames: Record<AccountRole, [one: string, many: string]> = {
  admin: ["administrator", "administrators"],
  member: ["member", "members"],
};

const anAccountWith: Record<AccountRole, string> = {
  admin: "an administrator",
  member: "a member",
};

/** Runs one command against an open database and says what happened. */
export async function runAdminCommand(
  command: AdminCommand,
  { db, siteUrl, notifyEmail }: { db: Database } & Pick<MailSettings, "siteUrl" | "notifyEmail">,
): Promise<CommandResult> {
  const signInUrl = `${siteUrl}${paths.signIn}`;
  const done = (...lines: string[]) => ({ exitCode: exitCodes.done, lines });
  const refused = (...lines: string[]) => ({ exitCode: exitCodes.refused, lines });
  switch (command.name) {
    case "invalid":
      return { exitCode: exitCodes.usage, lines: [command.problem, usage] };

    case "list": {
      const lines: string[] = [];
      for (const role of accountRoles) {
        const holders = await listRoleHolders(db, role);
        const [one, many] = holderNames[role];
        if (holders.length === 0) {
          lines.push(
            role === "admin"
              ? "There are no administrators yet. Make one with: npm run admin -- grant <email>"
              : `There are no ${many}.`,
          );
          continue;
        }
        lines.push(
          `${holders.length === 1 ? `1 ${one}` : `${holders.length} ${many}`}:`,
          ...holders.map((holder) => `  ${holder.email}  (since ${holder.since.toISOString()})`),
        );
      }
      return done(...lines);
    }

    case "grant": {
      const { email, role } = command;
      // A new member's welcome waits in the outbox for the server's mail worker: within seconds
      // on PostgreSQL, at its next start with the embedded database (stopped for this command).
      const outbox = createOutbox({ db, clock: systemClock, settings: { siteUrl, notifyEmail } });
      const outcome = await grantRole(
        db,
        { account: { email }, role, actor: { kind: "command_line" } },
        { storeMemberWelcome: outbox.storeMemberWelcomeMail },
      );
      switch (outcome) {
        case "unknown_account":
          return refused(
            `No account has the e-mail ${email}; nothing changed.`,
            `Register it first on ${signInUrl} ("Registrace"), then run this command again.`,
          );
        case "email_not_confirmed":
          return refused(
            `${email} has not confirmed its e-mail address yet (the link in the e-mail sent at registration), and no role is given before that; nothing changed.`,
          );
        case "predates_confirmation":
          return refused(
            `${email} has an authenticator app or a sign-in from before its address was confirmed (whoever registered the address first may hold them); no role is given until they are gone; nothing changed.`,
            `Run: npm run admin -- reset-2fa ${email} && npm run admin -- sign-out ${email}, then grant again (she sets up her app at her next sign-in).`,
          );
        case "already_granted":
          return done(`${email} is already ${anAccountWith[role]}; nothing changed.`);
        case "granted":
          return done(
            role === "admin"
              ? `${email} is now an administrator: signing in on ${signInUrl} leads to the administration.`
              : `${email} is now a member; an e-mail tells her, with the link to the members' section.`,
          );
      }
      break;
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

    case "sign-out": {
      const ended = await signOutEverywhere(db, command.email);
      if (ended === null) {
        return refused(`No account has the e-mail ${command.email}; nothing changed.`);
      }
      return done(
        ended === 0
          ? `${command.email} was signed in nowhere; nothing changed.`
          : `${command.email} is signed out everywhere (${ended} ${ended === 1 ? "sign-in" : "sign-ins"} ended, with their refresh tokens).`,
      );
    }

    case "revoke": {
      const { email, role } = command;
      const outcome = await revokeRole(db, {
        account: { email },
        role,
        actor: { kind: "command_line" },
      });
      switch (outcome) {
        case "unknown_account":
          return refused(`No account has the e-mail ${email}; nothing changed.`);
        case "last_admin":
          return refused(
            `${email} is the last administrator and keeps the role, or nobody could enter the administration; nothing changed.`,
          );
        case "not_granted":
          return done(`${email} was not ${anAccountWith[role]}; nothing changed.`);
        case "revoked":
          return done(
            role === "admin"
              ? `${email} is no longer an administrator; the administration refuses her from her next request.`
              : `${email} is no longer a member.`,
          );
      }
      break;
    }
  }
  throw new Error("unreachable");
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
    const result = await runAdminCommand(command, {
      db: handle.db,
      siteUrl: config.siteUrl,
      notifyEmail: config.notifyEmail,
    });
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
