/**
 * Prepares a test server's data folder (the accounts server's, or the one
 * given: `tsx e2e/seed-accounts.ts <data dir> <base URL>`): empty, then with
 * the seeded accounts, each with a confirmed address and made an
 * administrator by the admin CLI's own code. Runs before that server starts
 * (the embedded database admits one process).
 */
import { rm } from "node:fs/promises";
import { openDatabase } from "#database/open-database";
import { createAccounts } from "#server/auth/accounts";
import { parseAdminCommand, runAdminCommand } from "../scripts/admin";
import { accountsBaseUrl, accountsDataDir, seededAdmins } from "./accounts-server";

const [dataDir = accountsDataDir, baseUrl = accountsBaseUrl] = process.argv.slice(2);

await rm(dataDir, { recursive: true, force: true });
const handle = await openDatabase({ dataDir });
try {
  const accounts = createAccounts({
    db: handle.db,
    secret: "seeding-only-no-token-is-ever-used-from-here",
    issuer: baseUrl,
  });
  for (const admin of seededAdmins) {
    const { confirmationToken } = await accounts.signUp(admin);
    await accounts.confirmEmail(confirmationToken);
    const result = await runAdminCommand(parseAdminCommand(["grant", admin.email]), {
      db: handle.db,
      siteUrl: baseUrl,
    });
    if (result.exitCode !== 0) throw new Error(result.lines.join("\n"));
  }
  console.log(`Seeded ${seededAdmins.length} administrators in ${dataDir}`);
} finally {
  await handle.close();
}
