/**
 * Prepares a test server's data folder (the accounts server's, or the one
 * given: `tsx e2e/seed-accounts.ts <data dir> <base URL>`): emptied, given a
 * migrated empty database (testing/embedded-database-template.ts), then the
 * seeded accounts, each with a confirmed address and made an administrator by
 * the admin CLI's own code. Runs before that server starts (the embedded
 * database admits one process). With a third argument, a PostgreSQL URL, the
 * accounts go into that database instead (migrated here), for a test server on
 * PostgreSQL (e2e/postgres-server.ts).
 */
import { rm } from "node:fs/promises";
import { eq } from "drizzle-orm";
import { openDatabase } from "#database/open-database";
import { users } from "#database/schema";
import { createAccounts } from "#server/auth/accounts";
import { operatorDefaults } from "#shared/site";
import { seedEmbeddedDatabase } from "#testing/embedded-database-template";
import { parseAdminCommand, runAdminCommand } from "../scripts/admin";
import {
  accountsBaseUrl,
  accountsDataDir,
  seededAdmins,
  seededConfirmedAccounts,
  seededUnconfirmed,
} from "./accounts-server";

const [dataDir = accountsDataDir, baseUrl = accountsBaseUrl, databaseUrl] = process.argv.slice(2);

await rm(dataDir, { recursive: true, force: true });
if (!databaseUrl) await seedEmbeddedDatabase(dataDir);
const handle = await openDatabase(databaseUrl ? { databaseUrl } : { dataDir });
try {
  const accounts = createAccounts({
    db: handle.db,
    secret: "seeding-only-no-token-is-ever-used-from-here",
    issuer: baseUrl,
  });
  // Confirmed here whatever sign-up does: no role is given to an unconfirmed address.
  const confirm = (email: string) =>
    handle.db.update(users).set({ emailConfirmedAt: new Date() }).where(eq(users.email, email));
  for (const admin of seededAdmins) {
    await accounts.signUp(admin);
    await confirm(admin.email);
    const result = await runAdminCommand(parseAdminCommand(["grant", admin.email]), {
      db: handle.db,
      siteUrl: baseUrl,
      notifyEmail: operatorDefaults.email,
    });
    if (result.exitCode !== 0) throw new Error(result.lines.join("\n"));
  }
  for (const account of seededConfirmedAccounts) {
    await accounts.signUp(account);
    await confirm(account.email);
  }
  await accounts.signUp(seededUnconfirmed);
  await handle.db
    .update(users)
    .set({ emailConfirmedAt: null })
    .where(eq(users.email, seededUnconfirmed.email));
  console.log(
    `Seeded ${seededAdmins.length} administrators and ${seededConfirmedAccounts.length + 1} other accounts in ${databaseUrl ? new URL(databaseUrl).pathname : dataDir}`,
  );
} finally {
  await handle.close();
}
