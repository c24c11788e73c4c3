import { execFile } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DatabaseHandle, openDatabase } from "#database/open-database";
import { mailOutbox, mfaFactors, users } from "#database/schema";
import { listAuditEntries } from "#server/audit-log";
import { createAccounts } from "#server/auth/accounts";
import { seedEmbeddedDatabase } from "#testing/embedded-database-template";
import { parseAdminCommand, runAdminCommand } from "./admin";
import { exitCodes } from "./exit-codes";

const run = promisify(execFile);
const siteUrl = "https://www.example.cz";

async function createAccount(handle: DatabaseHandle, email: string, { confirmed = true } = {}) {
  const accounts = createAccounts({ db: handle.db, secret: "s".repeat(40), issuer: siteUrl });
  const signedUp = await accounts.signUp({
    email,
    password: "heslo-123",
    fullName: "Kateřina",
  });
  if (signedUp.kind === "exists") throw new Error(`${email} exists already`);
  if (confirmed) await accounts.confirmEmail(signedUp.confirmationToken);
}

describe("the admin commands", () => {
  let handle: DatabaseHandle;
  const command = (...args: string[]) =>
    runAdminCommand(parseAdminCommand(args), {
      db: handle.db,
      siteUrl,
      notifyEmail: "ahoj@example.cz",
    });

  beforeAll(async () => {
    handle = await openDatabase({ dataDir: "memory" });
    await createAccount(handle, "katerina@example.cz");
    await createAccount(handle, "pomocnice@example.cz");
    await createAccount(handle, "nepotvrzena@example.cz");
    await handle.db
      .update(users)
      .set({ emailConfirmedAt: null })
      .where(eq(users.email, "nepotvrzena@example.cz"));
  }, 60_000);
  afterAll(() => handle?.close());

  it("list says there are no administrators yet, and how to make one", async () => {
    expect(await command("list")).toEqual({
      exitCode: exitCodes.done,
      lines: [
        "There are no administrators yet. Make one with: npm run admin -- grant <email>",
        "There are no members.",
      ],
    });
  });

  it("grant makes an account an administrator, whatever the letter case", async () => {
    const result = await command("grant", "Katerina@Example.cz");
    expect(result.exitCode).toBe(exitCodes.done);
    expect(result.lines).toEqual([
      "Katerina@Example.cz is now an administrator: signing in on https://www.example.cz/prihlaseni leads to the administration.",
    ]);
    const list = await command("list");
    expect(list.lines[0]).toBe("1 administrator:");
    expect(list.lines[1]).toMatch(/^ {2}katerina@example\.cz {2}\(since \d{4}-\d\d-\d\dT/);
  });

  it("grant says so when she already is one, and changes nothing", async () => {
    const result = await command("grant", "katerina@example.cz");
    expect(result).toEqual({
      exitCode: exitCodes.done,
      lines: ["katerina@example.cz is already an administrator; nothing changed."],
    });
    expect((await command("list")).lines).toHaveLength(3);
  });

  it("reset-2fa removes the account's authenticator apps and says so in one line", async () => {
    const accounts = createAccounts({ db: handle.db, secret: "s".repeat(40), issuer: siteUrl });
    const user = await accounts.findUserByEmail("katerina@example.cz");
    await handle.db
      .insert(mfaFactors)
      .values({ userId: user?.id ?? "", secret: "JBSWY3DPEHPK3PXP", status: "verified" });
    expect(await command("reset-2fa", "katerina@example.cz")).toEqual({
      exitCode: exitCodes.done,
      lines: [
        "katerina@example.cz has no authenticator app now (1 removed, with their recovery codes): she sets up a new one at her next visit to the administration.",
      ],
    });
    expect(await accounts.listFactors(user?.id ?? "")).toEqual([]);
    expect(await command("reset-2fa", "katerina@example.cz")).toEqual({
      exitCode: exitCodes.done,
      lines: ["katerina@example.cz had no authenticator app; nothing changed."],
    });
    expect((await command("reset-2fa", "nikdo@example.cz")).exitCode).toBe(exitCodes.refused);
  });

  it("grant refuses an unknown e-mail with exit code 1 and says what to do", async () => {
    const result = await command("grant", "nikdo@example.cz");
    expect(result.exitCode).toBe(exitCodes.refused);
    expect(result.lines).toEqual([
      "No account has the e-mail nikdo@example.cz; nothing changed.",
      'Register it first on https://www.example.cz/prihlaseni ("Registrace"), then run this command again.',
    ]);
  });

  it("list shows every administrator", async () => {
    await command("grant", "pomocnice@example.cz");
    const result = await command("list");
    expect(result.lines[0]).toBe("2 administrators:");
    expect(result.lines.slice(1, 3).map((line) => line.trim().split(" ")[0])).toEqual([
      "katerina@example.cz",
      "pomocnice@example.cz",
    ]);
    expect(result.lines.slice(3)).toEqual(["There are no members."]);
  });

  it("revoke takes the role away, and says so when there was none", async () => {
    expect((await command("revoke", "pomocnice@example.cz")).lines).toEqual([
      "pomocnice@example.cz is no longer an administrator; the administration refuses her from her next request.",
    ]);
    expect(await command("revoke", "pomocnice@example.cz")).toEqual({
      exitCode: exitCodes.done,
      lines: ["pomocnice@example.cz was not an administrator; nothing changed."],
    });
    expect((await command("revoke", "nikdo@example.cz")).exitCode).toBe(exitCodes.refused);
  });

  it("the last administrator keeps the role, with exit code 1", async () => {
    const result = await command("revoke", "katerina@example.cz");
    expect(result).toEqual({
      exitCode: exitCodes.refused,
      lines: [
        "katerina@example.cz is the last administrator and keeps the role, or nobody could enter the administration; nothing changed.",
      ],
    });
    expect((await command("list")).lines[1]).toContain("katerina@example.cz");
  });

  it("grant and revoke the member role, one line each; a new member's welcome waits in the outbox", async () => {
    const welcomes = () =>
      handle.db
        .select({ to: mailOutbox.to, replyTo: mailOutbox.replyTo })
        .from(mailOutbox)
        .where(eq(mailOutbox.kind, "member_welcome"));
    expect((await command("grant", "pomocnice@example.cz", "member")).lines).toEqual([
      "pomocnice@example.cz is now a member; an e-mail tells her, with the link to the members' section.",
    ]);
    expect((await command("grant", "pomocnice@example.cz", "member")).lines).toEqual([
      "pomocnice@example.cz is already a member; nothing changed.",
    ]);
    expect(await welcomes()).toEqual([{ to: "pomocnice@example.cz", replyTo: "ahoj@example.cz" }]);
    expect((await command("list")).lines.slice(-2)).toEqual([
      "1 member:",
      expect.stringMatching(/^ {2}pomocnice@example\.cz {2}\(since /),
    ]);
    expect((await command("revoke", "pomocnice@example.cz", "member")).lines).toEqual([
      "pomocnice@example.cz is no longer a member.",
    ]);
    expect((await command("revoke", "pomocnice@example.cz", "member")).lines).toEqual([
      "pomocnice@example.cz was not a member; nothing changed.",
    ]);
  });

  it("no role for an account whose address is not confirmed: exit code 1, nothing changed", async () => {
    for (const role of ["admin", "member"]) {
      const result = await command("grant", "nepotvrzena@example.cz", role);
      expect(result).toEqual({
        exitCode: exitCodes.refused,
        lines: [
          "nepotvrzena@example.cz has not confirmed its e-mail address yet (the link in the e-mail sent at registration), and no role is given before that; nothing changed.",
        ],
      });
    }
    expect((await command("list")).lines.join("\n")).not.toContain("nepotvrzena");
  });

  it("every change is in the audit log, by the command line; refusals and no-ops are not", async () => {
    const { entries } = await listAuditEntries(handle.db);
    expect(
      entries.map((entry) => [entry.action, entry.target_email, entry.role, entry.actor_email]),
    ).toEqual([
      ["role_revoked", "pomocnice@example.cz", "member", null],
      ["role_granted", "pomocnice@example.cz", "member", null],
      ["role_revoked", "pomocnice@example.cz", "admin", null],
      ["role_granted", "pomocnice@example.cz", "admin", null],
      ["two_factor_reset", "katerina@example.cz", null, null],
      ["role_granted", "katerina@example.cz", "admin", null],
    ]);
  });

  it("a wrong command line gets the usage and exit code 64", async () => {
    for (const args of [
      [],
      ["promote", "a@b.cz"],
      ["grant"],
      ["grant", "a@b.cz", "admin", "b@c.cz"],
      ["grant", "a@b.cz", "owner"],
    ]) {
      const result = await command(...args);
      expect(result.exitCode).toBe(exitCodes.usage);
      expect(result.lines.at(-1)).toContain("npm run admin -- grant <email>");
    }
    expect((await command("grant")).lines[0]).toBe('Wrong arguments for "grant".');
    expect((await command("promote")).lines[0]).toBe('Unknown command "promote".');
    expect((await command("revoke", "a@b.cz", "owner")).lines[0]).toBe('Unknown role "owner".');
  });
});

describe("npm run admin, as a process", () => {
  let dataDir: string;
  const cli = (...args: string[]) =>
    run("node_modules/.bin/tsx", ["scripts/admin.ts", ...args], {
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "" },
    }).then(
      ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
      (error: { code: number; stdout: string; stderr: string }) => ({
        code: error.code,
        stdout: error.stdout,
        stderr: error.stderr,
      }),
    );

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), "admin-cli-"));
    await seedEmbeddedDatabase(dataDir);
    const handle = await openDatabase({ dataDir });
    await createAccount(handle, "katerina@example.cz");
    await handle.close();
  }, 60_000);
  afterAll(() => rm(dataDir, { recursive: true, force: true }));

  it("grants the role in the server's database and exits 0", async () => {
    const result = await cli("grant", "katerina@example.cz");
    expect(result.code).toBe(0);
    expect(result.stdout).toContain("katerina@example.cz is now an administrator");
    const list = await cli("list");
    expect(list.stdout).toContain("katerina@example.cz");
  }, 60_000);

  it("exits 1 for an unknown e-mail and 64 for a wrong command, on stderr", async () => {
    const unknown = await cli("grant", "nikdo@example.cz");
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain("No account has the e-mail nikdo@example.cz");
    const wrong = await cli("make-admin");
    expect(wrong.code).toBe(64);
    expect(wrong.stderr).toContain('Unknown command "make-admin".');
  }, 60_000);

  it("explains that the running server holds the embedded database, and exits 2", async () => {
    const server = await openDatabase({ dataDir });
    try {
      const result = await cli("list");
      expect(result.code).toBe(2);
      expect(result.stderr).toContain("is in use by the running server");
      expect(result.stderr).toContain("Stop the server, run this command again");
    } finally {
      await server.close();
    }
  }, 60_000);
});
